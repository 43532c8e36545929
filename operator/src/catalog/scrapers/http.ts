import { follow, headerMap, isJsonType, planFrom, type Plan } from '../../health/runners/http.js';
import type { ScrapeContext, Scraper, ScraperSpec } from '../types.js';
import {
  ScrapeError,
  envField,
  envList,
  errorText,
  guarded,
  isObject,
  setFields,
  stoppedText,
} from './common.js';
import { documentOf, paginate, paginationFrom, type Page } from './httpPages.js';

/**
 * The `http` scraper (crds.md §3.3): one request, or a series of pages, with the http health
 * check's client (health/runners/http.ts: redirects, basic/digest/NTLM, TLS, decompression), so
 * both read a URL the same way. The HTTPConnection fields are the check's, with `tls` in place
 * of `tlsConfig`, plus `bearer`. A JSON response (or the pages reduced into one) is a json
 * document; anything else is a text document. A status outside 2xx, a DNS failure or the
 * scrape's signal is an error. `env` fills `{{ .name }}` in the url, as in the check.
 */

/** Per response: APIs that return more should be paged. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
const ERROR_BODY_CHARS = 300;

const UNSUPPORTED: Record<string, string> = {
  oauth: 'oauth is not supported yet: fetch the token elsewhere and send it with bearer',
  awsSigV4: 'awsSigV4 is not supported yet',
};

/** The first request, from the spec; also what every later page starts from. */
async function firstPlan(spec: ScraperSpec, ctx: ScrapeContext, env: Record<string, string>) {
  const unsupported = setFields(spec, Object.keys(UNSUPPORTED)).map((f) => UNSUPPORTED[f]);
  if (unsupported.length) throw new ScrapeError(unsupported.join('; '));
  // Read here first so that a `valueFrom` is refused in the scraper's words, not the check's.
  const username = envField(spec.username, 'username');
  const password = envField(spec.password, 'password');
  const bearer = envField(spec.bearer, 'bearer');
  const headers = envList(spec.headers, 'headers');
  const rawTls = spec.tls ?? {};
  if (!isObject(rawTls)) throw new ScrapeError('tls must be an object');
  const tlsConfig = {
    ...rawTls,
    ca: envField(rawTls.ca, 'tls.ca'),
    cert: envField(rawTls.cert, 'tls.cert'),
    key: envField(rawTls.key, 'tls.key'),
  };
  const pairs = (m: Record<string, string>) =>
    Object.entries(m).map(([name, value]) => ({ name, value }));
  let plan: Plan;
  try {
    plan = await planFrom(
      {
        url: spec.url,
        connection: spec.connection,
        username,
        password,
        ntlm: spec.ntlm,
        ntlmv2: spec.ntlmv2,
        digest: spec.digest,
        headers: pairs(headers),
        env: pairs(env),
        method: spec.method,
        body: spec.body,
        tlsConfig,
      },
      ctx,
    );
  } catch (err) {
    throw new ScrapeError(errorText(err).replaceAll('tlsConfig', 'tls'));
  }
  if (bearer !== undefined) {
    if (plan.auth.kind !== 'none')
      throw new ScrapeError('set bearer or username/password (basic, digest, ntlm), not both');
    plan.headers.authorization = `Bearer ${bearer}`;
  }
  plan.maxContentBytes = MAX_BODY_BYTES;
  return plan;
}

const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ALTNAME/;

/** One request (with its redirects and auth handshake) as a page, or a ScrapeError. */
async function fetchPage(plan: Plan, signal: AbortSignal): Promise<Page> {
  const where = `${plan.method} ${plan.url.href}`;
  let ex;
  try {
    ex = await follow(plan, signal, performance.now());
  } catch (err) {
    if (signal.aborted) throw new ScrapeError(`${where}: ${stoppedText(signal)}`);
    const code = (err as { code?: unknown }).code;
    const hint =
      typeof code === 'string' && TLS_CODE.test(code)
        ? ' (trust the issuer with tls.ca, or set tls.insecureSkipVerify)'
        : '';
    throw new ScrapeError(`${where}: ${errorText(err)}${hint}`);
  }
  const text = ex.body.toString('utf8');
  if (ex.status < 200 || ex.status > 299) {
    const body = text.trim().slice(0, ERROR_BODY_CHARS);
    throw new ScrapeError(`${where} returned HTTP ${ex.status}${body ? `: ${body}` : ''}`);
  }
  if (ex.truncated)
    throw new ScrapeError(
      `${where}: the response is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB; ask for less, or page through it with pagination`,
    );
  const headers = headerMap(ex.headers);
  const page: Page = {
    url: plan.url.href,
    status: ex.status,
    headers,
    text,
    bytes: ex.body.length,
  };
  // A JSON media type, or a body that looks like JSON from a server that labels it loosely.
  const declared = isJsonType(headers['content-type']);
  if (declared || /^\s*[[{]/.test(text)) {
    try {
      page.json = JSON.parse(text) as unknown;
    } catch (err) {
      if (declared)
        throw new ScrapeError(`${where}: the response is labelled JSON but ${errorText(err)}`);
    }
  }
  return page;
}

export const httpScraper: Scraper = (spec, ctx) =>
  guarded(async () => {
    const env = envList(spec.env, 'env');
    const pagination = paginationFrom(spec.pagination);
    const plan = await firstPlan(spec, ctx, env);
    const first = await fetchPage(plan, ctx.signal);
    if (!pagination) return { documents: [documentOf(first)], errors: [] };
    return paginate({ pagination, plan, first, env, ctx, fetchPage });
  });
