import type { CheckResult, CheckRunner, CheckSpec, RunContext } from './types.js';
import { resultFrom } from './types.js';

/**
 * How long one attempt of a check may take (docs/health.md, "Timeouts"). Each type keeps the
 * field upstream users set (`thresholdMillis` for http and tcp, `timeout` for the others) and
 * its upstream default where upstream has one; where upstream waits forever (http and tcp
 * without thresholdMillis) Vigil stops at a default instead.
 */
export interface CheckTimeout {
  ms: number;
  /** Where the limit came from, for the failure message. */
  from: string;
  /**
   * The runner enforces this limit itself (with its own message and the data it gathered); the
   * engine's then only backs it up, a moment later.
   */
  runnerEnforced?: boolean;
  /** How long after the limit a runner may still report (default TIMEOUT_GRACE_MS). */
  graceMs?: number;
}

export const DEFAULT_TIMEOUT_MS = {
  http: 30_000,
  tcp: 10_000,
  dns: 10_000,
  icmp: 15_000,
  exec: 60_000,
  sql: 60_000,
  redis: 30_000,
  api: 60_000,
  junit: 5 * 60_000,
  other: 60_000,
} as const;

/** A positive number from a number or numeric string, else undefined. */
function positive(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

function seconds(spec: CheckSpec, def: number, runnerEnforced = true): CheckTimeout {
  const s = positive(spec.timeout);
  return s
    ? { ms: s * 1000, from: 'timeout', runnerEnforced }
    : { ms: def, from: 'default', runnerEnforced };
}

export function checkTimeout(type: string, spec: CheckSpec): CheckTimeout {
  switch (type) {
    case 'http': {
      // Upstream has no timeout without thresholdMillis; the http runner neither.
      const threshold = positive(spec.thresholdMillis);
      return threshold
        ? { ms: threshold, from: 'thresholdMillis', runnerEnforced: true }
        : { ms: DEFAULT_TIMEOUT_MS.http, from: 'default' };
    }
    case 'tcp': {
      const threshold = positive(spec.thresholdMillis);
      return threshold
        ? { ms: threshold, from: 'thresholdMillis', runnerEnforced: true }
        : { ms: DEFAULT_TIMEOUT_MS.tcp, from: 'default', runnerEnforced: true };
    }
    case 'dns':
      return seconds(spec, DEFAULT_TIMEOUT_MS.dns);
    case 'icmp': {
      // The runner gives ping a deadline of max(10 s, 0.2 s per packet + 3 s), then 5 s more.
      const count = Math.floor(positive(spec.packetCount) ?? 5);
      const deadlineS = Math.max(10, Math.ceil(count * 0.2) + 3);
      return {
        ms: Math.max(DEFAULT_TIMEOUT_MS.icmp, (deadlineS + 5) * 1000),
        from: 'default',
        runnerEnforced: true,
      };
    }
    case 'exec':
      return seconds(spec, DEFAULT_TIMEOUT_MS.exec);
    case 'postgres':
    case 'mysql':
    case 'mssql':
      return seconds(spec, DEFAULT_TIMEOUT_MS.sql);
    case 'redis':
      return seconds(spec, DEFAULT_TIMEOUT_MS.redis);
    case 'prometheus':
    case 'alertmanager':
    case 'kubernetes':
      return seconds(spec, DEFAULT_TIMEOUT_MS.api);
    case 'junit': {
      // Upstream's junit timeout is in minutes.
      const m = positive(spec.timeout);
      return m
        ? { ms: m * 60_000, from: 'timeout' }
        : { ms: DEFAULT_TIMEOUT_MS.junit, from: 'default' };
    }
    default:
      return seconds(spec, DEFAULT_TIMEOUT_MS.other, false);
  }
}

export function timeoutMessage(type: string, t: CheckTimeout): string {
  const after = t.ms % 1000 === 0 ? `${t.ms / 1000}s` : `${t.ms}ms`;
  if (t.from === 'default') {
    const field = type === 'http' || type === 'tcp' ? 'thresholdMillis' : 'timeout';
    return `timed out after ${after} (the default for ${type} checks; set ${field} to change it)`;
  }
  return `timed out after ${after} (${t.from})`;
}

/** A runner that enforces its limit itself gets this long to do so before the engine steps in. */
export const BACKSTOP_MARGIN_MS = 1000;

/**
 * How long a runner may take to give up on its own once its signal says the time is up: an exec
 * check's script gets SIGTERM, then SIGKILL 2 s later, and its output is still worth keeping.
 */
export const TIMEOUT_GRACE_MS = 5000;

/**
 * Runs one attempt of a check under its time limit. At the limit (a moment after it when the
 * runner keeps the limit itself) the runner's signal is aborted with a TimeoutError, and runners
 * that honour it stop and report; a runner that still has not answered TIMEOUT_GRACE_MS later is
 * left behind and the attempt ends as a timeout failure, so no runner can hold its canary's run.
 * The run's own signal (Vigil stopping, the run's overall deadline) aborts the runner too.
 */
export async function runWithTimeout(
  runner: CheckRunner,
  type: string,
  spec: CheckSpec,
  ctx: RunContext,
  limit: CheckTimeout,
): Promise<CheckResult[]> {
  const start = new Date();
  const message = timeoutMessage(type, limit);
  const controller = new AbortController();
  let expired = false;
  let giveUpTimer: NodeJS.Timeout | undefined;
  let giveUp: (error: string) => void = () => undefined;
  const gaveUp = new Promise<{ error: string }>((resolve) => {
    giveUp = (error) => {
      giveUpTimer ??= setTimeout(() => resolve({ error }), limit.graceMs ?? TIMEOUT_GRACE_MS);
    };
  });
  const abortTimer = setTimeout(
    () => {
      expired = true;
      controller.abort(Object.assign(new Error(message), { name: 'TimeoutError' }));
      giveUp(message);
    },
    limit.ms + (limit.runnerEnforced ? BACKSTOP_MARGIN_MS : 0),
  );
  const fromRun = () => {
    controller.abort(ctx.signal.reason);
    giveUp('the run was cancelled');
  };
  if (ctx.signal.aborted) fromRun();
  else ctx.signal.addEventListener('abort', fromRun, { once: true });
  const work = Promise.resolve().then(() => runner(spec, { ...ctx, signal: controller.signal }));
  // A runner left behind may still fail later: that rejection is expected and handled.
  work.catch(() => undefined);
  try {
    const outcome = await Promise.race([work, gaveUp]);
    if (!Array.isArray(outcome)) {
      return [
        resultFrom(start, false, {
          error: outcome.error,
          duration: Math.max(1, Date.now() - start.getTime()),
        }),
      ];
    }
    if (!expired) return outcome;
    // The runner stopped because its time was up: say so, unless it already did.
    return outcome.map((r) =>
      r.pass || r.invalid || /timed out/i.test(r.error ?? '') ? r : { ...r, error: message },
    );
  } finally {
    clearTimeout(abortTimer);
    clearTimeout(giveUpTimer);
    ctx.signal.removeEventListener('abort', fromRun);
  }
}
