/**
 * Benchmark of the logs search (issue: settings and operations): the time POST /api/logs takes
 * to answer the first page of lines matching a query in a 1 GB log file, against grep over the
 * same file in the same run. Target: median ratio <= 1.5x.
 *
 * The file (text lines with timestamps, ~120 bytes each) is generated in a temp dir and deleted
 * afterwards. It repeats one block of lines whose middle line is the only match, so that the
 * search — newest first, from the end of the file — and `grep -F -m <page size>` — oldest first,
 * from its start — read the same number of bytes to find page-size matches, and print the same
 * line text (the blocks differ only in their timestamps). Both are checked to find them. For
 * reference only, `tac | grep -F -m`, which finds literally the same lines (the newest), and a
 * query that matches nothing (both read the whole file) are timed too.
 *
 * The search runs as users run it: through HTTP against createApp on loopback, with a bearer
 * token, a file log backend and a component whose log selector picks it. Warmed; grep and the
 * API interleaved (their order alternating) over BENCH_ROUNDS rounds (default 5, at least 3);
 * prints min/median/max of each and of the ratio, and PASS/FAIL on the median ratio.
 * Run: npx tsx hack/bench/logs.ts   (BENCH_LOG_MB, default 1024)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPerson, ensureToken } from '../../operator/src/auth/identity.js';
import { startEmbeddedPostgres } from '../../operator/src/db/embeddedPostgres.js';
import { migrate } from '../../operator/src/db/migrate.js';
import { createPool } from '../../operator/src/db/pool.js';
import { createApp } from '../../operator/src/http/app.js';
import { DEFAULT_LIMIT } from '../../operator/src/logs/search.js';
import { silentLog } from '../../operator/src/testing/testDatabase.js';

const ROUNDS = Math.max(3, Math.min(Number(process.env.BENCH_ROUNDS ?? 5), 20));
const SIZE = Math.max(64, Math.min(Number(process.env.BENCH_LOG_MB ?? 1024), 4096)) * 1024 ** 2;
const PAGE = DEFAULT_LIMIT;
/** Lines per block: ~3.3 MB, so the first page (100 matches) reads about a third of 1 GB. */
const BLOCK_LINES = 27_001;
const QUERY = 'payment-declined';
const NO_MATCH = 'refund-reversed';
const MATCH_TEXT = 'ERROR [checkout-3] payment-declined for order 4242: card expired';
const TARGET = 1.5;

const ms = (t0: number) => performance.now() - t0;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    min: s[0] as number,
    median: s[Math.floor(s.length / 2)] as number,
    max: s[s.length - 1] as number,
  };
};
const fmt = (s: { min: number; median: number; max: number }, unit = ' ms', digits = 0) =>
  `min ${s.min.toFixed(digits)}${unit} / median ${s.median.toFixed(digits)}${unit} / max ${s.max.toFixed(digits)}${unit}`;

/**
 * Writes the file: blocks of BLOCK_LINES lines, the match in the middle, the lines on either side
 * of it mirrored so it sits exactly mid-block. Each block is a second newer than the one before;
 * the last ends a second ago. Answers the file size, the block size and the match's offset.
 */
function generate(file: string) {
  const half: string[] = [];
  const words = ['orders', 'carts', 'users', 'stock', 'prices', 'search', 'reviews', 'ship'];
  for (let i = 0; i < (BLOCK_LINES - 1) / 2; i++) {
    const n = (i * 7919) % 1_000_000;
    half.push(
      ` INFO  [worker-${String(i % 16).padStart(2, '0')}] GET /api/${words[i % words.length]}/${n} answered 200 in ${i % 97} ms user=u-${n % 5000} ${'x'.repeat(i % 40)}`,
    );
  }
  const lines = [...half, ` ${MATCH_TEXT}`, ...[...half].reverse()];
  const TS = 24; // 2026-01-02T03:04:05.678Z
  const bodies = lines.map((l) => Buffer.from(`${l}\n`, 'latin1'));
  const blockLen = bodies.reduce((n, b) => n + TS + b.length, 0);
  const block = Buffer.alloc(blockLen);
  const stamps: number[] = [];
  let o = 0;
  let matchAt = 0;
  for (const [i, b] of bodies.entries()) {
    stamps.push(o);
    if (i === half.length) matchAt = o;
    o += TS;
    b.copy(block, o);
    o += b.length;
  }
  const blocks = Math.ceil(SIZE / blockLen);
  const fd = fs.openSync(file, 'w');
  try {
    let t = Date.now() - 1000 - (blocks - 1) * 1000;
    for (let k = 0; k < blocks; k++, t += 1000) {
      const stamp = new Date(t).toISOString();
      for (const at of stamps) block.write(stamp, at, 'latin1');
      fs.writeSync(fd, block);
    }
  } finally {
    fs.closeSync(fd);
  }
  return {
    size: blocks * blockLen,
    blockLen,
    matchAt,
    matchLen: (bodies[half.length]?.length ?? 0) + TS,
    blocks,
  };
}

/** Runs a command, answering its stdout and how long it took. */
function run(cmd: string, args: string[], shell = false): Promise<{ out: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = shell
      ? spawn('sh', ['-c', cmd], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.once('error', reject);
    child.once('close', (code) => {
      // grep: 0 found, 1 found nothing.
      if (code !== 0 && code !== 1) reject(new Error(`${cmd} exited ${code}`));
      else resolve({ out: Buffer.concat(out).toString('latin1'), ms: ms(t0) });
    });
  });
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-logs-'));
  fs.chmodSync(dir, 0o755);
  const file = path.join(dir, 'checkout.log');
  let stopDb: (() => Promise<void>) | undefined;
  let server: ReturnType<ReturnType<typeof createApp>['listen']> | undefined;
  try {
    const t0 = performance.now();
    const gen = generate(file);
    console.log(
      `logs: ${(gen.size / 1024 ** 3).toFixed(2)} GB file of ${gen.blocks} blocks x ${BLOCK_LINES} lines written in ${ms(t0).toFixed(0)} ms`,
    );
    const pgDir = path.join(dir, 'pg');
    fs.mkdirSync(pgDir, { mode: 0o755 });
    fs.chmodSync(pgDir, 0o755);
    const db = await startEmbeddedPostgres(pgDir, silentLog);
    const pool = createPool(db.url);
    stopDb = async () => {
      await pool.end();
      await db.stop();
    };
    await migrate(pool, silentLog);
    const person = await createPerson(pool, {
      name: 'b',
      email: 'b@bench.test',
      password: 'password-1',
      roles: ['admin'],
    });
    const token = 'vgl_bench_logs_token_000000000000';
    await ensureToken(pool, person.id, 'bench', token);
    await pool.query(
      `INSERT INTO logging_backends (name, labels, spec, source) VALUES ('checkout-files', '{"app":"checkout"}', $1, 'UI')`,
      [{ file: { paths: [file] } }],
    );
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO components (name, external_id, status, log_selectors) VALUES ('checkout', 'checkout', 'healthy', $1) RETURNING id`,
      [JSON.stringify([{ name: 'app', type: 'file', labels: { app: 'checkout' } }])],
    );
    const component = rows[0]?.id as string;
    const app = createApp({
      pool,
      log: silentLog,
      config: { consoleDir: '/nonexistent', publicUrl: undefined },
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server?.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/logs`;

    const api = async (query: string) => {
      const t = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: component, name: 'app', query, start: 'now-1d', limit: PAGE }),
      });
      const body = (await res.json()) as { results?: { message: string }[]; message?: string };
      const took = ms(t);
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${body.message}`);
      return { lines: (body.results ?? []).map((r) => r.message), ms: took };
    };
    const grep = async (query: string) => {
      const r = await run('grep', ['-F', '-m', String(PAGE), '--', query, file]);
      return { lines: r.out.split('\n').filter(Boolean), ms: r.ms };
    };
    const tacGrep = async (query: string) => {
      const r = await run(`tac '${file}' | grep -F -m ${PAGE} -- '${query}'`, [], true);
      return { lines: r.out.split('\n').filter(Boolean), ms: r.ms };
    };

    // The same lines: PAGE matches each, with the same text.
    const check = (what: string, lines: string[], n: number, strip: (l: string) => string) => {
      if (lines.length !== n) throw new Error(`${what} found ${lines.length} lines, not ${n}`);
      if (n && !lines.every((l) => strip(l) === MATCH_TEXT))
        throw new Error(`${what} found other lines: ${lines[0]}`);
    };
    const noStamp = (l: string) => l.slice(25);
    const warm = [
      await api(QUERY),
      await grep(QUERY),
      await tacGrep(QUERY),
      await api(NO_MATCH),
      await grep(NO_MATCH),
    ];
    check('the API', warm[0]?.lines ?? [], PAGE, (l) => l);
    check('grep', warm[1]?.lines ?? [], PAGE, noStamp);
    check('tac | grep', warm[2]?.lines ?? [], PAGE, noStamp);
    check('the API (no match)', warm[3]?.lines ?? [], 0, (l) => l);
    check('grep (no match)', warm[4]?.lines ?? [], 0, noStamp);
    // What each reads to find the page: the API from the end back to the start of its oldest
    // line, grep from the start to the end of its last.
    const apiBytes = (PAGE - 1) * gen.blockLen + (gen.blockLen - gen.matchAt);
    const grepBytes = (PAGE - 1) * gen.blockLen + gen.matchAt + gen.matchLen;
    console.log(
      `   first page: ${PAGE} matches; the API reads ${(apiBytes / 1e6).toFixed(1)} MB back from the end, grep -m ${PAGE} ${(grepBytes / 1e6).toFixed(1)} MB from the start`,
    );

    // What a search costs besides reading: the newest 100 lines, without a query.
    const fixed: number[] = [];
    for (let i = 0; i < 5; i++) fixed.push((await api('')).ms);
    console.log(`   the API's own cost (no query, the last 100 lines): ${fmt(stats(fixed))}`);
    const times = {
      api: [] as number[],
      grep: [] as number[],
      tac: [] as number[],
      apiNone: [] as number[],
      grepNone: [] as number[],
    };
    const ratios: number[] = [];
    console.log(`   ${ROUNDS} rounds, the API and grep interleaved (order alternating)`);
    for (let round = 0; round < ROUNDS; round++) {
      let a: number;
      let g: number;
      if (round % 2 === 0) {
        a = (await api(QUERY)).ms;
        g = (await grep(QUERY)).ms;
      } else {
        g = (await grep(QUERY)).ms;
        a = (await api(QUERY)).ms;
      }
      times.api.push(a);
      times.grep.push(g);
      ratios.push(a / g);
      times.tac.push((await tacGrep(QUERY)).ms);
      times.apiNone.push((await api(NO_MATCH)).ms);
      times.grepNone.push((await grep(NO_MATCH)).ms);
      console.log(
        `   round ${round + 1}: API ${a.toFixed(0)} ms, grep -m ${g.toFixed(0)} ms = ${(a / g).toFixed(2)}x`,
      );
    }
    const r = stats(ratios);
    console.log(`   API first page:        ${fmt(stats(times.api))}`);
    console.log(`   grep -F -m ${PAGE}:        ${fmt(stats(times.grep))}`);
    console.log(
      `   tac | grep -F -m ${PAGE}:  ${fmt(stats(times.tac))} (the same newest lines; reference)`,
    );
    console.log(
      `   no match, whole file:  API ${fmt(stats(times.apiNone))}; grep ${fmt(stats(times.grepNone))} (reference)`,
    );
    const pass = r.median <= TARGET;
    console.log(
      `${pass ? 'PASS' : 'FAIL'} logs first page of ${PAGE} matches in a ${(gen.size / 1024 ** 3).toFixed(2)} GB file vs grep: ${fmt(r, 'x', 2)} (target <= ${TARGET}x)`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    server?.close();
    await stopDb?.();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
