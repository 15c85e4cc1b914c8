import { describe, expect, it } from 'vitest';
import type { Import, Link } from '../../contracts/index.js';
import { type Client, allPages, clientFor } from '../../test/api.js';
import { signUp, useTestApp } from '../../test/app.js';
import { multipart } from '../../test/multipart.js';
import { createLogger } from '../logging/logger.js';
import { IngestQueue } from '../queue/ingest-queue.js';
import { FoldersRepository } from '../library/folders.repository.js';
import { LinksRepository } from '../library/links.repository.js';
import { SnippetsRepository } from '../library/snippets.repository.js';
import { LocalEventBus } from '../realtime/event-bus.js';
import { LibraryNotifier } from '../realtime/notifier.js';
import type { FileSource } from './formats/types.js';
import { ImportFilesRepository } from './import-files.repository.js';
import { ImportRunner } from './import.runner.js';
import { ImportWriter } from './import.writer.js';
import { ImportsRepository } from './imports.repository.js';

const ENTRIES = 1000;
/** About 3 MB: four pieces of the stored file, so a run can be held between two of them. */
const FILE = [
  '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
  '<DL><p>',
  ...Array.from(
    { length: ENTRIES },
    (_, i) => `<DT><A HREF="https://runs.example/${i}">Entry ${i}</A>\n<DD>${'A long note. '.repeat(240)}`,
  ),
  '</DL>',
].join('\n');

/** A gate a test opens when it likes; `reached` resolves when the code under test arrives at it. */
function gate() {
  let open: () => void = () => undefined;
  let arrive: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  return { open, reached, wait: () => (arrive(), opened) };
}

/** What happens to imports while they run: cancelled, taken over by another process, a folder deleted. */
describe('import runs', () => {
  const ctx = useTestApp();
  const newUser = async () => clientFor(ctx.app, await signUp(ctx.app));
  const start = async (client: Client, fields: Record<string, string> = {}) => {
    const { payload, headers } = multipart([
      ...Object.entries(fields).map(([name, content]) => ({ name, content })),
      { name: 'file', filename: 'runs.html', content: FILE },
    ]);
    const res = await client.send('POST', '/api/imports', payload, { headers });
    expect(res.statusCode, res.body).toBe(202);
    return res.json<Import>().id;
  };

  /**
   * A runner of its own (as another process would have) that calls `beforeThirdPiece` when its writing
   * pass reaches the file's third piece: after its first batch committed (a reader may read a piece ahead),
   * outside any transaction (on SQLite a paused transaction would hold the one connection all else needs).
   */
  function runnerWith(beforeThirdPiece: () => Promise<void>) {
    const { db, dialect } = ctx.database;
    class PausingFiles extends ImportFilesRepository {
      override source(importId: string, size: number): FileSource {
        const source = super.source(importId, size);
        let passes = 0;
        return {
          size,
          async *bytes(range) {
            let piece = 0;
            for await (const bytes of source.bytes(range)) {
              piece += 1;
              // The first pass counts the entries, the second writes them.
              if (piece === 3 && ++passes === 2) await beforeThirdPiece();
              yield bytes;
            }
          },
        };
      }
    }
    const writer = new ImportWriter(
      new LinksRepository(db, dialect),
      new FoldersRepository(db, dialect),
      new SnippetsRepository(db, dialect),
      new IngestQueue(db, dialect),
    );
    return new ImportRunner(
      new ImportsRepository(db, dialect),
      new PausingFiles(db),
      writer,
      new LibraryNotifier(new LocalEventBus()),
      createLogger('silent'),
      dialect,
    );
  }
  const progressOf = async (client: Client, id: string) =>
    (await client.get(`/api/imports/${id}`)).json<Import>();
  const linksOf = async (client: Client) => (await allPages<Link>(client, '/api/links', 200)).items;

  it('cancelled while running: stops after the batch in hand, keeps what it wrote, drops its file', async () => {
    const me = await newUser();
    const second = gate();
    const runner = runnerWith(second.wait);
    const id = await start(me);
    const running = runner.runOnce();
    await second.reached;
    const cancelled = await me.delete(`/api/imports/${id}`);
    expect(cancelled.statusCode).toBe(202);
    const wrote = cancelled.json<Import>().created;
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(wrote).toBeGreaterThanOrEqual(250);
    expect(wrote).toBeLessThan(ENTRIES);
    second.open();
    await running;
    expect(await progressOf(me, id)).toMatchObject({ status: 'cancelled', created: wrote, error: null });
    expect(await linksOf(me)).toHaveLength(wrote);
    const pieces = await ctx.database.db
      .selectFrom('import_chunks')
      .select('seq')
      .where('import_id', '=', id)
      .execute();
    expect(pieces).toEqual([]);
  });

  it('taken over by another process after its lease ran out: every entry written exactly once', async () => {
    const me = await newUser();
    const stalled = gate();
    const slow = runnerWith(stalled.wait);
    const id = await start(me);
    const first = slow.runOnce();
    await stalled.reached;
    // The stalled process's lease runs out; another process takes the import and finishes it.
    await ctx.database.db
      .updateTable('imports')
      .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const other = runnerWith(() => Promise.resolve());
    expect(await other.runOnce()).toBe(true);
    // The stalled one wakes up: its batch must not land a second time.
    stalled.open();
    await first;
    expect(await progressOf(me, id)).toMatchObject({
      status: 'done',
      total: ENTRIES,
      processed: ENTRIES,
      created: ENTRIES,
      merged: 0,
    });
    const links = await linksOf(me);
    expect(links).toHaveLength(ENTRIES);
    expect(new Set(links.map((link) => link.url)).size).toBe(ENTRIES);
  });

  it('its folder deleted midway: the rest of the file is imported uncategorized, nothing skipped', async () => {
    const me = await newUser();
    const folder = await me.folder({ name: 'Target' });
    const runner = runnerWith(async () => {
      expect((await me.delete(`/api/folders/${folder.id}`)).statusCode).toBe(204);
    });
    const id = await start(me, { folderId: folder.id });
    await runner.runOnce();
    expect(await progressOf(me, id)).toMatchObject({ status: 'done', created: ENTRIES, skipped: 0 });
    const links = await linksOf(me);
    expect(links).toHaveLength(ENTRIES);
    expect(links.every((link) => link.folderId === null)).toBe(true);
    expect((await me.get('/api/folders')).json().items).toEqual([]);
  });
});
