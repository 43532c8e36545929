/**
 * Benchmark of the topology call (issue: topology): GET /api/canary/api/topology over a tree of
 * 10,000 components (4 roots, 4 levels below them, properties and labels on every component,
 * checks, incidents, insights, team ownership and relationships on some) — the whole tree with
 * summaries, as the console's landing page asks it — p95 <= 2x a hand-written SQL query reading
 * the same columns of the same components on the same pool (no tree, no summaries, no HTTP).
 * Through HTTP against createApp on loopback with a bearer token; warmed; interleaved over
 * rounds; prints min/median/max of the ratio and PASS/FAIL on the median. Bounded.
 * Then: a Topology of 1,000 components (a lookup answering from a loopback server) is built, then
 * rebuilt with nothing changed; the rebuild must write no rows, and its time is printed against
 * the first build's.
 * Run: npx tsx hack/bench/topology.ts   (BENCH_ROUNDS, default 3; BENCH_SAMPLES, default 30)
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPerson, ensureToken } from '../../operator/src/auth/identity.js';
import { startEmbeddedPostgres } from '../../operator/src/db/embeddedPostgres.js';
import { migrate } from '../../operator/src/db/migrate.js';
import { createPool, type Pool } from '../../operator/src/db/pool.js';
import { createApp } from '../../operator/src/http/app.js';
import { silentLog } from '../../operator/src/testing/testDatabase.js';
import http from 'node:http';
import { RUNNERS } from '../../operator/src/health/runners/index.js';
import { TopologyEngine } from '../../operator/src/topology/engine.js';
import { percentile } from './load.js';
import { RAW, seed } from './topologySeed.js';

const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 3), 20);
const SAMPLES = Math.min(Number(process.env.BENCH_SAMPLES ?? 30), 200);
const ms = (t0: number) => performance.now() - t0;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    min: s[0] as number,
    median: s[Math.floor(s.length / 2)] as number,
    max: s[s.length - 1] as number,
  };
};

async function database(): Promise<{ pool: Pool; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-topology-'));
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

const count = (nodes: { components: unknown[] }[]): number =>
  nodes.reduce((n, c) => n + 1 + count(c.components as { components: unknown[] }[]), 0);

async function main() {
  const { pool, stop } = await database();
  const person = await createPerson(pool, {
    name: 'b',
    email: 'b@bench.test',
    password: 'password-1',
    roles: ['admin'],
  });
  const token = 'vgl_bench_topology_token_00000000';
  await ensureToken(pool, person.id, 'bench', token);
  const t0 = performance.now();
  const n = await seed(pool, person.id);
  console.log(`topology: ${n} components seeded in ${ms(t0).toFixed(0)} ms`);
  const app = createApp({
    pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  // The console's landing page: every root's tree, most pressing first.
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/api/canary/api/topology?sortBy=status&sortOrder=desc`;
  const headers = { Authorization: `Bearer ${token}` };
  try {
    const first = await fetch(url, { headers });
    if (!first.ok) throw new Error(`HTTP ${first.status}: ${await first.text()}`);
    const body = (await first.json()) as { components: { components: unknown[] }[] };
    const bytes = JSON.stringify(body).length;
    console.log(
      `   the answer: ${body.components.length} roots, ${count(body.components)} nodes, ${(bytes / 1e6).toFixed(1)} MB`,
    );
    const viaApi = async () => {
      const res = await fetch(url, { headers });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      await res.arrayBuffer();
    };
    const raw = async () => {
      const { rowCount } = await pool.query(RAW);
      if (rowCount !== n) throw new Error(`raw SQL read ${rowCount} rows, not ${n}`);
    };
    const measure = async (fn: () => Promise<void>, samples: number) => {
      const lat: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        await fn();
        lat.push(ms(t));
      }
      return percentile(
        lat.sort((a, b) => a - b),
        95,
      );
    };
    await measure(viaApi, 5);
    await measure(raw, 5);
    const ratios: number[] = [];
    console.log(`   ${ROUNDS} rounds of ${SAMPLES} calls each way, interleaved`);
    for (let round = 0; round < ROUNDS; round++) {
      const api = await measure(viaApi, SAMPLES);
      const sql = await measure(raw, SAMPLES);
      ratios.push(api / sql);
      console.log(
        `   round ${round + 1}: API p95 ${api.toFixed(1)} ms, raw SQL p95 ${sql.toFixed(1)} ms = ${(api / sql).toFixed(2)}x`,
      );
    }
    const s = stats(ratios);
    const pass = s.median <= 2;
    console.log(
      `${pass ? 'PASS' : 'FAIL'} topology of ${n} components p95 vs raw SQL: min ${s.min.toFixed(2)}x / median ${s.median.toFixed(2)}x / max ${s.max.toFixed(2)}x (target <= 2x)`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    server.close();
    await stop();
  }
}

/** An unchanged rebuild of a 1,000-component topology writes nothing. */
async function rebuild() {
  const { pool, stop } = await database();
  const components = Array.from({ length: 999 }, (_, i) => ({
    name: `svc-${i}`,
    type: 'Service',
    properties: [{ name: 'replicas', text: String(1 + (i % 5)), headline: true }],
    labels: { tier: i % 3 ? 'web' : 'db' },
  }));
  const target = http.createServer((_q, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(components));
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  const engine = new TopologyEngine({
    pool,
    log: silentLog,
    runners: RUNNERS,
    pollMs: 60_000,
    healthMs: 600_000,
  });
  try {
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO topologies (name, namespace, spec, schedule, source) VALUES ('big', 'bench', $1, '@never', 'UI') RETURNING id`,
      [
        {
          components: [
            {
              name: 'all',
              type: 'virtual',
              lookup: { http: [{ name: 'inventory', url, display: { expr: 'json' } }] },
            },
          ],
        },
      ],
    );
    const id = rows[0]?.id as string;
    await engine.start();
    const first = await engine.buildNow(id);
    const t0 = performance.now();
    const again = await engine.buildNow(id);
    const took = ms(t0);
    if (!first || !again) throw new Error('the topology was not built');
    const pass = again.written === 0 && again.components === 1000;
    console.log(
      `${pass ? 'PASS' : 'FAIL'} unchanged rebuild of ${again.components} components: ${again.written} rows written (first build wrote ${first.written}); the rebuild took ${took.toFixed(0)} ms`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    await engine.stop();
    target.close();
    await stop();
  }
}

await main();
await rebuild();
