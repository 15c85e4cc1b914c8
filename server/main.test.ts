import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/credentials.js';
import { openStream } from '../test/event-stream.js';
import { startServerProcess } from '../test/server-process.js';

describe('server/main.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lv-main-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'on SIGTERM ends open streams, finishes, closes the database and exits 0',
    { timeout: 90_000 },
    async () => {
      const server = await startServerProcess('main', {
        DATABASE_URL: `sqlite:${join(dir, 'lv.db')}`,
        WORKERS: '1',
        WEB_DIST: dir,
      });
      const base = server.origin;
      const signup = await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'shutdown@example.com', password: TEST_PASSWORD }),
      });
      const { access_token: token } = (await signup.json()) as { access_token: string };

      // Open once its answer has begun: the shutdown must end it, not find it not yet there.
      const stream = await openStream(base, { authorization: `Bearer ${token}` });
      const streamEnded = new Promise<number>((resolve) =>
        stream.res.on('end', () => resolve(stream.res.statusCode ?? 0)),
      );

      expect(await server.stop('SIGTERM')).toBe(0);
      expect(await streamEnded).toBe(200);
      expect(server.output()).toContain('shutting down');
      expect(server.output()).toContain('"msg":"stopped"');
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    },
  );
});
