import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ExportedLink,
  LINKVAULT_EXPORT_FORMAT,
  LINKVAULT_EXPORT_VERSION,
  type Snippet,
  exportedFolderSchema,
  exportedLinkSchema,
  exportedSnippetSchema,
} from '../../contracts/index.js';
import { clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import {
  DEEP_ENRICHMENT,
  HOSTILE_TITLE,
  type Library,
  buildLibrary,
  exported,
  insertLinks,
} from './library.fixture.js';

describe('GET /api/export?format=json', () => {
  const ctx = useTestApp();
  let library: Library;
  beforeAll(async () => {
    library = await buildLibrary(ctx);
  });

  const exportedSnippet = (snippet: Snippet) => ({
    pageUrl: snippet.pageUrl,
    pageTitle: snippet.pageTitle,
    selectedText: snippet.selectedText,
    contextBefore: snippet.contextBefore,
    contextAfter: snippet.contextAfter,
    note: snippet.note,
    color: snippet.color,
    positionData: snippet.positionData,
    createdAt: snippet.createdAt,
    updatedAt: snippet.updatedAt,
  });

  it('writes the contract: keys in order, every folder, link (newest first) and unattached snippet', async () => {
    const res = await exported(library.me, 'format=json');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['format', 'version', 'exportedAt', 'folders', 'links', 'snippets']);
    expect(body.format).toBe(LINKVAULT_EXPORT_FORMAT);
    expect(body.version).toBe(LINKVAULT_EXPORT_VERSION);
    expect(Math.abs(Date.parse(body.exportedAt) - Date.now())).toBeLessThan(60_000);

    expect(body.folders).toEqual(
      [library.work, library.empty].map((f) => ({
        id: f.id,
        name: f.name,
        color: f.color,
        parentId: null,
        createdAt: f.createdAt,
      })),
    );
    for (const folder of body.folders) expect(exportedFolderSchema.strict().parse(folder)).toEqual(folder);

    expect(body.links.map((l: ExportedLink) => l.url)).toEqual([
      library.hostile.url,
      library.deep.url,
      library.plain.url,
    ]);
    // Strict: every key of the contract, and no other.
    for (const link of body.links) {
      expect(exportedLinkSchema.strict().parse(link)).toEqual(link);
      for (const snippet of link.snippets)
        expect(exportedSnippetSchema.strict().parse(snippet)).toEqual(snippet);
    }
    expect(body.snippets).toEqual([exportedSnippet(library.unattached)]);
    for (const snippet of body.snippets)
      expect(exportedSnippetSchema.strict().parse(snippet)).toEqual(snippet);
  });

  it('keeps enrichment, tags, dates, state, favourite, and the snippets with notes, colours and positions', async () => {
    const body = (await exported(library.me, 'format=json')).json();
    const deep = body.links.find((l: ExportedLink) => l.url === library.deep.url);
    expect(deep).toEqual({
      url: 'https://example.org/deep-work?x=1&y=2',
      title: 'Deep work',
      description: 'Line one\nLine two & <more>',
      folderId: library.work.id,
      createdAt: DEEP_ENRICHMENT.created_at,
      tags: ['focus', 'books'],
      state: 'read',
      favorite: true,
      favicon: DEEP_ENRICHMENT.favicon,
      summaryShort: DEEP_ENRICHMENT.summary_short,
      summaryLong: DEEP_ENRICHMENT.summary_long,
      keyPoints: ['Focus is rare', 'Schedule <deep> blocks'],
      highlights: ['Attention is a muscle'],
      ogTitle: DEEP_ENRICHMENT.og_title,
      ogDescription: DEEP_ENRICHMENT.og_description,
      ogImageUrl: DEEP_ENRICHMENT.og_image_url,
      lastProcessedAt: DEEP_ENRICHMENT.last_processed_at,
      platform: 'youtube',
      platformMetadata: { channel: 'Cal', views: 12 },
      extractionMethod: 'readability',
      enrichmentStatus: 'enriched',
      snippets: library.deepSnippets.map(exportedSnippet),
    });
    expect(deep.snippets[0]).toMatchObject({
      note: 'My note: important',
      color: 'green',
      positionData: { start: 10, length: 20 },
    });
    const plain = body.links.find((l: ExportedLink) => l.url === library.plain.url);
    expect(plain).toMatchObject({
      folderId: library.work.id,
      tags: [],
      snippets: [],
      state: 'unread',
      favorite: false,
    });
  });

  it('gives a hostile title back exactly (JSON escaping, nothing lost)', async () => {
    const body = (await exported(library.me, 'format=json')).json();
    const hostile = body.links.find((l: ExportedLink) => l.url === library.hostile.url);
    expect(hostile).toMatchObject({ title: HOSTILE_TITLE, folderId: null, tags: ['x"y', '<b>'] });
  });

  it('with folderId: that folder, its links and their snippets, and no unattached snippets', async () => {
    const body = (await exported(library.me, `format=json&folderId=${library.work.id}`)).json();
    expect(body.folders.map((f: { id: string }) => f.id)).toEqual([library.work.id]);
    expect(body.links.map((l: ExportedLink) => l.url)).toEqual([library.deep.url, library.plain.url]);
    expect(body.links[0].snippets).toHaveLength(2);
    expect(body.snippets).toEqual([]);
    const empty = (await exported(library.me, `format=json&folderId=${library.empty.id}`)).json();
    expect(empty).toMatchObject({ folders: [{ id: library.empty.id }], links: [], snippets: [] });
  });

  it('an empty library is a valid export', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const body = (await exported(me, 'format=json')).json();
    expect(body).toMatchObject({ folders: [], links: [], snippets: [] });
  });

  it('pages through a library of several pages: every link once, newest first, each with its own snippets', async () => {
    const session = await signUp(ctx.app);
    const me = clientFor(ctx.app, session);
    // Many links share a time, so pages end in the middle of ties (keyset on time, then id).
    const ids = await insertLinks(ctx, session.user.id, 1203, (i) => `2024-02-0${1 + (i % 3)}T00:00:00.000Z`);
    const withSnippets = [ids[0], ids[499], ids[500], ids[1202]] as string[];
    for (const linkId of withSnippets) {
      await me.snippet({ pageUrl: `https://bulk.example/${linkId}`, linkId, selectedText: `on ${linkId}` });
    }
    const body = (await exported(me, 'format=json')).json();
    const links: ExportedLink[] = body.links;
    expect(links).toHaveLength(1203);
    expect(new Set(links.map((l) => l.url)).size).toBe(1203);
    const times = links.map((l) => l.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    for (const link of links) {
      const id = link.url.slice('https://bulk.example/'.length);
      expect(link.snippets.map((s) => s.selectedText)).toEqual(withSnippets.includes(id) ? [`on ${id}`] : []);
    }
  });
});
