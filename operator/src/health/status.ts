import { humanDuration } from './cel.js';
import type { CheckResult } from './types.js';

/**
 * A check's last hour of results in memory, for the Canary's status (crds.md §1.6, §1.9): uptime
 * and latency without a database query per run. Invalid results are not counted as failures.
 */
export class RollingWindow {
  private times: number[] = [];
  private passes: boolean[] = [];
  private durations: number[] = [];
  last?: { time: number; pass: boolean; message: string; error: string };
  transitionedAt?: number;

  add(r: CheckResult, now = Date.now()): void {
    const time = r.start.getTime();
    if (!this.last || this.last.pass !== r.pass) this.transitionedAt = now;
    this.last = { time, pass: r.pass, message: r.message ?? '', error: r.error ?? '' };
    if (!r.invalid) {
      this.times.push(time);
      this.passes.push(r.pass);
      this.durations.push(r.duration);
    }
    this.trim(now);
  }

  private trim(now: number) {
    const cutoff = now - 3_600_000;
    let i = 0;
    while (i < this.times.length && (this.times[i] as number) < cutoff) i++;
    if (i) {
      this.times.splice(0, i);
      this.passes.splice(0, i);
      this.durations.splice(0, i);
    }
  }

  stats(now = Date.now()) {
    this.trim(now);
    const passed = this.passes.filter(Boolean).length;
    const sorted = [...this.durations].sort((a, b) => a - b);
    const pct = (p: number) =>
      sorted.length
        ? (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number)
        : 0;
    return { passed, failed: this.passes.length - passed, p95: pct(0.95), p99: pct(0.99) };
  }
}

export function uptimeText(passed: number, failed: number): string {
  const total = passed + failed;
  if (!total) return '';
  if (!passed) return `0/${total} 0%`;
  const pct = 100 * (1 - failed / total);
  return `${passed}/${total} (${Number.isInteger(pct) ? pct : pct.toFixed(1)}%)`;
}

const iso = (ms?: number) => (ms === undefined ? undefined : new Date(ms).toISOString());

/** The run-derived fields of a Canary's status, over its checks' windows. */
export function canaryStatus(
  checkIds: string[],
  windowOf: (id: string) => RollingWindow | undefined,
  now = Date.now(),
): Record<string, unknown> {
  const checkStatus: Record<string, unknown> = {};
  let passed = 0;
  let failed = 0;
  let worstLatency = 0;
  let lastTransition: number | undefined;
  let anyFailed = false;
  let anyInvalid = false;
  const messages: string[] = [];
  const errors: string[] = [];
  for (const id of checkIds) {
    const w = windowOf(id);
    if (!w?.last) continue;
    const s = w.stats(now);
    passed += s.passed;
    failed += s.failed;
    const latency = s.p95 || s.p99;
    worstLatency = Math.max(worstLatency, latency);
    if (w.transitionedAt && (!lastTransition || w.transitionedAt > lastTransition)) {
      lastTransition = w.transitionedAt;
    }
    if (!w.last.pass) anyFailed = true;
    if (!w.last.pass && !s.passed && !s.failed) anyInvalid = true;
    if (w.last.message) messages.push(w.last.message);
    if (w.last.error) errors.push(w.last.error);
    checkStatus[id] = {
      lastTransitionedTime: iso(w.transitionedAt),
      lastCheck: iso(w.last.time),
      message: w.last.message || undefined,
      errorMessage: w.last.error || undefined,
      uptime1h: uptimeText(s.passed, s.failed),
      latency1h: latency ? humanDuration(latency) : '',
    };
  }
  const firstWithMore = (list: string[]) =>
    list.length
      ? `${list[0] as string}${list.length > 1 ? `, (${list.length - 1} more)` : ''}`
      : '';
  return {
    status: anyInvalid ? 'Invalid' : anyFailed ? 'Failed' : 'Passed',
    message: firstWithMore(messages),
    errorMessage: firstWithMore(errors),
    lastCheck: new Date(now).toISOString(),
    lastTransitionedTime: iso(lastTransition),
    uptime1h: uptimeText(passed, failed),
    latency1h: worstLatency ? humanDuration(worstLatency) : '',
    checkStatus,
  };
}
