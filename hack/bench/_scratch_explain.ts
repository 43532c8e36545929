import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { startEmbeddedPostgres } from '../../operator/src/db/embeddedPostgres.js';
import { migrate } from '../../operator/src/db/migrate.js';
import { createPool } from '../../operator/src/db/pool.js';
import { NOTIFICATION_EVENTS } from '../../operator/src/notifications/engine.js';
import { silentLog } from '../../operator/src/testing/testDatabase.js';
import { BURST_RULES, insertChecks, insertRule, startReceiver } from './notificationsSeed.js';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-scratch-')); fs.chmodSync(dir, 0o755);
const db = await startEmbeddedPostgres(dir, silentLog); const pool = createPool(db.url); await migrate(pool, silentLog);
const rec = await startReceiver();
for (const r of BURST_RULES) await insertRule(pool, { ...r, url: rec.hook(r.name) });
const ids = await insertChecks(pool, 'c', 10000);
await pool.query(`UPDATE checks SET status='unhealthy' WHERE id = ANY($1::uuid[])`, [ids]);
await pool.query('ANALYZE');
if (process.argv[2]) { await pool.query('CREATE INDEX ON event_queue (priority DESC, created_at)'); await pool.query('ANALYZE event_queue'); }
const names = NOTIFICATION_EVENTS.map((n) => `notification:${n}`);
for (let k = 0; k < 3; k++) {
const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) SELECT id, name, properties, attempts, error, created_at FROM event_queue
         WHERE name = ANY($1) AND coalesce(attempts, 0) < $2
           AND (last_attempt IS NULL
                OR last_attempt + coalesce(delay, 0) * interval '1 millisecond' <= clock_timestamp())
         ORDER BY priority DESC, created_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED`, [names, 5]);
if (k === 2) console.log(rows.map((r) => r['QUERY PLAN']).join('\n')); }
await rec.close(); await pool.end(); await db.stop(); fs.rmSync(dir, { recursive: true, force: true });
