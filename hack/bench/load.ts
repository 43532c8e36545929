/**
 * A bounded closed-loop load generator: `concurrency` workers send requests back to back until
 * `durationMs` passes or `maxRequests` are sent, whichever comes first. Loopback only.
 */
export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export async function load(opts: {
  concurrency: number;
  durationMs: number;
  maxRequests: number;
  request: (i: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  const start = performance.now();
  const deadline = start + opts.durationMs;
  const worker = async () => {
    while (performance.now() < deadline && sent < opts.maxRequests) {
      const i = sent++;
      const t0 = performance.now();
      const ok = await opts.request(i).catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

export function fmt(r: LoadResult): string {
  return `${r.requests} req in ${r.seconds.toFixed(1)} s: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms${r.errors ? `, ${r.errors} ERRORS` : ''}`;
}
