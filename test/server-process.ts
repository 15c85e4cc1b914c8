import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './listening-app.js';
import { keepProcessLog } from './logs.js';
import { waitFor } from './wait.js';

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Everything it printed so far: JSON log lines, one per request among them. */
  output(): string;
  /** Sends `signal` and answers the exit code once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The real program (server/main.ts) as an operator runs it, in a process of its own on a free port, once
 * it has printed `ready`. `env` adds to and overrides the defaults: no workers, no web app built. What it
 * printed is kept under `name` for the log check (test/logs.ts). Starting it under tsx on a loaded
 * 2-core machine takes seconds, hence the long wait.
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  { ready = 'Linkvault is ready' }: { ready?: string } = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      WORKERS: '0',
      WEB_DIST: join(tmpdir(), 'lv-no-web-app'),
      LOG_FORMAT: 'json',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.on('close', () => keepProcessLog(name, output));
  await waitFor(() => output.includes(ready) || child.exitCode !== null, {
    timeoutMs: 90_000,
    intervalMs: 50,
  });
  if (!output.includes(ready)) throw new Error(`the server did not start: ${output}`);
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The JSON lines a server process printed, parsed (the other lines, a stack trace, say, left out). */
export function logLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
