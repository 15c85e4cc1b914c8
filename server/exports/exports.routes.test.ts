import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_FORMATS } from '../../contracts/index.js';
import { clientFor, expectError, expectNotFound, expectUnauthenticated } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { mintOAuthToken } from '../../test/oauth-tokens.js';
import { LinksRepository } from '../library/links.repository.js';
import { ExportsRepository } from './exports.repository.js';
import { type Library, STRANGER_MARK, buildLibrary, exported, insertLinks } from './library.fixture.js';

const EXTENSIONS = { json: 'json', html: 'html', csv: 'csv', markdown: 'zip' } as const;

describe('GET /api/export', () => {
  const ctx = useTestApp();
  let library: Library;
  let origin: string;
  beforeAll(async () => {
    library = await buildLibrary(ctx);
    origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(() => vi.restoreAllMocks());

  it.each(EXPORT_FORMATS)(
    '%s: an attachment named linkvault-YYYY-MM-DD.<ext>, never cached',
    async (format) => {
      const res = await exported(library.me, `format=${format}`);
      const today = new Date().toISOString().slice(0, 10);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="linkvault-${today}.${EXTENSIONS[format]}"`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('a missing or unknown format, or a malformed folderId: 400 naming the formats', async () => {
    for (const query of ['', '?format=xml', '?format=JSON', `?format=json&folderId=${'x'.repeat(500)}`]) {
      expectError(await library.me.get(`/api/export${query}`), 400, 'validation_failed');
    }
    const res = await library.me.get('/api/export?format=pdf');
    expect(res.json().error.message).toContain('json, html, csv, markdown');
  });

  it("another user's folder, or one that does not exist: 404 in every format, before anything is sent", async () => {
    for (const format of EXPORT_FORMATS) {
      expectNotFound(
        await library.me.get(`/api/export?format=${format}&folderId=${library.stranger.folder.id}`),
      );
      expectNotFound(await library.me.get(`/api/export?format=${format}&folderId=${crypto.randomUUID()}`));
    }
  });

  it("isolation: nobody else's folders, links or snippets in any format, and theirs are theirs alone", async () => {
    for (const format of ['json', 'html', 'csv'] as const) {
      const mine = await exported(library.me, `format=${format}`);
      expect(mine.body).toContain(library.plain.url);
      const theirs = await library.stranger.me.get(`/api/export?format=${format}`);
      expect(theirs.body).toContain(STRANGER_MARK);
      expect(theirs.body).not.toContain(library.plain.url);
      expect(theirs.body).not.toContain('Work / Reading');
    }
    const theirs = (await library.stranger.me.get('/api/export?format=json')).json();
    expect(theirs.folders.map((f: { id: string }) => f.id)).toEqual([library.stranger.folder.id]);
    expect(theirs.links).toHaveLength(1);
    expect(theirs.snippets.map((s: { selectedText: string }) => s.selectedText)).toEqual([
      `Snippet ${STRANGER_MARK}`,
    ]);
  });

  it('without a token: 401', async () => {
    const anonymous = clientFor(ctx.app, null);
    for (const format of EXPORT_FORMATS)
      expectUnauthenticated(await anonymous.get(`/api/export?format=${format}`));
  });

  it("with an assistant's OAuth token, whatever its scopes: 403 (the user's own session only)", async () => {
    const token = await mintOAuthToken(ctx.database, {
      userId: library.session.user.id,
      scopes: ['read:folders', 'read:links'],
      audience: null,
    });
    const assistant = clientFor(ctx.app, { access_token: token });
    for (const format of EXPORT_FORMATS) {
      expectError(await assistant.get(`/api/export?format=${format}`), 403, 'insufficient_scope');
    }
  });

  describe('a library of several pages', () => {
    let bulk: Awaited<ReturnType<typeof signUp>>;
    beforeAll(async () => {
      bulk = await signUp(ctx.app);
      await insertLinks(ctx, bulk.user.id, 2100, (i) =>
        new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
      );
    });
    const download = (session: { auth: { authorization: string } }) =>
      fetch(`${origin}/api/export?format=json`, { headers: session.auth });

    it('is read from the database as the reader takes it, a page ahead at most (backpressure)', async () => {
      const pages = vi.spyOn(LinksRepository.prototype, 'page');
      const stream = await ctx.services.exports.open(bulk.user.id, { format: 'json' });
      const chunks = stream[Symbol.asyncIterator]();
      let bytes = ((await chunks.next()).value as Buffer).length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Nobody reads on: the stream has filled its buffer (64 KB, give or take a chunk) and waits, with at
      // most the second page of five read.
      expect(pages.mock.calls.length).toBeLessThanOrEqual(2);
      expect(stream.readableLength).toBeLessThanOrEqual(96 * 1024);
      for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) {
        bytes += (chunk.value as Buffer).length;
      }
      expect(pages).toHaveBeenCalledTimes(5);
      expect(bytes).toBeGreaterThan(2100 * 100);
    });

    it('a database error midway cuts the download short, is logged, and leaves the server serving', async () => {
      vi.spyOn(ExportsRepository.prototype, 'unattachedSnippetPages').mockImplementation(() => {
        throw new Error('the database went away');
      });
      const logged = vi.spyOn(ctx.app.log, 'error');
      const res = await download(bulk);
      // The links were on their way when the snippets could not be read: the status had gone out.
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.objectContaining({ message: 'the database went away' }) }),
        'export failed midway',
      );
      vi.restoreAllMocks();
      const again = await download(bulk);
      expect(again.status).toBe(200);
      expect(JSON.parse(await again.text()).links).toHaveLength(2100);
    });

    it('a database error before the first bytes: 500 in the error shape', async () => {
      vi.spyOn(ExportsRepository.prototype, 'unattachedSnippetPages').mockImplementation(() => {
        throw new Error('the database went away');
      });
      // The small library's whole export is less than one chunk: nothing had gone out.
      const res = await library.me.get('/api/export?format=json');
      expectError(res, 500, 'internal');
    });
  });
});
