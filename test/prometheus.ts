/**
 * Reading what GET /metrics answers (Prometheus' text format 0.0.4), for the tests and the bench: the
 * samples, sums over the label sets a query leaves open, and percentiles from a histogram's buckets.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A histogram bucket: how many observations were at most `le` (cumulative, as exposed). */
export interface Bucket {
  le: number;
  count: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;
/** Go's float text, which Prometheus writes: "+Inf", "-Inf" and "NaN" besides plain numbers. */
const numberOf = (text: string) =>
  text === '+Inf' ? Number.POSITIVE_INFINITY : text === '-Inf' ? Number.NEGATIVE_INFINITY : Number(text);
const unescape = (value: string) =>
  value.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));

export function parseMetrics(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE.exec(line.trim());
    if (!match || line.startsWith('#')) return [];
    const [, name = '', labelText = '', value = ''] = match;
    const labels = Object.fromEntries(
      [...labelText.matchAll(LABEL)].map(([, key = '', raw = '']) => [key, unescape(raw)]),
    );
    return [{ name, labels, value: numberOf(value) }];
  });
}

const matches = (sample: Sample, name: string, labels: Record<string, string>) =>
  sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value);

/** The sum of `name`'s samples whose labels include `labels` (0 when none). */
export function sumOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => matches(s, name, labels)).reduce((sum, s) => sum + s.value, 0);
}

/** A histogram's buckets summed over the label sets that include `labels` (all status codes, say). */
export function bucketsOf(
  samples: readonly Sample[],
  histogram: string,
  labels: Record<string, string> = {},
): Bucket[] {
  const counts = new Map<number, number>();
  for (const sample of samples.filter((s) => matches(s, `${histogram}_bucket`, labels))) {
    const le = numberOf(sample.labels.le ?? '');
    counts.set(le, (counts.get(le) ?? 0) + sample.value);
  }
  return [...counts].map(([le, count]) => ({ le, count })).sort((a, b) => a.le - b.le);
}

/** What was observed between two scrapes of one histogram: `after`'s counts less `before`'s. */
export function bucketsBetween(before: readonly Bucket[], after: readonly Bucket[]): Bucket[] {
  const earlier = new Map(before.map((b) => [b.le, b.count]));
  return after.map(({ le, count }) => ({ le, count: count - (earlier.get(le) ?? 0) }));
}

/**
 * The q-quantile (0..1) of cumulative `buckets`, as PromQL's histogram_quantile computes it: the bucket
 * where the rank q × total falls, linearly interpolated between its bounds (the first bucket's lower
 * bound is 0). A rank in the +Inf bucket answers the highest finite bound; no observations, NaN.
 */
export function histogramQuantile(q: number, buckets: readonly Bucket[]): number {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total === 0) return Number.NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const { le, count } of sorted) {
    if (count >= rank) {
      if (le === Number.POSITIVE_INFINITY) return lower;
      const inBucket = count - below;
      return inBucket === 0 ? le : lower + ((le - lower) * (rank - below)) / inBucket;
    }
    lower = le;
    below = count;
  }
  return lower;
}
