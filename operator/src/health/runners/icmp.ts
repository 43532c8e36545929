import { spawn } from 'node:child_process';
import { promises as dnsPromises } from 'node:dns';
import { access, constants } from 'node:fs/promises';
import net from 'node:net';
import type { CheckResult, CheckRunner, CheckSpec, RunContext } from '../types.js';
import { invalidResult, resultFrom } from '../types.js';
import { SpecError, cancelledResult, errorMessage, num, onAbort, str } from './net/spec.js';

/**
 * The `icmp` check (crds.md §1.3): resolves the endpoint's A record and pings the first address
 * with the system's iputils `ping` (no raw sockets needed by the operator itself). The duration
 * is the average RTT.
 *
 * Quirk kept from upstream: the check fails when `thresholdMillis < avgRTT` with the RTT in whole
 * milliseconds, so an unset threshold (0) fails whenever the RTT is 1 ms or more.
 */

const PING_CANDIDATES = ['/usr/bin/ping', '/bin/ping', '/usr/sbin/ping', '/sbin/ping'];
const DEFAULT_PACKET_COUNT = 5;
/** Upstream gives the whole ping 10 s; a large packetCount gets the time it needs at 0.2 s each. */
const MIN_DEADLINE_S = 10;

export interface PingStats {
  transmitted: number;
  received: number;
  lossPercent: number;
  /** Average round trip in ms; undefined when nothing came back. */
  avgRtt: number | undefined;
}

/** Parses iputils (and busybox) ping's summary lines. */
export function parsePingOutput(output: string): PingStats | undefined {
  const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received/.exec(output);
  const loss = /([\d.]+)% packet loss/.exec(output);
  if (!counts || !loss) return undefined;
  const rtt = /(?:rtt|round-trip) min\/avg\/max(?:\/\w+)? = [\d.]+\/([\d.]+)\//.exec(output);
  return {
    transmitted: Number(counts[1]),
    received: Number(counts[2]),
    lossPercent: Number(loss[1]),
    avgRtt: rtt ? Number(rtt[1]) : undefined,
  };
}

async function findPing(): Promise<string | undefined> {
  for (const path of PING_CANDIDATES) {
    try {
      await access(path, constants.X_OK);
      return path;
    } catch {
      // try the next one
    }
  }
  return undefined;
}

let cachedPing: string | undefined;

interface PingRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runPing(
  binary: string,
  args: string[],
  signal: AbortSignal,
  killAfterMs: number,
): Promise<PingRun> {
  return new Promise<PingRun>((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    });
    let stdout = '';
    let stderr = '';
    let settled = false;
    let unsubscribe: () => void = () => undefined;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const settle = (err: Error | undefined, code: number | null = null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      if (err) reject(err);
      else resolve({ code, stdout, stderr });
    };
    // On abort or overrun, kill ping and answer at once (not waiting for its pipes to close).
    const stop = (err: Error): void => {
      child.kill('SIGKILL');
      settle(err);
    };
    const timer = setTimeout(
      () => stop(new Error(`ping did not finish within ${killAfterMs / 1000}s`)),
      killAfterMs,
    );
    unsubscribe = onAbort(signal, () => stop(new Error('cancelled')));
    child.once('error', (e) => settle(e));
    child.once('close', (code) => settle(undefined, code));
  });
}

async function resolveTarget(endpoint: string): Promise<string> {
  const bare = endpoint.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(bare)) return bare;
  const addresses = await dnsPromises.lookup(bare, { all: true, family: 4 });
  const first = addresses[0];
  if (!first) throw new Error('no A record');
  return first.address;
}

export interface IcmpOptions {
  /** The ping binary; by default the first of /usr/bin/ping, /bin/ping, … that exists. */
  ping?: string;
}

export function icmpRunner(options: IcmpOptions = {}): CheckRunner {
  const probe = async (spec: CheckSpec, ctx: RunContext): Promise<CheckResult> => {
    const start = new Date();
    let endpoint: string;
    let threshold: number;
    let lossThreshold: number;
    let count: number;
    try {
      endpoint = str(spec, 'endpoint') ?? '';
      if (!endpoint) throw new SpecError('endpoint (a host name or address) is required');
      if (/[\s/]|^-/.test(endpoint))
        throw new SpecError(`endpoint ${endpoint} is not a host name or address`);
      threshold = num(spec, 'thresholdMillis', 0);
      lossThreshold = num(spec, 'packetLossThreshold', 0);
      count = Math.floor(num(spec, 'packetCount', DEFAULT_PACKET_COUNT)) || DEFAULT_PACKET_COUNT;
    } catch (e) {
      return invalidResult(start, errorMessage(e));
    }
    if (ctx.signal.aborted) return cancelledResult(start);

    const binary = options.ping ?? (cachedPing ??= await findPing());
    if (!binary) {
      return resultFrom(start, false, {
        error: `no ping binary found (looked in ${PING_CANDIDATES.join(', ')}); install iputils-ping`,
      });
    }

    let ip: string;
    try {
      ip = await resolveTarget(endpoint);
    } catch (e) {
      return resultFrom(start, false, { error: `cannot resolve ${endpoint}: ${errorMessage(e)}` });
    }

    const deadline = Math.max(MIN_DEADLINE_S, Math.ceil(count * 0.2) + 3);
    const args = ['-n', '-c', String(count), '-i', '0.2', '-W', '2', '-w', String(deadline), ip];
    let run: PingRun;
    try {
      run = await runPing(binary, args, ctx.signal, (deadline + 5) * 1000);
    } catch (e) {
      if (ctx.signal.aborted) return cancelledResult(start);
      const code = (e as { code?: unknown }).code;
      const error =
        code === 'ENOENT'
          ? `the ping binary ${binary} does not exist; install iputils-ping`
          : `cannot run ${binary}: ${errorMessage(e)}`;
      return resultFrom(start, false, { error });
    }
    if (ctx.signal.aborted) return cancelledResult(start);

    const stats = parsePingOutput(run.stdout);
    if (!stats) {
      const why = run.stderr.trim() || run.stdout.trim() || `exit code ${run.code}`;
      return resultFrom(start, false, { error: `ping ${endpoint} failed: ${why}` });
    }

    const avg = stats.avgRtt ?? 0;
    const latency = Math.trunc(avg);
    const summary = `${stats.received}/${stats.transmitted} replies from ${ip}, avg RTT ${avg}ms, ${stats.lossPercent}% packet loss`;
    const failures: string[] = [];
    if (threshold < latency) {
      failures.push(
        threshold === 0
          ? `avg RTT ${avg}ms with thresholdMillis unset (0 fails at 1ms or more; set thresholdMillis)`
          : `avg RTT ${avg}ms is above thresholdMillis ${threshold}`,
      );
    }
    if (stats.lossPercent > lossThreshold) {
      failures.push(
        `packet loss ${stats.lossPercent}% is above packetLossThreshold ${lossThreshold}%`,
      );
    }
    const fields = { duration: Math.max(1, Math.round(avg)), message: summary };
    return failures.length
      ? resultFrom(start, false, { ...fields, error: failures.join('; ') })
      : resultFrom(start, true, fields);
  };
  return async (spec, ctx) => [await probe(spec, ctx)];
}

export const icmp: CheckRunner = icmpRunner();
