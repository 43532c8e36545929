import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { RequestOptions } from 'node:https';
import type { Readable } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import zlib from 'node:zlib';
import { VERSION } from '../../version.js';
import type { CheckResult, CheckRunner, CheckSpec, RunContext } from '../types.js';
import { invalidResult, resultFrom } from '../types.js';
import { basicAuthorization, challengesFrom, digestAuthorization, pickDigest } from './net/auth.js';
import type { Challenge } from './net/auth.js';
import { goDurationMillis } from './net/duration.js';
import {
  authenticateMessage,
  negotiateMessage,
  parseChallengeMessage,
  splitDomain,
} from './net/ntlm.js';
import {
  ProbeError,
  SpecError,
  bool,
  cancelledResult,
  envValue,
  errorMessage,
  hasTest,
  nameValues,
  num,
  onAbort,
  renderTemplate,
  str,
} from './net/spec.js';

/**
 * The `http` check (crds.md §1.3): one request (plus its redirects and auth handshakes) on a new
 * connection each time, then status, content, certificate expiry, JSON and threshold checks.
 * The result's data is what §1.4 lists for http: code, headers, elapsed, sslAge, content, json.
 */

/** Responses are read up to this many bytes; the rest is not downloaded. */
export const MAX_CONTENT_BYTES = 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 10;
const DEFAULT_HANDSHAKE_MS = 10_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DAY_MS = 86_400_000;
const USER_AGENT = `vigil/${VERSION}`;

type Auth =
  | { kind: 'none' }
  | { kind: 'basic' | 'digest'; username: string; password: string }
  | { kind: 'ntlm'; version: 1 | 2; username: string; password: string; domain: string };

interface TlsOptions {
  rejectUnauthorized: boolean;
  ca?: string;
  cert?: string;
  key?: string;
  handshakeMillis: number;
}

export interface Plan {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  auth: Auth;
  responseCodes: number[];
  responseContent: string | undefined;
  thresholdMillis: number;
  maxSSLExpiry: number;
  maxRedirects: number;
  tls: TlsOptions;
  hasTest: boolean;
  /** Bytes of a response body read (default MAX_CONTENT_BYTES); the catalog reads more. */
  maxContentBytes?: number;
}

export interface Exchange {
  status: number;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
  /** The response was only looked at (a redirect or an auth challenge): its body was skipped. */
  interim: boolean;
  /** When the peer certificate expires (epoch ms), for https. */
  certValidTo: number | undefined;
  /** The body was cut at the plan's byte limit. */
  truncated?: boolean;
}

async function connectionFields(
  spec: CheckSpec,
  ctx: Pick<RunContext, 'connection'>,
): Promise<{ url?: string; username?: string; password?: string }> {
  const ref = str(spec, 'connection');
  if (!ref) return {};
  const conn = await ctx.connection(ref);
  if (!conn) throw new SpecError(`connection ${ref} was not found`);
  return { url: conn.url, username: conn.username, password: conn.password };
}

function tlsFrom(spec: CheckSpec): TlsOptions {
  const raw = spec.tlsConfig ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new SpecError('tlsConfig must be an object');
  const t = raw as CheckSpec;
  const tls: TlsOptions = {
    rejectUnauthorized: !bool(t, 'insecureSkipVerify'),
    handshakeMillis: goDurationMillis(
      t.handshakeTimeout,
      'tlsConfig.handshakeTimeout',
      DEFAULT_HANDSHAKE_MS,
    ),
  };
  const ca = envValue(t.ca, 'tlsConfig.ca');
  const cert = envValue(t.cert, 'tlsConfig.cert');
  const key = envValue(t.key, 'tlsConfig.key');
  if (ca) tls.ca = ca;
  if (Boolean(cert) !== Boolean(key)) {
    throw new SpecError('tlsConfig.cert and tlsConfig.key go together: set both or neither');
  }
  if (cert && key) Object.assign(tls, { cert, key });
  return tls;
}

function responseCodesFrom(spec: CheckSpec): number[] {
  const raw = spec.responseCodes;
  if (raw === undefined || raw === null) return [];
  const codes = Array.isArray(raw) ? raw.map((c) => (typeof c === 'string' ? Number(c) : c)) : [];
  if (!Array.isArray(raw) || codes.some((c) => !Number.isInteger(c) || c < 100 || c > 999)) {
    throw new SpecError(
      `responseCodes must be a list of HTTP status codes, got ${JSON.stringify(raw)}`,
    );
  }
  return codes as number[];
}

/** Fields of the upstream http check this runner does not implement: refused, not ignored. */
const UNSUPPORTED: Record<string, string> = {
  oauth2: 'oauth2 is not supported; send the token in headers',
  awsSigV4: 'awsSigV4 is not supported',
  crawl: 'crawl is not supported',
  responseJSONContent: 'responseJSONContent (deprecated) is not supported; use test instead',
};

const isSet = (v: unknown): boolean =>
  v !== undefined &&
  v !== null &&
  v !== '' &&
  !(typeof v === 'object' && Object.keys(v).length === 0);

/** The request a spec describes; the catalog's http scraper builds on it too. */
export async function planFrom(
  spec: CheckSpec,
  ctx: Pick<RunContext, 'connection'>,
): Promise<Plan> {
  for (const [field, why] of Object.entries(UNSUPPORTED)) {
    if (isSet(spec[field])) throw new SpecError(why);
  }
  const urlField = str(spec, 'url');
  const endpoint = str(spec, 'endpoint');
  if (urlField && endpoint) {
    throw new SpecError('set url or the deprecated endpoint, not both');
  }
  const conn = await connectionFields(spec, ctx);
  let rawUrl = urlField ?? endpoint ?? conn.url;
  if (!rawUrl) throw new SpecError('url is required');

  const vars = new Map(nameValues(spec, 'env').map((e) => [e.name, e.value]));
  if (rawUrl.includes('{{')) rawUrl = renderTemplate(rawUrl, vars, 'url');
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new SpecError(`url ${JSON.stringify(rawUrl)} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SpecError(`url ${rawUrl} must be http:// or https://`);
  }

  // Credentials written into the URL become basic auth (the spec's own username wins).
  let username = str(spec, 'username') ?? conn.username;
  let password = str(spec, 'password') ?? conn.password;
  if (url.username || url.password) {
    username ??= decodeURIComponent(url.username);
    password ??= decodeURIComponent(url.password);
    url.username = '';
    url.password = '';
  }

  const digest = bool(spec, 'digest');
  const ntlm = bool(spec, 'ntlm');
  const ntlmv2 = bool(spec, 'ntlmv2');
  let auth: Auth = { kind: 'none' };
  if (digest || ntlm || ntlmv2) {
    if ([digest, ntlm || ntlmv2].filter(Boolean).length > 1) {
      throw new SpecError('digest and ntlm/ntlmv2 cannot be used together');
    }
    const which = digest ? 'digest' : ntlmv2 ? 'ntlmv2' : 'ntlm';
    if (!username) throw new SpecError(`${which}: true needs username and password`);
    if (digest) auth = { kind: 'digest', username, password: password ?? '' };
    else
      auth = {
        kind: 'ntlm',
        version: ntlmv2 ? 2 : 1,
        ...splitDomain(username),
        password: password ?? '',
      };
  } else if (username !== undefined || password !== undefined) {
    auth = { kind: 'basic', username: username ?? '', password: password ?? '' };
  }

  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  for (const h of nameValues(spec, 'headers')) headers[h.name.toLowerCase()] = h.value;

  let body: Buffer | undefined;
  const rawBody = str(spec, 'body');
  if (rawBody !== undefined) {
    body = Buffer.from(
      bool(spec, 'templateBody') ? renderTemplate(rawBody, vars, 'body') : rawBody,
    );
  }

  const method = (str(spec, 'method') ?? 'GET').toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw new SpecError(`method ${method} is not an HTTP method`);

  return {
    url,
    method,
    headers,
    body,
    auth,
    responseCodes: responseCodesFrom(spec),
    responseContent: str(spec, 'responseContent'),
    thresholdMillis: num(spec, 'thresholdMillis', 0),
    maxSSLExpiry: num(spec, 'maxSSLExpiry', 0),
    maxRedirects: Math.floor(num(spec, 'maxRedirects', DEFAULT_MAX_REDIRECTS)),
    tls: tlsFrom(spec),
    hasTest: hasTest(spec),
  };
}

interface SendOptions {
  url: URL;
  method: string;
  headers: OutgoingHttpHeaders;
  body: Buffer | undefined;
  tls: TlsOptions;
  /** false = a new connection that is closed afterwards; an Agent = a kept-alive connection. */
  agent: HttpAgent | false;
  /** performance.now() by which the whole exchange must be done (thresholdMillis). */
  deadline: number | undefined;
  thresholdMillis: number;
  signal: AbortSignal;
  /** Bytes of the body read; the rest is not downloaded. */
  maxBytes: number;
  /** Responses to only look at (redirects, auth challenges): their bodies are not read. */
  interim: (res: IncomingMessage) => boolean;
}

const EMPTY = Buffer.alloc(0);

function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const z =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip(lenient)
      : encoding === 'deflate'
        ? zlib.createInflate(lenient)
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!z) return res;
  res.on('error', (e) => z.destroy(e));
  return res.pipe(z);
}

/** One request/response on node:http(s). Rejects with the reason the exchange failed. */
function send(o: SendOptions): Promise<Exchange> {
  return new Promise<Exchange>((resolve, reject) => {
    const secure = o.url.protocol === 'https:';
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let handshakeTimer: NodeJS.Timeout | undefined;
    let unsubscribe: () => void = () => undefined;
    const options: RequestOptions = {
      hostname: o.url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: o.url.port || undefined,
      path: `${o.url.pathname}${o.url.search}`,
      method: o.method,
      headers: o.headers,
      agent: o.agent,
    };
    if (secure) {
      options.rejectUnauthorized = o.tls.rejectUnauthorized;
      if (o.tls.ca) options.ca = o.tls.ca;
      if (o.tls.cert) options.cert = o.tls.cert;
      if (o.tls.key) options.key = o.tls.key;
    }
    const finish = (err: Error | undefined, ex?: Exchange): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(handshakeTimer);
      unsubscribe();
      if (err || !ex) {
        req.destroy();
        reject(err ?? new Error('no response'));
      } else resolve(ex);
    };

    const req = (secure ? httpsRequest : httpRequest)(options, (res) => {
      let certValidTo: number | undefined;
      if (secure) {
        const cert = (res.socket as TLSSocket).getPeerCertificate();
        if (cert.valid_to) certValidTo = Date.parse(cert.valid_to);
      }
      const exchange = (body: Buffer, interim: boolean): Exchange => ({
        status: res.statusCode ?? 0,
        headers: res.headers,
        rawHeaders: res.rawHeaders,
        body,
        interim,
        certValidTo,
      });
      res.on('error', (e) => finish(e));
      res.on('close', () => {
        if (!res.complete)
          finish(new Error('the connection closed before the response was complete'));
      });
      if (o.interim(res)) {
        if (o.agent) {
          // Kept-alive (NTLM): read the body to the end so the connection can be used again.
          res.on('end', () => finish(undefined, exchange(EMPTY, true)));
          res.resume();
        } else {
          finish(undefined, exchange(EMPTY, true));
          req.destroy();
        }
        return;
      }
      const stream = decoded(res);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size > o.maxBytes) {
          finish(undefined, {
            ...exchange(Buffer.concat(chunks, o.maxBytes), false),
            truncated: true,
          });
          req.destroy();
        }
      });
      stream.on('end', () => finish(undefined, exchange(Buffer.concat(chunks, size), false)));
      stream.on('error', (e) => finish(e));
    });
    req.on('error', (e) => finish(e));

    if (o.deadline !== undefined) {
      timer = setTimeout(
        () => finish(new ProbeError(`timed out after ${o.thresholdMillis}ms (thresholdMillis)`)),
        Math.max(0, o.deadline - performance.now()),
      );
    }
    if (secure) {
      req.once('socket', (socket) => {
        if (req.reusedSocket) return;
        handshakeTimer = setTimeout(
          () => finish(new ProbeError(`TLS handshake timed out after ${o.tls.handshakeMillis}ms`)),
          o.tls.handshakeMillis,
        );
        socket.once('secureConnect', () => clearTimeout(handshakeTimer));
      });
    }
    unsubscribe = onAbort(o.signal, () => finish(new ProbeError('cancelled')));
    req.end(o.body);
  });
}

const isRedirect = (plan: Plan, res: IncomingMessage): boolean =>
  plan.maxRedirects > 0 && REDIRECTS.has(res.statusCode ?? 0) && Boolean(res.headers.location);

function ntlmChallenge(challenges: Challenge[]): Buffer | undefined {
  for (const c of challenges) {
    const scheme = c.scheme.toLowerCase();
    if ((scheme === 'ntlm' || scheme === 'negotiate') && c.token68) {
      const msg = Buffer.from(c.token68, 'base64');
      if (msg.subarray(0, 8).toString('latin1') === 'NTLMSSP\0') return msg;
    }
  }
  return undefined;
}

/** One URL: the request with its authentication handshake, if any. */
async function hop(
  plan: Plan,
  base: Omit<SendOptions, 'headers' | 'agent' | 'interim'>,
  headers: Record<string, string>,
  auth: Auth,
): Promise<Exchange> {
  const redirect = (res: IncomingMessage): boolean => isRedirect(plan, res);
  if (base.body) headers['content-length'] = String(base.body.length);
  switch (auth.kind) {
    case 'none':
      return send({ ...base, headers, agent: false, interim: redirect });
    case 'basic':
      headers.authorization = basicAuthorization(auth.username, auth.password);
      return send({ ...base, headers, agent: false, interim: redirect });
    case 'digest': {
      const challenged = (res: IncomingMessage): boolean =>
        res.statusCode === 401 && pickDigest(challengesFrom(res.rawHeaders)) !== undefined;
      const first = await send({
        ...base,
        headers,
        agent: false,
        interim: (res) => challenged(res) || redirect(res),
      });
      const challenge =
        first.status === 401 ? pickDigest(challengesFrom(first.rawHeaders)) : undefined;
      if (!challenge) return first;
      headers.authorization = digestAuthorization(challenge, {
        method: base.method,
        uri: `${base.url.pathname}${base.url.search}`,
        username: auth.username,
        password: auth.password,
        body: base.body,
      });
      return send({ ...base, headers, agent: false, interim: redirect });
    }
    case 'ntlm': {
      // NTLM authenticates the connection, so both legs go over one kept-alive socket.
      const Agent = base.url.protocol === 'https:' ? HttpsAgent : HttpAgent;
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        headers.authorization = `NTLM ${negotiateMessage().toString('base64')}`;
        const challenged = (res: IncomingMessage): boolean =>
          res.statusCode === 401 && ntlmChallenge(challengesFrom(res.rawHeaders)) !== undefined;
        const first = await send({
          ...base,
          headers,
          agent,
          interim: (res) => challenged(res) || redirect(res),
        });
        const message =
          first.status === 401 ? ntlmChallenge(challengesFrom(first.rawHeaders)) : undefined;
        if (!message) return first;
        const challenge = parseChallengeMessage(message);
        headers.authorization = `NTLM ${authenticateMessage(auth, challenge, auth.version).toString('base64')}`;
        return await send({ ...base, headers, agent, interim: redirect });
      } finally {
        agent.destroy();
      }
    }
  }
}

/** The request and the redirects it leads to (up to maxRedirects; 0 = the 3xx is the answer). */
export async function follow(plan: Plan, signal: AbortSignal, t0: number): Promise<Exchange> {
  const deadline = plan.thresholdMillis > 0 ? t0 + plan.thresholdMillis : undefined;
  let url = plan.url;
  let method = plan.method;
  let body = plan.body;
  for (let redirects = 0; ; redirects++) {
    // Credentials go only to the host they were written for, as Go's client does.
    const sameHost = url.host === plan.url.host;
    const headers = { ...plan.headers };
    if (!sameHost) {
      delete headers.authorization;
      delete headers.cookie;
    }
    const base = {
      url,
      method,
      body,
      tls: plan.tls,
      deadline,
      thresholdMillis: plan.thresholdMillis,
      signal,
      maxBytes: plan.maxContentBytes ?? MAX_CONTENT_BYTES,
    };
    const ex = await hop(plan, base, headers, sameHost ? plan.auth : { kind: 'none' });
    if (!ex.interim || !REDIRECTS.has(ex.status)) return ex;
    if (redirects >= plan.maxRedirects) {
      throw new ProbeError(
        `stopped after ${plan.maxRedirects} redirects (maxRedirects), last to ${url.href}`,
      );
    }
    const location = String(ex.headers.location);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new ProbeError(
        `${url.href} redirected to an invalid location ${JSON.stringify(location)}`,
      );
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw new ProbeError(`${url.href} redirected to ${next.href}, which is not http(s)`);
    }
    if (ex.status === 303 || ((ex.status === 301 || ex.status === 302) && method !== 'HEAD')) {
      if (method !== 'GET' && method !== 'HEAD') body = undefined;
      method = method === 'HEAD' ? 'HEAD' : 'GET';
    }
    url = next;
  }
}

export function isJsonType(contentType: string | undefined): boolean {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return media === 'application/json' || media === 'text/json' || media.endsWith('+json');
}

export function headerMap(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

const TLS_HINT =
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS_CERT_ALTNAME_INVALID/;

function failureMessage(plan: Plan, err: unknown): string {
  const msg = errorMessage(err);
  if (err instanceof ProbeError) return msg;
  const code = (err as { code?: unknown }).code;
  const hint =
    typeof code === 'string' && TLS_HINT.test(code)
      ? ' (trust the issuer with tlsConfig.ca, or set tlsConfig.insecureSkipVerify)'
      : '';
  return `${plan.method} ${plan.url.href}: ${msg}${hint}`;
}

function expectedCodes(codes: number[]): string {
  if (codes.length === 0) return 'a 2xx status';
  if (codes.length === 1) return `status ${codes[0]}`;
  return `status ${codes.slice(0, -1).join(', ')} or ${codes[codes.length - 1]}`;
}

function evaluate(plan: Plan, ex: Exchange, start: Date, elapsed: number): CheckResult {
  const content = ex.body.toString('utf8');
  const headers = headerMap(ex.headers);
  const sslAge = ex.certValidTo !== undefined ? ex.certValidTo - Date.now() : 0;
  const failures: string[] = [];

  const codeOk = plan.responseCodes.length
    ? plan.responseCodes.includes(ex.status)
    : ex.status >= 200 && ex.status < 300;
  if (!codeOk) failures.push(`expected ${expectedCodes(plan.responseCodes)}, got ${ex.status}`);

  if (plan.responseContent !== undefined && !content.includes(plan.responseContent)) {
    failures.push(`response does not contain ${JSON.stringify(plan.responseContent)}`);
  }

  if (plan.maxSSLExpiry > 0 && ex.certValidTo !== undefined) {
    const days = Math.floor(sslAge / DAY_MS);
    if (sslAge < plan.maxSSLExpiry * DAY_MS) {
      failures.push(
        sslAge < 0
          ? `certificate expired ${-days} days ago`
          : `certificate expires in ${days} days, under maxSSLExpiry ${plan.maxSSLExpiry}`,
      );
    }
  }

  let json: unknown = {};
  if (isJsonType(headers['content-type'])) {
    try {
      json = JSON.parse(content);
    } catch (e) {
      if (!plan.hasTest) failures.push(`response is not valid JSON: ${errorMessage(e)}`);
    }
  }

  const ms = Math.round(elapsed);
  if (plan.thresholdMillis > 0 && elapsed > plan.thresholdMillis) {
    failures.push(`took ${ms}ms, above the ${plan.thresholdMillis}ms threshold`);
  }

  const data = { code: ex.status, headers, elapsed: ms, sslAge, content, json };
  const fields = { data, duration: Math.max(1, ms), message: `HTTP ${ex.status} in ${ms}ms` };
  return failures.length === 0
    ? resultFrom(start, true, fields)
    : resultFrom(start, false, { ...fields, error: failures.join('; ') });
}

async function probe(spec: CheckSpec, ctx: RunContext): Promise<CheckResult> {
  const start = new Date();
  let plan: Plan;
  try {
    plan = await planFrom(spec, ctx);
  } catch (e) {
    if (e instanceof SpecError) return invalidResult(start, e.message);
    return resultFrom(start, false, { error: errorMessage(e) });
  }
  if (ctx.signal.aborted) return cancelledResult(start);
  const t0 = performance.now();
  try {
    const ex = await follow(plan, ctx.signal, t0);
    return evaluate(plan, ex, start, performance.now() - t0);
  } catch (e) {
    if (ctx.signal.aborted) return cancelledResult(start);
    const elapsed = Math.round(performance.now() - t0);
    return resultFrom(start, false, {
      error: failureMessage(plan, e),
      duration: Math.max(1, elapsed),
      data: { code: 0, headers: {}, elapsed, sslAge: 0, content: '', json: {} },
    });
  }
}

export const http: CheckRunner = async (spec, ctx) => [await probe(spec, ctx)];
