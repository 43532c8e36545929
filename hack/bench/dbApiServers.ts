/**
 * The servers under test, in their own process so the load generator does not share their
 * event loop: Vigil's app (/api/db) and a bare node:http handler running the same SQL.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createPerson, ensureToken } from '../../operator/src/auth/identity.js';
import { startEmbeddedPostgres } from '../../operator/src/db/embeddedPostgres.js';
import { migrate } from '../../operator/src/db/migrate.js';
import { createPool } from '../../operator/src/db/pool.js';
import { createApp } from '../../operator/src/http/app.js';

const log = pino({ level: 'silent' });
export const TOKEN = 'vgl_bench_admin_token_000000000000';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
fs.chmodSync(dataDir, 0o755);
const db = await startEmbeddedPostgres(dataDir, log);
const pool = createPool(db.url);
await migrate(pool, log);
const admin = await createPerson(pool, {
  name: 'bench',
  email: 'bench@x',
  password: 'bench-password',
  roles: ['admin'],
});
await ensureToken(pool, admin.id, 'bench', TOKEN);

// Config items across 20 types, with names to sort by, labels and tags like a real catalog.
await pool.query('ALTER TABLE config_items DISABLE TRIGGER USER');
await pool.query(
  `INSERT INTO config_items (config_class, type, name, status, health, labels, tags, config)
   SELECT 'Pod', 'Kubernetes::Type' || (i % 20), 'item-' || lpad(md5(i::text), 12, '0'),
          CASE WHEN i % 7 = 0 THEN 'Pending' ELSE 'Running' END,
          CASE WHEN i % 11 = 0 THEN 'unhealthy' ELSE 'healthy' END,
          jsonb_build_object('app', 'app' || (i % 100)), jsonb_build_object('namespace', 'ns' || (i % 10)),
          jsonb_build_object('i', i)
   FROM generate_series(1, $1) i`,
  [ROWS],
);
await pool.query('ALTER TABLE config_items ENABLE TRIGGER USER');
await pool.query('CREATE INDEX IF NOT EXISTS bench_config_items_name ON config_items (name)');
await pool.query('ANALYZE config_items');

const app = createApp({ pool, log, config: { consoleDir: '/nonexistent', publicUrl: undefined } });
const vigil = http.createServer(app).listen(0, '127.0.0.1');

// The same SQL the engine generates for `?id=eq.X&select=*`, without HTTP framework or auth.
const bare = http
  .createServer((req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id');
    pool
      .query<{ body: string }>(
        `SELECT coalesce(json_agg(r), '[]'::json)::text AS body FROM (SELECT p.* FROM config_items p WHERE p.id = $1 LIMIT 2000) r`,
        [id],
      )
      .then(
        ({ rows }) => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(rows[0]?.body);
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
  })
  .listen(0, '127.0.0.1');

await new Promise((r) => setTimeout(r, 100));
process.send?.({
  vigil: (vigil.address() as AddressInfo).port,
  bare: (bare.address() as AddressInfo).port,
  url: db.url,
  rows: ROWS,
});

process.on('message', async (m) => {
  if (m !== 'stop') return;
  vigil.close();
  bare.close();
  vigil.closeAllConnections();
  bare.closeAllConnections();
  await pool.end();
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
