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
  // A hyphen right between two words makes one word of them: "Wi-Fi" is no tag "fi" (but "ls -la" is two).
  let hyphenated = false;
  let afterWord = false;
  for (const part of wordSegments(wordSegmenter, text)) {
    if (part.isWordLike) {
      // One apostrophe for all: "don’t" is the stop word "don't".
      const word = part.segment.toLowerCase().replace(/’/g, "'").replace(/'s$/, '');
      const previous = out.at(-1);
      if (hyphenated && previous) previous.word = `${previous.word}-${word}`;
      else out.push({ word, capitalised: !sentenceStart && /^\p{Lu}/u.test(part.segment), joined });
      sentenceStart = false;
      joined = true;
      hyphenated = false;
      afterWord = true;
    } else {
      hyphenated = afterWord && HYPHEN.test(part.segment);
      afterWord = false;
      if (/[.!?]/.test(part.segment)) sentenceStart = true;
      if (!/^\s+$/.test(part.segment)) joined = false;
    }
  }
  return out;
}

const HYPHEN = /^[-‐‑]$/;
