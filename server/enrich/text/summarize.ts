import { splitSentences } from './sentences.js';
import { ENGLISH, type Language, isContentWord } from './language.js';
import { words } from './words.js';

export interface Summary {
  summaryShort: string | null;
  summaryLong: string | null;
  keyPoints: string[];
  highlights: string[];
}

interface Sentence {
  text: string;
  index: number;
  terms: Set<string>;
  wordCount: number;
  score: number;
}

/** Sentences a summary is made of: shorter ones are fragments and captions, longer ones run-ons. */
const USUAL_LENGTH = { minWords: 6, maxWords: 60 };
/** Past this many words a "sentence" is a paragraph without stops or a list run together: never a summary. */
const ANY_LENGTH = { minWords: 3, maxWords: 120 };
const SHORT_MAX_WORDS = 75;
const LONG_MAX_WORDS = 160;
const LONG_MAX_SENTENCES = 4;
const MIN_KEY_POINTS = 3;
/** Enough sentences for a short summary, a long one and three key points, none repeating another. */
const MIN_SHARED_SENTENCES = 5;
const MAX_KEY_POINTS = 5;
const KEY_POINTS_MAX_WORDS = 400;
/** Phrases that mark page furniture rather than content. */
const BOILERPLATE =
  /\b(cookies?|subscribe|sign up|newsletter|all rights reserved|click here|advertisement|javascript)\b/i;

const termsOf = (text: string, language: Language) => termsIn(words(text), language);
const termsIn = (list: string[], language: Language) =>
  new Set(list.filter((word) => isContentWord(word, language)).map(language.stem));

/** The share of the smaller set's terms the other holds: how much of one sentence another repeats. */
const overlap = (a: Set<string>, b: Set<string>) => sharedTerms(a, b) / Math.max(1, Math.min(a.size, b.size));
/** A sentence most of whose terms another already has adds little beside it. */
const repeats = (a: Set<string>, b: Set<string>) => overlap(a, b) > REPEAT_SHARE;
const REPEAT_SHARE = 0.6;

/**
 * An extractive summary, offline and in any language ICU segments: sentences are ranked by how central
 * their terms are to the page (frequency × inverse sentence frequency), how much they share with the
 * title, and where they stand (writers put the point first: the lead is weighted up).
 */
export function summarize(input: {
  title?: string | null;
  paragraphs: string[];
  /** Its stop words and stems (language.ts); English when not given. */
  language?: Language;
}): Summary {
  const language = input.language ?? ENGLISH;
  const candidates = sentencesOf(input.paragraphs, language);
  let sentences = rankSentences(candidates, input.title, language, USUAL_LENGTH);
  // Few sentences of the usual length: the page's very short and very long ones count too.
  if (sentences.length < MIN_SHARED_SENTENCES)
    sentences = rankSentences(candidates, input.title, language, ANY_LENGTH);
  if (sentences.length === 0) return { summaryShort: null, summaryLong: null, keyPoints: [], highlights: [] };
  if (sentences.length < MIN_SHARED_SENTENCES) return littleText(sentences);

  // Each part says something the others do not: the long summary adds to the short one, key
  // points and highlights repeat neither. A short page shares its few sentences out so that each part
  // gets some: one for the short summary below six, and three kept back for key points.
  const byScore = [...sentences].sort((a, b) => b.score - a.score);
  const short = pick(byScore, {
    maxSentences: sentences.length >= 6 ? 2 : 1,
    maxWords: SHORT_MAX_WORDS,
  });
  const rest = sentences.length - short.length;
  const long = atLeast(
    1,
    pick(byScore, {
      maxSentences: Math.min(LONG_MAX_SENTENCES, Math.max(1, rest - MIN_KEY_POINTS)),
      maxWords: LONG_MAX_WORDS,
      shown: short,
    }),
    byScore.filter((s) => !short.includes(s)),
    { maxWords: LONG_MAX_WORDS, shown: short },
  );
  const keyPoints = atLeast(
    MIN_KEY_POINTS,
    pick(byScore, {
      maxSentences: MAX_KEY_POINTS,
      maxWords: KEY_POINTS_MAX_WORDS,
      shown: [...short, ...long],
    }),
    byScore.filter((s) => !short.includes(s) && !long.includes(s)),
    { maxWords: KEY_POINTS_MAX_WORDS, shown: [...short, ...long] },
  );
  const used = new Set([...short, ...long, ...keyPoints]);
  const highlights = sentences
    .filter((s) => !used.has(s))
    .map((s) => ({ s, notability: notability(s) }))
    .filter(({ notability }) => notability > 0)
    .sort((a, b) => b.notability - a.notability || b.s.score - a.s.score)
    .slice(0, 3)
    .map(({ s }) => s);

  const inOrder = (list: Sentence[]) => [...list].sort((a, b) => a.index - b.index).map((s) => s.text);
  return {
    summaryShort: inOrder(short).join(' ') || null,
    summaryLong: inOrder(long).join(' ') || null,
    keyPoints: inOrder(keyPoints),
    highlights: inOrder(highlights),
  };
}

interface Candidate {
  text: string;
  terms: Set<string>;
  wordCount: number;
}

/** The page's sentences, each once (a page that repeats a paragraph, a pull quote), with their terms. */
function sentencesOf(paragraphs: string[], language: Language): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const paragraph of paragraphs) {
    for (const text of splitSentences(paragraph, language.code)) {
      if (seen.has(text)) continue;
      seen.add(text);
      if (BOILERPLATE.test(text) || /[:]$/.test(text)) continue;
      const list = words(text);
      out.push({ text, terms: termsIn(list, language), wordCount: list.length });
    }
  }
  return out;
}

function rankSentences(
  candidates: Candidate[],
  titleText: string | null | undefined,
  language: Language,
  length: typeof USUAL_LENGTH,
): Sentence[] {
  // A sentence whose terms are another's ("item 22222" after "item 11111", the same words reordered)
  // counts once, so a page's share-out (short, long, key points) is made of what it says differently.
  const said = new Set<string>();
  const sentences: Sentence[] = candidates
    .filter((c) => c.wordCount >= length.minWords && c.wordCount <= length.maxWords)
    .filter((c) => {
      const key = [...c.terms].sort().join(' ');
      if (c.terms.size > 0 && said.has(key)) return false;
      said.add(key);
      return true;
    })
    .map((c, index) => ({ ...c, index, score: 0 }));
  const frequency = new Map<string, number>();
  for (const s of sentences) for (const term of s.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const count = sentences.length;
  const weight = (term: string) => {
    const df = frequency.get(term) ?? 0;
    return df < 2 ? 0 : df * Math.log(1 + count / df);
  };
  const titleTerms = termsOf(titleText ?? '', language);
  for (const s of sentences) {
    let centrality = 0;
    for (const term of s.terms) centrality += weight(term);
    centrality /= Math.sqrt(Math.max(1, s.terms.size));
    const position = 1 + 1.5 / (1 + s.index * 0.5);
    const title = titleTerms.size ? 1 + overlap(s.terms, titleTerms) : 1;
    s.score = centrality * position * title;
  }
  return sentences;
}

/**
 * The best-ranked sentences within the limits, leaving out those already `shown` elsewhere and any
 * `alike` one shown or chosen: by default, one that repeats most of the other's terms.
 */
function pick(
  ranked: Sentence[],
  limits: {
    maxSentences: number;
    maxWords: number;
    shown?: Sentence[];
    alike?: (a: Set<string>, b: Set<string>) => boolean;
  },
): Sentence[] {
  const shown = limits.shown ?? [];
  const alike = limits.alike ?? repeats;
  const chosen: Sentence[] = [];
  let total = 0;
  for (const s of ranked) {
    if (chosen.length >= limits.maxSentences) break;
    if (shown.includes(s) || total + s.wordCount > limits.maxWords) continue;
    if ([...shown, ...chosen].some((c) => alike(c.terms, s.terms))) continue;
    chosen.push(s);
    total += s.wordCount;
  }
  return chosen;
}

/**
 * The chosen sentences, topped up to `count` from the best of the others: a page whose sentences share
 * most of their words (a list of similar items, a short text in a language of few distinct words) still
 * gets its long summary and key points, each a sentence not shown elsewhere.
 */
function atLeast(
  count: number,
  chosen: Sentence[],
  others: Sentence[],
  limits: { maxWords: number; shown: Sentence[] },
): Sentence[] {
  if (chosen.length >= count) return chosen;
  const more = pick(others, {
    maxSentences: count - chosen.length,
    maxWords: limits.maxWords - chosen.reduce((sum, s) => sum + s.wordCount, 0),
    shown: [...limits.shown, ...chosen],
    alike: saySame,
  });
  return [...chosen, ...more];
}

/**
 * Two sentences say the same when nearly all their terms, counted together, are shared (one edited: "for
 * many centuries"). Counted together, not against the smaller: a sentence of two terms is not a repeat
 * of every sentence that has one of them (short Japanese sentences, once particles are left out).
 */
function saySame(a: Set<string>, b: Set<string>): boolean {
  const shared = sharedTerms(a, b);
  return shared / Math.max(1, a.size + b.size - shared) > SAME_SENTENCE_SHARE;
}

function sharedTerms(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  return shared;
}
const SAME_SENTENCE_SHARE = 0.7;

/**
 * A page with little text gets what its text allows. Too few sentences to share out among four
 * parts, they are all of it: the best one is the short summary, the whole text the long one, and each
 * sentence a key point.
 */
function littleText(sentences: Sentence[]): Summary {
  const best = [...sentences].sort((a, b) => b.score - a.score)[0] as Sentence;
  if (sentences.length === 1)
    return { summaryShort: best.text, summaryLong: null, keyPoints: [], highlights: [] };
  let total = 0;
  const long = sentences.filter((s, index) => {
    total += s.wordCount;
    return index === 0 || total <= LONG_MAX_WORDS;
  });
  return {
    summaryShort: best.text,
    summaryLong: long.map((s) => s.text).join(' '),
    keyPoints: sentences.map((s) => s.text),
    highlights: [],
  };
}

/** Sentences worth quoting: figures, direct quotations, superlatives. */
function notability(s: Sentence): number {
  let points = 0;
  if (/\d/.test(s.text)) points += 1;
  if (/[“"][^”"]{12,}[”"]/.test(s.text)) points += 2;
  if (/\b(first|largest|biggest|most|least|best|worst|record|never|only)\b/i.test(s.text)) points += 1;
  return points;
}
