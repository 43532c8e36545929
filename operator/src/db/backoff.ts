/**
 * How long to wait before reconnect attempt `attempt` (0 for the first retry): exponential from
 * `baseMs`, capped at `maxMs`, with "equal jitter" — half the step is fixed, the other half
 * random — so replicas that lost the database together do not all come back in the same
 * millisecond, and no wait is ever shorter than half its step or longer than `maxMs`.
 */
export function backoffDelay(
  attempt: number,
  { baseMs = 500, maxMs = 30_000 }: { baseMs?: number; maxMs?: number } = {},
  random: () => number = Math.random,
): number {
  const step = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(0, attempt), 30));
  return Math.round(step / 2 + random() * (step / 2));
}

/** A small jitter (±`fraction`) around a fixed interval, for periodic polls shared by replicas. */
export function jittered(ms: number, fraction = 0.2, random: () => number = Math.random): number {
  return Math.round(ms * (1 - fraction + 2 * fraction * random()));
}
