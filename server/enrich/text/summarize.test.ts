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

describe('summarize: each part says something the others do not', () => {
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

/** Six different sentences that share most of their words, as in a list of similar items. */
const MUGS = [
  'The red ceramic mug holds twelve ounces of coffee and is safe in the dishwasher.',
  'The blue ceramic mug holds twelve ounces of coffee and is safe in the microwave.',
  'The green ceramic mug holds ten ounces of coffee and is safe in the dishwasher.',
  'The white ceramic mug holds sixteen ounces of coffee and is safe in the microwave.',
  'The black ceramic mug holds twelve ounces of tea and is safe in the dishwasher.',
  'The yellow ceramic mug holds ten ounces of tea and is safe in the microwave.',
];

/** Sentences of more than 60 words each: run-ons by the usual measure. */
const BREAD = [
  'The committee met for the whole of the autumn session and heard evidence from farmers, millers, bakers, shopkeepers, economists, nutritionists and the officials of three separate ministries, each of whom described in some detail how the price of bread had risen steadily over the previous decade and what, in their considered view, the government could or should do to bring the price of bread down again before the coming winter arrived.',
  'Its report on the price of bread, published in the spring after many delays and a bitter argument between its two chairs over the wording of the final chapter, recommended that the subsidy on flour be phased out slowly over five years, that small bakeries receive grants to buy modern ovens, and that the ministry publish the price of a standard loaf of bread every month in every region of the country so that shoppers could compare.',
  'The government accepted most of the recommendations on bread within a week, although the finance minister warned that the grants for ovens would have to wait for the next budget, and the association of bakers, which had lobbied hard and long for the grants, said that it was disappointed by the delay but would keep on pressing ministers in every region of the country until the bakeries got the ovens they had been promised.',
];

describe('summarize: pages that strain the usual rules', () => {
  it('a page whose sentences share most of their words still gets a long summary and three key points, none repeating another part', () => {
    const summary = summarize({ title: 'Ceramic mugs', paragraphs: MUGS });
    expect(summary.summaryShort).toBeTruthy();
    expect(summary.summaryLong).toBeTruthy();
    expect(summary.summaryLong).not.toBe(summary.summaryShort);
    expect(summary.keyPoints.length).toBeGreaterThanOrEqual(3);
    const summaries = [...sentencesOf(summary.summaryShort), ...sentencesOf(summary.summaryLong)];
    for (const point of summary.keyPoints) {
      expect(MUGS).toContain(point);
      expect(summaries).not.toContain(point);
    }
    expect(new Set(summary.keyPoints).size).toBe(summary.keyPoints.length);
  });

  it('a page whose sentences all run past 60 words still gets a short summary and key points', () => {
    const summary = summarize({ title: 'The price of bread', paragraphs: BREAD });
    expect(BREAD).toContain(summary.summaryShort);
    expect(summary.keyPoints).toEqual(BREAD);
  });

  it('a page with fewer than five sentences of the usual length counts its long ones too, and shares them out', () => {
    const paragraphs = [
      'Bread prices rose again this month in every region.',
      'Bakers blame the price of flour and the cost of energy.',
      ...BREAD,
    ];
    const summary = summarize({ title: 'The price of bread', paragraphs });
    expect(summary.summaryShort).toBeTruthy();
    expect(summary.summaryLong).toBeTruthy();
    expect(summary.keyPoints).toHaveLength(3);
    expect(summary.keyPoints.filter((point) => BREAD.includes(point)).length).toBeGreaterThan(0);
    const shown = [
      ...sentencesOf(summary.summaryShort),
      ...sentencesOf(summary.summaryLong),
      ...summary.keyPoints,
    ];
    expect(new Set(shown).size).toBe(shown.length);
  });
});

describe('summarize: no part runs past its length', () => {
  const normal = [
    'The harbour at dawn is quiet except for the gulls and the engines of two fishing boats.',
    'Fishermen load crates of ice while the harbour master checks the weather reports again.',
    'By seven the first boats leave, and the quay fills with traders waiting for the catch.',
    'In the afternoon the boats return and the auction hall opens its heavy wooden doors.',
  ];
  const words = (text: string | null) => (text ?? '').split(/\s+/).filter(Boolean).length;

  it('leaves a run-on "sentence" of thousands of words out of every part', () => {
    const runOn = Array.from({ length: 5000 }, (_, i) => `word${i}`).join(' ');
    const summary = summarize({ paragraphs: [...normal, runOn] });
    for (const part of [summary.summaryShort, summary.summaryLong, ...summary.keyPoints])
      expect(words(part)).toBeLessThanOrEqual(120);
  });

  it('keeps a long summary within 160 words when a short page is all long sentences', () => {
    const long = (topic: string) => Array.from({ length: 100 }, (_, i) => `${topic}${i}`).join(' ') + '.';
    const summary = summarize({ paragraphs: [long('tide'), long('quay'), long('boat')] });
    expect(words(summary.summaryLong)).toBeLessThanOrEqual(160);
    expect(summary.keyPoints).toHaveLength(3);
  });
});
