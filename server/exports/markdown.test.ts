import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import {
  DEEP_ENRICHMENT,
  HOSTILE_TITLE,
  type Library,
  STRANGER_MARK,
  buildLibrary,
  exported,
} from './library.fixture.js';

const HOSTILE_NOTE =
  'hyperlink-http-evil-example-click-a-script-alert-1-script-double-single-a-b-c-x-y-second-line.md';

/** The archive's files, by path, as text. */
function unzipped(res: { rawPayload: Buffer }): Record<string, string> {
  const files = unzipSync(new Uint8Array(res.rawPayload));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/** Front matter read back: every value is JSON, which is valid YAML (markdown-text.ts). */
function frontMatter(note: string): Record<string, unknown> {
  const [, head] = /^---\n([\s\S]*?)\n---\n/.exec(note) ?? [];
  if (head === undefined) throw new Error(`no front matter in ${note}`);
  return Object.fromEntries(
    head.split('\n').map((line) => {
      const at = line.indexOf(': ');
      return [line.slice(0, at), JSON.parse(line.slice(at + 2))];
    }),
  );
}

describe('GET /api/export?format=markdown', () => {
  const ctx = useTestApp();
  let library: Library;
  let files: Record<string, string>;
  beforeAll(async () => {
    library = await buildLibrary(ctx);
    const res = await exported(library.me, 'format=markdown');
    expect(res.headers['content-type']).toBe('application/zip');
    files = unzipped(res);
  });

  it('is a ZIP of one note a link in its folder (Uncategorized/ without one) and one index.md a folder', () => {
    expect(Object.keys(files)).toEqual([
      'Work - Reading/deep-work.md',
      'Work - Reading/plain-page.md',
      'Work - Reading/index.md',
      'Empty/index.md',
      `Uncategorized/${HOSTILE_NOTE}`,
      'Uncategorized/index.md',
    ]);
    expect(Object.values(files).join('\n')).not.toContain(STRANGER_MARK);
  });

  it('writes front matter, summaries, key points, highlights, and each snippet as a quote with its note', () => {
    const note = files['Work - Reading/deep-work.md'] ?? '';
    expect(frontMatter(note)).toEqual({
      title: 'Deep work',
      url: library.deep.url,
      created: DEEP_ENRICHMENT.created_at,
      tags: ['focus', 'books'],
      folder: 'Work / Reading',
      state: 'read',
      favorite: true,
    });
    const body = note.slice(note.indexOf('\n---\n') + 5);
    expect(body).toBe(
      [
        '',
        '# Deep work',
        '',
        `[https://example.org/deep-work?x=1&y=2](https://example.org/deep-work?x=1&y=2)`.replace(
          '&y',
          '\\&y',
        ),
        '',
        'Line one\nLine two \\& \\<more\\>',
        '',
        '## Summary',
        '',
        'Focus without distraction.',
        '',
        'Deep work is focused.\nIt is rare and valuable.',
        '',
        '## Key points',
        '',
        '- Focus is rare\n- Schedule \\<deep\\> blocks',
        '',
        '## Highlights',
        '',
        '- Attention is a muscle',
        '',
        '## Snippets',
        '',
        '> The first quote\n> across two lines\n\nNote: My note: important\n\n> Second quote',
        '',
      ].join('\n'),
    );
    expect(frontMatter(files['Work - Reading/plain-page.md'] ?? '')).toMatchObject({
      tags: [],
      favorite: false,
      state: 'unread',
    });
  });

  it('keeps a hostile title one line of front matter and plain text in the note', () => {
    const note = files[`Uncategorized/${HOSTILE_NOTE}`] ?? '';
    const head = frontMatter(note);
    expect(head).toMatchObject({ title: HOSTILE_TITLE, folder: null, tags: ['x"y', '<b>'] });
    expect(note.split('\n---\n')[0]?.split('\n')).toHaveLength(8);
    // Every '<' is escaped: in the front matter as \u003c, in the text as \<.
    expect(note).not.toMatch(/(^|[^\\])</m);
    expect(note).toContain(
      '# =HYPERLINK("http://evil.example","click") \\</A\\>\\<script\\>alert(1)\\</script\\>',
    );
  });

  it('lists each folder’s notes in its index.md, as links that work with spaces and brackets', () => {
    expect(files['Work - Reading/index.md']).toBe(
      '# Work / Reading\n\n- [Deep work](deep-work.md)\n- [Plain page](plain-page.md)\n',
    );
    expect(files['Empty/index.md']).toBe('# Empty\n\nNo links.\n');
    expect(files['Uncategorized/index.md']).toContain(`](${HOSTILE_NOTE})`);
  });

  it('gives notes of the same title (or called "index") names of their own, and folders too', async () => {
    const me = clientFor(ctx.app, await signUp(ctx.app));
    const one = await me.folder({ name: 'Notes: 2024?' });
    const two = await me.folder({ name: 'notes- 2024-' });
    await me.folder({ name: 'Uncategorized' });
    for (const title of ['Same', 'same', 'Index', 'CON']) await me.link({ title, folderId: one.id });
    await me.link({ title: '   ', folderId: two.id });
    const names = Object.keys(unzipped(await exported(me, 'format=markdown')));
    expect(names.sort()).toEqual(
      [
        'Notes- 2024/_con.md',
        'Notes- 2024/index-2.md',
        'Notes- 2024/index.md',
        'Notes- 2024/same-2.md',
        'Notes- 2024/same.md',
        'notes- 2024-2/example-com.md',
        'notes- 2024-2/index.md',
        'Uncategorized-2/index.md',
        'Uncategorized/index.md',
      ].sort(),
    );
  });

  it('with folderId: that folder alone', async () => {
    const names = Object.keys(
      unzipped(await exported(library.me, `format=markdown&folderId=${library.work.id}`)),
    );
    expect(names).toEqual([
      'Work - Reading/deep-work.md',
      'Work - Reading/plain-page.md',
      'Work - Reading/index.md',
    ]);
  });
});
