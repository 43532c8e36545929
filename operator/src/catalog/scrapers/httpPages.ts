import { setTimeout as sleep } from 'node:timers/promises';
import { compileError, evaluate } from '../../health/cel.js';
import type { Plan } from '../../health/runners/http.js';
import { goDurationMillis } from '../../health/runners/net/duration.js';
import type { RawDocument, ScrapeContext, ScraperOutput } from '../types.js';
import { ScrapeError, errorText, isObject, setFields, stoppedText } from './common.js';

/**
 * `pagination` of the http scraper. After each page, `nextPageExpr` (CEL) sees `response`
 * {body (JSON, else text), json (or null), headers, status, url}, `request` {url, method, body,
 * headers without credentials}, `page` (its number, from 1), `perPage` and `env`, and returns the
 * next URL (relative to the page's), a {url, method, body, headers} map, or null / "" to stop.
 * The pages are then one document: `reduceExpr` over `pages` (their bodies), or, without one,
 * their lists joined (a page that is an object contributes its `value`/`items`/`Items` list, or
 * itself). `perPage: true` (config-db's boolean) keeps one document per page instead.
 */

/** Pages read by one scrape at most, also the default of maxPages. */
export const MAX_PAGES = 100;
/** Bytes of all pages of one scrape together. */
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

export interface Page {
  url: string;
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed body, when it was JSON. */
  json?: unknown;
  bytes: number;
}

export interface PageRequest {
  url: string;
  method: string;
  body: string | undefined;
  headers: Record<string, string>;
}

export interface Pagination {
  next: string;
  reduce?: string;
  perPage?: number;
  onePerPage: boolean;
  maxPages: number;
  /** maxPages was the user's own choice (≤ MAX_PAGES): reaching it is not an error. */
  chosen: boolean;
  delayMs: number;
}

function cel(raw: unknown, field: string): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') throw new ScrapeError(`${field} must be a CEL expression`);
  const problem = compileError(raw);
  if (problem) throw new ScrapeError(`${field}: ${problem}`);
  return raw;
}

export function paginationFrom(raw: unknown): Pagination | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) throw new ScrapeError('pagination must be an object');
  const next = cel(raw.nextPageExpr, 'pagination.nextPageExpr');
  if (!next) {
    const others = setFields(raw, ['reduceExpr', 'perPage', 'maxPages', 'delay']);
    if (others.length === 0) return undefined;
    throw new ScrapeError(`pagination.${others[0]} needs pagination.nextPageExpr`);
  }
  const { perPage, maxPages } = raw;
  const whole = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 1;
  if (perPage !== undefined && perPage !== null && typeof perPage !== 'boolean' && !whole(perPage))
    throw new ScrapeError('pagination.perPage must be a page size (a whole number ≥ 1)');
  if (maxPages !== undefined && maxPages !== null && !whole(maxPages))
    throw new ScrapeError('pagination.maxPages must be a whole number ≥ 1');
  let delayMs: number;
  try {
    delayMs = goDurationMillis(raw.delay, 'pagination.delay', 0);
  } catch (err) {
    throw new ScrapeError(errorText(err));
  }
  const asked = typeof maxPages === 'number' ? maxPages : undefined;
  return {
    next,
    reduce: cel(raw.reduceExpr, 'pagination.reduceExpr'),
    perPage: typeof perPage === 'number' ? perPage : undefined,
    onePerPage: perPage === true,
    maxPages: Math.min(asked ?? MAX_PAGES, MAX_PAGES),
    chosen: asked !== undefined && asked <= MAX_PAGES,
    delayMs,
  };
}

const body = (page: Page): unknown => (page.json !== undefined ? page.json : page.text);

/** A page as a document: its JSON, else its text. */
export const documentOf = (page: Page): RawDocument =>
  page.json !== undefined
    ? { content: page.json, format: 'json' }
    : { content: page.text, format: 'text' };

/** What nextPageExpr returned, as the next request; undefined to stop. */
function nextRequest(out: unknown, page: Page): PageRequest | undefined {
  let spec: Record<string, unknown>;
  if (out === null || out === undefined || out === '') return undefined;
  if (typeof out === 'string') spec = { url: out };
  else if (isObject(out)) spec = out;
  else
    throw new ScrapeError(
      `pagination.nextPageExpr must return a URL, a {url, method, body, headers} map or null, got ${JSON.stringify(out)}`,
    );
  if (spec.url === undefined || spec.url === null || spec.url === '') return undefined;
  let url: URL;
  try {
    url = new URL(String(spec.url), page.url);
  } catch {
    throw new ScrapeError(
      `pagination.nextPageExpr returned ${JSON.stringify(spec.url)}, not a URL`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ScrapeError(`pagination.nextPageExpr returned ${url.href}, which is not http(s)`);
  const headers: Record<string, string> = {};
  if (isObject(spec.headers))
    for (const [k, v] of Object.entries(spec.headers)) headers[k.toLowerCase()] = String(v);
  const raw = spec.body;
  return {
    url: url.href,
    method: typeof spec.method === 'string' && spec.method ? spec.method.toUpperCase() : 'GET',
    body:
      raw === undefined || raw === null || typeof raw === 'string'
        ? (raw ?? undefined)
        : JSON.stringify(raw),
    headers,
  };
}

/** The plan of a later page: credentials go only where the first request went, as redirects do. */
function planFor(base: Plan, req: PageRequest): Plan {
  const url = new URL(req.url);
  const sameOrigin = url.origin === base.url.origin;
  const headers = { ...base.headers };
  if (!sameOrigin) {
    delete headers.authorization;
    delete headers.cookie;
  }
  return {
    ...base,
    url,
    method: req.method,
    body: req.body === undefined ? undefined : Buffer.from(req.body),
    headers: { ...headers, ...req.headers },
    auth: sameOrigin ? base.auth : { kind: 'none' },
  };
}

/** The request as CEL sees it: no credentials. */
function requestVar(plan: Plan): PageRequest {
  const { authorization: _a, cookie: _c, ...headers } = plan.headers;
  return { url: plan.url.href, method: plan.method, body: plan.body?.toString('utf8'), headers };
}

function reduce(p: Pagination, pages: Page[], env: Record<string, string>): unknown {
  const bodies = pages.map(body);
  if (!p.reduce) {
    return bodies.flatMap((b) => {
      if (Array.isArray(b)) return b as unknown[];
      if (isObject(b))
        for (const key of ['value', 'items', 'Items'])
          if (Array.isArray(b[key])) return b[key] as unknown[];
      return [b];
    });
  }
  try {
    // config-db's form folds one page at a time into `acc`; ours sees all `pages` at once.
    if (!/\bacc\b/.test(p.reduce))
      return evaluate(p.reduce, { pages: bodies, perPage: p.perPage ?? null, env });
    let acc: unknown = [];
    for (const page of bodies) acc = evaluate(p.reduce, { acc, page, env });
    return acc;
  } catch (err) {
    throw new ScrapeError(`pagination.reduceExpr: ${errorText(err)}`);
  }
}

export interface PagingRun {
  pagination: Pagination;
  plan: Plan;
  first: Page;
  env: Record<string, string>;
  ctx: ScrapeContext;
  fetchPage: (plan: Plan, signal: AbortSignal) => Promise<Page>;
}

export async function paginate(run: PagingRun): Promise<ScraperOutput> {
  const { pagination: p, ctx, env } = run;
  const pages = [run.first];
  const errors: string[] = [];
  let plan = run.plan;
  let total = run.first.bytes;
  try {
    for (;;) {
      const page = pages[pages.length - 1] as Page;
      const vars = {
        response: {
          body: body(page),
          json: page.json ?? null,
          headers: page.headers,
          status: page.status,
          url: page.url,
        },
        request: requestVar(plan),
        page: pages.length,
        perPage: p.perPage ?? null,
        env,
      };
      let out: unknown;
      try {
        out = evaluate(p.next, vars);
      } catch (err) {
        throw new ScrapeError(`pagination.nextPageExpr: ${errorText(err)}`);
      }
      const next = nextRequest(out, page);
      if (!next) break;
      if (next.url === page.url && next.method === plan.method && next.body === vars.request.body)
        throw new ScrapeError(
          `pagination.nextPageExpr returned the page just read (${next.url}) again: stopped there`,
        );
      if (pages.length >= p.maxPages) {
        if (p.chosen) ctx.log.info({ maxPages: p.maxPages }, 'http scraper: stopped at maxPages');
        else
          errors.push(
            `stopped after ${p.maxPages} pages, the most one scrape reads, with more at ${next.url}: ask for bigger pages or fewer items`,
          );
        break;
      }
      if (p.delayMs > 0) await sleep(p.delayMs, undefined, { signal: ctx.signal });
      plan = planFor(run.plan, next);
      const fetched = await run.fetchPage(plan, ctx.signal);
      total += fetched.bytes;
      if (total > MAX_TOTAL_BYTES)
        throw new ScrapeError(
          `the pages add up to more than ${MAX_TOTAL_BYTES / 1024 / 1024} MiB after ${pages.length + 1}: ask for fewer items`,
        );
      pages.push(fetched);
    }
  } catch (err) {
    // The pages read so far are still true; the error keeps the engine from retiring the rest.
    const aborted = ctx.signal.aborted && !(err instanceof ScrapeError);
    errors.push(aborted ? stoppedText(ctx.signal) : errorText(err));
  }
  if (p.onePerPage) return { documents: pages.map(documentOf), errors };
  try {
    return { documents: [{ content: reduce(p, pages, env), format: 'json' }], errors };
  } catch (err) {
    return { documents: [], errors: [...errors, errorText(err)] };
  }
}
