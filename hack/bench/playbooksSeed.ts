import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from '../../operator/src/db/pool.js';
import { follow, planFrom } from '../../operator/src/health/runners/http.js';
import { PLAYBOOK_COLUMNS, type PlaybookRow } from '../../operator/src/playbooks/match.js';

/**
 * The playbook benchmark's fixtures: a loopback API answering small JSON at once, a playbook of
 * three http actions against it (a GET, then two POSTs whose bodies are templated from the run,
 * its parameters and the earlier actions' results), and the same three calls made by hand with
 * the client the http action uses (health/runners/http.ts: planFrom + follow), for the baseline.
 */

export const ACTION_NAMES = ['token', 'open', 'close'] as const;

export interface Target {
  base: string;
  /** Requests seen per "<path> <run id>" (the run id travels in each request). */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** GET /token → {token}; POST /open and /close echo the JSON they were sent, with an id. */
export async function startTarget(): Promise<Target> {
  const hits = new Map<string, number>();
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      let answer: Record<string, unknown>;
      let run = url.searchParams.get('run') ?? '';
      if (req.method === 'GET' && url.pathname === '/token') {
        answer = { token: `tok-${++n}`, ttl: 60 };
      } else if (req.method === 'POST' && (url.pathname === '/open' || url.pathname === '/close')) {
        let sent: Record<string, unknown>;
        try {
          sent = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end('{"error":"not JSON"}');
          return;
        }
        run = String(sent.run ?? '');
        answer = { id: `${url.pathname.slice(1)}-${++n}`, received: sent };
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"error":"not found"}');
        return;
      }
      if (run) {
        const key = `${url.pathname} ${run}`;
        hits.set(key, (hits.get(key) ?? 0) + 1);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The playbook: three http actions, each templated from what came before. */
export function playbookSpec(base: string): Record<string, unknown> {
  return {
    title: 'Open and close a ticket',
    parameters: [{ name: 'ticket', label: 'Ticket', default: 'T-0' }],
    actions: [
      { name: 'token', http: { url: `${base}/token?run={{.run.id}}` } },
      {
        name: 'open',
        http: {
          url: `${base}/open`,
          method: 'POST',
          headers: [{ name: 'content-type', value: 'application/json' }],
          templateBody: true,
          body: '{"run": "{{.run.id}}", "ticket": "{{.params.ticket}}", "token": "{{ (getAction "token").result.json.token }}"}',
        },
      },
      {
        name: 'close',
        http: {
          url: `${base}/close`,
          method: 'POST',
          headers: [{ name: 'content-type', value: 'application/json' }],
          templateBody: true,
          body: '{"run": "{{.run.id}}", "opened": "{{ getLastAction.result.json.id }}", "by": "{{.user.name}}"}',
        },
      },
    ],
  };
}

export async function insertPlaybook(pool: Pool, base: string): Promise<PlaybookRow> {
  const { rows } = await pool.query<PlaybookRow>(
    `INSERT INTO playbooks (name, namespace, title, spec, source) VALUES ('ticket', 'default', 'Open and close a ticket', $1, 'UI')
     RETURNING ${PLAYBOOK_COLUMNS}`,
    [playbookSpec(base)],
  );
  return rows[0] as PlaybookRow;
}

const noConnections = { connection: () => Promise.resolve(undefined) };

/**
 * One request as the http action sends it (same client: planFrom + follow, a new connection
 * each time), body read; answers the parsed JSON.
 */
export async function call(spec: Record<string, unknown>): Promise<Record<string, unknown>> {
  const plan = await planFrom(spec, noConnections);
  const ex = await follow(plan, new AbortController().signal, performance.now());
  if (ex.status >= 400) throw new Error(`${plan.method} ${plan.url.href}: HTTP ${ex.status}`);
  return JSON.parse(ex.body.toString('utf8')) as Record<string, unknown>;
}

/**
 * The baseline: the three calls of one run, by hand, with the same bodies the engine renders;
 * answers each call's latency in ms (the client-side time of the request itself).
 */
export async function baselineRun(base: string, run: string, ticket: string): Promise<number[]> {
  const json = [{ name: 'content-type', value: 'application/json' }];
  const times: number[] = [];
  let t = performance.now();
  const token = await call({ url: `${base}/token?run=${run}` });
  times.push(performance.now() - t);
  t = performance.now();
  const opened = await call({
    url: `${base}/open`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ run, ticket, token: token.token }),
  });
  times.push(performance.now() - t);
  t = performance.now();
  await call({
    url: `${base}/close`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ run, opened: opened.id, by: 'bench' }),
  });
  times.push(performance.now() - t);
  return times;
}
