import { sentenceSegments } from './segments.js';

/**
 * Sentence splitting on ICU's segmenter (built into Node, every language), then merging the pieces ICU
 * breaks after abbreviations and initials ("Mr.", "Jan. 5", "D. Trump"), which its English rules miss.
 */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'gen',
  'gov',
  'sen',
  'rep',
  'col',
  'lt',
  'sgt',
  'capt',
  'cmdr',
  'adm',
  'rev',
  'hon',
  'pres',
  'inc',
  'ltd',
  'co',
  'corp',
  'dept',
  'univ',
  'no',
  'vs',
  'etc',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'approx',
  'est',
  'fig',
  'e.g',
  'i.e',
  'u.s',
  'u.k',
  'a.m',
  'p.m',
  'ph.d',
]);

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(language: string): Intl.Segmenter {
  let found = segmenters.get(language);
  if (!found) {
    found = new Intl.Segmenter(Intl.Segmenter.supportedLocalesOf([language]).length ? language : 'en', {
      granularity: 'sentence',
    });
    segmenters.set(language, found);
  }
  return found;
}

function endsWithAbbreviation(piece: string): boolean {
  const match = /(\S+)\.\s*$/.exec(piece);
  if (!match?.[1]) return false;
  const word = match[1].replace(/^[("'“‘[]+/, '').toLowerCase();
  return ABBREVIATIONS.has(word) || /^\p{Lu}$/u.test(match[1]) || /^(\p{L}\.)+\p{L}$/u.test(word);
}

/** Wikipedia-style reference marks: "[81]", "[ 12 ]", "[note 3]". */
const CITATION_MARK = /\[\s*(?:note\s+)?\d{1,4}\s*\]/gi;

export function splitSentences(text: string, language = 'en'): string[] {
  const sentences: string[] = [];
  // A reference mark after a full stop ("plasma.[81] The exact…") hides the sentence's end from ICU.
  const unmarked = text.replace(CITATION_MARK, '');
  for (const { segment } of sentenceSegments(segmenter(language), unmarked)) {
    const piece = segment.replace(/\s+/g, ' ').trim();
    if (!piece) continue;
    const previous = sentences.at(-1);
    if (previous !== undefined && (endsWithAbbreviation(previous) || /^[\p{Ll}\d]/u.test(piece))) {
      sentences[sentences.length - 1] = `${previous} ${piece}`;
    } else {
      sentences.push(piece);
    }
  }
  return sentences;
}
