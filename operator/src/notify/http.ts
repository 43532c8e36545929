import type { ClientRequest, IncomingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { errorText, permanent, permanentStatus, retryAfter, transient } from './errors.js';
import type { SendOptions, Service } from './types.js';

/** People's names of the services, for error messages. */
export const LABELS: Record<Service, string> = {
  smtp: 'e-mail',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  discord: 'Discord',
  mattermost: 'Mattermost',
  googlechat: 'Google Chat',
  telegram: 'Telegram',
  ntfy: 'ntfy',
  pushover: 'Pushover',
  generic: 'the webhook',
};

export const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_ANSWER_BYTES = 64 * 1024;
const ERROR_BODY_CHARS = 300;
const USER_AGENT = 'Vigil';

/** Certificate problems: the same send fails the same way until someone changes something. */
const CERT_ERRORS = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_UNTRUSTED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export interface HttpCall {
  service: Service;
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  insecureTls?: boolean;
  /** What to quote of an error answer (default: the start of its body). */
  detail?: (a: HttpAnswer) => string | undefined;
  /** How long the service asked to wait, when it says so in the body rather than Retry-After. */
  retryAfterMs?: (a: HttpAnswer) => number | undefined;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Where the request went, for messages (scheme, host and port only). */
  origin: string;
}

/**
 * The URL with the endpoint's scheme, host and port (and its path in front), when one is set
 * for the service: how tests and egress gateways take the place of a service's public API.
 */
export function rebase(raw: string, endpoint: string | undefined): URL {
  const url = new URL(raw);
  if (!endpoint) return url;
  const base = new URL(endpoint);
  const path = `${base.pathname.replace(/\/+$/, '')}${url.pathname}`;
  const out = new URL(`${base.protocol}//${base.host}`);
  out.pathname = path;
  out.search = url.search;
  out.username = url.username;
  out.password = url.password;
  return out;
}

/** The service's name and the server (never the path: webhook paths are the secret). */
export const where = (service: Service, origin: string) => `${LABELS[service]} at ${origin}`;

/**
 * One HTTP request, without redirects. Resolves with any answer below 400 (3xx included: the
 * caller decides); rejects with a NotifyError for 4xx/5xx answers and failures to get one.
 * Credentials in the URL become basic auth.
 */
export async function call(c: HttpCall, o: SendOptions): Promise<HttpAnswer> {
  let url: URL;
  try {
    url = rebase(c.url, o.endpoints?.[c.service]);
  } catch {
    throw permanent(`${LABELS[c.service]}: the URL to send to is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw permanent(`${LABELS[c.service]}: ${url.protocol}// is not http:// or https://`);
  const origin = url.origin;
  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  for (const [k, v] of Object.entries(c.headers ?? {})) headers[k.toLowerCase()] = v;
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    headers.authorization ??= `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  const body = c.body === undefined ? undefined : Buffer.from(c.body, 'utf8');
  if (body) headers['content-length'] = String(body.length);
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const label = where(c.service, origin);
  if (o.signal.aborted) throw transient(`${LABELS[c.service]}: sending was stopped`);

  const answer = await new Promise<HttpAnswer>((resolve, reject) => {
    let done = false;
    const finish = (err: Error | undefined, a?: HttpAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      o.signal.removeEventListener('abort', onAbort);
      if (err || !a) {
        req.destroy();
        reject(err ?? new Error('no answer'));
      } else resolve(a);
    };
    const onAbort = () => finish(transient(`${LABELS[c.service]}: sending was stopped`));
    const secure = url.protocol === 'https:';
    let req: ClientRequest;
    try {
      req = (secure ? httpsRequest : httpRequest)(
        {
          hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: c.method ?? 'POST',
          headers,
          agent: false,
          ...(secure ? { rejectUnauthorized: !c.insecureTls } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const answer = (): HttpAnswer => ({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            origin,
          });
          res.on('data', (chunk: Buffer) => {
            if (size >= MAX_ANSWER_BYTES) return;
            chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size));
            size += chunk.length;
          });
          res.on('end', () => finish(undefined, answer()));
          res.on('error', (e) => finish(e));
          res.on('close', () => {
            // The status and headers arrived: a cut body does not make it unsent.
            if (!res.complete) finish(undefined, answer());
          });
        },
      );
    } catch (err) {
      // Node refuses some header values (line breaks, characters outside Latin-1).
      reject(permanent(`${label}: the request could not be made: ${errorText(err)}`, err));
      return;
    }
    const timer = setTimeout(
      () => finish(transient(`${label} did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    o.signal.addEventListener('abort', onAbort, { once: true });
    if (o.signal.aborted) onAbort();
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code && CERT_ERRORS.has(e.code))
        finish(
          permanent(
            `${label} could not be reached: its certificate is not trusted (${e.message})`,
            e,
          ),
        );
      else finish(transient(`${label} could not be reached: ${errorText(e)}`, undefined, e));
    });
    req.end(body);
  });

  if (answer.status >= 400)
    throw statusError(c.service, answer, c.detail?.(answer), c.retryAfterMs?.(answer));
  if (answer.status >= 300)
    throw permanent(
      `${label} answered HTTP ${answer.status} (a redirect${answer.headers.location ? ` to ${safeOrigin(String(answer.headers.location), url)}` : ''}): give the URL it redirects to`,
    );
  return answer;
}

function safeOrigin(location: string, base: URL): string {
  try {
    return new URL(location, base).origin;
  } catch {
    return 'an invalid location';
  }
}

/** A 4xx/5xx answer as an error: its code and the start of what the service said. */
export function statusError(
  service: Service,
  a: HttpAnswer,
  detail?: string,
  retryAfterMs?: number,
) {
  const said = (detail ?? a.text).trim().slice(0, ERROR_BODY_CHARS);
  const message = `${where(service, a.origin)} answered HTTP ${a.status}${said ? `: ${said}` : ''}`;
  return permanentStatus(a.status)
    ? permanent(message)
    : transient(message, retryAfter(a.headers['retry-after']) ?? retryAfterMs);
}

/** The answer as JSON (an empty object when it is not). */
export function json(a: HttpAnswer): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(a.text);
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
