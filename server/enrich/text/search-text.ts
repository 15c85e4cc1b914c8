import { wordPieces, wordSegments } from './segments.js';

/**
 * Full-text search in every language, the same on SQLite and PostgreSQL: the words are found here, by
 * ICU's word breaker (which splits Chinese, Japanese and Thai by dictionary, where neither engine's own
 * tokenizer can), and folded here (case, compatibility forms, and the accents of Latin, Greek and Cyrillic
 * letters), so that both engines only split on spaces what they are given. The index is given the page's
 * words this way, and so is every query.
 */

const segmenter = new Intl.Segmenter('en', { granularity: 'word' });

/** A word and where it is in its text. */
export interface PlacedWord {
  word: string;
  start: number;
  end: number;
}

/** The words of `text`, with their places (segments cover the text end to end, so lengths add up). */
export function* placedWords(text: string): Generator<PlacedWord> {
  let at = 0;
  for (const part of wordSegments(segmenter, text)) {
    const start = at;
    at += part.segment.length;
    if (part.isWordLike) yield { word: part.segment, start, end: at };
  }
}

/** Accents of alphabets whose readers type without them; the vowel signs of Indic scripts stay. */
const ACCENTS = /(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu;
/** What both engines' tokenizers would split a word at (an apostrophe, a dot in "e.g"). */
const NOT_IN_WORD = /[^\p{L}\p{N}\p{M}]+/gu;

/**
 * A word as the index keeps it: "Café" and "CAFE" are "cafe", "Straße" is "strasse", "ﬁ" is "fi"; inner
 * punctuation splits it. Upper then lower case is Unicode's full case folding for these purposes (ß, final
 * sigma), and decomposing after it also takes the dot off a lower-cased "İ".
 */
export const foldWord = (word: string): string => foldLetters(word).replace(NOT_IN_WORD, ' ').trim();

/** Case, compatibility forms and accents folded, letter by letter: a whole text folds as its words do. */
function foldLetters(text: string): string {
  // ASCII and typographic punctuation fold by lower case alone, at a fraction of the cost: nothing there
  // decomposes into letters or carries marks (a no-break space, a dash or an ellipsis that would decompose
  // are not in a word either way). Most pieces of most pages, read for every excerpt a search shows.
  if (!NOT_PLAIN.test(text)) return text.toLowerCase();
  const decomposed = text.toUpperCase().toLowerCase().normalize('NFKD');
  // Most text has no marks at all; looking for ACCENTS' lookbehind at every letter costs ten times more.
  return MARK.test(decomposed) ? decomposed.replace(ACCENTS, '') : decomposed;
}
const MARK = /\p{M}/u;
const NOT_PLAIN = /[^\0-\x7f\u00a0\u00ab\u00bb\u2010-\u2015\u2018-\u201f\u2026]/;

/** Enough of a page for its words to be found; a book-length page is searched in its first part. */
const MAX_INDEXED_CHARS = 200_000;

/** The text as the full-text index reads it: its words, folded, one space apart. */
export function searchText(text: string): string {
  const folded: string[] = [];
  for (const { word } of placedWords(text.slice(0, MAX_INDEXED_CHARS))) {
    const fold = foldWord(word);
    if (fold) folded.push(fold);
  }
  return folded.join(' ');
}

/** A query of more words than this is cut: each word is one more list the index intersects. */
const MAX_QUERY_TERMS = 8;

/** A query's words as the index has them, each once, in order. */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const { word } of placedWords(query)) {
    for (const term of foldWord(word).split(' ')) if (term) terms.add(term);
  }
  return [...terms].slice(0, MAX_QUERY_TERMS);
}

export interface Excerpt {
  text: string;
  /** Where the matched words are in `text`: [start, end) pairs, in order. */
  marks: [number, number][];
}

/** How much text an excerpt shows, and how much of it comes before the first match. */
const EXCERPT_CHARS = 220;
const EXCERPT_LEAD = 40;

/**
 * The part of `text` around the first of its words that matches a term (the last term also as a prefix,
 * as a person types it), with every matching word in that part marked; null when none matches.
 */
export function excerptOf(text: string, terms: readonly string[]): Excerpt | null {
  const last = terms.at(-1);
  const matches = (word: string) =>
    foldWord(word)
      .split(' ')
      .some((part) => terms.includes(part) || (last !== undefined && part.startsWith(last)));
  const first = firstMatch(text, terms, matches);
  if (!first) return null;
  const from = wordStartBefore(text, Math.max(0, first.start - EXCERPT_LEAD));
  const to = Math.min(text.length, from + EXCERPT_CHARS);
  const window = text.slice(from, to).replace(/\s+/g, ' ');
  const marks: [number, number][] = [];
  // A word the window cuts off is not marked, but the page's last word is whole.
  const whole = (placed: PlacedWord) => placed.end < window.length || to === text.length;
  for (const placed of placedWords(window)) {
    if (whole(placed) && matches(placed.word)) marks.push([placed.start, placed.end]);
  }
  const lead = from > 0 ? '…' : '';
  const tail = to < text.length ? '…' : '';
  const shifted = marks.map(([s, e]): [number, number] => [s + lead.length, e + lead.length]);
  return { text: `${lead}${window}${tail}`, marks: shifted };
}

/**
 * Pieces of a page that are split into words (ICU's segmenter, the dearest step) once they are known to
 * hold a term: a sentence or so, where a whole piece of wordPieces took a tenth of a millisecond.
 */
const NARROW_PIECE_CHARS = 80;

/**
 * The first word of `text` that `matches`. Splitting into words and folding each is what costs (a match
 * deep in a long page took 10 ms, and a search lists fifty), so a piece is split only when, folded
 * whole, it holds a term somewhere: a word that folds to a term (or to one starting with the last term)
 * leaves that term in its piece's folded letters. A piece that does is narrowed down the same way; only
 * in unspaced text, cut between characters, can a word straddle two narrow pieces, and the whole piece is
 * then split after all.
 */
function firstMatch(
  text: string,
  terms: readonly string[],
  matches: (word: string) => boolean,
  size?: number,
): PlacedWord | undefined {
  for (const piece of wordPieces(text, size)) {
    const letters = foldLetters(piece.text);
    if (!terms.some((term) => letters.includes(term))) continue;
    const found =
      (size === undefined ? firstMatch(piece.text, terms, matches, NARROW_PIECE_CHARS) : undefined) ??
      firstWord(piece.text, matches);
    if (found) return { word: found.word, start: piece.start + found.start, end: piece.start + found.end };
  }
  return undefined;
}

function firstWord(text: string, matches: (word: string) => boolean): PlacedWord | undefined {
  for (const placed of placedWords(text)) if (matches(placed.word)) return placed;
  return undefined;
}

/** Where the word around `index` starts (an excerpt never opens mid-word), or `index` itself in unspaced text. */
function wordStartBefore(text: string, index: number): number {
  for (let at = index; at > 0 && index - at < 30; at -= 1) if (/\s/.test(text[at - 1] ?? '')) return at;
  return index;
}
