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
const many = process.argv[2] === 'many';
if (many) for (const r of BURST_RULES) await insertRule(pool, { ...r, url: rec.hook(r.name) });
else await insertRule(pool, { name: 'one', events: ['check.failed'], url: rec.hook('one') });
const ids = await insertChecks(pool, 'c', 1000);
const engine = new NotificationEngine({ pool, log: silentLog, baseUrl: 'http://localhost:8080' });
const consumer = (engine as any).consumer;
for (const n of [200, 400]) {
  const mine = ids.splice(0, n);
  await pool.query(`UPDATE checks SET status='unhealthy' WHERE id = ANY($1::uuid[])`, [mine]);
  let t = performance.now(); await consumer.drain(); const dec = performance.now() - t;
  t = performance.now(); await engine.dispatcher.drain(); const dis = performance.now() - t;
  console.log(`${n} events: decide ${(dec / n).toFixed(1)} ms/event (${(n * 1000 / dec).toFixed(0)}/s); dispatch ${(dis / n).toFixed(1)} ms/event; got ${rec.total()}`);
}
await engine.stop(); await rec.close(); await pool.end(); await db.stop(); fs.rmSync(dir, { recursive: true, force: true });
