import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshDatabase, testDialect } from '../../test/database.js';
import { type ServerProcess, logLines, startServerProcess } from '../../test/server-process.js';
import { waitFor } from '../../test/wait.js';
import { restartDelay, webProcessExecArgv, workerShares } from './web-cluster.js';

describe('workerShares', () => {
  it('spreads WORKERS over the web processes, the remainder to the first', () => {
    expect(workerShares(2, 1)).toEqual([2]);
    expect(workerShares(2, 2)).toEqual([1, 1]);
    expect(workerShares(5, 2)).toEqual([3, 2]);
    expect(workerShares(2, 4)).toEqual([1, 1, 0, 0]);
    expect(workerShares(0, 3)).toEqual([0, 0, 0]);
  });
});

describe('restartDelay', () => {
  it('doubles with each death in a row, up to half a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('webProcessExecArgv', () => {
  it("leaves out only npm start's option that trades speed for memory", () => {
    expect(
      webProcessExecArgv(['--max-semi-space-size=4', '--optimize-for-size', '--import', 'x.js']),
    ).toEqual(['--max-semi-space-size=4', '--import', 'x.js']);
  });
});

/** GET `path` on a connection of its own (the cluster hands out connections, not requests): its status. */
const getOnNewConnection = (origin: string, path: string) =>
  new Promise<number>((resolve, reject) => {
    get(`${origin}${path}`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });

/** The processes that answered requests, by the pid on their request lines. */
const answeringPids = (server: ServerProcess) =>
  new Set(logLines(server.output()).flatMap((line) => (line.req && line.res ? [line.pid] : [])));

const readyPids = (server: ServerProcess) =>
  logLines(server.output()).flatMap((line) => (line.msg === 'web process is ready' ? [line.pid] : []));

/** Requests on new connections until `enough` holds of the pids that answered; answers them. */
async function askUntil(server: ServerProcess, enough: (pids: Set<unknown>) => boolean) {
  return waitFor(async () => {
    expect(await getOnNewConnection(server.origin, '/healthz')).toBe(200);
    const pids = answeringPids(server);
    return enough(pids) && pids;
  });
}

describe.skipIf(testDialect() !== 'postgres')('WEB_PROCESSES=2 on PostgreSQL', () => {
  it(
    'serves one port from two processes, restarts one that dies, and stops both on SIGTERM',
    { timeout: 240_000 },
    async () => {
      const { url, drop } = await freshDatabase();
      try {
        const server = await startServerProcess('web-cluster', {
          DATABASE_URL: url,
          WEB_PROCESSES: '2',
          WORKERS: '2',
        });
        const primary = server.child.pid;
        const lines = logLines(server.output());
        expect(lines.find((line) => line.msg === 'Linkvault is ready')).toMatchObject({
          pid: primary,
          webProcesses: 2,
        });
        expect(lines.find((line) => String(line.msg).startsWith('database pools sized'))).toMatchObject({
          processes: 2,
          poolPerProcess: 10,
        });
        const started = readyPids(server);
        expect(new Set(started).size).toBe(2);
        expect(started).not.toContain(primary);
        // WORKERS=2 over two processes: one each.
        expect(
          lines.filter((line) => line.msg === 'web process is ready').map((line) => line.workers),
        ).toEqual([1, 1]);

        const answered = await askUntil(server, (pids) => pids.size === 2);
        expect([...answered].sort()).toEqual([...started].sort());

        process.kill(started[0] as number, 'SIGKILL');
        await waitFor(() => readyPids(server).length === 3, { timeoutMs: 90_000 });
        expect(server.output()).toContain('a web process died; starting another');
        const replacement = readyPids(server)[2];
        await askUntil(server, (pids) => pids.has(replacement));

        expect(await server.stop('SIGTERM')).toBe(0);
        const stopped = logLines(server.output()).filter((line) => line.msg === 'stopped');
        expect(stopped.map((line) => line.pid).sort()).toEqual([started[1], replacement, primary].sort());
        await expect(getOnNewConnection(server.origin, '/healthz')).rejects.toThrow();
      } finally {
        await drop();
      }
    },
  );
});

describe('WEB_PROCESSES=2 on SQLite', () => {
  it('stays one process and says so', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lv-cluster-sqlite-'));
    try {
      const server = await startServerProcess('web-cluster-sqlite', {
        DATABASE_URL: `sqlite:${join(dir, 'lv.db')}`,
        WEB_PROCESSES: '2',
      });
      expect(server.output()).toContain(
        'SQLite serves one process: WEB_PROCESSES=2 ignored; use PostgreSQL to scale out',
      );
      await askUntil(server, (pids) => pids.size > 0);
      expect(answeringPids(server)).toEqual(new Set([server.child.pid]));
      expect(await server.stop('SIGTERM')).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
