import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../db/pool.js';
import type { CheckSpec, ConnectionFields, RunContext } from '../types.js';
import { prometheusRunner } from './prometheus.js';

function ctx(
  opts: { signal?: AbortSignal; connections?: Record<string, ConnectionFields> } = {},
): RunContext {
  return {
    canary: { id: 'c1', name: 'canary', namespace: 'default', labels: {} },
    check: { id: 'k1', name: 'prom', type: 'prometheus' },
    signal: opts.signal ?? new AbortController().signal,
    pool: {} as Pool,
    connection: (ref) => Promise.resolve(opts.connections?.[ref]),
  };
}

const vector = (samples: { metric: Record<string, string>; value: string }[]) => ({
  status: 'success',
  data: {
    resultType: 'vector',
    result: samples.map((s) => ({ metric: s.metric, value: [1_700_000_000.5, s.value] })),
  },
});

/** Answers like Prometheus' instant-query API for a few fixed queries. */
function fakePrometheus() {
  const seen: { path: string; query: string | null; auth?: string }[] = [];
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const query = u.searchParams.get('query');
    seen.push({ path: u.pathname, query, auth: req.headers.authorization });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!u.pathname.endsWith('/api/v1/query')) return send(404, { error: 'not found' });
    if (u.pathname.startsWith('/private') && req.headers.authorization !== 'Bearer t0ken')
      return send(401, { status: 'error', errorType: 'unauthorized', error: 'bad token' });
    switch (query) {
      case 'up':
        return send(
          200,
          vector([
            { metric: { __name__: 'up', job: 'api', instance: 'a:9090' }, value: '1' },
            { metric: { __name__: 'up', job: 'db', instance: 'b:9090' }, value: '0' },
          ]),
        );
      case 'absent_metric':
        return send(200, vector([]));
      case 'scalar(42)':
        return send(200, { status: 'success', data: { resultType: 'scalar', result: [1, '42'] } });
      case 'slow':
        setTimeout(() => send(200, vector([])), 5000);
        return;
      default:
        return send(400, {
          status: 'error',
          errorType: 'bad_data',
          error: 'parse error at char 5',
        });
    }
  });
  return { server, seen };
}

describe('prometheus runner', () => {
  const { server, seen } = fakePrometheus();
  let url: string;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const run = async (spec: CheckSpec, c = ctx()) => {
    const results = await prometheusRunner(spec, c);
    expect(results).toHaveLength(1);
    return results[0];
  };

  it('reports the samples as value, firstResult and results, and the first labels', async () => {
    const r = await run({ url, query: 'up' });
    expect(r?.pass).toBe(true);
    expect(r?.data).toEqual({
      value: 1,
      firstResult: { __name__: 'up', job: 'api', instance: 'a:9090', value: 1 },
      results: [
        { __name__: 'up', job: 'api', instance: 'a:9090', value: 1 },
        { __name__: 'up', job: 'db', instance: 'b:9090', value: 0 },
      ],
    });
    expect(r?.labels).toEqual({ __name__: 'up', job: 'api', instance: 'a:9090' });
    expect(seen.at(-1)).toMatchObject({ path: '/api/v1/query', query: 'up' });
  });

  it('passes an empty vector unless markFailOnEmpty', async () => {
    const empty = await run({ url, query: 'absent_metric' });
    expect(empty?.pass).toBe(true);
    expect(empty?.data).toEqual({ value: 0, firstResult: {}, results: [] });
    const strict = await run({ url, query: 'absent_metric', markFailOnEmpty: true });
    expect(strict?.pass).toBe(false);
    expect(strict?.error).toBe('the query returned no samples: absent_metric');
  });

  it('reads scalar answers', async () => {
    const r = await run({ url, query: 'scalar(42)' });
    expect(r?.data?.value).toBe(42);
  });

  it('fails with what Prometheus says about a bad query', async () => {
    const r = await run({ url, query: 'rate(up[' });
    expect(r?.pass).toBe(false);
    expect(r?.invalid).toBeUndefined();
    expect(r?.error).toBe('HTTP 400: bad_data: parse error at char 5');
  });

  it('keeps a path prefix and sends the bearer token', async () => {
    const denied = await run({ url: `${url}/private/`, query: 'up' });
    expect(denied?.error).toBe('HTTP 401: unauthorized: bad token');
    const r = await run({ url: `${url}/private/`, query: 'up', bearer: { value: 't0ken' } });
    expect(r?.pass).toBe(true);
    expect(seen.at(-1)?.path).toBe('/private/api/v1/query');
  });

  it('sends basic auth from a connection', async () => {
    const r = await run(
      { connection: 'connection://monitoring/prom', query: 'up' },
      ctx({
        connections: { 'connection://monitoring/prom': { url, username: 'ops', password: 'pw' } },
      }),
    );
    expect(r?.pass).toBe(true);
    expect(seen.at(-1)?.auth).toBe(`Basic ${Buffer.from('ops:pw').toString('base64')}`);
  });

  it('times out, and stops when the run is cancelled', async () => {
    const t0 = Date.now();
    const slow = await run({ url, query: 'slow', timeout: 1 });
    expect(slow?.error).toBe('timed out after 1s');
    expect(Date.now() - t0).toBeLessThan(3000);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const cancelled = await run({ url, query: 'slow' }, ctx({ signal: ac.signal }));
    expect(cancelled?.error).toBe('the run was cancelled');
  });

  it('fails when nothing listens', async () => {
    const r = await run({ url: 'http://127.0.0.1:1', query: 'up' });
    expect(r?.pass).toBe(false);
    expect(r?.error).toMatch(/ECONNREFUSED/);
  });

  it('says what is wrong with an unusable spec', async () => {
    expect(await run({ url, query: 'up', host: 'http://old' })).toMatchObject({
      invalid: true,
      error: 'host is no longer supported: put the Prometheus base URL in url',
    });
    expect((await run({ url }))?.error).toBe('prometheus check needs a query (PromQL)');
    expect((await run({ query: 'up' }))?.error).toBe(
      'url is required: the base URL, e.g. http://prometheus.monitoring:9090',
    );
    expect((await run({ url: 'ftp://x', query: 'up' }))?.error).toBe(
      'url must start with http:// or https:// (got ftp://)',
    );
  });
});
