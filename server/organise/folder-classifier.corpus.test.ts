import { describe, expect, it } from 'vitest';
import { HELD_BACK_EVERY, topicPages } from '../../bench/suggest/library.js';
import { corpusDir } from '../../test/corpus.js';
import { analyzePage } from '../enrich/analyze.js';
import { writeJson } from '../lib/json-column.js';
import { FolderClassifier } from './folder-classifier.js';
import { linkTerms } from './link-terms.js';

const corpus = corpusDir();

/**
 * A small `npm run bench:suggest` (BENCHMARKS.md "Smart categories"): 12 hand-filed BBC articles in each
 * of its eight topic folders, analysed as enrichment analyses a page, each held back once in four folds.
 * The bench's full run puts 87% of links in the right folder; this holds the small library to the
 * acceptance's 70%, so that a change to the suggester or to enrichment's summaries and tags cannot lower
 * it unseen.
 */
describe.skipIf(!corpus)('folder suggestions on hand-filed news', () => {
  it('suggests the right folder for at least 70% of held-back links', () => {
    const links = topicPages(corpus as string, 12).map((page) => {
      const url = `http://127.0.0.1${page.path}`;
      const analysis = analyzePage({ html: page.html, url, existingTags: [] });
      const terms = linkTerms({
        url,
        title: analysis.metadata.title ?? '',
        description: null,
        og_description: analysis.metadata.description,
        summary_short: analysis.summary.summaryShort,
        summary_long: analysis.summary.summaryLong,
        key_points: writeJson(analysis.summary.keyPoints),
        tags: writeJson(analysis.tags),
      });
      return { folderId: page.folder, terms };
    });
    let right = 0;
    for (let fold = 0; fold < HELD_BACK_EVERY; fold += 1) {
      const classifier = new FolderClassifier(links.filter((_, i) => i % HELD_BACK_EVERY !== fold));
      for (const link of links.filter((_, i) => i % HELD_BACK_EVERY === fold)) {
        right += Number(classifier.suggest(link.terms)?.folderId === link.folderId);
      }
    }
    expect(links).toHaveLength(96);
    expect(right / links.length).toBeGreaterThanOrEqual(0.7);
  });
});
