import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from '../../operator/src/db/pool.js';

/**
 * The notification benchmark's fixtures: a loopback webhook that counts what it gets per path
 * and check (and when), the checks whose status flips are the events, and the rules.
 */

/** The check a message is about: its permalink (`…/health?checkId=<id>`) is in every body. */
const CHECK_ID = /checkId=([0-9a-zA-Z-]+)/;

export interface Receiver {
  /** `generic+http://127.0.0.1:PORT/<path>?template=json`: the rule's webhook. */
  hook(path: string): string;
  /** Messages per "<path> <check id>". */
  hits: Map<string, number>;
  /** performance.now() of the first message per "<path> <check id>" (the body fully read). */
  firstAt: Map<string, number>;
  /** Messages in all; messages without a check id in them. */
  total(): number;
  unreadable(): number;
  close(): Promise<void>;
}

/** POSTs of {title, message}, answered 200 at once. */
export async function startReceiver(): Promise<Receiver> {
  const hits = new Map<string, number>();
  const firstAt = new Map<string, number>();
  let total = 0;
  let unreadable = 0;
  const server = http.createServer((req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => {
      const at = performance.now();
      total++;
      const path = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
      let id: string | undefined;
      try {
        const body = JSON.parse(data) as { message?: unknown };
        id = CHECK_ID.exec(String(body.message ?? ''))?.[1];
      } catch {
        /* counted below */
      }
      if (!id) unreadable++;
      else {
        const key = `${path} ${id}`;
        hits.set(key, (hits.get(key) ?? 0) + 1);
        if (!firstAt.has(key)) firstAt.set(key, at);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    hook: (path) => `generic+http://127.0.0.1:${port}/${path}?template=json`,
    hits,
    firstAt,
    total: () => total,
    unreadable: () => unreadable,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Labels of the i-th check of the burst: which rules its failure reaches. */
export const BUCKETS = 16;
export const labelsOf = (i: number) => ({
  bucket: String(i % BUCKETS),
  tier: i % 3 === 0 ? 'db' : 'web',
});

export interface BurstRule {
  name: string;
  events: string[];
  filter?: string;
  /** Whether a check.failed of the i-th check is to be sent by this rule. */
  wants(i: number): boolean;
}

/**
 * 20 rules: one per bucket (16, label filters), every failure (no filter), web checks and db
 * checks (`check.*` and both check events, label filters), and recoveries only (none in the
 * burst): each failure reaches exactly 3 rules and is evaluated by 19.
 */
export const BURST_RULES: BurstRule[] = [
  ...Array.from({ length: BUCKETS }, (_, k) => ({
    name: `bucket-${k}`,
    events: ['check.failed'],
    filter: `check.labels.bucket == '${k}'`,
    wants: (i: number) => i % BUCKETS === k,
  })),
  { name: 'every-failure', events: ['check.failed'], wants: () => true },
  {
    name: 'web',
    events: ['check.*'],
    filter: "check.labels.tier == 'web'",
    wants: (i) => labelsOf(i).tier === 'web',
  },
  {
    name: 'db',
    events: ['check.failed', 'check.passed'],
    filter: "check.labels.tier == 'db'",
    wants: (i) => labelsOf(i).tier === 'db',
  },
  { name: 'recoveries', events: ['check.passed'], wants: () => false },
];

/** A rule sending to the webhook; answers its id. */
export async function insertRule(
  pool: Pool,
  r: { name: string; events: string[]; filter?: string; url: string },
): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO notifications (name, namespace, source, events, filter, custom_services)
     VALUES ($1, 'default', 'UI', $2, $3, $4) RETURNING id`,
    [r.name, r.events, r.filter ?? null, JSON.stringify([{ name: 'hook', url: r.url }])],
  );
  return rows[0]?.id as string;
}

/**
 * n healthy checks of one canary (inserting them publishes nothing: only status transitions
 * do), in batches; answers their ids, the i-th check's first.
 */
export async function insertChecks(pool: Pool, canaryName: string, n: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, source) VALUES ($1, 'default', '{}', 'UI') RETURNING id`,
    [canaryName],
  );
  const canary = rows[0]?.id as string;
  const ids: string[] = [];
  const BATCH = 2000;
  for (let from = 0; from < n; from += BATCH) {
    const to = Math.min(n, from + BATCH);
    const labels = Array.from({ length: to - from }, (_, j) => JSON.stringify(labelsOf(from + j)));
    const { rows: batch } = await pool.query<{ id: string; name: string }>(
      `INSERT INTO checks (canary_id, name, type, status, labels)
       SELECT $1, 'check-' || (i - 1 + $2), 'http', 'healthy', (l)::jsonb
         FROM unnest($3::text[]) WITH ORDINALITY AS t(l, i)
        ORDER BY i
       RETURNING id, name`,
      [canary, from, labels],
    );
    const byName = new Map(batch.map((r) => [r.name, r.id]));
    for (let i = from; i < to; i++) {
      const id = byName.get(`check-${i}`);
      if (!id) throw new Error(`check-${i} was not inserted`);
      ids.push(id);
    }
  }
  return ids;
}
