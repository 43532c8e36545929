/**
 * Benchmark of the catalog (issue: catalog). Each scenario measures its baseline in the same run,
 * interleaved over rounds, and prints min/median/max of the ratio against its target:
 *   a) a file scrape of 10,000 items, then a rescrape with 1% of the files changed: the rescrape
 *      costs <= 0.25x the first scrape (every round starts from an empty catalog).
 *   b) the catalog list page as the console asks it — the grouped summary of 100,000 items and a
 *      page of 50 items of one group — p95 <= 2x the same SQL run raw on the same pool.
 * Each scenario uses its own embedded PostgreSQL. Loopback only, bounded.
 * Run: npx tsx hack/bench/catalog.ts   (BENCH_ONLY=a,b to pick; BENCH_ROUNDS, default 3)
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runScrape } from '../../operator/src/catalog/run.js';
import { createPerson, ensureToken } from '../../operator/src/auth/identity.js';
import { startEmbeddedPostgres } from '../../operator/src/db/embeddedPostgres.js';
import { migrate } from '../../operator/src/db/migrate.js';
import { createPool, type Pool } from '../../operator/src/db/pool.js';
import { createApp } from '../../operator/src/http/app.js';
import { silentLog } from '../../operator/src/testing/testDatabase.js';
import { percentile } from './load.js';

const ONLY = new Set((process.env.BENCH_ONLY ?? 'a,b').split(','));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const results: { name: string; pass: boolean }[] = [];
const verdict = (name: string, pass: boolean, line: string) => {
  results.push({ name, pass });
  console.log(`${pass ? 'PASS' : 'FAIL'} ${name}: ${line}`);
};
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    min: s[0] as number,
    median: s[Math.floor(s.length / 2)] as number,
    max: s[s.length - 1] as number,
  };
};
const ms = (t0: number) => performance.now() - t0;

async function database(): Promise<{ pool: Pool; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-catalog-'));
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres(dir, silentLog);
  const pool = createPool(db.url);
  await migrate(pool, silentLog);
  return {
    pool,
    async stop() {
      await pool.end();
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const pod = (i: number, version: number) =>
  JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `pod-${i}`,
      namespace: `ns-${i % 50}`,
      labels: { app: `app-${i % 200}`, tier: i % 3 ? 'web' : 'db' },
      annotations: { 'example.com/owner': `team-${i % 20}` },
    },
    spec: {
      containers: [
        {
          name: 'main',
          image: `registry.example/app-${i % 200}:${version}`,
          ports: [{ containerPort: 8080 }],
        },
      ],
      nodeName: `node-${i % 30}`,
    },
    status: { phase: 'Running', podIP: `10.0.${Math.floor(i / 250)}.${i % 250}` },
  });

async function scenarioA() {
  const N = 10_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-files-'));
  const { pool, stop } = await database();
  const scraperId = '01940000-0000-7000-8000-00000000be01';
  await pool.query(
    `INSERT INTO config_scrapers (id, name, spec, source) VALUES ($1, 'bench/files', '{}', 'UI')`,
    [scraperId],
  );
  const spec = {
    file: [
      {
        paths: [path.join(dir, '*.json')],
        id: '$.metadata.name',
        name: '$.metadata.name',
        type: 'Kubernetes::Pod',
        class: 'Pod',
        tags: [{ name: 'namespace', jsonpath: '$.metadata.namespace' }],
      },
    ],
    retention: { staleItemAge: 'keep' },
  };
  const scrape = async () => {
    const t0 = performance.now();
    const out = await runScrape(
      pool,
      { id: scraperId, name: 'files', namespace: 'bench', spec },
      {
        signal: new AbortController().signal,
        pool,
        log: silentLog,
        connection: () => Promise.resolve(undefined),
      },
    );
    if (out.errors.length) throw new Error(out.errors.slice(0, 3).join('; '));
    return ms(t0);
  };
  const ratios: number[] = [];
  console.log(`a) file scrape of ${N} items, then a rescrape with 1% changed (${ROUNDS} rounds)`);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < N; i++) fs.writeFileSync(path.join(dir, `pod-${i}.json`), pod(i, 1));
    await pool.query('DELETE FROM config_items');
    await pool.query('VACUUM ANALYZE config_items');
    const first = await scrape();
    for (let i = 0; i < N; i += 100)
      fs.writeFileSync(path.join(dir, `pod-${i}.json`), pod(i, round + 2));
    const second = await scrape();
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes WHERE change_type = 'diff'`,
    );
    ratios.push(second / first);
    console.log(
      `   round ${round + 1}: first ${first.toFixed(0)} ms, rescrape ${second.toFixed(0)} ms = ${(second / first).toFixed(3)}x (${rows[0]?.n} diff changes so far)`,
    );
    await pool.query('DELETE FROM config_changes');
  }
  const s = stats(ratios);
  verdict(
    'a rescrape with 1% changed vs the first scrape',
    s.median <= 0.25,
    `min ${s.min.toFixed(3)}x / median ${s.median.toFixed(3)}x / max ${s.max.toFixed(3)}x (target <= 0.25x)`,
  );
  await stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

async function scenarioB() {
  const N = 100_000;
  const { pool, stop } = await database();
  console.log(
    `b) catalog list page over ${N} items: grouped summary + a page of 50, vs the raw SQL`,
  );
  await pool.query(
    `INSERT INTO config_items (name, type, config_class, tags, labels, health, status, config, cost_total_30d)
     SELECT 'item-' || g, 'Type::' || (g % 40), 'Class' || (g % 8), jsonb_build_object('namespace', 'ns-' || (g % 50), 'cluster', 'c' || (g % 3)),
       jsonb_build_object('app', 'a' || (g % 100)), (ARRAY['healthy','unhealthy','warning','unknown'])[1 + g % 4], 'Running',
       jsonb_build_object('n', g), g % 7
     FROM generate_series(1, $1) g`,
    [N],
  );
  await pool.query('VACUUM ANALYZE');
  const person = await createPerson(pool, {
    name: 'b',
    email: 'b@bench.test',
    password: 'password-1',
    roles: ['admin'],
  });
  const token = 'vgl_bench_catalog_token_000000000';
  await ensureToken(pool, person.id, 'bench', token);
  const app = createApp({
    pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const select =
    'id,name,type,config_class,health,status,tags,created_at,updated_at,cost_total_30d,changes,analysis';
  const viaApi = async () => {
    const [summary, page] = await Promise.all([
      fetch(`${base}/api/catalog/summary`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ groupBy: ['config_class', 'type'] }),
      }),
      fetch(
        `${base}/api/db/configs?select=${select}&type=eq.Type::7&deleted_at=is.null&order=type.asc,name.asc&limit=50`,
        { headers },
      ),
    ]);
    if (!summary.ok || !page.ok) throw new Error(`HTTP ${summary.status}/${page.status}`);
    await Promise.all([summary.arrayBuffer(), page.arrayBuffer()]);
  };
  // The same answers written by hand: health counts, change and insight counts and cost per
  // (class, type) over live items, and the first 50 items of one type with their 7-day counts.
  const raw = async () => {
    await Promise.all([
      pool.query(
        `WITH h AS (
           SELECT config_class, type, health, count(*) AS n, max(created_at) AS ca, max(updated_at) AS ua,
             sum(cost_per_minute) AS cpm, sum(cost_total_30d) AS cost
           FROM config_items WHERE deleted_at IS NULL GROUP BY 1, 2, 3),
         ch AS (
           SELECT c.config_class, c.type, count(*) AS n FROM config_changes x JOIN config_items c ON c.id = x.config_id
           WHERE c.deleted_at IS NULL AND x.created_at > now() - interval '30 days' GROUP BY 1, 2),
         an AS (
           SELECT c.config_class, c.type, jsonb_object_agg(a.analysis_type, a.n) AS analysis FROM (
             SELECT config_id, analysis_type, count(*) AS n FROM config_analysis
             WHERE status = 'open' AND first_observed > now() - interval '30 days' GROUP BY 1, 2) a
           JOIN config_items c ON c.id = a.config_id WHERE c.deleted_at IS NULL GROUP BY 1, 2)
         SELECT json_agg(r) FROM (
           SELECT h.config_class, h.type, sum(h.n) AS count, jsonb_object_agg(h.health, h.n) AS health,
             max(h.ca) AS created_at, max(h.ua) AS updated_at, sum(h.cpm) AS cost_per_minute, sum(h.cost) AS cost_total_30d,
             coalesce(max(ch.n), 0) AS changes, coalesce(max(an.analysis::text), '{}') AS analysis
           FROM h LEFT JOIN ch USING (config_class, type) LEFT JOIN an USING (config_class, type)
           GROUP BY h.config_class, h.type ORDER BY 1, 2) r`,
      ),
      pool.query(
        `SELECT json_agg(r) FROM (
           SELECT c.id, c.name, c.type, c.config_class, c.health, c.status, c.tags, c.created_at, c.updated_at,
             c.cost_total_30d,
             (SELECT count(*) FROM config_changes x WHERE x.config_id = c.id AND x.created_at > now() - interval '7 days') AS changes,
             (SELECT jsonb_object_agg(coalesce(a.analysis_type, ''), 1) FROM config_analysis a
               WHERE a.config_id = c.id AND a.status = 'open' AND a.first_observed > now() - interval '7 days') AS analysis
           FROM config_items c WHERE c.type = 'Type::7' AND c.deleted_at IS NULL ORDER BY c.type, c.name LIMIT 50) r`,
      ),
    ]);
  };
  const measure = async (fn: () => Promise<void>, n: number) => {
    const lat: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await fn();
      lat.push(ms(t0));
    }
    return percentile(
      lat.sort((a, b) => a - b),
      95,
    );
  };
  await measure(viaApi, 10);
  await measure(raw, 10);
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const api = await measure(viaApi, 40);
    const sql = await measure(raw, 40);
    ratios.push(api / sql);
    console.log(
      `   round ${round + 1}: API p95 ${api.toFixed(1)} ms, raw SQL p95 ${sql.toFixed(1)} ms = ${(api / sql).toFixed(2)}x`,
    );
  }
  const s = stats(ratios);
  verdict(
    'catalog list page p95 vs raw SQL',
    s.median <= 2,
    `min ${s.min.toFixed(2)}x / median ${s.median.toFixed(2)}x / max ${s.max.toFixed(2)}x (target <= 2x)`,
  );
  server.close();
  await stop();
}

if (ONLY.has('a')) await scenarioA();
if (ONLY.has('b')) await scenarioB();
console.log(results.every((r) => r.pass) ? 'all targets met' : 'SOME TARGETS MISSED');
process.exitCode = results.every((r) => r.pass) ? 0 : 1;
