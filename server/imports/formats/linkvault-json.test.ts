import { describe, expect, it } from 'vitest';
import {
  LINKVAULT_EXPORT_FORMAT,
  LINKVAULT_EXPORT_VERSION,
  type ExportedFolder,
  type ExportedLink,
  type ExportedSnippet,
} from '../../../contracts/index.js';
import { readAll } from './fixtures/helpers.js';
import { linkvaultJson } from './linkvault-json.js';
import { bufferSource, readHead } from './source.js';
import { FileDamaged, MAX_SNIPPETS_PER_ENTRY } from './types.js';

const folders: ExportedFolder[] = [
  { id: 'f1', name: 'Work', color: 'blue', createdAt: '2024-01-02T03:04:05.000Z' },
  { id: 'f2', name: 'Empty for now', color: 'pink', createdAt: '2024-02-02T03:04:05.000Z' },
];

const snippetOn = (pageUrl: string, text: string): ExportedSnippet => ({
  pageUrl,
  pageTitle: 'A page',
  selectedText: text,
  contextBefore: 'before ',
  contextAfter: ' after',
  note: `a note on ${text}`,
  color: 'green',
  positionData: { quote: { exact: text, prefix: 'before ' }, position: { start: 10, end: 10 + text.length } },
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-02T10:00:00.000Z',
});

const link = (url: string, folderId: string | null, snippets: ExportedSnippet[]): ExportedLink => ({
  url,
  title: `Title of ${url}`,
  description: 'What it is about',
  folderId,
  createdAt: '2024-03-01T09:00:00.000Z',
  tags: ['reading', 'rust'],
  state: 'archived',
  favorite: true,
  favicon: 'https://example.com/favicon.ico',
  summaryShort: 'Short summary.',
  summaryLong: 'A longer summary.',
  keyPoints: ['one', 'two'],
  highlights: ['a highlight'],
  ogTitle: 'OG title',
  ogDescription: 'OG description',
  ogImageUrl: 'https://example.com/og.png',
  lastProcessedAt: '2024-03-01T09:05:00.000Z',
  platform: 'generic',
  platformMetadata: { author: 'Ada', words: 1200, nested: { list: [1, 'two', null] } },
  extractionMethod: 'readability',
  enrichmentStatus: 'enriched',
  snippets,
});

const links = [
  link('https://example.com/a', 'f1', [
    snippetOn('https://example.com/a', 'first'),
    snippetOn('https://example.com/a#x', 'second'),
  ]),
  {
    ...link('https://example.com/b', null, []),
    state: 'unread' as const,
    favorite: false,
    lastProcessedAt: null,
  },
];
const pageSnippets = [snippetOn('https://elsewhere.example/', 'on a page not saved')];

const exportFile = (extra: Record<string, unknown> = {}) =>
  bufferSource(
    Buffer.from(
      JSON.stringify({
        format: LINKVAULT_EXPORT_FORMAT,
        version: LINKVAULT_EXPORT_VERSION,
        exportedAt: '2024-04-01T00:00:00.000Z',
        folders,
        links,
        snippets: pageSnippets,
        ...extra,
      }),
    ),
  );

/** What the import gets of an exported snippet (selectedText is the snippet's text). */
const imported = ({ selectedText, ...rest }: ExportedSnippet) => ({ text: selectedText, ...rest });

describe('Linkvault JSON', () => {
  it('is recognised by its format name', async () => {
    const source = exportFile();
    expect(await linkvaultJson.detect(source, await readHead(source))).toBe(true);
  });

  it('gives back the folders, the links with every field, and the snippets it exported', async () => {
    const items = await readAll(linkvaultJson, exportFile());
    expect(items).toEqual([
      ...folders.map((folder, i) => ({
        kind: 'folder',
        position: `folder ${i + 1}`,
        path: [folder.name],
        color: folder.color,
        createdAt: folder.createdAt,
      })),
      ...links.map(
        (
          { folderId, snippets, title, description, url, createdAt, tags, state, favorite, ...enrichment },
          i,
        ) => ({
          kind: 'link',
          position: `link ${i + 1}`,
          url,
          title,
          description,
          folder: folderId ? ['Work'] : [],
          tags,
          createdAt,
          state,
          favorite,
          snippets: snippets.map(imported),
          enrichment,
        }),
      ),
      ...pageSnippets.map((snippet, i) => ({
        kind: 'snippet',
        position: `snippet ${i + 1}`,
        ...imported(snippet),
      })),
    ]);
  });

  it('skips an entry the contract does not allow, with zod’s reason, and reads on', async () => {
    const broken = { ...links[0], state: 'lost', tags: 'not a list' };
    const items = await readAll(linkvaultJson, exportFile({ links: [broken, links[1]] }));
    const skip = items.find((item) => item.kind === 'skip');
    expect(skip).toMatchObject({ position: 'link 1', url: 'https://example.com/a' });
    expect(skip?.kind === 'skip' && skip.reason).toMatch(
      /^The entry is not a valid Linkvault link: .*tags.*; .*state/,
    );
    expect(items.filter((item) => item.kind === 'link')).toHaveLength(1);
  });

  it(`keeps the first ${MAX_SNIPPETS_PER_ENTRY} snippets of a link and says how many more it held`, async () => {
    const many = Array.from({ length: 1100 }, (_, n) => snippetOn('https://example.com/a', `quote ${n}`));
    const items = await readAll(linkvaultJson, exportFile({ links: [{ ...links[0], snippets: many }] }));
    const link = items.find((item) => item.kind === 'link');
    expect(link?.kind === 'link' && link.snippets).toHaveLength(MAX_SNIPPETS_PER_ENTRY);
    expect(items.find((item) => item.kind === 'skip')).toEqual({
      kind: 'skip',
      position: 'link 1',
      url: 'https://example.com/a',
      reason:
        'Linkvault keeps the first 1,000 highlights of a page: 100 highlights of this page were not imported',
    });
  });

  it('refuses an export of another format version, saying which', async () => {
    const error = await readAll(linkvaultJson, exportFile({ version: 2 })).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(FileDamaged);
    expect((error as Error).message).toMatch(/format version 2; this Linkvault reads version 1/);
  });
});
