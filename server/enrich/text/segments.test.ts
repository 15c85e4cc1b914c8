import { describe, expect, it } from 'vitest';
import { sentenceSegments, wordSegments } from './segments.js';
import { splitSentences } from './sentences.js';

const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' });
const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const japaneseSentences = new Intl.Segmenter('ja', { granularity: 'sentence' });

const SENTENCES = [
  'Dr. Smith moved the “Harbour Weekly” to Rotterdam in 1956, at 3.14 p.m. on a Tuesday.',
  'Why would anyone ship steel boxes across the ocean?',
  'Containers cut the cost of loading a ship by more than ninety percent!',
  '“Who decided that,” she asked, “and when?”',
  'Today a single crane moves a container every two minutes (sometimes faster.)',
];
/** One paragraph of about 40,000 characters: many pieces, cut between sentences. */
const LONG = Array.from({ length: 400 }, (_, i) => SENTENCES[i % SENTENCES.length]).join(' ');
/** Japanese: no spaces, sentences ending in 。 inside closing quotes. */
const JAPANESE = '「コンテナ船は世界の貿易を変えた。」港は新しい箱に合わせて作り直された！'.repeat(60);

const texts = (segments: Iterable<{ segment: string }>) => [...segments].map((s) => s.segment);

describe('word and sentence segments', () => {
  it('gives the words one pass over the whole text gives', () => {
    expect(texts(wordSegments(wordSegmenter, LONG))).toEqual(texts(wordSegmenter.segment(LONG)));
  });

  it('gives the sentences one pass gives, cutting only where a sentence ends', () => {
    expect(texts(sentenceSegments(sentenceSegmenter, LONG))).toEqual(texts(sentenceSegmenter.segment(LONG)));
    expect(texts(sentenceSegments(japaneseSentences, JAPANESE))).toEqual(
      texts(japaneseSentences.segment(JAPANESE)),
    );
  });

  it('keeps the closing quote with its Japanese sentence', () => {
    const sentences = splitSentences(JAPANESE, 'ja');
    expect(sentences).toHaveLength(120);
    expect(sentences.filter((sentence) => sentence.startsWith('」'))).toEqual([]);
  });

  it('cuts a sentence longer than a piece after white space, never inside a word', () => {
    const long = Array.from({ length: 2_000 }, (_, i) => `word${i}`).join(' ');
    const words = texts(wordSegments(wordSegmenter, long)).filter((w) => w.trim());
    expect(words).toEqual(long.split(' '));
    // The sentence breaks only where a piece was cut: it comes back whole from the merging of fragments.
    expect(splitSentences(`${long}.`)).toEqual([`${long}.`]);
  });

  it('cuts text without spaces where a character starts: never inside a pair, a flag or an accent', () => {
    // 'x' first puts the piece limit inside a character.
    const cases: [unit: string, whole: RegExp][] = [
      ['🚢📦', /^(?:🚢|📦)+$/u],
      ['e\u0301', /^(?:e\u0301)+$/u],
      ['🇳🇱', /^(?:🇳🇱)+$/u],
    ];
    for (const [unit, whole] of cases) {
      const text = `x${unit.repeat(3_000 / unit.length)}`;
      const segments = texts(wordSegments(wordSegmenter, text));
      expect(segments.join('')).toBe(text);
      for (const segment of segments.slice(1)) expect(segment).toMatch(whole);
    }
  });
});
