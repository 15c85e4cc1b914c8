import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimants, corpus, fixtureSource } from './fixtures/helpers.js';
import { pathSource } from './source.js';

/** Which of the HTML and CSV readers may claim a corpus file: its own, and none of the others'. */
function expectedReader(path: string): string[] {
  if (path.startsWith('netscape-html/')) return path.endsWith('empty.htm') ? [] : ['netscape'];
  if (path.startsWith('pocket/')) return [path.endsWith('.html') ? 'pocket-html' : 'pocket-csv'];
  if (path === 'other-services/wallabag--instapaper-export.csv') return ['instapaper-csv'];
  return [];
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

describe.skipIf(!corpus)('detection across the corpus', () => {
  const files = corpus ? filesUnder(corpus).map((path) => relative(corpus!, path).split('\\').join('/')) : [];

  it.each(files.filter((path) => !path.startsWith('licences/')))(
    '%s is claimed by its own reader only',
    async (path) => {
      expect(await claimants(pathSource(join(corpus!, path)))).toEqual(expectedReader(path));
    },
  );
});

describe('detection of the hand-built fixtures', () => {
  it.each([
    ['raindrop-backup.csv', 'raindrop-csv'],
    ['readwise-export.csv', 'readwise-csv'],
    ['readwise-with-urls.csv', 'readwise-csv'],
    ['instapaper-2024.csv', 'instapaper-csv'],
    ['pocket-export/part_000000.csv', 'pocket-csv'],
  ])('%s is claimed by %s only', async (name, reader) => {
    expect(await claimants(fixtureSource(name))).toEqual([reader]);
  });
});
