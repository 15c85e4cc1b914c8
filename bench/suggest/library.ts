import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../../server/lib/html.js';
import { TOPICS } from './topics.js';

/** A labelled article as a saved page: where it was filed, and whether it is held back to be suggested. */
export interface TopicPage {
  /** Its path on the page server, /xsum/<line>. */
  path: string;
  folder: string;
  heldBack: boolean;
  html: string;
}

/** Every HELD_BACK_EVERY-th article of each folder, in line order, is held back: 25%, in every folder. */
export const HELD_BACK_EVERY = 4;

/**
 * The topic library (topics.ts) as pages: each article as a news page would serve it, its lead as the
 * page's description (as the BBC's pages carry it) and its paragraphs as the article. No headline: XSum
 * keeps none, and a title made up here would be a guess of ours. `perFolder` takes only the first
 * articles of each folder (the unit test's small library).
 */
export function topicPages(corpusDir: string, perFolder = Infinity): TopicPage[] {
  const lines = readFileSync(join(corpusDir, 'summaries', 'xsum_test_1000.jsonl'), 'utf8')
    .trim()
    .split('\n');
  return Object.entries(TOPICS).flatMap(([folder, numbers]) =>
    numbers.slice(0, perFolder).map((line, index) => {
      const { article, reference } = JSON.parse(lines[line] ?? '{}') as {
        article: string;
        reference: string;
      };
      return {
        path: `/xsum/${line}`,
        folder,
        heldBack: index % HELD_BACK_EVERY === HELD_BACK_EVERY - 1,
        html: pageHtml(reference, article),
      };
    }),
  );
}

const pageHtml = (lead: string, article: string) =>
  [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<meta name="description" content="${escapeHtml(lead)}">`,
    '</head><body><main><article>',
    ...article
      .split('\n')
      .filter((paragraph) => paragraph.trim())
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    '</article></main></body></html>',
  ].join('\n');
