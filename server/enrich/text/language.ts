import { createRequire } from 'node:module';
import { franc } from 'franc-min';
import { iso6393To1 } from 'iso-639-3';
import { newStemmer } from 'snowball-stemmers';

/**
 * What the summariser and the tagger need to know of a language (every language gets summaries
 * and tags): its stop words (stopwords-iso), a stemmer (the Snowball project's, where it has one), and
 * whether its words are written apart (Chinese, Japanese and Thai are not, so a phrase's words are joined
 * without a space). English keeps Linkvault's own short stop list and light stem, on which its summaries
 * were measured against writers' (BENCHMARKS.md).
 */
export interface Language {
  code: string;
  isStopword: (word: string) => boolean;
  stem: (word: string) => string;
  spaced: boolean;
}

/** Snowball's algorithm for each ISO 639-1 code it covers. */
const SNOWBALL: Record<string, string> = {
  ar: 'arabic',
  ca: 'catalan',
  cs: 'czech',
  da: 'danish',
  de: 'german',
  es: 'spanish',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hu: 'hungarian',
  hy: 'armenian',
  it: 'italian',
  nb: 'norwegian',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sl: 'slovene',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
};
const UNSPACED = new Set(['zh', 'ja', 'th', 'lo', 'km', 'my']);

// stopwords-iso is one JSON file (a module import of JSON needs import attributes Node 20 does not all have).
const STOPWORDS = createRequire(import.meta.url)('stopwords-iso') as Record<string, string[]>;

const cache = new Map<string, Language>();

/** The language of `code` (an ISO 639-1 code, or a tag such as "pt-BR"); unknown codes get no stop words. */
export function languageFor(code: string): Language {
  const primary = primaryTag(code);
  if (primary === 'en') return ENGLISH;
  const cached = cache.get(primary);
  if (cached) return cached;
  const stopwords = new Set(STOPWORDS[primary] ?? []);
  const algorithm = SNOWBALL[primary];
  const stemmer = algorithm ? newStemmer(algorithm) : null;
  const language: Language = {
    code: primary,
    isStopword: (word) => stopwords.has(word) || (primary === 'ja' && KANA_PARTICLE.test(word)),
    stem: stemmer ? (word) => stemmer.stem(word) : (word) => word,
    spaced: !UNSPACED.has(primary),
  };
  cache.set(primary, language);
  return language;
}

/**
 * Japanese writes its particles and endings in hiragana ("って", "から", "では"), and the stop list does
 * not hold them all: a word of one or two hiragana alone is nearly always grammar. The few nouns written
 * so (ねこ, すし) are lost as tags and summary terms, a smaller harm than particles as tags.
 */
const KANA_PARTICLE = /^\p{Script=Hiragana}{1,2}$/u;

/** Enough text for the detector to be sure; more only costs time. */
const SAMPLE_CHARS = 2_000;

/**
 * franc names the languages it knows in ISO 639-3, where some are members of a macrolanguage whose 639-1
 * code the stop-word lists use (Mandarin is Chinese, zh; Standard Arabic is Arabic, ar).
 */
const MACROLANGUAGE: Record<string, string> = {
  arb: 'ar',
  azj: 'az',
  cmn: 'zh',
  npi: 'ne',
  pes: 'fa',
  plt: 'mg',
  swh: 'sw',
  uzn: 'uz',
  zlm: 'ms',
};

/**
 * The language a page is written in, as an ISO 639-1 code: what franc reads in its text, else what the
 * page declares (`<html lang>`, og:locale), else English. franc (trigrams, 82 languages) was chosen over
 * ELD, which is more accurate on a few words but takes 30-50 MB of heap in each parsing thread against
 * franc's 3 MB; a page gives franc plenty of text.
 */
export function detectLanguage(text: string, declared: string | null): string {
  const sample = text.slice(0, SAMPLE_CHARS);
  // Below 10 characters franc does not guess: it answers "und".
  const detected = franc(sample);
  const code = MACROLANGUAGE[detected] ?? iso6393To1[detected];
  if (code) return code;
  const primary = declared ? primaryTag(declared) : '';
  return /^[a-z]{2}$/.test(primary) ? primary : 'en';
}

/** A language tag's language: "pt-BR" and "pt_BR" are Portuguese, "pt". */
const primaryTag = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';

/** A light stem so "markets" and "market" count as one term; enough for ranking, no dictionary needed. */
function englishStem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (
    word.length > 3 &&
    word.endsWith('s') &&
    !word.endsWith('ss') &&
    !word.endsWith('us') &&
    !word.endsWith('is')
  ) {
    return word.slice(0, -1);
  }
  return word;
}

const ENGLISH_STOPWORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below
  between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each
  few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself
  him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's like made make
  many may me might more most much must mustn't my myself new no nor not now of off on once one only or other
  ought our ours ourselves out over own said same say says shan't she she'd she'll she's should shouldn't since
  so some still such than that that's the their theirs them themselves then there there's these they they'd
  they'll they're they've this those though through to too two under until up upon us very was wasn't we we'd
  we'll we're we've were weren't what what's when when's where where's whether which while who who's whom why
  why's will with without won't would wouldn't year years yet you you'd you'll you're you've your yours
  yourself yourselves get got go going gone know see seen use used using via want way well told just even back
  first last time times day days week according including however another around among across every within
  people thing things lot really something told mr mrs ms`
    .split(/\s+/)
    .filter(Boolean),
);

export const ENGLISH: Language = {
  code: 'en',
  isStopword: (word) => ENGLISH_STOPWORDS.has(word),
  stem: englishStem,
  spaced: true,
};

/**
 * A word that can carry meaning: not a stop word nor a number, and longer than two letters where words
 * are written apart (in Chinese and Japanese a word of two characters is an ordinary noun).
 */
export const isContentWord = (word: string, language: Language) =>
  word.length > (language.spaced ? 2 : 1) && !language.isStopword(word) && !/^\d+$/.test(word);
