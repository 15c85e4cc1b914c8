/**
 * One load run (autocannon back to back, or paced clients), in a child process: the load generator then
 * has an event loop of its own, as an external client would, instead of queueing its work behind the
 * server's on the same thread (which would add its own time to every latency it measures).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { Pool } from 'undici';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** JSON text; every `[<id>]` in it becomes a fresh id in each request, so saves do not repeat a URL. */
  body?: string;
  connections: number;
  /**
   * Mean requests per second per connection, with random think times; by default each connection sends
   * its next request as soon as the last is answered.
   */
  ratePerConnection?: number;
  seconds: number;
  warmupSeconds: number;
}

/** Latencies in milliseconds, over every response of the measured run (warm-up excluded). */
export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  /** Connection errors and timeouts: requests that got no response at all. */
  failures: number;
  /** The load client's own CPU seconds per second of the run, warm-up included. */
  clientCores: number;
}

export const ID_PLACEHOLDER = '[<id>]';

export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // 'advanced' serialization keeps NaN (no responses at all) from arriving as null.
    const child = fork(fileURLToPath(import.meta.url), {
      execArgv: process.execArgv,
      serialization: 'advanced',
    });
    let result: LoadResult | undefined;
    child.once('message', (message) => {
      result = message as LoadResult;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`the load client exited with code ${code} before reporting`));
    });
    child.send(spec);
  });
}

/** Responses of the measured run (latencies in ms, in arrival order), and the requests that got none. */
interface Tally {
  latencies: number[];
  seconds: number;
  non2xx: number;
  failures: number;
  clientCores: number;
}

async function measure(spec: LoadSpec): Promise<Tally> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const tally = await (spec.ratePerConnection ? paced(spec, spec.ratePerConnection) : backToBack(spec));
  const { user, system } = process.cpuUsage(cpu);
  return { ...tally, clientCores: (user + system) / 1000 / (performance.now() - started) };
}

/** autocannon: every connection sends its next request as soon as the last is answered. */
async function backToBack(spec: LoadSpec): Promise<Omit<Tally, 'clientCores'>> {
  const latencies: number[] = [];
  const run = autocannon({
    url: spec.url,
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    requests: spec.body?.includes(ID_PLACEHOLDER)
      ? [{ setupRequest: (request) => ({ ...request, body: withFreshIds(request.body) }) }]
      : undefined,
    connections: spec.connections,
    duration: spec.seconds,
    warmup: { connections: spec.connections, duration: spec.warmupSeconds },
  });
  // autocannon's own histogram keeps whole milliseconds and has no p95; every sample is kept instead.
  run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await run;
  return {
    latencies,
    seconds: result.duration,
    non2xx: result.non2xx,
    failures: result.errors + result.timeouts,
  };
}

/**
 * Clients at a mean rate: each connection waits a random think time (exponential, so its requests
 * arrive as a Poisson process), sends one request and waits for the answer. autocannon's
 * connectionRate is no substitute: it sends each second's quota at once, on every connection together.
 */
async function paced(spec: LoadSpec, rate: number): Promise<Omit<Tally, 'clientCores'>> {
  await pacedClients(spec, rate, spec.warmupSeconds);
  return pacedClients(spec, rate, spec.seconds);
}

async function pacedClients(
  spec: LoadSpec,
  rate: number,
  seconds: number,
): Promise<Omit<Tally, 'clientCores'>> {
  const tally: Omit<Tally, 'clientCores'> = { latencies: [], seconds, non2xx: 0, failures: 0 };
  const end = performance.now() + seconds * 1000;
  const url = new URL(spec.url);
  // A keep-alive connection per client, through undici's Pool: 0.03-0.09 ms of client CPU per request
  // against fetch()'s 0.4-0.6 ms, which the client, sharing the 2 cores, would time as the server's.
  const pool = new Pool(url.origin, { connections: spec.connections });
  const client = async () => {
    for (;;) {
      await sleep(-Math.log(1 - Math.random()) * (1000 / rate));
      if (performance.now() >= end) return;
      const started = performance.now();
      try {
        const res = await pool.request({
          path: `${url.pathname}${url.search}`,
          method: spec.method,
          headers: spec.headers,
          body: withFreshIds(spec.body),
        });
        await res.body.dump();
        tally.latencies.push(performance.now() - started);
        if (res.statusCode >= 300) tally.non2xx += 1;
      } catch {
        tally.failures += 1;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: spec.connections }, client));
  } finally {
    await pool.close();
  }
  return tally;
}

function summarise({ latencies, seconds, non2xx, failures, clientCores }: Tally): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    non2xx,
    failures,
    clientCores,
  };
}

/**
 * A fresh id in every request's body. (autocannon's own idReplacement rewrites the request after its
 * Content-Length is set, which corrupts a body that grows.)
 */
let sent = 0;
function withFreshIds(body: string | undefined): string | undefined {
  sent += 1;
  return body?.replaceAll(ID_PLACEHOLDER, `${process.pid}-${sent}`);
}

/** Nearest-rank percentile of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (spec: LoadSpec) => {
    measure(spec).then(
      (tally) => process.send?.(summarise(tally), undefined, {}, () => process.exit(0)),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
