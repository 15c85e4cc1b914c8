import { describe, expect, it } from 'vitest';
import { SENTENCE_END, WHITE_SPACE, segmentInPieces } from './segments.js';

const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' });
const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

const SENTENCES = [
  'Dr. Smith moved the “Harbour Weekly” to Rotterdam in 1956, at 3.14 p.m. on a Tuesday.',
  'Why would anyone ship steel boxes across the ocean?',
  'Containers cut the cost of loading a ship by more than ninety percent!',
  'コンテナ船は世界の貿易を変えた。港は新しい箱に合わせて作り直された。',
  'Today a single crane moves a container every two minutes (sometimes faster).',
];
/** One paragraph of about 40,000 characters: many pieces, cut between sentences. */
const LONG = Array.from({ length: 400 }, (_, i) => SENTENCES[i % SENTENCES.length]).join(' ');

/** Half of a character outside the Basic Multilingual Plane, without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const texts = (segments: Iterable<Intl.SegmentData>) => [...segments].map((s) => s.segment);

describe('segmentInPieces', () => {
  it('gives the words one pass over the whole text gives, and joins back to the text', () => {
    const pieces = texts(segmentInPieces(wordSegmenter, LONG, WHITE_SPACE));
    expect(pieces.join('')).toBe(LONG);
    expect(pieces).toEqual(texts(wordSegmenter.segment(LONG)));
  });

  it('cuts only where a sentence ends, so the sentences are those of one pass', () => {
    const pieces = texts(segmentInPieces(sentenceSegmenter, LONG, SENTENCE_END));
    expect(pieces).toEqual(texts(sentenceSegmenter.segment(LONG)));
  });

  it('cuts a sentence longer than a piece after white space, never inside a word', () => {
    const long = Array.from({ length: 2_000 }, (_, i) => `word${i}`).join(' ');
    const words = texts(segmentInPieces(wordSegmenter, long, SENTENCE_END));
    expect(words.filter((w) => w.trim())).toEqual(long.split(' '));
  });

  it('cuts text without spaces at the limit, never between the halves of a character', () => {
    const emoji = `x${'🚢📦'.repeat(2_000)}`; // odd: the limit falls inside a character
    const pieces = texts(segmentInPieces(wordSegmenter, emoji, WHITE_SPACE));
    expect(pieces.join('')).toBe(emoji);
    for (const piece of pieces) expect(piece).not.toMatch(LONE_SURROGATE);
  });
});
