import { describe, expect, it } from 'vitest';
import { summarize } from './summarize.js';

const LIGHTHOUSES = [
  'Lighthouses guided ships along dangerous coasts for centuries, and the Fresnel lens made their light visible for miles.',
  'Augustin Fresnel designed the lens in 1822, stacking rings of glass prisms so that a single lamp could throw a beam far out to sea.',
  'Before the Fresnel lens, lighthouses burned open fires or used mirrors, and most of their light was lost into the sky.',
  'Keepers tended the lamps every night, trimming wicks and winding the clockwork that turned the lens.',
  'Each lighthouse was given its own flash pattern, so that sailors could tell one coast from another in the dark.',
  'Today most lighthouses are automated, but the Fresnel lens remains in use on coasts around the world.',
  'Many old lighthouses are now museums, and their keepers’ houses are rented to visitors for the night.',
  'Sailors still learn to recognise each lighthouse by the rhythm of its light, a skill that once decided whether a ship reached harbour.',
];

const sentencesOf = (text: string | null) => (text ?? '').split(/(?<=\.)\s+/).filter(Boolean);

describe('summarize: each part says something the others do not (issue 13)', () => {
  it('the long summary adds to the short one; key points and highlights repeat neither', () => {
    const summary = summarize({ title: 'How lighthouses work', paragraphs: LIGHTHOUSES });
    const short = sentencesOf(summary.summaryShort);
    const long = sentencesOf(summary.summaryLong);
    expect(short.length).toBeGreaterThan(0);
    expect(long.length).toBeGreaterThan(0);
    const shown = [...short, ...long, ...summary.keyPoints, ...summary.highlights];
    expect(new Set(shown).size).toBe(shown.length);
    expect(summary.keyPoints.length).toBeGreaterThanOrEqual(3);
  });

  it('shares out a page of five sentences: one for the short summary, one for the long, three key points', () => {
    const summary = summarize({ paragraphs: LIGHTHOUSES.slice(0, 5) });
    expect(sentencesOf(summary.summaryShort)).toHaveLength(1);
    expect(sentencesOf(summary.summaryLong)).toHaveLength(1);
    expect(summary.summaryLong).not.toBe(summary.summaryShort);
    expect(summary.keyPoints).toHaveLength(3);
  });

  it('leaves out a sentence that says nearly what one already shown says', () => {
    const twice = [...LIGHTHOUSES, LIGHTHOUSES[0]!.replace('for centuries', 'for many centuries')];
    const summary = summarize({ paragraphs: twice });
    const all = [summary.summaryShort, summary.summaryLong, ...summary.keyPoints].join(' ');
    expect(all.match(/dangerous coasts/g) ?? []).toHaveLength(1);
  });

  it('gives a page of a single paragraph what its text allows: the paragraph as the long summary, its sentences as key points', () => {
    const paragraph = LIGHTHOUSES.slice(0, 3).join(' ');
    const summary = summarize({ paragraphs: [paragraph] });
    expect(summary.summaryShort).toBeTruthy();
    expect(summary.summaryLong).toBe(paragraph);
    expect(summary.keyPoints).toEqual(LIGHTHOUSES.slice(0, 3));
  });

  it('a single sentence is the short summary and nothing else', () => {
    expect(summarize({ paragraphs: [LIGHTHOUSES[0]!] })).toEqual({
      summaryShort: LIGHTHOUSES[0],
      summaryLong: null,
      keyPoints: [],
      highlights: [],
    });
  });
});
