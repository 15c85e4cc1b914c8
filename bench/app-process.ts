/**
 * The real program, `dist/server/main.js` as `npm start` runs it (built first by the bench's npm script,
 * started with the environment and Node options of package.json's `serve` script), in a process of its
 * own: benchmarks load it over real HTTP and read its memory from /proc without counting their own.
 * Running the built JavaScript matters for memory: under tsx the server also holds the transpiled sources
 * and their source maps, and V8 lets a heap grow in proportion to what it holds.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { processTree } from './cpu.js';

const ROOT = new URL('../', import.meta.url);
/** Preloaded into the server: a full garbage collection when the bench asks (bench/gc-on-message.mjs). */
const GC_HOOK = fileURLToPath(new URL('./gc-on-message.mjs', import.meta.url));

export interface AppOptions {
  /** WORKERS: enrichment workers and the import runner (0, the default: none). */
  workers?: number;
  /** FETCH_ALLOW: private hosts the fetcher may reach (pages served by the bench itself). */
  fetchAllow?: string[];
  /** WEB_PROCESSES: HTTP processes sharing the port on PostgreSQL (unset: the program's default, one). */
  webProcesses?: number;
  /** SAVES_PER_MINUTE: one account saving back to back stands for many people, so a bench lifts it. */
  savesPerMinute?: number;
}

export interface AppProcess {
  origin: string;
  pid: number;
  /** The program's process and those it started (the web processes sharing the port). */
  processes(): number[];
  /** A full garbage collection in the server, so that what is measured next is its live memory. */
  collect(): Promise<void>;
  /**
   * VmRSS, and VmHWM (the peak since the last resetPeak), in bytes; RssAnon is the part that is not mapped
   * files (heaps, the allocator's arenas, thread stacks), RssFile the program's own code and libraries.
   */
  memory(): { rss: number; peak: number; anon: number; file: number };
  /** process.memoryUsage() in the server: its main thread's V8 heap, external memory and array buffers. */
  heap(): Promise<NodeJS.MemoryUsage>;
  /** Resets VmHWM to the current RSS ("5" to /proc/pid/clear_refs, proc(5)). */
  resetPeak(): void;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });

/**
 * package.json's `serve` script (`NAME=value … node --option … dist/server/main.js`) read into what fork
 * takes, so that a benchmark measures the server with the very settings `npm start` gives it (its memory
 * depends on them: README "Memory").
 */
function serveCommand(): { env: Record<string, string>; execArgv: string[]; main: string } {
  const { scripts } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as {
    scripts: { serve: string };
  };
  const words = scripts.serve.trim().split(/\s+/);
  const nodeAt = words.indexOf('node');
  const main = words.at(-1);
  if (nodeAt < 0 || !main) throw new Error(`package.json's serve script is not "… node … <script>"`);
  const env = Object.fromEntries(
    words.slice(0, nodeAt).map((word) => word.split('=', 2) as [string, string]),
  );
  return { env, execArgv: words.slice(nodeAt + 1, -1), main: fileURLToPath(new URL(main, ROOT)) };
}

export async function startAppProcess(databaseUrl: string, options: AppOptions = {}): Promise<AppProcess> {
  const port = await freePort();
  const serve = serveCommand();
  const child = fork(serve.main, [], {
    execArgv: [...serve.execArgv, '--expose-gc', '--import', GC_HOOK],
    env: {
      ...process.env,
      ...serve.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: String(options.workers ?? 0),
      FETCH_ALLOW: (options.fetchAllow ?? []).join(','),
      ...(options.webProcesses !== undefined && { WEB_PROCESSES: String(options.webProcesses) }),
      ...(options.savesPerMinute !== undefined && { SAVES_PER_MINUTE: String(options.savesPerMinute) }),
      // Errors only: an imported page that is gone (404) logs a warning, and a benchmark imports thousands.
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited with code ${code} before listening`))),
  );
  const ready = (async () => {
    for (;;) {
      if (
        await fetch(`${origin}/healthz`).then(
          (res) => res.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([ready, exited]);
  child.removeAllListeners('exit');
  return handle(child, origin);
}

function handle(child: ChildProcess, origin: string): AppProcess {
  const pid = child.pid ?? 0;
  return {
    origin,
    pid,
    processes: () => processTree(pid),
    collect: () => ask(child, 'gc', (reply) => reply === 'gc done').then(() => undefined),
    heap: () =>
      ask(child, 'memory', (reply) => 'memory' in Object(reply)).then(
        (reply) => (reply as { memory: NodeJS.MemoryUsage }).memory,
      ),
    memory() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) =>
        Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
      return { rss: kb('VmRSS'), peak: kb('VmHWM'), anon: kb('RssAnon'), file: kb('RssFile') };
    },
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    // SIGTERM: the program finishes what is in hand and closes its database (server/main.ts).
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** Sends `question` to the server's hook (bench/gc-on-message.mjs) and waits for the reply that answers it. */
function ask(child: ChildProcess, question: string, answers: (reply: unknown) => boolean): Promise<unknown> {
  return new Promise((resolve) => {
    const listen = (reply: unknown) => {
      if (!answers(reply)) return;
      child.off('message', listen);
      resolve(reply);
    };
    child.on('message', listen);
    child.send(question);
  });
}
