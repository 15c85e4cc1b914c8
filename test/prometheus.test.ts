import { describe, expect, it } from 'vitest';
import { bucketsBetween, bucketsOf, histogramQuantile, parseMetrics, sumOf } from './prometheus.js';

const TEXT = `# HELP lv_requests_total Requests.
# TYPE lv_requests_total counter
lv_requests_total{route="/api/links/:id",method="GET",status_code="200"} 3
lv_requests_total{route="/api/links/:id",method="GET",status_code="404"} 1
lv_requests_total{route="say \\"hi\\"\\\\",method="POST",status_code="201"} 2
lv_up 1

# TYPE lv_seconds histogram
lv_seconds_bucket{le="0.01",route="/a",status_code="200"} 2
lv_seconds_bucket{le="0.02",route="/a",status_code="200"} 6
lv_seconds_bucket{le="+Inf",route="/a",status_code="200"} 8
lv_seconds_bucket{le="0.01",route="/a",status_code="500"} 0
lv_seconds_bucket{le="0.02",route="/a",status_code="500"} 0
lv_seconds_bucket{le="+Inf",route="/a",status_code="500"} 2
lv_seconds_sum{route="/a",status_code="200"} 0.2
`;

describe('reading Prometheus text', () => {
  const samples = parseMetrics(TEXT);

  it('reads every sample with its labels, unescaped, and skips comments', () => {
    expect(samples).toHaveLength(11);
    expect(samples[2]).toEqual({
      name: 'lv_requests_total',
      labels: { route: 'say "hi"\\', method: 'POST', status_code: '201' },
      value: 2,
    });
    expect(samples[3]).toEqual({ name: 'lv_up', labels: {}, value: 1 });
  });

  it('sums the label sets a query leaves open', () => {
    expect(sumOf(samples, 'lv_requests_total', { route: '/api/links/:id' })).toBe(4);
    expect(sumOf(samples, 'lv_requests_total', { status_code: '404' })).toBe(1);
    expect(sumOf(samples, 'lv_requests_total', { route: '/nowhere' })).toBe(0);
  });

  it("adds a histogram's buckets over statuses, +Inf last", () => {
    expect(bucketsOf(samples, 'lv_seconds', { route: '/a' })).toEqual([
      { le: 0.01, count: 2 },
      { le: 0.02, count: 6 },
      { le: Number.POSITIVE_INFINITY, count: 10 },
    ]);
  });
});

describe('histogramQuantile (as PromQL histogram_quantile)', () => {
  const buckets = [
    { le: 0.01, count: 50 },
    { le: 0.02, count: 90 },
    { le: 0.05, count: 100 },
    { le: Number.POSITIVE_INFINITY, count: 100 },
  ];

  it('interpolates linearly inside the bucket where the rank falls', () => {
    expect(histogramQuantile(0.5, buckets)).toBeCloseTo(0.01, 10);
    expect(histogramQuantile(0.25, buckets)).toBeCloseTo(0.005, 10);
    expect(histogramQuantile(0.7, buckets)).toBeCloseTo(0.015, 10);
    expect(histogramQuantile(0.95, buckets)).toBeCloseTo(0.035, 10);
    expect(histogramQuantile(1, buckets)).toBeCloseTo(0.05, 10);
  });

  it('answers the highest finite bound for a rank in +Inf, and NaN with no observations', () => {
    const slow = [
      { le: 0.01, count: 1 },
      { le: Number.POSITIVE_INFINITY, count: 10 },
    ];
    expect(histogramQuantile(0.99, slow)).toBe(0.01);
    expect(histogramQuantile(0.99, [{ le: Number.POSITIVE_INFINITY, count: 0 }])).toBeNaN();
  });

  it('reads what was observed between two scrapes', () => {
    const before = [
      { le: 0.01, count: 40 },
      { le: 0.02, count: 40 },
      { le: Number.POSITIVE_INFINITY, count: 40 },
    ];
    const after = [
      { le: 0.01, count: 50 },
      { le: 0.02, count: 140 },
      { le: Number.POSITIVE_INFINITY, count: 140 },
    ];
    const between = bucketsBetween(before, after);
    expect(between.map((b) => b.count)).toEqual([10, 100, 100]);
    // The median's rank, 50, is the 40th of the 90 observations in (0.01, 0.02].
    expect(histogramQuantile(0.5, between)).toBeCloseTo(0.01 + (0.01 * 40) / 90, 10);
  });
});
