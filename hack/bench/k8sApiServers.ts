/**
 * The server under test for hack/bench/k8s-api.ts, in its own process so the load generator and
 * the watch clients do not share its event loop: Vigil's app (/k8s) over an embedded PostgreSQL
 * seeded with Canaries. Stops on the message 'stop', or when the bench process goes away.
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

export interface K8sBenchReady {
  port: number;
  url: string;
  canaries: number;
}

const log = pino({ level: 'silent' });
const TOKEN = 'vgl_bench_admin_token_000000000000';
const CANARIES = Number(process.env.BENCH_CANARIES ?? 10_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-k8s-'));
fs.chmodSync(dataDir, 0o755); // the embedded database runs as the postgres user when we are root
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

// Straight into the store, as the API would keep them: one set-based insert instead of 10,000
// POSTs, so seeding takes a second and the creates are measured on their own in b).
await pool.query(
  `INSERT INTO resources (api_group, kind, namespace, name, spec)
   SELECT 'canaries.flanksource.com', 'Canary', 'default', 'canary-' || lpad(i::text, 5, '0'),
          jsonb_build_object('interval', 30, 'http', jsonb_build_array(jsonb_build_object(
            'name', 'http-' || i, 'url', 'https://example.com/status/' || i)))
   FROM generate_series(1, $1) i`,
  [CANARIES],
);
await pool.query('ANALYZE resources');

const app = createApp({ pool, log, config: { consoleDir: '/nonexistent', publicUrl: undefined } });
const server = http.createServer(app).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));

const ready: K8sBenchReady = {
  port: (server.address() as AddressInfo).port,
  url: db.url,
  canaries: CANARIES,
};
process.send?.(ready);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Open watches would keep server.close() and pool.end() waiting: end them first.
  await (app.locals.stopWatches as () => Promise<void>)();
  server.close();
  server.closeAllConnections();
  await pool.end();
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('message', (m) => {
  if (m === 'stop') void stop();
});
// The bench process died or was interrupted: do not leave PostgreSQL and the temp dir behind.
process.on('disconnect', () => void stop());
