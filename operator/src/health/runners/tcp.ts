import net from 'node:net';
import type { CheckResult, CheckRunner, CheckSpec, RunContext } from '../types.js';
import { invalidResult, resultFrom } from '../types.js';
import {
  SpecError,
  cancelledResult,
  durationSince,
  errorMessage,
  num,
  onAbort,
  str,
} from './net/spec.js';

/**
 * The `tcp` check (crds.md §1.3): a TCP connect to `host:port`, closed as soon as it succeeds.
 * thresholdMillis is the dial timeout. Upstream dials with no timeout when it is 0; we cap that
 * at 10 s instead, so an unset threshold cannot hold a run forever.
 */
export const UNSET_THRESHOLD_TIMEOUT_MS = 10_000;

/** `host:port` with exactly one colon (so no scheme and no bare IPv6 address). */
export function parseEndpoint(endpoint: string): { host: string; port: number } | undefined {
  const parts = endpoint.split(':');
  if (parts.length !== 2) return undefined;
  const [host = '', port = ''] = parts.map((p) => p.trim());
  if (!host || !/^\d{1,5}$/.test(port)) return undefined;
  const n = Number(port);
  return n >= 1 && n <= 65535 ? { host, port: n } : undefined;
}

function dial(host: string, port: number, timeoutMs: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host, port });
    let unsubscribe: () => void = () => undefined;
    const done = (err?: Error): void => {
      clearTimeout(timer);
      unsubscribe();
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(
      () => done(new Error(`connect to ${host}:${port} timed out after ${timeoutMs}ms`)),
      timeoutMs,
    );
    socket.once('connect', () => done());
    socket.once('error', (e) => done(e));
    unsubscribe = onAbort(signal, () => done(new Error('cancelled')));
  });
}

async function probe(spec: CheckSpec, ctx: RunContext): Promise<CheckResult> {
  const start = new Date();
  let target: { host: string; port: number };
  let threshold: number;
  try {
    const endpoint = str(spec, 'endpoint') ?? '';
    const parsed = parseEndpoint(endpoint);
    if (!parsed)
      throw new SpecError(`Incorrect endpoint format ${endpoint}, should be ADDRESS:PORT`);
    target = parsed;
    threshold = num(spec, 'thresholdMillis', 0);
  } catch (e) {
    return invalidResult(start, errorMessage(e));
  }
  if (ctx.signal.aborted) return cancelledResult(start);
  const t0 = performance.now();
  try {
    await dial(target.host, target.port, threshold || UNSET_THRESHOLD_TIMEOUT_MS, ctx.signal);
  } catch (e) {
    if (ctx.signal.aborted) return cancelledResult(start);
    return resultFrom(start, false, { error: errorMessage(e), duration: durationSince(t0) });
  }
  const duration = durationSince(t0);
  return resultFrom(start, true, {
    duration,
    message: `connected to ${target.host}:${target.port} in ${duration}ms`,
  });
}

export const tcp: CheckRunner = async (spec, ctx) => [await probe(spec, ctx)];
