/**
 * Reading the server's own GET /metrics during a load, as Prometheus would: what it says the queue held
 * and how long requests took there, beside what the bench measures itself.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Sample,
  bucketsBetween,
  bucketsOf,
  histogramQuantile,
  parseMetrics,
  sumOf,
} from '../test/prometheus.js';

const DURATIONS = 'linkvault_http_request_duration_seconds';

export interface Scraped<T> {
  result: T;
  /** The scrape at the end of the warm-up, and the one after the load. */
  first: Sample[];
  last: Sample[];
  /** The largest queue depth (every priority) any scrape saw. */
  queueMax: number;
}

export function metricsScraper(origin: string, token: string) {
  const scrape = async (): Promise<Sample[]> => {
    const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET /metrics: ${res.status} ${await res.text()}`);
    return parseMetrics(await res.text());
  };
  return {
    /**
     * Scrapes from `from` (performance.now() time: the end of the warm-up) every `everySeconds` until
     * `load` ends, then once more.
     */
    async during<T>(load: Promise<T>, from: number, everySeconds: number): Promise<Scraped<T>> {
      let ended = false;
      // Never rejects: a failed load is the caller's to report.
      const loadEnded = load.then(
        () => void (ended = true),
        () => void (ended = true),
      );
      const scrapes: Sample[][] = [];
      const polling = (async () => {
        await Promise.race([sleep(Math.max(0, from - performance.now())), loadEnded]);
        while (!ended) {
          scrapes.push(await scrape());
          await Promise.race([sleep(everySeconds * 1000), loadEnded]);
        }
      })();
      const result = await load;
      await polling;
      const last = await scrape();
      scrapes.push(last);
      return {
        result,
        first: scrapes[0] ?? last,
        last,
        queueMax: Math.max(...scrapes.map(queueDepth)),
      };
    },
  };
}

export const queueDepth = (samples: readonly Sample[]) => sumOf(samples, 'linkvault_queue_depth');

/**
 * The p-th percentile, in ms, of the server's times for `route` and `method` (every status) between two
 * scrapes, from the histogram's buckets as PromQL's histogram_quantile reads them.
 */
export function percentileBetween(
  first: readonly Sample[],
  last: readonly Sample[],
  route: { route: string; method: string },
  p: number,
): number {
  const buckets = bucketsBetween(bucketsOf(first, DURATIONS, route), bucketsOf(last, DURATIONS, route));
  return histogramQuantile(p / 100, buckets) * 1000;
}
