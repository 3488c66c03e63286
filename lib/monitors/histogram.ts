/**
 * Latency histograms with logarithmic buckets: bucket i holds latencies in [RATIO^i, RATIO^(i+1))
 * ms (bucket 0 also holds 0 ms). Hourly rollups store {bucket: count}; any longer period merges
 * them by adding counts, and a percentile is read as its bucket's geometric middle, within 5 %.
 */
export type Histogram = Record<string, number>;

const RATIO = 1.1;

export function bucketOf(latencyMs: number): number {
  return latencyMs < 1 ? 0 : Math.floor(Math.log(latencyMs) / Math.log(RATIO));
}

export function record(histogram: Histogram, latencyMs: number): void {
  const key = String(bucketOf(latencyMs));
  histogram[key] = (histogram[key] ?? 0) + 1;
}

export function merge(into: Histogram, from: Histogram): Histogram {
  for (const [key, value] of Object.entries(from)) into[key] = (into[key] ?? 0) + value;
  return into;
}

/** The `p`th percentile (0–100), or null for an empty histogram. */
export function percentile(histogram: Histogram, p: number): number | null {
  const buckets = Object.entries(histogram)
    .map(([key, count]) => [Number(key), count] as const)
    .sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (!total) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= rank) return Math.round(RATIO ** (bucket + 0.5));
  }
  return null;
}
