import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentServer } from '../test/tcp.js';
import { startDatabase } from './db/startup.js';

/**
 * File permissions bind everyone but root, which CI's tests run as: the server then runs as root without
 * the capabilities that override them (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH; util-linux's setpriv), so a
 * read-only file is read-only to it. Another user would have to be able to read the checkout, which a
 * root-owned clone under /root or a private temporary directory does not allow.
 */
const DROP_OVERRIDES = '-dac_override,-dac_read_search';
const asOperator = (command: string[]): string[] =>
  process.getuid?.() === 0
    ? ['setpriv', `--inh-caps=${DROP_OVERRIDES}`, `--bounding-set=${DROP_OVERRIDES}`, '--', ...command]
    : command;

/** server/main.ts as an operator runs it, expected to refuse to start: its exit code and what it printed. */
function startFailing(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const [file = '', ...args] = asOperator([process.execPath, '--import', 'tsx', 'server/main.ts']);
    const child = spawn(file, args, {
      env: { ...process.env, PORT: '0', WORKERS: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.on('error', (err) => resolve({ code: null, output: `cannot run ${file}: ${err.message}` }));
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A server that started after all would listen for ever; the test then fails on its exit code.
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The real program refuses to start, with one line saying what and how. */
describe('server/main.ts on a database it cannot use', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lv-main-startup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits within the connect timeout when PostgreSQL never answers', { timeout: 60_000 }, async () => {
    const silent = await silentServer();
    try {
      const { code, output } = await startFailing({
        DATABASE_URL: `postgres://linkvault@127.0.0.1:${silent.port}/linkvault`,
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
      });
      expect(code, output).toBe(1);
      expect(output).toContain(
        `Linkvault cannot start: Cannot connect to PostgreSQL at 127.0.0.1:${silent.port}/linkvault`,
      );
      expect(output).not.toMatch(/^\s+at /m);
    } finally {
      await silent.close();
    }
  });

  it('refuses a read-only SQLite file', { timeout: 60_000 }, async () => {
    const file = join(dir, 'read-only.db');
    // Migrated first: an up-to-date database needs no write to start, and so started "ready".
    await (await startDatabase(`sqlite:${file}`, { connectMs: 1000 })).close();
    chmodSync(file, 0o444);
    const { code, output } = await startFailing({ DATABASE_URL: `sqlite:${file}` });
    expect(code, output).toBe(1);
    expect(output).toContain(`Linkvault cannot start: Cannot write to the SQLite database ${file}`);
    expect(output).toContain('SQLITE_READONLY');
    expect(output).toContain('writable by the user running the server');
  });

  it('refuses a directory it may not create', { timeout: 60_000 }, async () => {
    const locked = join(dir, 'locked');
    mkdirSync(locked, { mode: 0o555 });
    const { code, output } = await startFailing({ DATABASE_URL: `sqlite:${join(locked, 'data', 'lv.db')}` });
    expect(code, output).toBe(1);
    expect(output).toContain(`Cannot create the directory ${join(locked, 'data')}`);
    expect(output).toContain('permission denied (EACCES)');
    expect(output).toContain('DATABASE_URL');
  });
});
