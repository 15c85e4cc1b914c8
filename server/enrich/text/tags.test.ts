import { describe, expect, it } from 'vitest';
import { languageFor } from './language.js';
import { suggestTags } from './tags.js';

const WHALES = [
  'Hundreds of whales stranded on beaches in New Zealand this summer, and scientists in New Zealand are puzzled.',
  'Māori tribes say the whales are a warning, and elders across New Zealand have held ceremonies for them.',
  'Officials in Wellington said New Zealand would fund more research into the strandings of whales.',
];

describe('suggestTags: things a person would file under (issue 13)', () => {
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
