/**
 * Benchmark of the central push API (issue: agents): one central Vigil receiving from AGENTS
 * simulated agents, each producing RATE check results a second and pushing them every
 * PUSH_INTERVAL_S like the real pusher. Targets, over DURATION_S:
 *   - p99 push latency <= 250 ms
 *   - no backlog growth: after each agent's last cycle, the results it still has waiting are at
 *     most one interval's worth (RATE x PUSH_INTERVAL_S); an ingest that falls behind leaves
 *     more waiting after every cycle
 *   - nothing lost: the central row count equals the results generated
 * Baseline, same run: the database floor, the same batches inserted straight into the central's
 * PostgreSQL with one multi-row INSERT each (pg, no HTTP, JSON or ownership checks), in
 * interleaved closed-loop rounds with the HTTP ingest; printed as ingest rows/s / floor rows/s.
 * With them, as a breakdown, the central's own ingest SQL (Ingest.apply through pg, no HTTP).
 *
 * The central is the built server as users start it (`npm start`: operator/dist/main.js serve,
 * default settings, embedded PostgreSQL in a temporary data dir, request logging at info); the
 * agents run in a separate generator process (agentsWorker.ts) whose own limit is measured
 * against a sink that drops the pushes. Loopback only, bounded, and it stops what it started.
 *
 * Run: npm run bench:agents   (bash hack/build-changed.sh first)
 * Sizes, as environment variables or flags (--agents=4 --duration-s=20):
 *   AGENTS (20), RATE results/s per agent (500), PUSH_INTERVAL_S (5, the agent default),
 *   DURATION_S (120), CHECKS per agent (50), PUSH_ROWS rows per push at most (2000, the agent's
 *   batch), ROUNDS of the baseline (3), ROUND_S seconds per baseline measurement (10) and
 *   ROUND_BATCHES batches a stream in it at most (5: every mode adds about as many rows to the
 *   table, so the faster one does not leave a bigger table to the slower),
 *   WORKERS generator processes (1), WARMUP_BATCHES pushes a stream before measuring (2, within
 *   WARMUP_S, 30), NOOP_S generator-limit measurement (5),
 *   DRAIN_S the most time given to push what is still waiting after the run (60),
 *   BREAKDOWN=0 leaves out the ingest-SQL-alone measurement.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ADMIN_TOKEN, startVigil, type VigilProcess } from '../../test/support/server.js';
import type { AgentSpec, BurstResult, Init, PacedResult, Push } from './agentsWorker.js';
import { percentile } from './load.js';

// Flags override the environment: --duration-s=20 is DURATION_S=20.
for (const arg of process.argv.slice(2)) {
  const m = /^--([a-z0-9-]+)=(.*)$/.exec(arg);
  if (!m) throw new Error(`unknown argument ${arg}: use --name=value (see the header)`);
  process.env[(m[1] as string).toUpperCase().replaceAll('-', '_')] = m[2];
}
const num = (name: string, def: number) => {
  const v = Number(process.env[name] ?? def);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const AGENTS = num('AGENTS', 20);
const RATE = num('RATE', 500);
const INTERVAL_S = num('PUSH_INTERVAL_S', 5);
const DURATION_S = num('DURATION_S', 120);
const CHECKS = num('CHECKS', 50);
const PUSH_ROWS = num('PUSH_ROWS', 2000);
const ROUNDS = num('ROUNDS', 3);
const ROUND_S = num('ROUND_S', 10);
const ROUND_BATCHES = num('ROUND_BATCHES', 5);
const WORKERS = Math.min(num('WORKERS', 1), AGENTS);
const WARMUP_S = num('WARMUP_S', 30);
const WARMUP_BATCHES = num('WARMUP_BATCHES', 2);
const NOOP_S = num('NOOP_S', 5);
const DRAIN_S = num('DRAIN_S', 60);
const BREAKDOWN = process.env.BREAKDOWN !== '0';
const P99_TARGET_MS = 250;
const INTERVAL_WORTH = RATE * INTERVAL_S;

const results: { name: string; pass: boolean }[] = [];
const verdict = (name: string, pass: boolean, line: string) => {
  results.push({ name, pass });
  console.log(`${pass ? 'PASS' : 'FAIL'} ${name}: ${line}`);
};
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    min: s[0] ?? NaN,
    median: s[Math.floor(s.length / 2)] ?? NaN,
    max: s[s.length - 1] ?? NaN,
  };
};
const k = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(0)}k` : n.toFixed(0));
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const latencies = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${ms(percentile(s, 50))}, p95 ${ms(percentile(s, 95))}, p99 ${ms(percentile(s, 99))}, max ${ms(s[s.length - 1] ?? NaN)}`;
};

// ---- CPU of the processes under test, from /proc (the server's node process; PostgreSQL's
// postmaster with its backends, and the backends that exited, through the postmaster's cutime).
const TICK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
function statOf(pid: number): number[] | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text
      .slice(text.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
  } catch {
    return undefined;
  }
}
function cpuOf(vigilPid: number, postmasterPid: number): { node: number; postgres: number } {
  const node = statOf(vigilPid);
  const pm = statOf(postmasterPid);
  let postgres = pm ? (pm[11] ?? 0) + (pm[12] ?? 0) + (pm[13] ?? 0) + (pm[14] ?? 0) : 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const st = statOf(Number(entry));
    if (st && st[1] === postmasterPid) postgres += (st[11] ?? 0) + (st[12] ?? 0);
  }
  return { node: node ? ((node[11] ?? 0) + (node[12] ?? 0)) / TICK : 0, postgres: postgres / TICK };
}

// ---- the generator processes
interface Worker {
  child: ChildProcess;
  ask<T>(message: object): Promise<T>;
}
function startWorker(): Promise<Worker> {
  const child = fork(path.join(import.meta.dirname, 'agentsWorker.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`generator exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m: { type?: string; error?: string }) => {
        child.off('exit', onExit);
        if (m.type === 'error') reject(new Error(`generator: ${m.error}`));
        else resolve(m as T);
      });
    });
  const worker: Worker = {
    child,
    ask: <T>(message: object) => {
      const answer = next<T>();
      child.send(message);
      return answer;
    },
  };
  return next().then(() => worker);
}

/** One burst on every worker at once, merged. */
async function burst(
  workers: Worker[],
  mode: string,
  seconds: number,
  url?: string,
  batches?: number,
) {
  const parts = await Promise.all(
    workers.map((w) =>
      w.ask<BurstResult>({ cmd: 'burst', mode, durationMs: seconds * 1000, url, batches }),
    ),
  );
  const secs = Math.max(...parts.map((p) => p.seconds));
  const rows = parts.reduce((s, p) => s + p.rows, 0);
  return {
    rows,
    rps: rows / secs,
    seconds: secs,
    errors: parts.reduce((s, p) => s + p.errors, 0),
    firstError: parts.find((p) => p.firstError)?.firstError,
    latencies: parts.flatMap((p) => p.latencies),
    elu: Math.max(...parts.map((p) => p.elu)),
    cpu: parts.reduce((s, p) => s + p.cpu, 0),
  };
}

/** The noop sink: takes a push, drops it, answers. Its own process, like the generator's. */
async function startSink(): Promise<{ url: string; child: ChildProcess }> {
  const code = `require('http').createServer((q, s) => { q.resume(); q.on('end', () => {
      s.writeHead(200, { 'Content-Type': 'application/json' }); s.end('{"accepted":{}}'); }); })
    .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (c) => reject(new Error(`sink exited (${c})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** The central's database, as its own data dir and log say where it is. */
function databaseUrl(vigil: VigilProcess): string {
  for (const line of vigil.output().split('\n')) {
    if (!line.includes('embedded PostgreSQL is ready')) continue;
    const { port } = JSON.parse(line) as { port: number };
    const password = fs.readFileSync(path.join(vigil.dataDir, 'postgres.password'), 'utf8').trim();
    return `postgresql://vigil:${encodeURIComponent(password)}@127.0.0.1:${port}/vigil`;
  }
  throw new Error('the central did not log where its embedded PostgreSQL listens');
}

/** The server's own record of each push: pino-http's responseTime in its request log. */
function serverPushTimes(log: string): number[] {
  const times: number[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes('/api/upstream/push') || !line.includes('responseTime')) continue;
    try {
      const entry = JSON.parse(line) as { responseTime?: number };
      if (typeof entry.responseTime === 'number') times.push(entry.responseTime);
    } catch {
      // a partial line at the cut
    }
  }
  return times;
}

/** What the server logged for a failed request whose answer names its requestId. */
function serverError(log: string, answer: string): string {
  const id = /"requestId":"([\w.-]+)"/.exec(answer)?.[1];
  if (!id) return '';
  for (const line of log.split('\n')) {
    if (!line.includes(id) || !line.includes('"err"')) continue;
    try {
      const entry = JSON.parse(line) as { err?: { message?: string } };
      if (entry.err?.message) return ` (server log: ${entry.err.message})`;
    } catch {
      // not a whole line
    }
  }
  return '';
}

async function post(base: string, token: string, p: string, body: unknown) {
  const res = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${p}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Registers the agents and pushes each one's canary and checks once (parents first). */
async function register(base: string): Promise<AgentSpec[]> {
  const agents: AgentSpec[] = [];
  const now = new Date().toISOString();
  for (let i = 0; i < AGENTS; i++) {
    const name = `bench-agent-${String(i + 1).padStart(2, '0')}`;
    const reg = await post(base, ADMIN_TOKEN, '/api/agent/generate', { name });
    const token = reg.access_token as string;
    const canaryId = crypto.randomUUID();
    const checkIds = Array.from({ length: CHECKS }, () => crypto.randomUUID());
    const canary = {
      id: canaryId,
      name: `${name}-checks`,
      namespace: 'bench',
      labels: { app: name },
      annotations: null,
      spec: { schedule: '@every 5s' },
      source: 'UI',
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    const checks = checkIds.map((id, c) => ({
      id,
      canary_id: canaryId,
      type: 'http',
      name: `endpoint-${c + 1}`,
      namespace: 'bench',
      spec: { url: `http://service-${c + 1}.bench.svc/healthz` },
      labels: {},
      created_at: now,
      updated_at: now,
      deleted_at: null,
    }));
    const pushed = (await post(base, token, '/api/upstream/push', { canaries: [canary], checks }))
      .accepted as Record<string, number>;
    if (pushed.canaries !== 1 || pushed.checks !== CHECKS)
      throw new Error(`${name}: the central accepted ${JSON.stringify(pushed)}`);
    agents.push({ index: i, name, agentId: reg.agent_id as string, token, checkIds });
  }
  return agents;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-agents-'));
  fs.chmodSync(dataDir, 0o755); // the embedded database runs as the postgres user when we are root
  let vigil: VigilProcess | undefined;
  let sink: ChildProcess | undefined;
  let db: pg.Pool | undefined;
  const workers: Worker[] = [];
  const watchdog = setTimeout(
    () => {
      console.error('the benchmark ran past its time bound: stopping');
      for (const w of workers) w.child.kill('SIGKILL');
      sink?.kill('SIGKILL');
      vigil?.child.kill('SIGTERM');
      setTimeout(() => process.exit(2), 20_000).unref();
    },
    (DURATION_S + DRAIN_S + 3 * ROUNDS * (ROUND_S + 60) + 3 * WARMUP_S + NOOP_S + 600) * 1000,
  );
  watchdog.unref();
  try {
    // The central as `npm start` runs it: default settings, request logging at info. (startVigil
    // turns health checks off and logging down for tests; both go back to their defaults.)
    vigil = await startVigil({ dataDir, env: { LOG_LEVEL: 'info', VIGIL_HEALTH_CHECKS: 'on' } });
    const base = vigil.url;
    const url = databaseUrl(vigil);
    const central = new pg.Pool({ connectionString: url, max: 2 });
    db = central;
    const postmaster = Number(
      fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const vigilPid = vigil.child.pid as number;
    const cpu = () => cpuOf(vigilPid, postmaster);

    const agents = await register(base);
    const checkIds = agents.flatMap((a) => a.checkIds);
    const centralRows = async () =>
      Number(
        (
          await central.query<{ n: string }>(
            'SELECT count(*) AS n FROM check_statuses WHERE check_id = ANY($1::uuid[])',
            [checkIds],
          )
        ).rows[0]?.n,
      );
    const tableStats = async () => {
      await central.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await central.query<Record<string, string>>(
        `SELECT seq_scan, seq_tup_read, idx_scan, n_live_tup FROM pg_stat_user_tables WHERE relname = 'check_statuses'`,
      );
      const r = rows[0] ?? {};
      return {
        seq_scan: Number(r.seq_scan ?? 0),
        seq_tup_read: Number(r.seq_tup_read ?? 0),
        idx_scan: Number(r.idx_scan ?? 0),
        n_live_tup: Number(r.n_live_tup ?? 0),
      };
    };
    let expected = 0; // rows the central accepted (or the floor inserted) so far

    for (let w = 0; w < WORKERS; w++) workers.push(await startWorker());
    await Promise.all(
      workers.map((w, i) =>
        w.ask({
          cmd: 'init',
          base,
          dbUrl: url,
          agents: agents.filter((_a, j) => j % WORKERS === i),
          totalAgents: AGENTS,
          rate: RATE,
          intervalMs: INTERVAL_S * 1000,
          pushRows: PUSH_ROWS,
        } satisfies Init),
      ),
    );

    const offered = AGENTS * RATE;
    console.log(
      `Vigil agent push benchmark: ${AGENTS} agents x ${RATE} results/s (${k(offered)} rows/s offered), ` +
        `a push cycle every ${INTERVAL_S} s of at most ${PUSH_ROWS} rows a push, ${CHECKS} checks an agent, ` +
        `${DURATION_S} s; ${os.cpus().length} CPUs, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}; loopback only\n`,
    );

    // The generator's own limit: the same pushes, built and sent the same way, to a sink.
    const s = await startSink();
    sink = s.child;
    const noop = await burst(workers, 'noop', NOOP_S, s.url);
    sink.kill();
    sink = undefined;
    console.log(
      `generator limit (${WORKERS} process${WORKERS > 1 ? 'es' : ''}, ${AGENTS} streams of ${PUSH_ROWS}-row pushes to a sink that drops them): ` +
        `${k(noop.rps)} rows/s, ${latencies(noop.latencies)} a push${noop.errors ? `, ${noop.errors} ERRORS` : ''}`,
    );
    console.log(`   the offered load is ${((offered / noop.rps) * 100).toFixed(1)}% of it\n`);

    // Warm-up of every path measured below (not counted in any figure): a few batches a stream,
    // so the table the paced run starts on is not much bigger than registration left it.
    const warm = await burst(workers, 'http', WARMUP_S, undefined, WARMUP_BATCHES);
    expected += warm.rows;
    if (warm.errors) throw new Error(`warm-up pushes failed: ${warm.firstError}`);
    expected += (await burst(workers, 'floor', WARMUP_S, undefined, 1)).rows;
    if (BREAKDOWN) expected += (await burst(workers, 'sql', WARMUP_S, undefined, 1)).rows;

    // ---- the paced run: the target
    const before = await centralRows();
    if (before !== expected)
      throw new Error(`the central holds ${before} results before the run, ${expected} expected`);
    const windows = {
      start: [INTERVAL_S, Math.min(3 * INTERVAL_S, DURATION_S)] as [number, number],
      end: [Math.max(0, DURATION_S - 2 * INTERVAL_S), DURATION_S] as [number, number],
    };
    const logMark = vigil.output().length;
    const table0 = await tableStats();
    const cpu0 = cpu();
    // The server's CPU over the window itself (the drain after it is left out).
    const cpuAtEnd = new Promise<ReturnType<typeof cpu>>((r) =>
      setTimeout(() => r(cpu()), DURATION_S * 1000),
    );
    const parts = await Promise.all(
      workers.map((w) =>
        w.ask<PacedResult>({
          cmd: 'paced',
          durationMs: DURATION_S * 1000,
          windows,
          drainMs: DRAIN_S * 1000,
        }),
      ),
    );
    const cpu1 = await cpuAtEnd;
    const serverTimes = serverPushTimes(vigil.output().slice(logMark));
    const after = await centralRows();
    const sum = (f: (p: PacedResult) => number) => parts.reduce((x, p) => x + f(p), 0);
    const pushes: Push[] = parts.flatMap((p) => p.pushes);
    const cycles = parts.flatMap((p) => p.cycles);
    const troughs = parts.flatMap((p) => p.troughs);
    const generated = sum((p) => p.generated);
    const accepted = sum((p) => p.accepted);
    const inWindow = sum((p) => p.acceptedInWindow);
    const drained = sum((p) => p.drained);
    const leftWaiting = sum((p) => p.leftWaiting);
    const pushedRows = accepted + drained;
    expected += pushedRows;
    const failed = pushes.filter((p) => !p.ok);
    const statuses = [...new Set(failed.map((p) => p.status))].map(
      (st) => `${failed.filter((p) => p.status === st).length} x ${st || 'no answer'}`,
    );
    console.log(`paced run, ${DURATION_S} s, on a check_statuses table of ${k(before)} results:`);
    console.log(
      `   ${pushes.length} pushes in ${cycles.length} cycles; ${inWindow} rows accepted within the ${DURATION_S} s = ` +
        `${k(inWindow / DURATION_S)} rows/s of ${k(offered)} offered; ` +
        (failed.length
          ? `${failed.length} pushes FAILED (${statuses.join(', ')})`
          : 'no push failed'),
    );
    console.log(`   push latency (agent side):   ${latencies(pushes.map((p) => p.ms))}`);
    console.log(
      `   push latency (server's log): ${latencies(serverTimes)} (${serverTimes.length} pushes logged, drain included)`,
    );
    const early = pushes.filter((p) => p.t < DURATION_S / 4).map((p) => p.ms);
    const late = pushes.filter((p) => p.t >= (DURATION_S * 3) / 4).map((p) => p.ms);
    if (early.length && late.length) {
      console.log(`   pushes started in the first quarter: ${latencies(early)}`);
      console.log(`   pushes started in the last quarter:  ${latencies(late)}`);
    }
    console.log(
      `   cycle (all of an agent's waiting results sent): ${latencies(cycles.map((c) => c.ms))}`,
    );
    const startMax = Math.max(...troughs.map((t) => t.start));
    const endMax = Math.max(...troughs.map((t) => t.end));
    console.log(
      `   backlog per agent (fewest results waiting, i.e. right after a cycle; one interval's worth = ${INTERVAL_WORTH}): ` +
        `${windows.start[0]}-${windows.start[1]} s max ${startMax}, ${windows.end[0]}-${windows.end[1]} s max ${endMax}; ` +
        `most waiting at any moment ${Math.max(...troughs.map((t) => t.peak))}`,
    );
    const samples = (parts[0]?.samples ?? []).map((smp, i) => ({
      t: smp.t,
      total: parts.reduce((x, p) => x + (p.samples[i]?.total ?? 0), 0),
    }));
    const BUCKET = Math.max(5, Math.round(DURATION_S / 12));
    const timeline: string[] = [];
    for (let t = 0; t < DURATION_S; t += BUCKET) {
      const inBucket = samples.filter((x) => x.t > t && x.t <= t + BUCKET);
      if (inBucket.length) timeline.push(k(Math.max(...inBucket.map((x) => x.total))));
    }
    console.log(
      `   results waiting over all agents, peak per ${BUCKET} s (keeping up: about ${k(offered * INTERVAL_S)} at most): ${timeline.join(' ')}`,
    );
    const table1 = await tableStats();
    const span = cpu1.node - cpu0.node + cpu1.postgres - cpu0.postgres;
    const pct = (x: number) => `${((x / DURATION_S) * 100).toFixed(0)}%`;
    console.log(
      `   CPU over the ${DURATION_S} s (${os.cpus().length} CPUs = ${os.cpus().length * 100}%): Vigil (node) ${pct(cpu1.node - cpu0.node)}, ` +
        `PostgreSQL ${pct(cpu1.postgres - cpu0.postgres)} = ${inWindow ? ((span * 1000 * 10_000) / inWindow).toFixed(0) : '-'} ms a 10k rows accepted; ` +
        `generator ${pct(sum((p) => p.cpu))} (event loop ${(Math.max(...parts.map((p) => p.elu)) * 100).toFixed(0)}% busy)`,
    );
    const seqRead = table1.seq_tup_read - table0.seq_tup_read;
    const seqScans = table1.seq_scan - table0.seq_scan;
    const loggedPushes = serverTimes.length;
    console.log(
      `   check_statuses in PostgreSQL's statistics (about; drain included): ${seqScans} sequential scans for ${loggedPushes} pushes, ` +
        `${k(seqScans ? seqRead / seqScans : 0)} rows read each (the table grew from ${k(before)} to ${k(after)})`,
    );
    const drainErrors = sum((p) => p.drainErrors);
    console.log(
      `   after the window ${k(drained + leftWaiting)} results were still waiting: ${k(drained)} drained within ${DRAIN_S} s` +
        (drainErrors ? ` (${drainErrors} failed pushes)` : '') +
        (leftWaiting ? `, ${k(leftWaiting)} left at the agents` : ''),
    );
    const p99 = percentile(
      pushes.map((p) => p.ms).sort((x, y) => x - y),
      99,
    );
    verdict('p99 push latency', p99 <= P99_TARGET_MS, `${ms(p99)} (target <= ${P99_TARGET_MS} ms)`);
    verdict(
      'no backlog growth',
      endMax <= INTERVAL_WORTH && failed.length === 0,
      `at most ${endMax} results waiting per agent after a cycle in the last ${windows.end[1] - windows.end[0]} s ` +
        `(${startMax} at the start; target <= ${INTERVAL_WORTH}, one interval's worth)` +
        (failed.length ? `; ${failed.length} pushes failed` : ''),
    );
    verdict(
      'nothing lost',
      after - before === pushedRows && pushedRows + leftWaiting === generated,
      `${after - before} rows arrived at the central, ${pushedRows} accepted, ${generated} generated` +
        (leftWaiting ? ` (${leftWaiting} still waiting at the agents)` : ''),
    );

    // ---- the baseline: closed-loop rounds, interleaved
    const modes = BREAKDOWN ? ['http', 'sql', 'floor'] : ['http', 'floor'];
    const label: Record<string, string> = {
      http: 'HTTP ingest ',
      sql: 'ingest SQL  ',
      floor: 'DB floor    ',
    };
    const rounds: Record<string, number[]> = { http: [], sql: [], floor: [] };
    const errorsBy: Record<string, [number, string]> = {};
    const cpuBy: Record<string, { node: number; postgres: number; gen: number; rows: number }> = {};
    console.log(
      `\nbaseline: ${ROUNDS} interleaved rounds, ${AGENTS} concurrent streams of ${PUSH_ROWS}-row batches back to back, each mode ${ROUND_S} s or ${ROUND_BATCHES} batches a stream`,
    );
    console.log(
      "   HTTP ingest = POST /api/upstream/push; ingest SQL = the central's Ingest.apply through pg (no HTTP, JSON, auth); DB floor = one multi-row INSERT a batch",
    );
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? modes : [...modes].reverse();
      const line: string[] = [];
      for (const mode of order) {
        const c0 = cpu();
        const b = await burst(workers, mode, ROUND_S, undefined, ROUND_BATCHES);
        const c1 = cpu();
        expected += b.rows;
        if (b.errors) errorsBy[mode] = [(errorsBy[mode]?.[0] ?? 0) + b.errors, b.firstError ?? ''];
        rounds[mode]?.push(b.rps);
        const acc = (cpuBy[mode] ??= { node: 0, postgres: 0, gen: 0, rows: 0 });
        acc.node += c1.node - c0.node;
        acc.postgres += c1.postgres - c0.postgres;
        acc.gen += b.cpu;
        acc.rows += b.rows;
        const p50 = percentile(
          [...b.latencies].sort((x, y) => x - y),
          50,
        );
        line.push(
          `${mode} ${k(b.rps)} rows/s (batch p50 ${ms(p50)}${b.errors ? `, ${b.errors} FAILED` : ''})`,
        );
      }
      console.log(`   round ${r + 1}: ${line.join(', ')}`);
    }
    for (const mode of modes) {
      const st = stats(rounds[mode] ?? []);
      const c = cpuBy[mode] as { node: number; postgres: number; gen: number; rows: number };
      const per = (x: number) => ((x * 1000 * 10_000) / c.rows).toFixed(0);
      console.log(
        `   ${label[mode]}: min ${k(st.min)} / median ${k(st.median)} / max ${k(st.max)} rows/s; CPU ms per 10k rows: Vigil ${per(c.node)}, PostgreSQL ${per(c.postgres)}, generator/pg client ${per(c.gen)}`,
      );
    }
    for (const [mode, [n, first]] of Object.entries(errorsBy))
      console.log(
        `   ${label[mode]}: ${n} batches FAILED, the first with: ${first.slice(0, 200)}${serverError(vigil.output(), first)}`,
      );
    const ratios = (rounds.http ?? []).map((h, i) => h / ((rounds.floor ?? [])[i] ?? NaN));
    const rs = stats(ratios);
    console.log(
      `   ingest rows/s / floor rows/s: min ${rs.min.toFixed(2)}x / median ${rs.median.toFixed(2)}x / max ${rs.max.toFixed(2)}x (per round)`,
    );
    const capacity = stats(rounds.http ?? []).median;
    console.log(
      `   the HTTP ingest's closed-loop capacity is ${(capacity / offered).toFixed(2)}x the offered ${k(offered)} rows/s`,
    );

    const total = await centralRows();
    verdict(
      'central row count',
      total === expected,
      `${total} rows in check_statuses for the bench agents' checks, ${expected} accepted over all phases`,
    );
  } finally {
    clearTimeout(watchdog);
    sink?.kill();
    await Promise.all(
      workers.map(async (w) => {
        if (w.child.exitCode !== null || w.child.signalCode !== null) return;
        const gone = new Promise((r) => w.child.once('exit', r));
        try {
          w.child.send({ cmd: 'exit' });
        } catch {
          w.child.kill();
        }
        const timer = setTimeout(() => w.child.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(timer);
      }),
    );
    await db?.end();
    if (vigil) {
      const timer = setTimeout(() => vigil?.child.kill('SIGKILL'), 30_000);
      await vigil.stop();
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const failedTargets = results.filter((r) => !r.pass).length;
  console.log(failedTargets ? `\n${failedTargets} target(s) missed` : '\nall targets met');
  process.exitCode = failedTargets ? 1 : 0;
}

await main();
