import { Cron } from 'croner';
import { parseDuration, scheduleError } from '../controllers/schedule.js';

/**
 * When a canary runs (crds.md §1.7). `schedule` wins over `interval` (seconds); neither, or
 * `@never`, means not scheduled; replicas 0 or the `suspend: "true"` annotation pause it.
 *
 * Runs are spread: every canary gets a stable phase from its id, so 10,000 canaries on
 * `@every 1m` start evenly across the minute instead of in one tick, and the same canary keeps
 * the same slot across restarts. Cron schedules are offset by up to 9% of their period (at most
 * 81 s, as upstream caps the jittered interval at 15 min).
 */

export interface CanarySchedule {
  /** The planned start at or after `after` (epoch ms), or undefined when never. */
  next(after: number): number | undefined;
  /** The nominal period in ms (for metrics and tests). */
  periodMs: number;
}

export interface SchedulableCanary {
  id: string;
  spec: Record<string, unknown>;
  annotations?: Record<string, string> | null;
}

/** The effective schedule text, or undefined when the canary is not scheduled. */
export function scheduleText(c: SchedulableCanary): string | undefined {
  const spec = c.spec;
  if (spec.replicas === 0 || c.annotations?.suspend === 'true') return undefined;
  const schedule = typeof spec.schedule === 'string' ? spec.schedule.trim() : '';
  if (schedule) return schedule === '@never' ? undefined : schedule;
  const interval = Number(spec.interval);
  return interval > 0 ? `@every ${interval}s` : undefined;
}

export function canarySchedule(c: SchedulableCanary): CanarySchedule | undefined {
  const text = scheduleText(c);
  if (!text || scheduleError(text)) return undefined;
  const phase = hashFraction(c.id);
  if (text.startsWith('@every')) {
    const period = parseDuration(text.slice(6).trim()) as number;
    const offset = Math.floor(phase * period);
    return {
      periodMs: period,
      next: (after) => Math.ceil((after - offset) / period) * period + offset,
    };
  }
  const cron = new Cron(text, { paused: true, mode: '5-part', timezone: 'UTC' });
  const first = cron.nextRun(new Date(0))?.getTime() ?? 0;
  const second = cron.nextRun(new Date(first))?.getTime() ?? first;
  const period = Math.max(60_000, second - first);
  const offset = Math.floor(phase * Math.min(period * 0.09, 81_000));
  return {
    periodMs: period,
    next(after) {
      const n = cron.nextRun(new Date(after - offset - 1));
      return n ? n.getTime() + offset : undefined;
    },
  };
}

/** A stable number in [0, 1) from an id (FNV-1a). */
export function hashFraction(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 2 ** 32;
}
