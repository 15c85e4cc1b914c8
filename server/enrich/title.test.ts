import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/corpus.js';
import { extractPage } from './extract.js';
import { headline } from './title.js';

const page = (
  titles: (string | null)[],
  headings: string[] = [],
  siteNames: string[] = [],
  pageUrl = '',
) => ({
  titles,
  headings,
  siteNames,
  pageUrl: pageUrl || 'https://news.example.org/2024/story',
});

describe('headline (the headline as the page shows it)', () => {
  it("takes the site's name off the end, whichever separator sets it off", () => {
    const cbc = 'https://www.cbc.ca/news/canada/story-1.234';
    expect(headline(page(['Wildfire season starts early in B.C. | CBC News'], [], [], cbc))).toBe(
      'Wildfire season starts early in B.C.',
    );
    expect(headline(page(['Lunar probe lands - The Guardian'], [], ['The Guardian']))).toBe(
      'Lunar probe lands',
    );
    expect(headline(page(['Lunar probe lands — Medium'], [], [], 'https://medium.com/@a/b'))).toBe(
      'Lunar probe lands',
    );
    expect(headline(page(['Lunar probe lands · GitHub'], [], ['GitHub']))).toBe('Lunar probe lands');
    expect(headline(page(['Lunar probe lands » Example Daily'], [], ['Example Daily']))).toBe(
      'Lunar probe lands',
    );
  });

  it('knows Japanese and Chinese separators, with or without spaces', () => {
    expect(headline(page(['月面探査機が着陸：朝日新聞デジタル'], [], ['朝日新聞デジタル']))).toBe(
      '月面探査機が着陸',
    );
    expect(headline(page(['短缺药品保供稳价-新华网'], ['短缺药品保供稳价']))).toBe('短缺药品保供稳价');
    expect(headline(page(['人工智能迈上新台阶_科技_腾讯网'], ['人工智能迈上新台阶']))).toBe(
      '人工智能迈上新台阶',
    );
  });

  it('takes a leading site name off too, but not one before a colon (it is often the subject)', () => {
    expect(headline(page(['BBC News - Lunar probe lands'], [], [], 'https://www.bbc.co.uk/news/1'))).toBe(
      'Lunar probe lands',
    );
    expect(headline(page(['Python: a guide to the new parser'], [], [], 'https://python.org/guide'))).toBe(
      'Python: a guide to the new parser',
    );
  });

  it('prefers the <h1> when a title holds it, which drops notes, authors and sections', () => {
    const h1 = 'How to See What the Internet Knows About You';
    expect(headline(page([`${h1} (Published 2017)`], [h1]))).toBe(h1);
    expect(
      headline(
        page(['Samantha and The Great Big Lie - John C. Welch - Medium'], ['Samantha and The Great Big Lie']),
      ),
    ).toBe('Samantha and The Great Big Lie');
    expect(headline(page(['Opinion | Why 3rd Grade Matters'], ['Why 3rd Grade Matters']))).toBe(
      'Why 3rd Grade Matters',
    );
  });

  it('prefers the <h1> over a social-media variant when another title of the page is the <h1>', () => {
    const sources = page(
      ['Seven secrets hotel owners hide', 'The seven secrets that hotel owners hide | The Independent'],
      ['The seven secrets that hotel owners hide'],
    );
    expect(headline(sources)).toBe('The seven secrets that hotel owners hide');
  });

  it('matches an <h1> whose quotes are written the other way, keeping the title as written', () => {
    expect(headline(page(["'Star Wars' Original Cuts Return"], ['‘Star Wars’ Original Cuts Return']))).toBe(
      "'Star Wars' Original Cuts Return",
    );
  });

  it('keeps a title that is all headline, hyphens and colons inside it included', () => {
    expect(headline(page(['Jean-Paul Sartre: a life in 3:2 time'], ['Menu']))).toBe(
      'Jean-Paul Sartre: a life in 3:2 time',
    );
    expect(headline(page(['Getting started - a tutorial'], []))).toBe('Getting started - a tutorial');
  });

  it('does not let a short <h1> (a masthead, a logo) replace a title it ends or starts a subtitle of', () => {
    expect(headline(page(['Outside the web: standalone WebAssembly binaries · V8'], ['V8']))).toBe(
      'Outside the web: standalone WebAssembly binaries · V8',
    );
    expect(headline(page(['Silicon Exposed: Open Verilog flow for GreenPak4'], ['Silicon Exposed']))).toBe(
      'Silicon Exposed: Open Verilog flow for GreenPak4',
    );
    expect(
      headline(
        page(
          ['The sharing economy is a lie - Salon.com'],
          ['Salon', 'The sharing economy is a lie'],
          ['Salon'],
        ),
      ),
    ).toBe('The sharing economy is a lie');
  });

  it('ignores a permalink sign after a heading', () => {
    expect(
      headline(
        page(
          ['Evolve: Shared Mutable History — evolve extension for Mercurial'],
          ['Evolve: Shared Mutable History¶'],
        ),
      ),
    ).toBe('Evolve: Shared Mutable History');
  });

  it("keeps a title that is only the site's name, and says nothing when there is no title", () => {
    expect(headline(page(['CBC News'], [], ['CBC News']))).toBe('CBC News');
    expect(headline(page([null, '  ']))).toBeNull();
  });
});

/**
 * Pages of Mozilla Readability's test corpus (../shared/corpus) whose titles carry the site's name, an
 * author or a section, or whose og:title is a social-media variant of the <h1>: the title becomes the
 * headline the page shows. The whole corpus is measured by `npm run bench:quality`.
 */
const readability = corpusDir('readability-test-pages');
describe.skipIf(!readability)('headline on real pages (Readability corpus)', () => {
  const titleOf = (name: string) =>
    extractPage(
      readFileSync(join(readability ?? '', name, 'source.html'), 'utf8'),
      'http://fakehost/test/page.html',
    ).metadata.title;

  it.each([
    ['ehow-1', 'How to Build a Terrarium'],
    ['breitbart', "'Neutral' Snopes Fact-Checker David Emery: 'Are There Any Un-Angry Trump Supporters?'"],
    ['medium-3', 'Samantha and The Great Big Lie'],
    ['qq', 'DeepMind新电脑已可利用记忆自学 人工智能迈上新台阶'],
    ['yahoo-4', 'トレンドマイクロ、公衆無線LANを安全に使うためのアプリ「フリーWi-Fiプロテクション」'],
    ['theverge', 'Apple’s Vision Pro is the Retina display moment for headsets'],
    ['v8-blog', 'Outside the web: standalone WebAssembly binaries using Emscripten'],
    ['nytimes-1', 'United States to Lift Sudan Sanctions'],
    ['daringfireball-1', 'Daring Fireball: Colophon'],
    ['title-and-h1-discrepancy', 'This is a long title with a colon: Hello there'],
  ])('%s', (name, expected) => {
    expect(titleOf(name)).toBe(expected);
  });
});

describe('headline: odd titles', () => {
  it("prefers the article's <h1> to a section's at the title's start", () => {
    expect(
      headline(
        page(
          ['Engineering | How we scaled Postgres to 10 TB'],
          ['Engineering', 'How we scaled Postgres to 10 TB'],
        ),
      ),
    ).toBe('How we scaled Postgres to 10 TB');
  });

  it('does not take a headline holding the brand for the site name', () => {
    const microsoft = 'https://blogs.microsoft.com/blog/2024/layoffs';
    expect(headline(page(['Microsoft Blog - Microsoft announces layoffs'], [], [], microsoft))).toBe(
      'Microsoft announces layoffs',
    );
    expect(
      headline(page(['Medium rare steak guide | Cooking'], [], [], 'https://medium.com/@chef/steak')),
    ).toBe('Medium rare steak guide | Cooking');
    expect(
      headline(page(['TIME | Time to act on climate'], ['Time to act on climate'], [], 'https://time.com/1')),
    ).toBe('Time to act on climate');
  });

  it('keeps "F#" and a leading separator, drops a trailing one, and says nothing for separators alone', () => {
    expect(headline(page(['Why I love F# - Dev Notes'], ['Why I love F#']))).toBe('Why I love F#');
    expect(headline(page(["_why's poignant guide"]))).toBe("_why's poignant guide");
    expect(headline(page(['Lunar probe lands ｜']))).toBe('Lunar probe lands');
    expect(headline(page(['：：：', '___']))).toBeNull();
  });
});
