import type { Updateable } from 'kysely';
import { expect } from 'vitest';
import type { Folder, Link, Snippet } from '../../contracts/index.js';
import { type Client, clientFor } from '../../test/api.js';
import { type TestContext, signUp } from '../../test/app.js';
import type { LinksTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { writeJson } from '../lib/json-column.js';
import { type LinkRow, LinksRepository, newLinkRow } from '../library/links.repository.js';

/** Test helpers for the export tests (not a test file: vitest does not collect it). */

/** A title that is a spreadsheet formula, closes the bookmark's <A>, opens a script, quotes and breaks lines. */
export const HOSTILE_TITLE =
  '=HYPERLINK("http://evil.example","click") </A><script>alert(1)</script> "double" \'single\' a: b # c [x](y)\nsecond line 🦊';
/** Seen in no export of anyone but its owner. */
export const STRANGER_MARK = 'STRANGER-7f3a';

export interface Library {
  session: Awaited<ReturnType<typeof signUp>>;
  me: Client;
  work: Folder;
  empty: Folder;
  deep: Link;
  hostile: Link;
  plain: Link;
  /** On `deep`, oldest first. */
  deepSnippets: Snippet[];
  unattached: Snippet;
  stranger: { me: Client; folder: Folder; link: Link; snippet: Snippet };
}

export const DEEP_ENRICHMENT = {
  created_at: '2023-05-01T10:00:00.000Z',
  updated_at: '2023-05-02T08:30:00.000Z',
  tags: writeJson(['focus', 'books']),
  state: 'read',
  favorite: 1,
  favicon: 'https://example.org/favicon.ico',
  summary_short: 'Focus without distraction.',
  summary_long: 'Deep work is focused.\nIt is rare and valuable.',
  key_points: writeJson(['Focus is rare', 'Schedule <deep> blocks']),
  highlights: writeJson(['Attention is a muscle']),
  og_title: 'Deep Work (OG)',
  og_description: 'The OG description',
  og_image_url: 'https://example.org/og.png',
  last_processed_at: '2023-05-01T10:01:00.000Z',
  platform: 'youtube',
  platform_metadata: writeJson({ channel: 'Cal', views: 12 }),
  extraction_method: 'readability',
  enrichment_status: 'enriched',
} satisfies Updateable<LinksTable>;

/**
 * One user's small library built through the API (two folders, one empty; three links, one hostile; snippets
 * with notes, colours and positions; a snippet on a page never saved), with enrichment and dates written
 * into the rows as a worker would; and a stranger's library beside it.
 */
export async function buildLibrary(ctx: TestContext): Promise<Library> {
  const setRow = (id: string, changes: Updateable<LinksTable>) =>
    ctx.database.db.updateTable('links').set(changes).where('id', '=', id).execute();
  const session = await signUp(ctx.app);
  const me = clientFor(ctx.app, session);
  const work = await me.folder({ name: 'Work / Reading', color: 'green' });
  const empty = await me.folder({ name: 'Empty', color: 'blue' });
  const deep = await me.link({
    url: 'https://example.org/deep-work?x=1&y=2',
    title: 'Deep work',
    description: 'Line one\nLine two & <more>',
    folderId: work.id,
  });
  const hostile = await me.link({ url: 'https://example.org/hostile', title: 'Placeholder' });
  const plain = await me.link({ url: 'https://example.org/plain', title: 'Plain page', folderId: work.id });
  await setRow(deep.id, DEEP_ENRICHMENT);
  await setRow(hostile.id, {
    title: HOSTILE_TITLE,
    description: '<img src=x onerror=alert(1)> "quoted"',
    tags: writeJson(['x"y', '<b>']),
    created_at: '2024-01-15T12:00:00.000Z',
    updated_at: '2024-01-15T12:00:00.000Z',
  });
  await setRow(plain.id, { created_at: '2022-03-03T03:03:03.000Z', updated_at: '2022-03-03T03:03:03.000Z' });
  const deepSnippets = [
    await me.snippet({
      pageUrl: deep.url,
      linkId: deep.id,
      selectedText: 'The first quote\nacross two lines',
      pageTitle: 'Deep work',
      contextBefore: 'before',
      contextAfter: 'after',
      note: 'My note: important',
      color: 'green',
      positionData: { start: 10, length: 20 },
    }),
    await me.snippet({ pageUrl: deep.url, linkId: deep.id, selectedText: 'Second quote', color: 'pink' }),
  ];
  const unattached = await me.snippet({
    pageUrl: 'https://elsewhere.example/article',
    selectedText: 'Orphan text',
    pageTitle: 'Elsewhere',
    note: 'orphan note',
    color: 'blue',
  });
  for (const snippet of deepSnippets) expect(snippet.linkId).toBe(deep.id);
  expect(unattached.linkId).toBeNull();

  const stranger = clientFor(ctx.app, await signUp(ctx.app));
  const strangerFolder = await stranger.folder({ name: `Folder ${STRANGER_MARK}` });
  const strangerLink = await stranger.link({
    url: `https://example.org/${STRANGER_MARK}`,
    title: `Link ${STRANGER_MARK}`,
    folderId: strangerFolder.id,
  });
  const strangerSnippet = await stranger.snippet({ selectedText: `Snippet ${STRANGER_MARK}` });
  return {
    session,
    me,
    work,
    empty,
    deep: (await me.get(`/api/links/${deep.id}`)).json<Link>(),
    hostile: (await me.get(`/api/links/${hostile.id}`)).json<Link>(),
    plain: (await me.get(`/api/links/${plain.id}`)).json<Link>(),
    deepSnippets,
    unattached,
    stranger: { me: stranger, folder: strangerFolder, link: strangerLink, snippet: strangerSnippet },
  };
}

/** GET /api/export as the library's owner, checked for 200 and the attachment headers of `format`. */
export async function exported(me: Client, query: string) {
  const res = await me.get(`/api/export?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toContain(STRANGER_MARK);
  return res;
}

/** `count` links written straight into the database (https://bulk.example/<id>), as an import would. */
export async function insertLinks(
  ctx: TestContext,
  userId: string,
  count: number,
  createdAt: (index: number) => string,
  folderId: string | null = null,
): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i): LinkRow => {
    const id = newId();
    return newLinkRow(
      {
        id,
        user_id: userId,
        folder_id: folderId,
        url: `https://bulk.example/${id}`,
        title: `Bulk ${i}`,
        description: null,
        enrichment_status: 'none',
      },
      createdAt(i),
    );
  });
  await new LinksRepository(ctx.database.db, ctx.database.dialect).insert(ctx.database.db, rows);
  return rows.map((row) => row.id);
}
