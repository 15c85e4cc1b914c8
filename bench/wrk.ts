/**
 * Load from wrk (Debian's `wrk`, a C program): a few microseconds of CPU per request where the Node
 * clients of load.ts take 30-90, which matters on a 2-core machine where the load generator shares the
 * cores with the server processes and PostgreSQL. bench/wrk.lua shapes the requests and reports; without
 * wrk on the PATH (or WRK set to its path) the bench falls back to load.ts's autocannon and says so.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type LoadResult, type LoadSpec, runLoad } from './load.js';

const WRK = process.env.WRK ?? 'wrk';
const SCRIPT = fileURLToPath(new URL('./wrk.lua', import.meta.url));
/** wrk counts a request without an answer in this long as a timeout (its default, 2 s, is short for saves). */
const TIMEOUT_SECONDS = 10;

export type LoadGenerator = 'wrk' | 'autocannon';

/** What the load generator itself cost, beside what it measured. */
export interface GeneratorResult extends LoadResult {
  generator: LoadGenerator;
  /** CPU seconds per second of the run: 0.05 is a twentieth of one core. */
  clientCores: number;
}

/** wrk when it runs here, else autocannon (bench/load.ts). */
export function loadGenerator(): LoadGenerator {
  try {
    execFileSync(WRK, ['--version'], { stdio: 'ignore' });
    return 'wrk';
  } catch (err) {
    // wrk --version prints its version and exits with 1; only a missing program throws ENOENT.
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'autocannon' : 'wrk';
  }
}

const clockTicks = (() => {
  let ticks: number | undefined;
  return () => (ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()));
})();

/** Runs `spec` (warm-up, then the measured run) with `generator`. Paced loads are load.ts's alone. */
export async function generateLoad(spec: LoadSpec, generator: LoadGenerator): Promise<GeneratorResult> {
  if (generator === 'autocannon' || spec.ratePerConnection !== undefined) {
    return { ...(await runLoad(spec)), generator: 'autocannon' };
  }
  const prefix = randomBytes(4).toString('hex');
  if (spec.warmupSeconds > 0) await wrk(spec, spec.warmupSeconds, `${prefix}w`);
  return wrk(spec, spec.seconds, prefix);
}

interface WrkReport {
  requests: number;
  durationUs: number;
  p50Us: number;
  p95Us: number;
  p99Us: number;
  maxUs: number;
  non2xx: number;
  failures: number;
  userTicks: number;
  systemTicks: number;
}

async function wrk(spec: LoadSpec, seconds: number, idPrefix: string): Promise<GeneratorResult> {
  const args = [
    '--threads',
    '1',
    '--connections',
    String(spec.connections),
    '--duration',
    `${seconds}s`,
    '--timeout',
    `${TIMEOUT_SECONDS}s`,
    '--script',
    SCRIPT,
    spec.url,
  ];
  const env = {
    ...process.env,
    WRK_METHOD: spec.method,
    WRK_HEADERS: Object.entries(spec.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    WRK_ID_PREFIX: idPrefix,
    ...(spec.body !== undefined && { WRK_BODY: spec.body }),
  };
  const output = await new Promise<string>((resolve, reject) => {
    execFile(WRK, args, { env, maxBuffer: 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`wrk failed: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
  const line = output.split('\n').find((l) => l.startsWith('WRK_RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${output}`);
  const report = JSON.parse(line.slice('WRK_RESULT '.length)) as WrkReport;
  const wall = report.durationUs / 1e6;
  const ms = (us: number) => (report.requests > 0 ? us / 1000 : Number.NaN);
  return {
    generator: 'wrk',
    requests: report.requests,
    perSecond: report.requests / wall,
    p50: ms(report.p50Us),
    p95: ms(report.p95Us),
    p99: ms(report.p99Us),
    max: ms(report.maxUs),
    non2xx: report.non2xx,
    failures: report.failures,
    clientCores: (report.userTicks + report.systemTicks) / clockTicks() / wall,
  };
}
