/**
 * Benchmark of /api/db (issue: data model and the PostgREST-compatible query API). Prints each
 * scenario with a baseline measured in the same run and the ratio against the target:
 *   a) single-row GET by id, 10 keep-alive clients: Vigil req/s >= 0.5x a bare node:http handler
 *   b) a page of 50 of 100k config items, filtered and sorted, random offsets <= 20k:
 *      p95 <= 2x the raw SQL for the same page
 *   c) count=exact over 100k rows: p95 < 50 ms; count=planned answers with a total
 * Run: npx tsx hack/bench/db-api.ts   (BENCH_SECONDS, BENCH_ROWS to change the size)
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { fmt, load, percentile } from './load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TOKEN = 'vgl_bench_admin_token_000000000000';
const auth = { Authorization: `Bearer ${TOKEN}` };

const child = fork(path.join(import.meta.dirname, 'dbApiServers.ts'), {
  execArgv: ['--import', 'tsx'],
});
const ports = await new Promise<{ vigil: number; bare: number; url: string; rows: number }>(
  (resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('exit', (code) => reject(new Error(`bench servers exited (${code})`)));
  },
);
const vigil = `http://127.0.0.1:${ports.vigil}`;
const bare = `http://127.0.0.1:${ports.bare}`;
const pool = new pg.Pool({ connectionString: ports.url, max: 4 });
const ids = (
  await pool.query<{ id: string }>('SELECT id FROM config_items ORDER BY random() LIMIT 1000')
).rows.map((r) => r.id);
const pick = (i: number) => ids[i % ids.length] as string;
const bounded = { durationMs: SECONDS * 1000, maxRequests: 200_000 };
let failed = false;
const verdict = (ok: boolean) => {
  failed ||= !ok;
  return ok ? 'PASS' : 'FAIL';
};

console.log(
  `Vigil /api/db benchmark: ${ports.rows} config items, ${SECONDS} s per measurement, loopback only\n`,
);

// a) GET by id
const get = async (base: string, p: string) => {
  const res = await fetch(`${base}${p}`, { headers: auth });
  await res.arrayBuffer();
  return res.ok;
};
await load({
  concurrency: 10,
  durationMs: 1000,
  maxRequests: 2000,
  request: (i) => get(vigil, `/api/db/config_items?id=eq.${pick(i)}&select=*`),
}); // warm-up
const bareA = await load({
  concurrency: 10,
  ...bounded,
  request: (i) => get(bare, `/?id=${pick(i)}`),
});
const vigilA = await load({
  concurrency: 10,
  ...bounded,
  request: (i) => get(vigil, `/api/db/config_items?id=eq.${pick(i)}&select=*`),
});
const ratioA = vigilA.rps / bareA.rps;
console.log('a) single-row GET by id, 10 concurrent keep-alive clients');
console.log(`   bare node:http + same SQL: ${fmt(bareA)}`);
console.log(`   Vigil /api/db:             ${fmt(vigilA)}`);
console.log(
  `   throughput ratio ${ratioA.toFixed(2)}x (target >= 0.50x) ${verdict(ratioA >= 0.5 && vigilA.errors === 0)}\n`,
);

// b) a filtered, sorted page at random offsets
const offset = (i: number) => (i * 7919) % 20_001;
const rawPage = async (i: number) => {
  await pool.query(
    `SELECT coalesce(json_agg(r), '[]'::json)::text FROM (SELECT p.id, p.name, p.type, p.status, p.health FROM config_items p WHERE p.health = $1 AND p.deleted_at IS NULL ORDER BY p.name ASC LIMIT 50 OFFSET ${offset(i)}) r`,
    ['healthy'],
  );
  return true;
};
const vigilPage = (i: number) =>
  get(
    vigil,
    `/api/db/config_items?select=id,name,type,status,health&health=eq.healthy&deleted_at=is.null&order=name.asc&limit=50&offset=${offset(i)}`,
  );
const rawB = await load({
  concurrency: 1,
  durationMs: SECONDS * 500,
  maxRequests: 5000,
  request: rawPage,
});
const vigilB = await load({
  concurrency: 1,
  durationMs: SECONDS * 500,
  maxRequests: 5000,
  request: vigilPage,
});
const ratioB = vigilB.p95 / rawB.p95;
console.log('b) page of 50 of the healthy items (~91%), sorted by name, random offsets up to 20k');
console.log(`   raw SQL through pg:  ${fmt(rawB)}`);
console.log(`   Vigil /api/db:       ${fmt(vigilB)}`);
console.log(`   p95 ratio ${ratioB.toFixed(2)}x (target <= 2.00x) ${verdict(ratioB <= 2)}\n`);

// c) exact and planned counts
const counts: number[] = [];
const countC = await load({
  concurrency: 1,
  durationMs: SECONDS * 500,
  maxRequests: 500,
  request: async () => {
    const res = await fetch(`${vigil}/api/db/config_items?select=id&limit=1`, {
      headers: { ...auth, Prefer: 'count=exact' },
    });
    await res.arrayBuffer();
    counts.push(Number(res.headers.get('content-range')?.split('/')[1]));
    return res.status === 206;
  },
});
const rawCount = await load({
  concurrency: 1,
  durationMs: SECONDS * 250,
  maxRequests: 500,
  request: async () => !!(await pool.query('SELECT count(*) FROM config_items')),
});
const planned = await fetch(`${vigil}/api/db/config_items?select=id&limit=1`, {
  headers: { ...auth, Prefer: 'count=planned' },
});
const plannedTotal = Number(planned.headers.get('content-range')?.split('/')[1]);
console.log(`c) count=exact over ${ports.rows} rows (Content-Range total ${counts[0]})`);
console.log(`   raw SELECT count(*): ${fmt(rawCount)}`);
console.log(`   Vigil count=exact:   ${fmt(countC)}`);
console.log(
  `   p95 ${countC.p95.toFixed(1)} ms (target < 50 ms; ${(countC.p95 / rawCount.p95).toFixed(2)}x raw) ${verdict(countC.p95 < 50 && counts.every((c) => c === ports.rows))}`,
);
console.log(
  `   count=planned answers total ~${plannedTotal} (status ${planned.status}) ${verdict(plannedTotal > 0)}`,
);
void percentile;

await pool.end();
child.send('stop');
await new Promise((r) => child.once('exit', r));
console.log(failed ? '\nsome targets were missed' : '\nall targets met');
process.exitCode = failed ? 1 : 0;
