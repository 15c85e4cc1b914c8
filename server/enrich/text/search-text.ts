import { afterLastSpace, wordPieces, wordSegments } from './segments.js';

/**
 * Full-text search in every language, the same on SQLite and PostgreSQL: the words are found here (by
 * ICU's word breaker in scripts written without spaces, which it splits by dictionary where neither
 * engine's own tokenizer can; by their letters in the others), and folded here (case, compatibility forms, and the accents of Latin, Greek and Cyrillic
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

/**
 * Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Burmese), whose words
 * ICU's word breaker finds by dictionary. Every other script's words are taken as its runs of letters,
 * digits and marks: what foldWord leaves of ICU's words there anyway (it splits "don't" and "e.g" at their
 * inner punctuation), found by a pattern instead of walking ICU's segments one by one: indexing 2,430 pages
 * took 30% less time, to the same words.
 */
const UNSPACED = String.raw`\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Thai}\p{scx=Laoo}\p{scx=Khmr}\p{scx=Mymr}`;
// A word starts with a letter or digit (a mark after a space belongs to no word, as in ICU) and goes on
// through letters, digits and marks; other numbers (½, ², ①) are not in words, as in ICU.
const WORD_OR_UNSPACED_RUN = new RegExp(
  String.raw`([${UNSPACED}]+)|[[\p{L}\p{Nd}\p{Nl}]--[${UNSPACED}]][[\p{L}\p{Nd}\p{Nl}\p{M}]--[${UNSPACED}]]*`,
  'gv',
);

/**
 * More unspaced script within this many characters of a run joins it, the text between too, for ICU to
 * split together: each run handed to ICU on its own costs a segmenter's start, and a page of Chinese and
 * Latin letters in turn ("a用a用…") took three times as long as the whole page through ICU.
 */
const JOINING_GAP = 32;
const NEAR_UNSPACED_RUN = new RegExp(String.raw`[^${UNSPACED}]{0,${JOINING_GAP}}[${UNSPACED}]+`, 'vy');

/** The words of `text`, with their places. */
export function* placedWords(text: string): Generator<PlacedWord> {
  // Copies: a global or sticky pattern carries its lastIndex from one use to the next.
  const words = new RegExp(WORD_OR_UNSPACED_RUN);
  const near = new RegExp(NEAR_UNSPACED_RUN);
  for (let match = words.exec(text); match !== null; match = words.exec(text)) {
    const [run, unspaced] = match;
    if (unspaced === undefined) {
      yield { word: run, start: match.index, end: match.index + run.length };
      continue;
    }
    let end = match.index + run.length;
    near.lastIndex = end;
    while (near.exec(text) !== null) end = near.lastIndex;
    words.lastIndex = end;
    // ICU's segments cover the stretch end to end, so their lengths add up to places.
    let at = match.index;
    for (const part of wordSegments(segmenter, text.slice(match.index, end))) {
      const start = at;
      at += part.segment.length;
      if (part.isWordLike) yield { word: part.segment, start, end: at };
    }
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

/** How many words' matching an excerpter remembers: a search's pages repeat most of their words. */
const REMEMBERED_WORDS = 5_000;

/**
 * Excerpts for one search: the part of a page's text around the first of its words that matches a term
 * (the last term also as a prefix, as a person types it), with every matching word in that part marked;
 * null when none matches. Folding a word is what an excerpt spends most on, so what each word seen folds
 * to is remembered for the search's other pages. Given only the start of a page (`startOnly`), it answers
 * only when the excerpt lies wholly within that start, and null otherwise.
 */
export type Excerpter = (text: string, startOnly?: boolean) => Excerpt | null;

export function excerpter(terms: readonly string[]): Excerpter {
  const last = terms.at(-1);
  const seen = new Map<string, boolean>();
  const matches = (word: string) => {
    let found = seen.get(word);
    if (found === undefined) {
      found = foldWord(word)
        .split(' ')
        .some((part) => terms.includes(part) || (last !== undefined && part.startsWith(last)));
      if (seen.size < REMEMBERED_WORDS) seen.set(word, found);
    }
    return found;
  };
  return (given, startOnly = false) => {
    // Of a page's start, the word after its last white space may go on past it.
    const text = startOnly ? given.slice(0, afterLastSpace(given)) : given;
    const first = firstMatch(text, terms, matches);
    if (!first) return null;
    const from = wordStartBefore(text, Math.max(0, first.start - EXCERPT_LEAD));
    const to = Math.min(text.length, from + EXCERPT_CHARS);
    if (startOnly && to === text.length) return null;
    return excerptAt(text, from, to, matches);
  };
}

export const excerptOf = (text: string, terms: readonly string[]): Excerpt | null => excerpter(terms)(text);

function excerptAt(text: string, from: number, to: number, matches: (word: string) => boolean): Excerpt {
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
