import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/credentials.js';
import { keepProcessLog } from '../test/logs.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The real program (server/main.ts) as an operator runs it, on a throwaway SQLite file. */
async function startServer(
  port: number,
  dir: string,
): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, 'lv.db')}`,
      WORKERS: '1',
      WEB_DIST: dir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('close', () => keepProcessLog('main', output));
  for (let i = 0; i < 600 && !output.includes('Linkvault is ready'); i += 1)
    await new Promise((r) => setTimeout(r, 100));
  expect(output, output).toContain('Linkvault is ready');
  return { child, output: () => output };
}

describe('server/main.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lv-main-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'on SIGTERM ends open streams, finishes, closes the database and exits 0',
    { timeout: 90_000 },
    async () => {
      const port = await freePort();
      const { child, output } = await startServer(port, dir);
      const base = `http://127.0.0.1:${port}`;
      const signup = await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'shutdown@example.com', password: TEST_PASSWORD }),
      });
      const { access_token: token } = (await signup.json()) as { access_token: string };

      const streamEnded = new Promise<number>((resolve) => {
        get(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
      });
      await new Promise((r) => setTimeout(r, 200));

      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(await streamEnded).toBe(200);
      expect(output()).toContain('shutting down');
      expect(output()).toContain('"msg":"stopped"');
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    },
  );
});
