import { describe, expect, it } from 'vitest';
import { analyzePage } from '../analyze.js';
import { ENGLISH, detectLanguage, isContentWord, languageFor } from './language.js';

describe('languages (summaries and tags in every language)', () => {
  it.each([
    ['Le gouvernement a annoncé mardi une nouvelle réforme des retraites présentée au parlement.', 'fr'],
    ['Dies ist ein deutscher Satz über das Wetter in Berlin und München im Winter.', 'de'],
    ['宇航员在国际空间站上工作了一年，科学家研究了太空对人体的影响。', 'zh'],
    ['宇宙飛行士は国際宇宙ステーションで一年間働き、科学者たちは体への影響を調べた。', 'ja'],
    ['Президент подписал закон о бюджете на следующий год после долгих обсуждений.', 'ru'],
  ])('detects the language of %s as %s', (text, code) => {
    expect(detectLanguage(text, null)).toBe(code);
  });

  it('falls back to what the page declares, then English, when the text is too short to tell', () => {
    expect(detectLanguage('短い', 'ja-JP')).toBe('ja');
    expect(detectLanguage('ok', null)).toBe('en');
  });

  it('in Japanese, a word of one or two hiragana is grammar (a particle, an ending), never a topic', () => {
    const japanese = languageFor('ja');
    for (const particle of ['って', 'から', 'では', 'が'])
      expect(isContentWord(particle, japanese)).toBe(false);
    for (const noun of ['イヌ', '北朝鮮', 'きょうだい', '少女'])
      expect(isContentWord(noun, japanese)).toBe(true);
  });

  it('stems and knows stop words per language; English keeps its own', () => {
    const french = languageFor('fr-CA');
    expect(french.code).toBe('fr');
    expect(french.stem('maisons')).toBe(french.stem('maison'));
    expect(isContentWord('les', french)).toBe(false);
    expect(isContentWord('gouvernement', french)).toBe(true);
    expect(languageFor('en-GB')).toBe(ENGLISH);
    expect(ENGLISH.stem('markets')).toBe('market');
    // Chinese: no stemmer, words of two characters count, written without spaces.
    const chinese = languageFor('zh');
    expect(chinese.spaced).toBe(false);
    expect(isContentWord('太空', chinese)).toBe(true);
    expect(languageFor('xx').isStopword('anything')).toBe(false);
  });
});

const page = (lang: string, title: string, paragraphs: string[]) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><article><h1>${title}</h1>${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</article></body></html>`;

const FRENCH = [
  'Les phares ont guidé les navires le long des côtes dangereuses pendant des siècles, grâce à la lentille de Fresnel.',
  'Augustin Fresnel a conçu sa lentille en 1822, en empilant des anneaux de prismes de verre autour d’une seule lampe.',
  'Avant la lentille de Fresnel, les phares brûlaient des feux ouverts et perdaient la plus grande partie de leur lumière.',
  'Les gardiens entretenaient les lampes chaque nuit et remontaient le mécanisme qui faisait tourner la lentille.',
  'Chaque phare recevait son propre rythme de lumière, afin que les marins reconnaissent la côte dans la nuit.',
  'Aujourd’hui la plupart des phares sont automatisés, mais la lentille de Fresnel reste utilisée sur toutes les côtes.',
  'Beaucoup d’anciens phares sont devenus des musées, et les maisons des gardiens accueillent des visiteurs.',
];

const CHINESE = [
  '灯塔几个世纪以来一直引导船只沿着危险的海岸航行，菲涅耳透镜让灯光在很远的地方也能看见。',
  '菲涅耳在一八二二年设计了这种透镜，用一圈圈玻璃棱镜把一盏灯的光投向远方的海面。',
  '在菲涅耳透镜出现之前，灯塔使用明火或镜子，大部分灯光都散失在天空中。',
  '灯塔看守人每天晚上照料灯火，并给转动透镜的钟表机构上发条。',
  '每座灯塔都有自己独特的闪光节奏，这样水手在黑暗中也能分辨出不同的海岸。',
  '如今大多数灯塔已经实现自动化，但菲涅耳透镜仍然在世界各地的海岸上使用。',
  '许多古老的灯塔现在变成了博物馆，看守人的房子也向游客开放。',
];

describe('a page in another language gets every part, in its language', () => {
  it.each([
    ['fr', 'Comment fonctionnent les phares', FRENCH],
    ['zh', '灯塔是如何工作的', CHINESE],
  ])('%s', (lang, title, paragraphs) => {
    const analysis = analyzePage({
      html: page(lang, title, paragraphs),
      url: 'https://example.org/phares',
      existingTags: [],
    });
    const { summaryShort, summaryLong, keyPoints } = analysis.summary;
    expect(summaryShort).toBeTruthy();
    expect(summaryLong).toBeTruthy();
    expect(summaryLong).not.toBe(summaryShort);
    expect(keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(analysis.tags.length).toBeGreaterThanOrEqual(3);
    for (const tag of analysis.tags) expect(tag.split(/\s+/).length).toBeLessThanOrEqual(4);
  });

  it('splits meta keywords written with spaces only, so no tag is a run of words', () => {
    const html = page('zh', '灯塔是如何工作的', CHINESE).replace(
      '<title>',
      '<meta name="keywords" content="宇航员 太空 国际空间站 一个 1975年"><title>',
    );
    const analysis = analyzePage({ html, url: 'https://example.org/zh', existingTags: [] });
    for (const tag of analysis.tags) expect(tag).not.toContain(' ');
  });
});
