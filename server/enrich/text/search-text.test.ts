import { describe, expect, it } from 'vitest';
import { excerptOf, excerpter, foldWord, placedWords, queryTerms, searchText } from './search-text.js';

describe('search text', () => {
  it('folds case, compatibility forms and the accents of alphabets, not Indic vowel signs', () => {
    expect(foldWord('Café')).toBe('cafe');
    expect(foldWord('ÉCOLE')).toBe('ecole');
    expect(foldWord('ﬁnance')).toBe('finance');
    expect(foldWord('Ёлка')).toBe('елка');
    expect(foldWord('Αθήνα')).toBe('αθηνα');
    expect(foldWord('हिन्दी')).toBe('हिन्दी'.normalize('NFKD'));
    expect(foldWord("don't")).toBe('don t');
    expect(foldWord('İstanbul')).toBe('istanbul');
    expect(foldWord('ΣΟΦΌΣ')).toBe(foldWord('σοφός'));
  });

  it('splits unspaced scripts into words by dictionary, and spaced ones at spaces', () => {
    expect(searchText('Die Straße führt zum Café.')).toBe('die strasse fuhrt zum cafe');
    const chinese = searchText('我们在东京大学学习日本历史');
    expect(chinese.split(' ').length).toBeGreaterThan(4);
    expect(chinese).toContain('东京');
    expect(searchText('ภาษาไทยง่ายนิดเดียว').split(' ').length).toBeGreaterThan(2);
  });

  it("takes a query's words as the index has them, each once", () => {
    expect(queryTerms('  Café  CAFE crème ')).toEqual(['cafe', 'creme']);
    expect(queryTerms('东京大学')).toEqual(searchText('东京大学').split(' '));
    expect(queryTerms('"; DROP TABLE links; --')).toEqual(['drop', 'table', 'links']);
    expect(queryTerms('a b c d e f g h i j k')).toHaveLength(8);
  });

  it('shows the text around the first match with each matching word marked', () => {
    const text = `${'Filler words before the point. '.repeat(10)}The Café opened at dawn; the cafés of the harbour followed.`;
    const found = excerptOf(text, ['cafe']);
    expect(found).not.toBeNull();
    const marked = found!.marks.map(([s, e]) => found!.text.slice(s, e));
    expect(marked).toEqual(['Café', 'cafés']);
    expect(found!.text.startsWith('…')).toBe(true);
    expect(found!.text.length).toBeLessThan(240);
    expect(excerptOf(text, ['lighthouse'])).toBeNull();
    const blocks = excerptOf(
      `Heading of the page\n\n${'Before dawn the harbour is quiet. '.repeat(3)}Gulls`,
      ['gulls'],
    );
    expect(blocks?.text).toMatch(/^…(Before|dawn|the|harbour|is|quiet)\b/);
  });

  it('finds a match many pieces into a long page, where it is, in any script', () => {
    const filler = 'Words about nothing in particular, again and again. '.repeat(400);
    for (const [page, terms, word] of [
      [`${filler}Le CAFÉ du port ouvrit à l'aube.`, ['cafe'], 'CAFÉ'],
      [`${filler}${'东京大学的图书馆很大。'.repeat(3)}`, ['图书'], '图书'],
      [`${filler}The lighthouse keepers`, ['keep'], 'keepers'],
    ] as const) {
      const found = excerptOf(page, terms);
      expect(found, word).not.toBeNull();
      const [start, end] = found!.marks[0]!;
      expect(found!.text.slice(start, end)).toBe(word);
    }
    expect(excerptOf(filler, ['lighthouse'])).toBeNull();
  });

  it('finds a word of unspaced text that straddles two of the narrow pieces a match is looked for in', () => {
    const before = '我们学习日本历史'.repeat(10).slice(0, 79);
    const found = excerptOf(`${before}图书馆很大。${'我们学习日本历史。'.repeat(20)}`, ['图书']);
    expect(found).not.toBeNull();
    const [start, end] = found!.marks[0]!;
    expect(found!.text.slice(start, end)).toMatch(/^图书/);
    expect(found!.text.slice(0, start).replace('…', '')).toBe(before.slice(-(start - 1)));
  });

  it("takes words as ICU's word breaker and folding leave them, splitting inner punctuation", () => {
    expect(searchText("L'histoire d'un U.S. état: 4½ m², x86_64, 3.14 ́ ok")).toBe(
      'l histoire d un u s etat 4 m x86 64 3 14 ok',
    );
    expect(searchText('iPhone用のケース 한국어 텍스트')).toBe(searchText('iPhone 用のケース 한국어 텍스트'));
    // Latin words between runs of Chinese or Japanese near each other are split by ICU with them.
    expect(searchText('東京 and 大阪, with Reactのコンポーネント')).toBe(
      '東京 and 大阪 with react の コンポーネント'.normalize('NFKD'),
    );
    expect([...placedWords('東京 and 大阪, x')].map(({ word, start }) => [word, start])).toEqual([
      ['東京', 0],
      ['and', 3],
      ['大阪', 7],
      ['x', 11],
    ]);
  });

  it('marks the matching part of a word joined by inner punctuation', () => {
    const found = excerptOf("The government's plan, l'histoire and data.json", [
      'government',
      'histoire',
      'data',
    ]);
    const marked = found!.marks.map(([s, e]) => found!.text.slice(s, e));
    expect(marked).toEqual(['government', 'histoire', 'data']);
  });

  it("answers from a page's start only when the whole excerpt lies within it", () => {
    const page = `${'The harbour at dawn is quiet and grey. '.repeat(20)}Gulls cry over the lighthouse. ${'More. '.repeat(60)}`;
    const excerptOf = excerpter(['lighthouse']);
    const whole = excerptOf(page);
    expect(excerptOf(page.slice(0, page.indexOf('lighthouse') + 150), true)).toBeNull();
    expect(excerptOf(page.slice(0, page.indexOf('lighthouse') + 4), true)).toBeNull();
    expect(excerptOf(page.slice(0, page.indexOf('lighthouse') + 300), true)).toEqual(whole);
    expect(excerpter(['lighthouses'])(page.slice(0, page.indexOf('lighthouse') + 10), true)).toBeNull();
  });

  it('folds typographic punctuation as it folds the rest: out of the words', () => {
    expect(searchText('“Don’t” — stop… now\u00a0or «never» ‒ IT’S')).toBe('don t stop now or never it s');
    expect(queryTerms('Don’t—stop…')).toEqual(['don', 't', 'stop']);
  });
});
