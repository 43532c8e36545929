import { promises as dnsPromises } from 'node:dns';
import net from 'node:net';
import type { CheckResult, CheckRunner, CheckSpec, RunContext } from '../types.js';
import { invalidResult, resultFrom } from '../types.js';
import {
  ProbeError,
  SpecError,
  cancelledResult,
  errorMessage,
  num,
  onAbort,
  str,
} from './net/spec.js';

/**
 * The `dns` check (crds.md §1.3). With `server` the query goes over UDP to server:port, otherwise
 * to the system's resolver (A and AAAA through getaddrinfo, so /etc/hosts counts, as it does for
 * Go's resolver). Names in answers are rendered fully qualified with the trailing dot, as Go
 * returns them, so `exactreply` values written for upstream (`dns.google.`) keep matching.
 */

export const QUERY_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SRV', 'TXT'] as const;
type QueryType = (typeof QUERY_TYPES)[number];
const DEFAULT_TIMEOUT_S = 10;

interface Plan {
  server: string | undefined;
  port: number;
  query: string;
  type: QueryType;
  minRecords: number;
  exactReply: string[] | undefined;
  timeoutSeconds: number;
  thresholdMillis: number;
}

function planFrom(spec: CheckSpec): Plan {
  const query = str(spec, 'query');
  if (!query) throw new SpecError('query is required');
  const type = (str(spec, 'querytype') ?? 'A').toUpperCase();
  if (!(QUERY_TYPES as readonly string[]).includes(type)) {
    throw new SpecError(`querytype ${type} is not supported; use one of ${QUERY_TYPES.join(', ')}`);
  }
  const rawExact = spec.exactreply;
  if (
    rawExact !== undefined &&
    rawExact !== null &&
    (!Array.isArray(rawExact) || rawExact.some((v) => typeof v !== 'string'))
  ) {
    throw new SpecError('exactreply must be a list of strings');
  }
  const port = num(spec, 'port', 53) || 53;
  if (!Number.isInteger(port) || port > 65535) throw new SpecError(`port ${port} is not a port`);
  return {
    server: str(spec, 'server'),
    port,
    query,
    type: type as QueryType,
    minRecords: num(spec, 'minrecords', 0),
    exactReply: Array.isArray(rawExact) && rawExact.length > 0 ? (rawExact as string[]) : undefined,
    timeoutSeconds: num(spec, 'timeout', DEFAULT_TIMEOUT_S) || DEFAULT_TIMEOUT_S,
    thresholdMillis: num(spec, 'thresholdMillis', 0),
  };
}

const fqdn = (name: string): string => (name.endsWith('.') ? name : `${name}.`);

async function serverAddress(server: string, port: number): Promise<string> {
  let ip = server.replace(/^\[(.*)\]$/, '$1');
  if (!net.isIP(ip)) {
    try {
      ip = (await dnsPromises.lookup(ip)).address;
    } catch (e) {
      throw new ProbeError(`cannot resolve the DNS server ${server}: ${errorMessage(e)}`);
    }
  }
  return net.isIPv6(ip) ? `[${ip}]:${port}` : `${ip}:${port}`;
}

async function lookup(plan: Plan, resolver: dnsPromises.Resolver): Promise<string[]> {
  const q = plan.query;
  const system = plan.server === undefined;
  switch (plan.type) {
    case 'A':
    case 'AAAA':
      if (system) {
        const family = plan.type === 'A' ? 4 : 6;
        return (await dnsPromises.lookup(q, { all: true, family })).map((a) => a.address);
      }
      return plan.type === 'A' ? resolver.resolve4(q) : resolver.resolve6(q);
    case 'CNAME':
      return (await resolver.resolveCname(q)).map(fqdn);
    case 'MX':
      return (await resolver.resolveMx(q)).map((mx) => `${fqdn(mx.exchange)} ${mx.priority}`);
    case 'NS':
      return (await resolver.resolveNs(q)).map(fqdn);
    case 'PTR':
      // Like upstream, the query is normally the address (`8.8.8.8`); a reverse name also works.
      return (net.isIP(q) ? await resolver.reverse(q) : await resolver.resolvePtr(q)).map(fqdn);
    case 'SRV':
      return (await resolver.resolveSrv(q)).map(
        (s) => `${fqdn(s.name)} ${s.port} ${s.priority} ${s.weight}`,
      );
    case 'TXT':
      // Go joins the character-strings of one TXT record without a separator.
      return (await resolver.resolveTxt(q)).map((chunks) => chunks.join(''));
  }
}

function lookupError(plan: Plan, err: unknown): string {
  const code = (err as { code?: unknown }).code;
  const what = `${plan.type} ${plan.query}${plan.server ? ` @${plan.server}:${plan.port}` : ''}`;
  switch (code) {
    case 'ENOTFOUND':
      return `${what}: no such host (NXDOMAIN)`;
    case 'ENODATA':
      return `${what}: no ${plan.type} records`;
    case 'ESERVFAIL':
      return `${what}: the server failed (SERVFAIL)`;
    case 'EREFUSED':
      return `${what}: the server refused the query`;
    case 'ECONNREFUSED':
      return `${what}: connection refused`;
    default:
      return `${what}: ${errorMessage(err)}`;
  }
}

const normalised = (values: string[]): string[] => values.map((v) => v.toLowerCase()).sort();

function sameAnswers(a: string[], b: string[]): boolean {
  const x = normalised(a);
  const y = normalised(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

async function probe(spec: CheckSpec, ctx: RunContext): Promise<CheckResult> {
  const start = new Date();
  let plan: Plan;
  try {
    plan = planFrom(spec);
  } catch (e) {
    return invalidResult(start, errorMessage(e));
  }
  if (ctx.signal.aborted) return cancelledResult(start);

  const timeoutMs = plan.timeoutSeconds * 1000;
  const resolver = new dnsPromises.Resolver({ timeout: timeoutMs, tries: 1 });
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: () => void = () => undefined;
  const t0 = performance.now();
  let answers: string[];
  try {
    if (plan.server !== undefined)
      resolver.setServers([await serverAddress(plan.server, plan.port)]);
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ProbeError('timeout')), timeoutMs);
      unsubscribe = onAbort(ctx.signal, () => reject(new ProbeError('cancelled')));
    });
    answers = await Promise.race([lookup(plan, resolver), stop]);
  } catch (e) {
    resolver.cancel();
    if (ctx.signal.aborted) return cancelledResult(start);
    const duration = Math.max(1, Math.round(performance.now() - t0));
    const code = (e as { code?: unknown }).code;
    const timedOut = (e instanceof ProbeError && e.message === 'timeout') || code === 'ETIMEOUT';
    const error = timedOut
      ? `timed out after ${plan.timeoutSeconds} seconds`
      : e instanceof ProbeError
        ? e.message
        : lookupError(plan, e);
    return resultFrom(start, false, { error, duration });
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }

  const elapsed = performance.now() - t0;
  const duration = Math.max(1, Math.round(elapsed));
  const message = `${plan.type} ${plan.query}: ${answers.length ? answers.join(', ') : 'no records'}`;
  // SRV answers are only reported; upstream never fails them on content.
  if (plan.type === 'SRV') return resultFrom(start, true, { duration, message });

  const failures: string[] = [];
  if (answers.length < plan.minRecords) {
    failures.push(`got ${answers.length} records, expected at least ${plan.minRecords}`);
  }
  if (plan.exactReply && !sameAnswers(answers, plan.exactReply)) {
    failures.push(
      `got [${normalised(answers).join(', ')}], expected exactly [${normalised(plan.exactReply).join(', ')}]`,
    );
  }
  if (plan.thresholdMillis > 0 && elapsed > plan.thresholdMillis) {
    failures.push(`took ${duration}ms, above the ${plan.thresholdMillis}ms threshold`);
  }
  return failures.length
    ? resultFrom(start, false, { duration, message, error: failures.join('; ') })
    : resultFrom(start, true, { duration, message });
}

export const dns: CheckRunner = async (spec, ctx) => [await probe(spec, ctx)];
