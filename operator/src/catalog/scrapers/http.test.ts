import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScraperSpec } from '../types.js';
import { scrapeContext } from './context.testing.js';
import { httpScraper } from './http.js';
import { MAX_PAGES } from './httpPages.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: http.Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

async function serve(handler: Handler): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (res: http.ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Three pages of two items each, linked by `next`; records what each request carried. */
async function pagedApi() {
  const seen: { url: string; authorization?: string }[] = [];
  const url = await serve((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
    json(res, {
      items: [{ id: `i${page * 2 - 1}` }, { id: `i${page * 2}` }],
      next: page < 3 ? `/items?page=${page + 1}` : null,
    });
  });
  return { url: `${url}/items`, seen };
}

const scrape = (spec: ScraperSpec, ctx = scrapeContext()) => httpScraper(spec, ctx);
const ids = ['i1', 'i2', 'i3', 'i4', 'i5', 'i6'].map((id) => ({ id }));

describe('http scraper', () => {
  it('reads a JSON response as one json document, and anything else as text', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/text') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('plain words');
      } else json(res, [{ a: 1 }]);
    });
    expect(await scrape({ url })).toEqual({
      documents: [{ content: [{ a: 1 }], format: 'json' }],
      errors: [],
    });
    expect(await scrape({ url: `${url}/text` })).toEqual({
      documents: [{ content: 'plain words', format: 'text' }],
      errors: [],
    });
  });

  it('follows a next link over three pages and reduces them into one array', async () => {
    const api = await pagedApi();
    const out = await scrape({
      url: api.url,
      pagination: {
        nextPageExpr: 'response.body.next',
        reduceExpr: 'pages.map(p, p.items).flatten()',
      },
    });
    expect(out).toEqual({ documents: [{ content: ids, format: 'json' }], errors: [] });
    expect(api.seen.map((s) => s.url)).toEqual(['/items', '/items?page=2', '/items?page=3']);
  });

  it('joins the pages without reduceExpr, folds config-db style, or keeps one per page', async () => {
    const api = await pagedApi();
    const joined = await scrape({
      url: api.url,
      pagination: { nextPageExpr: 'response.body.next' },
    });
    expect(joined.documents).toEqual([{ content: ids, format: 'json' }]);
    const folded = await scrape({
      url: api.url,
      pagination: { nextPageExpr: 'response.body.next', reduceExpr: 'acc + page.items' },
    });
    expect(folded.documents).toEqual([{ content: ids, format: 'json' }]);
    const perPage = await scrape({
      url: api.url,
      pagination: { nextPageExpr: 'response.body.next', perPage: true },
    });
    expect(perPage.documents?.map((d) => (d.content as { items: unknown[] }).items)).toEqual([
      ids.slice(0, 2),
      ids.slice(2, 4),
      ids.slice(4),
    ]);
  });

  it('stops quietly at a chosen maxPages, and with an error at the hard limit', async () => {
    let requests = 0;
    const url = await serve((req, res) => {
      requests++;
      json(res, { items: [requests], next: `/p/${requests + 1}` });
    });
    const chosen = await scrape({
      url,
      pagination: { nextPageExpr: 'response.body.next', maxPages: 2 },
    });
    expect(chosen).toEqual({ documents: [{ content: [1, 2], format: 'json' }], errors: [] });
    requests = 0;
    const capped = await scrape({
      url,
      pagination: { nextPageExpr: 'response.body.next', maxPages: 5000 },
    });
    expect((capped.documents?.[0]?.content as unknown[]).length).toBe(MAX_PAGES);
    expect(capped.errors).toEqual([
      expect.stringMatching(/^stopped after 100 pages, the most one scrape reads, with more at/),
    ]);
  });

  it('sends basic auth, bearer tokens and headers', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const url = await serve((req, res) => {
      seen.push(req.headers);
      json(res, {});
    });
    await scrape({
      url,
      username: { value: 'ops' },
      password: { value: 's3cret' },
      headers: [{ name: 'X-Team', value: 'core' }],
    });
    await scrape({ url, bearer: { value: 'tok-123' } });
    await scrape(
      { connection: 'connection://default/api' },
      scrapeContext({
        connections: { 'connection://default/api': { url, username: 'c', password: 'p' } },
      }),
    );
    expect(seen[0]?.authorization).toBe(`Basic ${Buffer.from('ops:s3cret').toString('base64')}`);
    expect(seen[0]?.['x-team']).toBe('core');
    expect(seen[1]?.authorization).toBe('Bearer tok-123');
    expect(seen[2]?.authorization).toBe(`Basic ${Buffer.from('c:p').toString('base64')}`);
  });

  it('sends credentials only to the first origin when a next page is elsewhere', async () => {
    const elsewhere: (string | undefined)[] = [];
    const other = await serve((req, res) => {
      elsewhere.push(req.headers.authorization);
      json(res, { items: [2], next: null });
    });
    const url = await serve((req, res) => json(res, { items: [1], next: `${other}/more` }));
    const out = await scrape({
      url,
      bearer: { value: 'tok' },
      pagination: { nextPageExpr: 'response.body.next' },
    });
    expect(out).toEqual({ documents: [{ content: [1, 2], format: 'json' }], errors: [] });
    expect(elsewhere).toEqual([undefined]);
  });

  it('reports a non-2xx status with the start of its body', async () => {
    const url = await serve((req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`database is down ${'x'.repeat(1000)}`);
    });
    const out = await scrape({ url });
    expect(out.documents).toEqual([]);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatch(
      new RegExp(`^GET ${url}/ returned HTTP 500: database is down x+$`),
    );
    expect(out.errors[0]?.length).toBeLessThan(400);
  });

  it('keeps the pages read before a failing one, with the error', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/') json(res, { items: [1], next: '/broken' });
      else json(res, { message: 'rate limited' }, 429);
    });
    const out = await scrape({ url, pagination: { nextPageExpr: 'response.body.next' } });
    expect(out.documents).toEqual([{ content: [1], format: 'json' }]);
    expect(out.errors).toEqual([`GET ${url}/broken returned HTTP 429: {"message":"rate limited"}`]);
  });

  it('reports a refused connection and a cancelled scrape', async () => {
    const probe = await serve(() => undefined);
    servers.pop()?.close();
    const refused = await scrape({ url: probe });
    expect(refused.errors[0]).toMatch(/ECONNREFUSED/);

    const ac = new AbortController();
    const hanging = await serve(() => ac.abort()); // never answers; the scrape is cancelled
    const cancelled = await scrape({ url: hanging }, scrapeContext({ signal: ac.signal }));
    expect(cancelled).toEqual({
      documents: [],
      errors: [`GET ${hanging}/: the scrape was cancelled`],
    });
  });

  it('refuses what it cannot do, in words that name the field', async () => {
    const errorOf = async (spec: ScraperSpec) => (await scrape(spec)).errors;
    expect(await errorOf({})).toEqual(['url is required']);
    expect(
      await errorOf({ url: 'http://x', bearer: { valueFrom: { secretKeyRef: { key: 'k' } } } }),
    ).toEqual([expect.stringMatching(/^bearer.valueFrom is not supported by scrapers yet/)]);
    expect(await errorOf({ url: 'http://x', oauth: { tokenURL: 'http://t' } })).toEqual([
      expect.stringMatching(/^oauth is not supported yet/),
    ]);
    expect(await errorOf({ url: 'http://x', pagination: { nextPageExpr: 'response.(' } })).toEqual([
      expect.stringMatching(/^pagination.nextPageExpr: /),
    ]);
    expect(await errorOf({ url: 'http://x', pagination: { maxPages: 3 } })).toEqual([
      'pagination.maxPages needs pagination.nextPageExpr',
    ]);
  });
});
