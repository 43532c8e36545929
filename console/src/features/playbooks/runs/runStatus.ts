import { formatDuration } from '../../../lib/format';

/** Run statuses of docs/api/playbooks.md, in the order a run goes through them. */
export const RUN_STATUSES = [
  'pending_approval',
  'scheduled',
  'waiting',
  'running',
  'sleeping',
  'retrying',
  'completed',
  'failed',
  'timed_out',
  'cancelled',
] as const;

/** A run in one of these has ended: nothing changes any more, so polling stops. */
const RUN_ENDED: ReadonlySet<string> = new Set(['completed', 'failed', 'timed_out', 'cancelled']);
/** Actions end as completed, failed or skipped. */
const ACTION_ENDED: ReadonlySet<string> = new Set(['completed', 'failed', 'skipped']);

export const isRunEnded = (status: string | null | undefined) =>
  RUN_ENDED.has((status ?? '').toLowerCase());
export const isActionEnded = (status: string | null | undefined) =>
  ACTION_ENDED.has((status ?? '').toLowerCase());

/** 'pending_approval' reads 'pending approval'. */
export const statusText = (status: string) => status.replace(/_/g, ' ');

/** Spec 002 §9: a run is polled every 2 s and its action every 1 s until they end. */
export const RUN_POLL_MS = 2000;
export const ACTION_POLL_MS = 1000;

/**
 * Run lists are asked again on each visit, under SWR's own deduping instead of the app's five
 * minutes: runs change status, and a list kept that long shows ended runs as running.
 */
export const RUN_LIST_DEDUPE_MS = 2000;

/**
 * How long something ran: end minus start, or start until now while it runs; '' before it starts
 * or for times that make no sense.
 */
export function runDuration(
  start: string | null | undefined,
  end: string | null | undefined,
  now: number = Date.now(),
): string {
  if (!start) return '';
  const from = new Date(start).getTime();
  const to = end ? new Date(end).getTime() : now;
  const ms = to - from;
  return Number.isFinite(ms) && ms >= 0 ? formatDuration(ms) : '';
}
