// The API's own view of a load run: its request-duration histogram (GET /metrics) read before and
// after, and the p95 of the requests in between, interpolated within buckets as Prometheus's
// histogram_quantile does.
import { parseMetrics, type Samples } from '../fixtures/metrics.ts';

const HISTOGRAM = 'printfarm_http_request_duration_seconds_bucket';

export function readMetrics(metricsUrl: string, token: string): Promise<Samples> {
  return fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } })
    .then((response) => response.text())
    .then(parseMetrics);
}

/** p95 in milliseconds of the route's requests between two scrapes (all status classes). */
export function serverP95(
  before: Samples,
  after: Samples,
  method: string,
  route: string,
): number | undefined {
  const counts = new Map<number, number>();
  for (const [key, value] of after) {
    if (
      !key.startsWith(`${HISTOGRAM}{`) ||
      !key.includes(`method="${method}"`) ||
      !key.includes(`route="${route}"`)
    ) {
      continue;
    }
    const le = /le="([^"]+)"/.exec(key)?.[1] ?? '';
    const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
    counts.set(bound, (counts.get(bound) ?? 0) + value - (before.get(key) ?? 0));
  }
  const buckets = [...counts].sort(([a], [b]) => a - b);
  const total = buckets.at(-1)?.[1] ?? 0;
  if (total === 0) return undefined;
  const rank = 0.95 * total;
  let lower = 0;
  let below = 0;
  for (const [bound, cumulative] of buckets) {
    if (cumulative >= rank) {
      if (!Number.isFinite(bound)) return lower * 1_000;
      return (lower + ((bound - lower) * (rank - below)) / Math.max(1, cumulative - below)) * 1_000;
    }
    lower = bound;
    below = cumulative;
  }
  return undefined;
}
