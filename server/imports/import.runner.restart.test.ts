import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Import } from '../../contracts/index.js';
import { freshDatabase, testDialect } from '../../test/database.js';
import { waitFor } from '../../test/wait.js';
import type { Database } from '../db/database.js';
import { TEST_PASSWORD } from '../../test/credentials.js';
import { keepProcessLog } from '../../test/logs.js';

const ENTRIES = 20_000;
const FOLDERS = 100;
/** Every 40th entry repeats an earlier page (merged), every 97th is not a web page (skipped). */
const isRepeat = (i: number) => i % 40 === 39;
const isInvalid = (i: number) => i % 97 === 96;

/** A Netscape file of ENTRIES bookmarks in FOLDERS folders, and what an import of it must give. */
function bookmarkFile() {
  const lines = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>', '<TITLE>Bookmarks</TITLE>', '<DL><p>'];
  const pages = new Set<string>();
  let skipped = 0;
  for (let i = 0; i < ENTRIES; i += 1) {
    if (i % (ENTRIES / FOLDERS) === 0) {
      if (i > 0) lines.push('</DL><p>');
      lines.push(`<DT><H3>Folder ${i / (ENTRIES / FOLDERS)}</H3>`, '<DL><p>');
    }
    let url = `https://site${i % 50}.example/page/${i}`;
    if (isInvalid(i)) {
      url = `javascript:void(${i})`;
      skipped += 1;
    } else if (isRepeat(i)) {
      const earlier = `https://site${(i - 1) % 50}.example/page/${i - 1}`;
      pages.add(earlier);
      url = `${earlier}?utm_source=x`;
    } else {
      pages.add(url);
    }
    lines.push(`<DT><A HREF="${url}" ADD_DATE="${1_600_000_000 + i}">Bookmark ${i}</A>`);
  }
  lines.push('</DL><p>', '</DL><p>');
  return { text: lines.join('\n'), created: pages.size, skipped, merged: ENTRIES - pages.size - skipped };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The real program (server/main.ts), as an operator runs it. */
async function startServer(port: number, databaseUrl: string, dir: string): Promise<ChildProcess> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      WORKERS: '1',
      WEB_DIST: dir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('close', () => keepProcessLog('import-restart', output));
  const healthy = () =>
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  await waitFor(healthy, { timeoutMs: 60_000, intervalMs: 100 }).catch((err: unknown) => {
    throw new Error(`the server did not start: ${output}`, { cause: err });
  });
  return child;
}

describe(`an import killed midway (SIGKILL) finishes after a restart (${testDialect()})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'lv-restart-'));
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, url, drop } = await freshDatabase());
  });
  afterAll(async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no link and doubles none', { timeout: 180_000 }, async () => {
    const file = bookmarkFile();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServer(port, url, dir);
    try {
      const signup = await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'restart@example.com', password: TEST_PASSWORD }),
      });
      const session = (await signup.json()) as { access_token: string; user: { id: string } };
      const auth = { authorization: `Bearer ${session.access_token}` };
      const form = new FormData();
      // Enrichment would fetch 20,000 made-up addresses; the import itself is what is tested here.
      form.append('enrich', 'false');
      form.append('file', new Blob([file.text], { type: 'text/html' }), 'big.html');
      const started = await fetch(`${base}/api/imports`, { method: 'POST', headers: auth, body: form });
      expect(started.status).toBe(202);
      const { id } = (await started.json()) as Import;
      const progress = async () =>
        (await (await fetch(`${base}/api/imports/${id}`, { headers: auth })).json()) as Import;

      const before = await waitFor(
        async () => {
          const now = await progress();
          return (now.processed > 0 || now.status === 'done') && now;
        },
        { timeoutMs: 60_000 },
      );
      expect(before.status, 'the import ended before it could be killed').toBe('running');
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));

      server = await startServer(port, url, dir);
      const after = await waitFor(
        async () => {
          const now = await progress();
          return now.status === 'done' && now;
        },
        { timeoutMs: 120_000, intervalMs: 250 },
      );
      expect(after).toMatchObject({
        status: 'done',
        total: ENTRIES,
        processed: ENTRIES,
        created: file.created,
        merged: file.merged,
        skipped: file.skipped,
      });
      expect(after.processed).toBeGreaterThan(before.processed);

      const rows = await database.db
        .selectFrom('links')
        .select(['url_key', (eb) => eb.fn.countAll<number>().as('copies')])
        .where('user_id', '=', session.user.id)
        .groupBy('url_key')
        .execute();
      expect(rows).toHaveLength(file.created);
      expect(rows.filter((row) => Number(row.copies) !== 1)).toEqual([]);
      const folders = await database.db
        .selectFrom('folders')
        .select(sql<number>`count(*)`.as('count'))
        .where('user_id', '=', session.user.id)
        .executeTakeFirstOrThrow();
      expect(Number(folders.count)).toBe(FOLDERS);
      const chunks = await database.db
        .selectFrom('import_chunks')
        .select('seq')
        .where('import_id', '=', id)
        .execute();
      expect(chunks).toEqual([]);
    } finally {
      server.kill('SIGKILL');
    }
  });
});
