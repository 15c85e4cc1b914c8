import { describe, expect, it } from 'vitest';
import { languageFor } from './language.js';
import { suggestTags } from './tags.js';

const WHALES = [
  'Hundreds of whales stranded on beaches in New Zealand this summer, and scientists in New Zealand are puzzled.',
  'Māori tribes say the whales are a warning, and elders across New Zealand have held ceremonies for them.',
  'Officials in Wellington said New Zealand would fund more research into the strandings of whales.',
];

describe('suggestTags: things a person would file under', () => {
  it('keeps a name that starts with a common word whole, never its fragment', () => {
    const tags = suggestTags({ title: 'Whale strandings puzzle scientists', paragraphs: WHALES });
    expect(tags).toContain('new zealand');
    expect(tags).not.toContain('zealand');
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags.length).toBeLessThanOrEqual(5);
  });

  it("reuses the user's own spelling of a tag", () => {
    expect(suggestTags({ paragraphs: WHALES }, ['Whales'])).toContain('Whales');
  });

  it('in Chinese: a word inside a chosen phrase is not a tag of its own, and keywords that are stop words are left out', () => {
    const zh = languageFor('zh');
    const paragraphs = [
      '人工智能公司开发出一款能够用自己的记忆学习新知识的计算机。',
      '这台计算机使用人工智能技术，研究人员说人工智能会改变计算行业。',
      '人工智能的发展让计算机可以回答复杂的问题。',
    ];
    const tags = suggestTags({ paragraphs, keywords: ['一个', '计算机'] }, [], zh);
    expect(tags).toContain('人工智能');
    expect(tags).not.toContain('人工');
    expect(tags).not.toContain('智能');
    expect(tags).not.toContain('一个');
    expect(tags).toContain('计算机');
  });
});

const LOREM = Array.from(
  { length: 4 },
  () =>
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Lorem ipsum dolor sit amet again and lorem ipsum dolor sit amet.',
);

const KOREA = [
  'South Korea held a snap election on Tuesday after months of political turmoil in Seoul.',
  'The South Korean president was impeached in December, and South Korean voters turned out in record numbers.',
  'Analysts said South Korea would need a stable government to deal with tariffs and its northern neighbour.',
  'South Korean exporters worry about tariffs, while South Korea courts new trade partners in Asia.',
  'South Korean carmakers and chipmakers depend on exports, so the tariffs matter to South Korea more than most.',
];

const RASPBERRY_PI = [
  'The Raspberry Pi is a small computer that costs about as much as a book.',
  'Hobbyists use the Raspberry Pi to build weather stations, robots and retro game consoles.',
  'A new Raspberry Pi model doubles the memory and adds a faster processor.',
  'Schools hand out the Raspberry Pi so pupils can learn programming on real hardware.',
];

const NEW_YORK_TIMES = [
  'The New York Times reported on Sunday that the city council would vote on the housing plan.',
  'According to The New York Times, the plan would add thousands of apartments in Brooklyn and Queens.',
  'Critics quoted by The New York Times said the housing plan ignores rents in older buildings.',
  'The New York Times also published an editorial in support of the housing plan.',
];

const WIFI = [
  'Wi-Fi routers in older homes often struggle to reach every room.',
  'A mesh Wi-Fi system spreads the signal with several small routers placed around the house.',
  'Newer Wi-Fi standards cut interference from neighbours and make each router faster.',
  'Before buying routers, test your Wi-Fi speed in every room of the house.',
];

const EMAIL = [
  'Most e-mail still travels unencrypted between servers.',
  'An e-mail client can sign each message so that the reader knows who sent it.',
  'Companies archive every e-mail for seven years, and an e-mail server keeps logs of each delivery.',
  'Spam filters read every e-mail before it reaches the inbox.',
];

const SOURDOUGH = [
  'Don’t panic when your sourdough starter smells sour; you don’t need to throw the sourdough away.',
  'Bakers say you don’t need fancy flour for sourdough, and you don’t need a proofing box either.',
  'Feed the sourdough starter daily and you don’t lose it. Bakers don’t agree on much else.',
  'Most bakers don’t weigh water, but they don’t skip the salt.',
];

/** "Yoon" alone outscores the full name, which ranks only sixth: after five tags are chosen. */
const YOON = [
  'Prosecutors in Seoul indicted President Yoon Suk Yeol on Sunday over his brief declaration of martial law.',
  'Yoon denies the charges. Lawyers for Yoon said the martial law decree was lawful and that Yoon acted to protect the constitution.',
  'Prosecutors say the martial law decree was an insurrection. Prosecutors want Yoon held in detention while the insurrection trial goes on.',
  'Protesters filled central Seoul in freezing weather. Protesters from unions and student groups marched on the court, and protesters for Yoon held rallies of their own.',
  'The constitutional court must decide whether President Yoon Suk Yeol is removed from office; the court has six months.',
  'Lawmakers from the opposition voted for impeachment. Lawmakers say impeachment was the only way to restore order in Seoul.',
  'Yoon is the first sitting president to be indicted. Yoon faces a possible life sentence if the insurrection charge holds.',
];

const SECURITY_COUNCIL = [
  'Diplomats drafted a new United Nations Security Council Resolution on the ceasefire in Sudan.',
  'The United Nations Security Council Resolution calls for aid convoys to reach Darfur within days.',
  'Russia and China abstained when the United Nations Security Council Resolution came to a vote on Friday.',
  'Aid agencies said the United Nations Security Council Resolution came too late for thousands in Darfur.',
];

/** Pairs of tags that have a word in common. */
const sharedWords = (tags: string[]) =>
  tags.flatMap((a, i) =>
    tags
      .slice(i + 1)
      .flatMap((b) => (a.split(' ').some((word) => b.split(' ').includes(word)) ? [[a, b]] : [])),
  );

describe('suggestTags: no tag is a fragment or a repeat of another', () => {
  it('no two tags share a word, in a chain of overlapping phrases', () => {
    const tags = suggestTags({ title: 'Lorem ipsum', paragraphs: LOREM });
    expect(tags).toContain('lorem ipsum');
    expect(tags.length).toBeGreaterThan(1);
    expect(sharedWords(tags)).toEqual([]);
  });

  it('no two tags share a word, where "south korea" and "south korean" both occur', () => {
    const tags = suggestTags({ title: 'South Korea votes for a new president', paragraphs: KOREA });
    expect(tags).toContain('south korea');
    expect(tags).not.toContain('south korean');
    expect(sharedWords(tags)).toEqual([]);
  });

  it('a word met mostly inside one capitalised name is not a tag on its own ("raspberry" of Raspberry Pi)', () => {
    const tags = suggestTags({ title: 'What to build with a Raspberry Pi', paragraphs: RASPBERRY_PI });
    expect(tags).not.toContain('raspberry');
    expect(tags).not.toContain('pi');
  });

  it('"New York Times" yields neither "york" nor "times" nor "the new york"', () => {
    const tags = suggestTags({ paragraphs: NEW_YORK_TIMES });
    expect(tags).not.toContain('york');
    expect(tags).not.toContain('times');
    expect(tags).not.toContain('the new york');
    expect(tags).toContain('new york');
  });

  it('a hyphenated word stays whole: Wi-Fi is "wi-fi", never "fi"', () => {
    const tags = suggestTags({ paragraphs: WIFI });
    expect(tags).toContain('wi-fi');
    expect(tags).not.toContain('fi');
    expect(tags).not.toContain('wi');
  });

  it('a hyphenated word stays whole: e-mail is "e-mail", never "mail"', () => {
    const tags = suggestTags({ paragraphs: EMAIL });
    expect(tags).toContain('e-mail');
    expect(tags).not.toContain('mail');
  });

  it('a word with a curly apostrophe is the same stop word as with a straight one ("don’t" is "don\'t")', () => {
    const tags = suggestTags({ title: 'Sourdough: don’t panic', paragraphs: SOURDOUGH });
    expect(tags).toContain('sourdough');
    expect(tags.filter((tag) => /\bdon['’]t\b/.test(tag))).toEqual([]);
  });

  it('a name replaces its words even when five tags are already chosen ("president yoon suk yeol" over "yoon")', () => {
    const tags = suggestTags({ title: 'Prosecutors indict Yoon over martial law', paragraphs: YOON });
    expect(tags).toContain('president yoon suk yeol');
    expect(tags).not.toContain('yoon');
    expect(tags).toHaveLength(5);
    expect(sharedWords(tags)).toEqual([]);
  });

  it('no tag is longer than four words, and there are at most five tags', () => {
    const pages = [
      { title: 'Ceasefire in Sudan', paragraphs: SECURITY_COUNCIL },
      { title: 'Prosecutors indict Yoon over martial law', paragraphs: YOON },
      { title: 'South Korea votes for a new president', paragraphs: KOREA },
      { title: 'Lorem ipsum', paragraphs: LOREM },
      { paragraphs: NEW_YORK_TIMES },
      { paragraphs: WHALES },
    ];
    for (const page of pages) {
      const tags = suggestTags(page);
      expect(tags.length).toBeLessThanOrEqual(5);
      for (const tag of tags) expect(tag.split(' ').length).toBeLessThanOrEqual(4);
    }
    // A name of five capitalised words is cut to four.
    expect(suggestTags({ title: 'Ceasefire in Sudan', paragraphs: SECURITY_COUNCIL })).toContain(
      'united nations security council',
    );
  });
});

describe("suggestTags: the page's own keywords", () => {
  it('a keyword is a tag on its own', () => {
    expect(suggestTags({ paragraphs: [], keywords: ['sourdough'] })).toEqual(['sourdough']);
  });

  it('leaves out keywords that start with a number ("1975年", "2024", "2024 election")', () => {
    expect(
      suggestTags({ paragraphs: [], keywords: ['1975年', '2024', '2024 election', '2024 election'] }),
    ).toEqual([]);
    // The same words with the number last are a tag.
    expect(suggestTags({ paragraphs: [], keywords: ['election 2024', 'election 2024'] })).toEqual([
      'election 2024',
    ]);
  });

  it('leaves out keywords that end with a stop word', () => {
    // Given twice (meta keywords and article:tag), a phrase would be a tag if it were allowed.
    expect(suggestTags({ paragraphs: [], keywords: ['bread and', 'bread and'] })).toEqual([]);
    expect(suggestTags({ paragraphs: [], keywords: ['sourdough bread', 'sourdough bread'] })).toEqual([
      'sourdough bread',
    ]);
  });

  it('keeps a capitalised keyword that starts with a common word ("New Zealand")', () => {
    const paragraphs = [
      'Hikers crossed the Southern Alps in New Zealand last winter, and the hikers said the alps were harsher than expected.',
      'Hikers need crampons on the alps in winter.',
    ];
    expect(suggestTags({ paragraphs })).not.toContain('new zealand');
    expect(suggestTags({ paragraphs, keywords: ['New Zealand'] })).toContain('new zealand');
  });
});

describe('suggestTags: hyphens', () => {
  it('joins words only at a hyphen right between them, never one after a space ("ls -la")', () => {
    const paragraphs = Array.from(
      { length: 4 },
      () => 'Run ls -la in the shell, then git commit -m with a message, and check the listing again.',
    );
    const tags = suggestTags({ paragraphs });
    expect(tags.some((tag) => tag.includes('ls-la') || tag.includes('commit-m'))).toBe(false);
  });
});

describe('suggestTags: how a long page uses its words', () => {
  // Paragraphs of stop words only: they push the rest of a page past the lead and offer no term.
  const filler = (n: number) =>
    Array.from({ length: n }, () => 'It is what it was, and so it will be for all of us.');

  it('a word the lead uses alone but the rest of the page always as part of a phrase is no tag ("code" of "status code")', () => {
    const lead = [
      'Every response carries a code, and a client reads the code before the body.',
      'The code tells the client whether the request worked.',
    ];
    const later = Array.from(
      { length: 12 },
      (_, i) => `A status code of ${400 + i} means the request failed, and the status code is logged.`,
    );
    const tags = suggestTags({
      title: 'Responses and their code',
      paragraphs: [...lead, ...filler(40), ...later],
    });
    expect(tags).toContain('responses');
    expect(tags).not.toContain('code');
  });

  it('a short line repeated on every page (a running header) counts once', () => {
    const pages = Array.from({ length: 9 }, (_, i) => [
      'Internet-Draft Acmeproto December 2014',
      `Section ${i} describes how a folder holds documents, and how a request lists the folder.`,
    ]).flat();
    const tags = suggestTags({ title: 'Acmeproto', paragraphs: pages });
    expect(tags).toContain('acmeproto');
    expect(tags.filter((tag) => tag.includes('december') || tag.includes('internet-draft'))).toEqual([]);
  });
});
