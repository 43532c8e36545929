/**
 * Benchmark of the health engine (issue: health checks). Each scenario prints its baseline,
 * measured in the same run, and the ratio against the target:
 *   a) HTTP checks/s: Vigil's http check (probe + pipeline + stored result) against Debian's
 *      prometheus-blackbox-exporter probing the same loopback target; both open a new
 *      connection per probe. Target: Vigil >= 1.5x the exporter's probes/s.
 *   b) 10,000 checks on a 60 s schedule for BENCH_SOAK_SECONDS (default 300): start lateness
 *      p99 (planned slots, after the first minute) < 1% of the interval, and RSS < 400 MB.
 *   c) GET /api/canary/api/summary for 5,000 checks with 500,000 stored results: p95 <= 0.25x
 *      the raw DISTINCT ON latest-status query over check_statuses on the same data.
 * Each scenario runs in its own process with its own embedded PostgreSQL.
 * Run: npx tsx hack/bench/health.ts   (BENCH_ONLY=a,b,c to pick; loopback only, bounded)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import client from 'prom-client';
import { createPerson, ensureToken } from '../../operator/src/auth/identity.js';
import { startEmbeddedPostgres } from '../../operator/src/db/embeddedPostgres.js';
import { migrate } from '../../operator/src/db/migrate.js';
import { createPool, type Pool } from '../../operator/src/db/pool.js';
import { HealthEngine } from '../../operator/src/health/engine.js';
import { runPipeline } from '../../operator/src/health/pipeline.js';
import { RUNNERS } from '../../operator/src/health/runners/index.js';
import type { RunContext } from '../../operator/src/health/types.js';
import { ResultWriter } from '../../operator/src/health/writer.js';
import { createApp } from '../../operator/src/http/app.js';
import { silentLog } from '../../operator/src/testing/testDatabase.js';
import { fmt, load, percentile } from './load.js';

const ONLY = new Set((process.env.BENCH_ONLY ?? 'a,b,c').split(','));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const CONCURRENCY = 32;
const EXPORTER = '/usr/bin/prometheus-blackbox-exporter';

const results: { name: string; pass: boolean }[] = [];
const verdict = (name: string, pass: boolean, line: string) => {
  results.push({ name, pass });
  console.log(`${pass ? 'PASS' : 'FAIL'} ${name}: ${line}`);
};

/** The probed target: its own process, so it does not share the event loop being measured. */
async function startTarget(): Promise<{ url: string; stop(): void }> {
  const code = `require('http').createServer((q, s) => { s.writeHead(200, {'Content-Type': 'text/plain'}); s.end('ok'); })
    .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function scenarioA(pool: Pool, target: string) {
  if (!fs.existsSync(EXPORTER)) {
    verdict(
      'http checks/s vs blackbox-exporter',
      false,
      `${EXPORTER} missing: apt-get install prometheus-blackbox-exporter`,
    );
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-bb-'));
  const config = path.join(dir, 'blackbox.yml');
  fs.writeFileSync(
    config,
    'modules:\n  http_2xx:\n    prober: http\n    timeout: 5s\n    http:\n      preferred_ip_protocol: ip4\n',
  );
  const port = await freePort();
  const exporter = spawn(
    EXPORTER,
    [`--config.file=${config}`, `--web.listen-address=127.0.0.1:${port}`],
    {
      stdio: 'ignore',
    },
  );
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const probe = `http://127.0.0.1:${port}/probe?module=http_2xx&target=${encodeURIComponent(target)}`;
    const get = () =>
      new Promise<boolean>((resolve) => {
        http
          .get(probe, { agent }, (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve(/^probe_success 1$/m.test(body)));
          })
          .on('error', () => resolve(false));
      });
    for (let i = 0; i < 50 && !(await get()); i++) await new Promise((r) => setTimeout(r, 100));
    const exporterRun = await load({
      concurrency: CONCURRENCY,
      durationMs: SECONDS * 1000,
      maxRequests: 500_000,
      request: get,
    });
    console.log(`  blackbox-exporter probes: ${fmt(exporterRun)}`);
    agent.destroy();

    const { rows } = await pool.query<{ id: string }>(
      `WITH c AS (INSERT INTO canaries (name, namespace, spec, source) VALUES ('bench-a', 'bench', '{}', 'bench') RETURNING id)
       INSERT INTO checks (canary_id, type, name, spec) SELECT id, 'http', 'target', '{}' FROM c RETURNING id`,
    );
    const checkId = rows[0]?.id as string;
    const writer = new ResultWriter(pool, silentLog);
    const ctx = {
      canary: { id: 'bench', name: 'bench-a', namespace: 'bench', labels: {} },
      check: { id: checkId, name: 'target', type: 'http' },
      signal: new AbortController().signal,
      pool,
      connection: async () => undefined,
    } as RunContext;
    let n = 0;
    const vigilRun = await load({
      concurrency: CONCURRENCY,
      durationMs: SECONDS * 1000,
      maxRequests: 500_000,
      request: async () => {
        const [r] = await runPipeline({
          check: {
            id: checkId,
            type: 'http',
            name: 'target',
            labels: {},
            spec: { name: 'target', url: target },
          },
          canary: { id: 'bench', name: 'bench-a', namespace: 'bench', labels: {}, spec: {} },
          runner: RUNNERS.http as NonNullable<(typeof RUNNERS)['http']>,
          ctx,
        });
        if (!r) return false;
        // Stored like a scheduled run: one check_statuses row per check.
        writer.add([
          {
            checkId,
            time: new Date(r.start.getTime() + (n++ % 1000) / 1000),
            status: r.pass,
            invalid: false,
            duration: r.duration,
            message: r.message ?? null,
            error: r.error ?? null,
            details: null,
          },
        ]);
        return r.pass;
      },
    });
    await writer.flush();
    console.log(`  vigil http checks:        ${fmt(vigilRun)}`);
    const ratio = vigilRun.rps / exporterRun.rps;
    verdict(
      'http checks/s vs blackbox-exporter',
      ratio >= 1.5 && vigilRun.errors === 0,
      `${vigilRun.rps.toFixed(0)}/s vs ${exporterRun.rps.toFixed(0)}/s = ${ratio.toFixed(2)}x (target >= 1.5x)`,
    );
  } finally {
    exporter.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function scenarioB(pool: Pool, target: string) {
  const CHECKS = Number(process.env.BENCH_SOAK_CHECKS ?? 10_000);
  // Canaries with one http check each, made like the console does (source UI).
  await pool.query(
    `INSERT INTO canaries (name, namespace, spec, source)
     SELECT 'soak-' || g, 'bench', jsonb_build_object('schedule', '@every 60s',
       'http', jsonb_build_array(jsonb_build_object('name', 'target', 'url', $2::text))), 'UI'
     FROM generate_series(1, $1) g`,
    [CHECKS, target],
  );
  const registry = new client.Registry();
  const engine = new HealthEngine({ pool, log: silentLog, registry, runners: RUNNERS });
  let maxRss = 0;
  let heap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    maxRss = Math.max(maxRss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 1000);
  const t0 = Date.now();
  await engine.start();
  console.log(`  ${engine.size} canaries scheduled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // The first minute holds every canary's initial run-now; lateness counts planned slots after it.
  await new Promise((r) => setTimeout(r, 60_000));
  const lateness = registry.getSingleMetric(
    'vigil_canary_start_lateness_seconds',
  ) as client.Histogram;
  const before = (await lateness.get()).values;
  await new Promise((r) => setTimeout(r, Math.max(0, SOAK_SECONDS * 1000 - 60_000)));
  const after = (await lateness.get()).values;
  clearInterval(sampler);
  await engine.stop();
  const count = (vals: typeof after, le: number | string) =>
    vals.find((v) => v.metricName?.endsWith('_bucket') && v.labels.le === le)?.value ?? 0;
  const buckets = after
    .filter((v) => v.metricName?.endsWith('_bucket'))
    .map((v) => ({
      le: v.labels.le as number | string,
      n: v.value - count(before, v.labels.le as number),
    }));
  const total = buckets.find((b) => b.le === '+Inf')?.n ?? 0;
  const p99Bound = buckets.find((b) => b.le !== '+Inf' && b.n >= 0.99 * total)?.le;
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM check_statuses s JOIN checks c ON c.id = s.check_id JOIN canaries ca ON ca.id = c.canary_id WHERE ca.name LIKE 'soak-%'`,
  );
  const runs = Number(rows[0]?.n);
  // Each canary runs once at once, then on every slot of the soak.
  const expected = CHECKS * (1 + SOAK_SECONDS / 60);
  console.log(
    `  ${runs} results stored (about ${expected.toFixed(0)} expected), ${total} planned runs measured, max RSS ${(maxRss / 2 ** 20).toFixed(0)} MB (heap ${(heap / 2 ** 20).toFixed(0)} MB)`,
  );
  const p99 = typeof p99Bound === 'number' ? p99Bound : Infinity;
  verdict(
    '10k checks @every 60s: start lateness p99',
    p99 < 0.6 && total > 0,
    `p99 <= ${p99 * 1000} ms = ${((p99 / 60) * 100).toFixed(2)}% of the interval (target < 1%)`,
  );
  verdict(
    '10k checks @every 60s: RSS',
    maxRss < 400 * 2 ** 20,
    `${(maxRss / 2 ** 20).toFixed(0)} MB (target < 400 MB)`,
  );
}

async function scenarioC(pool: Pool) {
  const CHECKS = 5000;
  const RESULTS = 500_000;
  await pool.query(
    `INSERT INTO canaries (name, namespace, spec, source)
     SELECT 'sum-' || g, 'bench', '{}', 'UI' FROM generate_series(1, $1 / 50) g`,
    [CHECKS],
  );
  await pool.query(
    `INSERT INTO checks (canary_id, type, name, namespace, spec)
     SELECT ca.id, 'http', 'check-' || g, 'bench', '{}'
     FROM canaries ca CROSS JOIN generate_series(1, 50) g WHERE ca.name LIKE 'sum-%'`,
  );
  const { rows: ids } = await pool.query<{ id: string }>(
    `SELECT c.id FROM checks c JOIN canaries ca ON ca.id = c.canary_id WHERE ca.name LIKE 'sum-%'`,
  );
  const t0 = Date.now();
  // 100 results per check over the last ~8 hours, in statements of 50k rows.
  const perCheck = RESULTS / ids.length;
  for (let i = 0; i < ids.length; i += 500) {
    await pool.query(
      `INSERT INTO check_statuses (check_id, time, status, duration)
       SELECT id, now() - make_interval(secs => g * 300 + (abs(hashtext(id::text)) % 300)), random() > 0.05,
         (5 + random() * 200)::int
       FROM unnest($1::uuid[]) id CROSS JOIN generate_series(0, $2 - 1) g`,
      [ids.slice(i, i + 500).map((r) => r.id), perCheck],
    );
  }
  await pool.query('ANALYZE');
  console.log(
    `  ${RESULTS} results for ${ids.length} checks stored in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const person = await createPerson(pool, {
    name: 'bench',
    email: 'bench@vigil.local',
    password: 'bench-password',
    roles: ['admin'],
  });
  const token = 'vgl_bench_health_summary_token_000';
  await ensureToken(pool, person.id, 'bench', token);
  const app = createApp({ pool, log: silentLog, config: { consoleDir: '/nonexistent' } });
  const server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true });
  const timeOne = async (fn: () => Promise<unknown>) => {
    const s = performance.now();
    await fn();
    return performance.now() - s;
  };
  const summary = () =>
    new Promise<number>((resolve, reject) => {
      http
        .get(
          `http://127.0.0.1:${port}/api/canary/api/summary`,
          { agent, headers: { Authorization: `Bearer ${token}` } },
          (res) => {
            let n = 0;
            res.on('data', (d: Buffer) => (n += d.length));
            res.on('end', () =>
              res.statusCode === 200 ? resolve(n) : reject(new Error(String(res.statusCode))),
            );
          },
        )
        .on('error', reject);
    });
  const raw = () =>
    pool.query(
      `SELECT DISTINCT ON (check_id) check_id, time, status, duration FROM check_statuses ORDER BY check_id, time DESC`,
    );
  const ROUNDS = 60;
  const rawTimes: number[] = [];
  const apiTimes: number[] = [];
  const directTimes: number[] = [];
  const { writeSummary } = await import('../../operator/src/health/queries.js');
  const direct = () =>
    writeSummary(
      pool,
      { start: new Date(Date.now() - 3_600_000), end: new Date() },
      () => undefined,
    );
  for (let i = 0; i < 3; i++) {
    await raw();
    await summary();
  }
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    rawTimes.push(await timeOne(raw));
    apiTimes.push(await timeOne(async () => (bytes = await summary())));
    if (process.env.BENCH_DEBUG) directTimes.push(await timeOne(direct));
  }
  // The same with results arriving: before each request a batch of 100 results lands in the
  // current hour (as the writer flushes about once a second for 10,000 checks a minute), so the
  // summary re-reads that hour's rollups every time and only the closed hour comes from memory.
  const liveTimes: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    await pool.query(
      `INSERT INTO check_statuses (check_id, time, status, duration)
       SELECT id, now(), random() > 0.05, (5 + random() * 200)::int
       FROM unnest($1::uuid[]) id`,
      [
        Array.from(
          { length: 100 },
          (_, k) => (ids[(i * 100 + k) % ids.length] as { id: string }).id,
        ),
      ],
    );
    liveTimes.push(await timeOne(summary));
  }
  liveTimes.sort((a, b) => a - b);
  rawTimes.sort((a, b) => a - b);
  apiTimes.sort((a, b) => a - b);
  const rawP95 = percentile(rawTimes, 95);
  const apiP95 = percentile(apiTimes, 95);
  if (process.env.BENCH_DEBUG) {
    directTimes.sort((a, b) => a - b);
    console.log(
      `  debug: api p50 ${percentile(apiTimes, 50).toFixed(1)} ms; writeSummary alone p50 ${percentile(directTimes, 50).toFixed(1)} p95 ${percentile(directTimes, 95).toFixed(1)} ms`,
    );
  }
  console.log(`  raw DISTINCT ON latest status: p95 ${rawP95.toFixed(1)} ms`);
  console.log(
    `  /api/canary/api/summary (${ids.length} checks, ${(bytes / 1024).toFixed(0)} KiB): p95 ${apiP95.toFixed(1)} ms`,
  );
  const liveP95 = percentile(liveTimes, 95);
  console.log(
    `  /api/canary/api/summary with a result batch before each request: p95 ${liveP95.toFixed(1)} ms`,
  );
  verdict(
    'summary while results arrive vs raw latest-status query',
    liveP95 / rawP95 <= 0.25,
    `${(liveP95 / rawP95).toFixed(3)}x (target <= 0.25x)`,
  );
  verdict(
    'summary of 5,000 checks vs raw latest-status query',
    apiP95 / rawP95 <= 0.25,
    `${(apiP95 / rawP95).toFixed(3)}x (target <= 0.25x)`,
  );
  agent.destroy();
  await new Promise<void>((r) => server.close(() => r()));
}

/** One scenario in this process, against its own embedded PostgreSQL. */
async function runScenario(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-health-'));
  fs.chmodSync(dataDir, 0o755);
  const db = await startEmbeddedPostgres(dataDir, silentLog);
  const pool = createPool(db.url);
  const target = await startTarget();
  try {
    await migrate(pool, silentLog);
    if (name === 'a') await scenarioA(pool, target.url);
    if (name === 'b') await scenarioB(pool, target.url);
    if (name === 'c') await scenarioC(pool);
  } finally {
    target.stop();
    await pool.end();
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Each scenario runs in a process of its own, one after the other: what one leaves in the heap
 * (a's 40,000 probes, b's 10,000 canaries and their metrics, c's half-million results) must not
 * weigh on the next one's throughput or RSS.
 */
async function main() {
  const scenarios = ['a', 'b', 'c'].filter((s) => ONLY.has(s));
  if (scenarios.length === 1) {
    await runScenario(scenarios[0] as string);
    const failed = results.filter((r) => !r.pass).length;
    process.exitCode = failed ? 1 : 0;
    return;
  }
  let failedScenarios = 0;
  for (const name of scenarios) {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...process.env, BENCH_ONLY: name },
      stdio: 'inherit',
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) failedScenarios++;
  }
  console.log(
    failedScenarios ? `${failedScenarios} scenario(s) missed a target` : 'all health targets met',
  );
  process.exitCode = failedScenarios ? 1 : 0;
}

await main();
