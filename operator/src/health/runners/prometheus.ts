import http from 'node:http';
import https from 'node:https';
import {
  invalidResult,
  resultFrom,
  type CheckRunner,
  type CheckSpec,
  type RunContext,
} from '../types.js';
import { deadline, envValue, errorText, resolveConnection, seconds, timedOut } from './sql.js';

/**
 * prometheus check (crds.md §1.3-1.4): an instant query at now, GET `<url>/api/v1/query`. The data
 * is `value` (the first sample as a float, 0 when there is none), `firstResult` (its labels plus
 * `value`) and `results` (every sample's labels plus `value`); the first sample's labels become
 * the result's labels. Empty with markFailOnEmpty fails; `host` (deprecated) is invalid.
 */

const MAX_BODY = 32 * 1024 * 1024;

export interface HttpTarget {
  url: string;
  headers: Record<string, string>;
  tls: { rejectUnauthorized: boolean; ca?: string; cert?: string; key?: string };
}

/**
 * The HTTPConnection fields of a check (crds.md §0.1) as a base URL and request headers:
 * `url`/`connection`, basic auth from `username`/`password` (or credentials in the URL),
 * `bearer`, `headers` [{name, value}], `tls` / `tlsConfig` {insecureSkipVerify, ca, cert, key}.
 */
export async function httpTarget(
  spec: CheckSpec,
  ctx: RunContext,
  example: string,
): Promise<HttpTarget | string> {
  const conn = await resolveConnection(spec, ctx);
  if (typeof conn === 'string') return conn;
  if (!conn.url) return `url is required: the base URL, e.g. ${example}`;
  let u: URL;
  try {
    u = new URL(conn.url);
  } catch {
    return `url ${conn.url} is not a valid URL (e.g. ${example})`;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    return `url must start with http:// or https:// (got ${u.protocol}//)`;
  const headers: Record<string, string> = { accept: 'application/json' };
  let { username, password } = conn;
  if (u.username) {
    username = decodeURIComponent(u.username);
    password = decodeURIComponent(u.password);
    u.username = '';
    u.password = '';
  }
  if (username)
    headers.authorization = `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}`;
  const bearer = envValue(spec.bearer);
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (spec.headers !== undefined && !Array.isArray(spec.headers))
    return 'headers must be a list of {name, value}';
  for (const h of (spec.headers ?? []) as { name?: unknown; value?: unknown }[]) {
    if (typeof h?.name !== 'string' || !h.name) return 'every entry of headers needs a name';
    const value = envValue(h);
    if (value === undefined)
      return `header ${h.name}: valueFrom could not be resolved; give a value`;
    headers[h.name.toLowerCase()] = value;
  }
  const tlsSpec = (spec.tls ?? spec.tlsConfig ?? {}) as Record<string, unknown>;
  return {
    url: u.toString().replace(/\/+$/, ''),
    headers,
    tls: {
      rejectUnauthorized: tlsSpec.insecureSkipVerify !== true,
      ca: envValue(tlsSpec.ca) || undefined,
      cert: envValue(tlsSpec.cert) || undefined,
      key: envValue(tlsSpec.key) || undefined,
    },
  };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** GETs JSON; a non-2xx answer rejects with HttpError carrying the body's error text. */
export function getJson(target: HttpTarget, url: string, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const mod = u.protocol === 'https:' ? https : http;
    const req = mod.get(
      u,
      {
        headers: { 'user-agent': 'vigil-health-check', ...target.headers },
        signal,
        ...(u.protocol === 'https:' ? target.tls : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (d: Buffer) => {
          size += d.length;
          if (size > MAX_BODY) {
            res.destroy(new Error(`the answer is larger than ${MAX_BODY / 1024 / 1024} MiB`));
            return;
          }
          chunks.push(d);
        });
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 299) {
            const b = body as
              { error?: unknown; errorType?: unknown; message?: unknown } | undefined;
            const detail =
              typeof b?.error === 'string'
                ? `${typeof b.errorType === 'string' ? `${b.errorType}: ` : ''}${b.error}`
                : typeof b?.message === 'string'
                  ? b.message
                  : text.trim().slice(0, 500);
            reject(new HttpError(status, `HTTP ${status}${detail ? `: ${detail}` : ''}`));
            return;
          }
          if (body === undefined) {
            reject(new Error(`the answer from ${u.origin}${u.pathname} is not JSON`));
            return;
          }
          resolve(body);
        });
      },
    );
    req.on('error', reject);
  });
}

/** A failed request's error for a person: the timeout, or what the server or socket said. */
export function requestError(err: unknown, signal: AbortSignal, timeoutS: number): string {
  if (timedOut(signal)) return `timed out after ${timeoutS}s`;
  if (signal.aborted) return 'the run was cancelled';
  return errorText(err);
}

type Sample = {
  metric?: Record<string, string>;
  value?: [number, string];
  values?: [number, string][];
};

function sampleValue(v: [number, string] | undefined): number {
  if (!v) return Number.NaN;
  return Number.parseFloat(v[1]);
}

export const prometheusRunner: CheckRunner = async (spec, ctx) => {
  const start = new Date();
  if (typeof spec.host === 'string' && spec.host)
    return [
      invalidResult(start, 'host is no longer supported: put the Prometheus base URL in url'),
    ];
  const query = typeof spec.query === 'string' ? spec.query.trim() : '';
  if (!query) return [invalidResult(start, 'prometheus check needs a query (PromQL)')];
  const target = await httpTarget(spec, ctx, 'http://prometheus.monitoring:9090');
  if (typeof target === 'string') return [invalidResult(start, target)];

  const timeoutS = seconds(spec.timeout, 60);
  const signal = deadline(ctx, timeoutS);
  const url = `${target.url}/api/v1/query?${new URLSearchParams({ query })}`;
  let body: { status?: string; error?: string; data?: { resultType?: string; result?: unknown } };
  try {
    body = (await getJson(target, url, signal)) as typeof body;
  } catch (err) {
    return [resultFrom(start, false, { error: requestError(err, signal, timeoutS) })];
  }
  if (body?.status !== 'success')
    return [
      resultFrom(start, false, { error: body?.error ?? 'Prometheus did not answer success' }),
    ];

  const type = body.data?.resultType;
  const raw = body.data?.result;
  let samples: { labels: Record<string, string>; value: number }[] = [];
  if ((type === 'vector' || type === 'matrix') && Array.isArray(raw)) {
    samples = (raw as Sample[]).map((s) => ({
      labels: { ...(s.metric ?? {}) },
      value: sampleValue(s.value ?? s.values?.[s.values.length - 1]),
    }));
  } else if (type === 'scalar' && Array.isArray(raw)) {
    samples = [{ labels: {}, value: sampleValue(raw as [number, string]) }];
  }
  const results = samples.map((s) => ({ ...s.labels, value: s.value }));
  const first = samples[0];
  const data = {
    value: first?.value ?? 0,
    firstResult: results[0] ?? {},
    results,
  };
  if (!first && spec.markFailOnEmpty === true)
    return [resultFrom(start, false, { error: `the query returned no samples: ${query}`, data })];
  return [resultFrom(start, true, { data, ...(first ? { labels: first.labels } : {}) })];
};
