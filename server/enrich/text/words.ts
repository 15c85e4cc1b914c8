/** Word-level helpers shared by the summariser and the tagger. */
import { wordSegments } from './segments.js';

const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' });

/** Lower-cased words (letters and digits), in order, for any script ICU can segment. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const part of wordSegments(wordSegmenter, text)) {
    if (part.isWordLike) out.push(part.segment.toLowerCase());
  }
  return out;
}

export interface CasedWord {
  word: string;
  /** Capitalised where a sentence does not start: a hint of a proper noun. */
  capitalised: boolean;
  /** Only white space separates it from the word before, so the two may form a phrase. */
  joined: boolean;
}

export function wordsWithCase(text: string): CasedWord[] {
  const out: CasedWord[] = [];
  let sentenceStart = true;
  let joined = false;
  for (const part of wordSegments(wordSegmenter, text)) {
    if (part.isWordLike) {
      const word = part.segment.toLowerCase().replace(/['’]s$/, '');
      out.push({ word, capitalised: !sentenceStart && /^\p{Lu}/u.test(part.segment), joined });
      sentenceStart = false;
      joined = true;
    } else {
      if (/[.!?]/.test(part.segment)) sentenceStart = true;
      if (!/^\s+$/.test(part.segment)) joined = false;
    }
  }
  return out;
}

/** A light stem so "markets" and "market" count as one term; enough for ranking, no dictionary needed. */
export function stem(word: string): string {
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

export const STOPWORDS = new Set(
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

export const isContentWord = (word: string) => word.length > 2 && !STOPWORDS.has(word) && !/^\d+$/.test(word);
