import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../db/pool.js';
import type { CheckSpec, RunContext } from '../types.js';
import { alertFilters, alertmanagerRunner } from './alertmanager.js';

function ctx(): RunContext {
  return {
    canary: { id: 'c1', name: 'canary', namespace: 'default', labels: {} },
    check: { id: 'k1', name: 'am', type: 'alertmanager' },
    signal: new AbortController().signal,
    pool: {} as Pool,
    connection: () => Promise.resolve(undefined),
  };
}

const ALERTS = [
  {
    labels: { alertname: 'KubePodCrashLooping', severity: 'critical', namespace: 'prod' },
    annotations: { description: 'pod api is crash looping', summary: 'crash loop' },
    fingerprint: 'aaa111',
    status: { state: 'active' },
  },
  {
    labels: { alertname: 'DiskFull', severity: 'warning' },
    annotations: { message: 'disk 95% full', description: 'ignored' },
    fingerprint: 'bbb222',
  },
  {
    labels: { alertname: 'Watchdog' },
    annotations: { summary: 'always firing' },
    fingerprint: 'c3',
  },
  { labels: { alertname: 'Bare' }, fingerprint: 'd4' },
];

describe('alertmanager runner', () => {
  const filters: string[][] = [];
  let failNext = false;
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname !== '/api/v2/alerts') {
      res.writeHead(404).end();
      return;
    }
    filters.push(u.searchParams.getAll('filter'));
    if (failNext) {
      failNext = false;
      res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ALERTS));
  });
  let url: string;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const run = async (spec: CheckSpec) => {
    const results = await alertmanagerRunner(spec, ctx());
    expect(results).toHaveLength(1);
    return results[0];
  };

  it('lists the alerts with name, message, labels, annotations and fingerprint', async () => {
    const r = await run({ url });
    expect(r?.pass).toBe(true);
    const alerts = (r?.data?.results as { alerts: Record<string, unknown>[] }).alerts;
    expect(alerts.map((a) => [a.name, a.message, a.fingerprint])).toEqual([
      ['KubePodCrashLooping', 'pod api is crash looping', 'aaa111'],
      ['DiskFull', 'disk 95% full', 'bbb222'],
      ['Watchdog', 'always firing', 'c3'],
      ['Bare', '', 'd4'],
    ]);
    expect(alerts[0]).toEqual({
      name: 'KubePodCrashLooping',
      message: 'pod api is crash looping',
      labels: ALERTS[0]?.labels,
      annotations: ALERTS[0]?.annotations,
      fingerprint: 'aaa111',
    });
    expect(filters.at(-1)).toEqual([]);
  });

  it('sends filters, exclude_filters, alerts and ignore as matchers', async () => {
    const r = await run({
      url: `${url}/`,
      filters: { severity: 'critical|warning', namespace: 'prod' },
      exclude_filters: { team: 'say "hi"' },
      alerts: ['Kube.*', 'DiskFull'],
      ignore: ['Watchdog', 'InfoInhibitor'],
    });
    expect(r?.pass).toBe(true);
    expect(filters.at(-1)).toEqual([
      'severity=~"critical|warning"',
      'namespace=~"prod"',
      'team!="say \\"hi\\""',
      'alertname=~"Kube.*|DiskFull"',
      'alertname!~"Watchdog|InfoInhibitor"',
    ]);
  });

  it('fails only when the request does', async () => {
    failNext = true;
    const r = await run({ url });
    expect(r?.pass).toBe(false);
    expect(r?.error).toBe('HTTP 500: internal error');
    const gone = await run({ url: 'http://127.0.0.1:1' });
    expect(gone?.error).toMatch(/ECONNREFUSED/);
  });

  it('says what is wrong with an unusable spec', async () => {
    expect(await run({ url, alerts: ['(unclosed'] })).toMatchObject({
      invalid: true,
      error: 'alerts: (unclosed is not a valid regular expression',
    });
    expect((await run({ url, filters: ['x'] }))?.error).toBe(
      'filters must be a map of label: value',
    );
    expect((await run({}))?.error).toBe(
      'url is required: the base URL, e.g. http://alertmanager.monitoring:9093',
    );
    expect(alertFilters({ ignore: 'Watchdog' })).toBe(
      'ignore must be a list of alert-name regexes',
    );
  });
});
