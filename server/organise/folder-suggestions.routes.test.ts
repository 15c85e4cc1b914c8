import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link, OrganiseAnswer } from '../../contracts/index.js';
import { type Client, clientFor, expectNotFound } from '../../test/api.js';
import { type TestContext, signUp, useTestApp } from '../../test/app.js';
import { html, usePageServer } from '../../test/page-server.js';
import { buildApp, buildServices } from '../app.js';
import { testConfig } from '../config.js';
import { LinkSuggestionsRepository } from '../library/link-suggestions.repository.js';

const page = (title: string, paragraphs: string[]) =>
  html(
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><article><h1>${title}</h1>${paragraphs
      .map((p) => `<p>${p}</p>`)
      .join('')}</article></body></html>`,
  );

const BREAD = page('How to bake sourdough bread at home', [
  'Good sourdough bread needs only flour, water, salt and a lively starter, and a hot oven to bake it in.',
  'Mix the flour and water, let the dough rest, then fold it every half hour so the bread rises well.',
  'Bake the loaf in a covered pot in a very hot oven: the steam gives the bread its crust and its rise.',
  'A loaf of sourdough bread keeps for days, and the flour you choose changes its taste more than anything.',
]);
const BREAD_AGAIN = page('Baking bread: flour and ovens', [
  'Bread dough made with strong flour rises higher in the oven, and a slow proof gives sourdough its taste.',
  'Bake the bread hot and long enough: a pale crust means the oven was too cool for the dough.',
  'Flour, water and salt are all a baker of bread needs, with time for the dough to rise.',
]);

let filed = 0;
/**
 * A person's library: three links on bread in Baking, three on Rust in Code, their titles and descriptions
 * given; their pages (on `origin`) are gone, so enrichment leaves them as given.
 */
async function library(me: Client, origin: string) {
  const url = () => `${origin}/gone-${(filed += 1)}`;
  const baking = await me.folder({ name: 'Baking' });
  const code = await me.folder({ name: 'Code' });
  for (const title of [
    'Sourdough bread with a long proof',
    'Baking bread in a home oven',
    'Flour, water and salt: simple bread',
  ])
    await me.link({
      url: url(),
      title,
      description: 'Bread dough, flour and a hot oven for baking a loaf',
      folderId: baking.id,
    });
  for (const title of [
    'The Rust borrow checker explained',
    'Writing a compiler in Rust',
    'Rust traits and generics',
  ])
    await me.link({
      url: url(),
      title,
      description: 'Rust programming: the compiler, types and memory',
      folderId: code.id,
    });
  return { baking, code };
}

/** A small OpenAI-compatible endpoint on 127.0.0.1 that answers each folder question with `answer`. */
function useFolderModel() {
  const model = { answer: null as string | null, asked: [] as string[], url: '' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { content: string }[] };
      model.asked.push(body.messages[1]?.content ?? '');
      if (model.answer === null) return void res.writeHead(500).end('down');
      const content = JSON.stringify({ folder: model.answer });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    model.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return model;
}

const drain = async (ctx: TestContext) => {
  while (await ctx.services.workers.runOnce());
};
const read = async (me: Client, id: string) => (await me.get(`/api/links/${id}`)).json<Link>();

describe('smart categories: a folder suggested at enrichment', () => {
  const pages = usePageServer({ '/bread': BREAD, '/bread-again': BREAD_AGAIN, '/bread-copy': BREAD });
  const ctx = useTestApp({ fetchAllow: ['127.0.0.1'] });
  const person = async () => clientFor(ctx.app, await signUp(ctx.app));

  it("suggests the person's folder whose links share the page's words, and never moves the link", async () => {
    const me = await person();
    const { baking } = await library(me, pages.origin);
    const link = await me.link({ url: pages.url('/bread') });
    await drain(ctx);
    const enriched = await read(me, link.id);
    expect(enriched).toMatchObject({
      enrichmentStatus: 'enriched',
      folderId: null,
      suggestedFolderId: baking.id,
    });
  });

  it('suggests nothing in a library with too few filed links, nor for a link saved into a folder', async () => {
    const me = await person();
    const baking = await me.folder({ name: 'Baking' });
    await me.link({ title: 'Sourdough bread', folderId: baking.id });
    const loose = await me.link({ url: pages.url('/bread') });
    const filed = await me.link({ url: pages.url('/bread-again'), folderId: baking.id });
    await drain(ctx);
    expect((await read(me, loose.id)).suggestedFolderId).toBeNull();
    expect((await read(me, filed.id)).suggestedFolderId).toBeNull();
  });

  it("never suggests another person's folder, whatever their links hold", async () => {
    const other = await person();
    const theirs = await library(other, pages.origin);
    const me = await person();
    const mine = await me.link({ url: pages.url('/bread') });
    await drain(ctx);
    expect((await read(me, mine.id)).suggestedFolderId).toBeNull();
    // Not even written straight to the repository: the folder is read as the person's own in the statement.
    const suggestions = new LinkSuggestionsRepository(ctx.database.db);
    const me2 = (await me.get('/api/auth/user')).json<{ id: string }>().id;
    expect(await suggestions.suggest(ctx.database.db, me2, mine.id, theirs.baking.id)).toBe(false);
    expect((await read(me, mine.id)).suggestedFolderId).toBeNull();
  });

  it('keeps a dismissed suggestion dismissed: enriched again, and by Auto-organise', async () => {
    const me = await person();
    await library(me, pages.origin);
    const link = await me.link({ url: pages.url('/bread') });
    await drain(ctx);
    expect((await read(me, link.id)).suggestedFolderId).not.toBeNull();
    expect((await me.delete(`/api/links/${link.id}/suggestion`)).statusCode).toBe(204);
    expect((await read(me, link.id)).suggestedFolderId).toBeNull();
    expect((await me.post(`/api/links/${link.id}/enrich`)).statusCode).toBe(202);
    await drain(ctx);
    expect((await read(me, link.id)).suggestedFolderId).toBeNull();
    const organised = (await me.post('/api/links/organise')).json<OrganiseAnswer>();
    expect(organised.items.map((l) => l.id)).not.toContain(link.id);
    expect((await read(me, link.id)).suggestedFolderId).toBeNull();
  });

  it('clears the suggestion when the person moves the link, one or many, or deletes the folder', async () => {
    const me = await person();
    const { baking, code } = await library(me, pages.origin);
    const [one, two, three] = [
      await me.link({ url: pages.url('/bread') }),
      await me.link({ url: pages.url('/bread-again') }),
      await me.link({ url: pages.url('/bread-copy') }),
    ];
    await drain(ctx);
    for (const link of [one, two, three]) expect((await read(me, link.id)).suggestedFolderId).toBe(baking.id);
    // Another folder than the one suggested: still the person's choice, and the suggestion is gone.
    expect((await me.patch(`/api/links/${one.id}`, { folderId: code.id })).statusCode).toBe(200);
    expect(await read(me, one.id)).toMatchObject({ folderId: code.id, suggestedFolderId: null });
    const moved = await me.post('/api/links/bulk', { ids: [two.id], action: 'move', folderId: baking.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await ctx.database.db
      .selectFrom('links')
      .select(['id', 'suggested_folder_id'])
      .where('id', 'in', [one.id, two.id])
      .execute();
    expect(rows.map((row) => row.suggested_folder_id)).toEqual([null, null]);
    expect((await me.delete(`/api/folders/${baking.id}`)).statusCode).toBe(204);
    expect(await read(me, three.id)).toMatchObject({ folderId: null, suggestedFolderId: null });
  });

  it('Auto-organise suggests for the Uncategorized links, and Reject all dismisses them', async () => {
    const me = await person();
    const { baking } = await library(me, pages.origin);
    const links = [
      await me.link({ url: pages.url('/bread') }),
      await me.link({ url: pages.url('/bread-again') }),
    ];
    const nothing = await me.link({ title: 'Untitled', url: pages.url('/gone') });
    await drain(ctx);
    // As if saved before the library had folders to learn from: enriched with no suggestion.
    await ctx.database.db
      .updateTable('links')
      .set({ suggested_folder_id: null })
      .where(
        'id',
        'in',
        links.map((link) => link.id),
      )
      .execute();
    const res = await me.post('/api/links/organise');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<OrganiseAnswer>();
    expect(answer).toMatchObject({ considered: 3, more: false });
    expect(answer.items.map((link) => [link.id, link.suggestedFolderId])).toEqual(
      [...links].reverse().map((link) => [link.id, baking.id]),
    );
    expect(answer.items.map((l) => l.id)).not.toContain(nothing.id);
    const rejected = await me.post('/api/links/bulk', { ids: links.map((l) => l.id), action: 'dismiss' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await me.post('/api/links/organise')).json<OrganiseAnswer>().items).toEqual([]);
  });

  it("answers 404 for a suggestion of a link that is not the person's", async () => {
    const me = await person();
    const other = await person();
    const theirs = await other.link();
    expectNotFound(await me.delete(`/api/links/${theirs.id}/suggestion`));
    expectNotFound(await me.delete('/api/links/00000000-0000-4000-8000-000000000000/suggestion'));
    const bulk = await me.post('/api/links/bulk', { ids: [theirs.id], action: 'dismiss' });
    expectNotFound(bulk);
  });

  it('refuses Auto-organise past ten calls a minute, each person on their own', async () => {
    const me = await person();
    for (let call = 0; call < 10; call++) expect((await me.post('/api/links/organise')).statusCode).toBe(200);
    const refused = await me.post('/api/links/organise');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/too many/i);
    expect((await (await person()).post('/api/links/organise')).statusCode).toBe(200);
  });
});

describe('smart categories with a language model', () => {
  const pages = usePageServer({ '/bread': BREAD, '/bread-again': BREAD_AGAIN, '/bread-copy': BREAD });
  const model = useFolderModel();
  // The model's address is known once its server listens: the test builds its app around it, on this database.
  const ctx = useTestApp({ fetchAllow: ['127.0.0.1'] });

  it('is asked among the person’s own folder names, and the offline suggester answers when it fails', async () => {
    const config = testConfig({ fetchAllow: ['127.0.0.1'], llm: { baseUrl: model.url, timeoutMs: 5000 } });
    const services = buildServices({ config, database: ctx.database });
    const withModel = await buildApp({ config, database: ctx.database }, services);
    try {
      const me = clientFor(withModel, await signUp(withModel));
      const { code, baking } = await library(me, pages.origin);
      model.answer = 'code';
      const chosen = await me.link({ url: pages.url('/bread') });
      while (await services.workers.runOnce());
      expect((await read(me, chosen.id)).suggestedFolderId).toBe(code.id);
      expect(model.asked.at(-1)).toContain('- Baking\n- Code');
      model.answer = 'none';
      const none = await me.link({ url: pages.url('/bread-again') });
      while (await services.workers.runOnce());
      expect((await read(me, none.id)).suggestedFolderId).toBeNull();
      model.answer = null;
      const offline = await me.link({ url: pages.url('/bread-copy') });
      while (await services.workers.runOnce());
      expect((await read(me, offline.id)).suggestedFolderId).toBe(baking.id);
    } finally {
      await services.close();
      await withModel.close();
    }
  });
});
