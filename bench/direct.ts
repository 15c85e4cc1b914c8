/**
 * The limit of a read without HTTP: the same call the route makes, through the app's own services and
 * repositories, made back to back by a number of concurrent callers in the bench's process. Beside the
 * figures over HTTP, it shows how much of a request's time and of the throughput is the database's work
 * and how much is the server around it (parsing, serialising, the event loop, the socket).
 */
import { percentile } from './load.js';

export interface DirectResult {
  callers: number;
  perSecond: number;
  p50: number;
  p95: number;
}

/** `callers` loops of `call`, each starting its next as soon as the last is answered; the warm-up is not counted. */
export async function directLimit(
  call: () => Promise<unknown>,
  callers: number,
  seconds: number,
  warmupSeconds: number,
): Promise<DirectResult> {
  const measuredFrom = performance.now() + warmupSeconds * 1000;
  const end = measuredFrom + seconds * 1000;
  const latencies: number[] = [];
  const caller = async () => {
    for (let started = performance.now(); started < end; started = performance.now()) {
      await call();
      if (started >= measuredFrom) latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: callers }, caller));
  latencies.sort((a, b) => a - b);
  return {
    callers,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}
