import pg from 'pg';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { startEmbeddedPostgres } from '../../operator/src/db/embeddedPostgres.js';
import { migrate } from '../../operator/src/db/migrate.js';
import { createPool } from '../../operator/src/db/pool.js';
import { NotificationEngine } from '../../operator/src/notifications/engine.js';
import { silentLog } from '../../operator/src/testing/testDatabase.js';
import { BURST_RULES, insertChecks, insertRule, startReceiver } from './notificationsSeed.js';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-scratch-')); fs.chmodSync(dir, 0o755);
const db = await startEmbeddedPostgres(dir, silentLog); const pool = createPool(db.url); await migrate(pool, silentLog);
const rec = await startReceiver();
const T = new Map<string, [number, number]>();
const orig = pg.Client.prototype.query as any;
(pg.Client.prototype as any).query = function (this: any, ...a: any[]) {
  const text = typeof a[0] === 'string' ? a[0] : a[0]?.text ?? '?';
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
  const t = performance.now();
  const r = orig.apply(this, a);
  if (r && typeof r.then === 'function') r.then(() => { const e = T.get(key) ?? [0, 0]; e[0]++; e[1] += performance.now() - t; T.set(key, e); }, () => {});
  return r;
};

const many = process.argv[2] === 'many';
if (many) for (const r of BURST_RULES) await insertRule(pool, { ...r, url: rec.hook(r.name) });
else await insertRule(pool, { name: 'one', events: ['check.failed'], url: rec.hook('one') });
const ids = await insertChecks(pool, 'c', 1000);
const engine = new NotificationEngine({ pool, log: silentLog, baseUrl: 'http://localhost:8080' });
const consumer = (engine as any).consumer;
if (process.argv[3]) consumer.opts.concurrency = Number(process.argv[3]);
for (const n of [200, 400]) {
  const mine = ids.splice(0, n);
  await pool.query(`UPDATE checks SET status='unhealthy' WHERE id = ANY($1::uuid[])`, [mine]);
  let t = performance.now(); await consumer.drain(); const dec = performance.now() - t;
  t = performance.now(); await engine.dispatcher.drain(); const dis = performance.now() - t;
  console.log(`${n} events: decide ${(dec / n).toFixed(1)} ms/event (${(n * 1000 / dec).toFixed(0)}/s); dispatch ${(dis / n).toFixed(1)} ms/event; got ${rec.total()}`);
}
await engine.stop();
if (process.env.SHOWQ) for (const [k, [n, t]] of [...T].sort((a, b) => b[1][1] - a[1][1]).slice(0, 25)) console.log(`${n.toString().padStart(6)} ${(t / n).toFixed(2).padStart(7)} ms avg ${t.toFixed(0).padStart(7)} ms  ${k}`); await rec.close(); await pool.end(); await db.stop(); fs.rmSync(dir, { recursive: true, force: true });
