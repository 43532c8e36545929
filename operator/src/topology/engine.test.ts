import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RUNNERS } from '../health/runners/index.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { TopologyEngine } from './engine.js';

/**
 * The Topology engine against a real PostgreSQL: lookups build components, a changed lookup adds
 * and removes them, a failing lookup keeps them, a failing linked check turns the component and
 * its ancestors unhealthy (and says so in an event), and a rebuild of an unchanged topology
 * writes nothing.
 */
let db: TestDatabase;
let engine: TopologyEngine;
let server: http.Server;
let base: string;
let answer: { status: number; body: unknown } = { status: 200, body: [] };

async function topology(
  name: string,
  spec: Record<string, unknown>,
  labels: Record<string, string> = {},
) {
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO topologies (name, namespace, labels, spec, schedule, source) VALUES ($1, 'default', $2, $3, '@never', 'UI') RETURNING id`,
    [name, labels, spec],
  );
  return rows[0]?.id as string;
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const build = async (id: string) =>
  until('the build', async () => (await engine.buildNow(id)) ?? undefined);

const live = async (topologyId: string) =>
  (
    await db.pool.query<{
      name: string;
      type: string;
      status: string;
      parent: string | null;
      labels: Record<string, string>;
    }>(
      `SELECT c.name, c.type, c.status, p.name AS parent, c.labels FROM components c LEFT JOIN components p ON p.id = c.parent_id
        WHERE c.topology_id = $1 AND c.deleted_at IS NULL ORDER BY c.name`,
      [topologyId],
    )
  ).rows;

const lookup = (url: string) => ({
  http: [{ name: 'inventory', url, display: { expr: 'json' } }],
});

beforeAll(async () => {
  db = await startTestDatabase();
  server = http.createServer((_req, res) => {
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  engine = new TopologyEngine({
    pool: db.pool,
    log: silentLog,
    runners: RUNNERS,
    pollMs: 100,
    healthMs: 60_000,
  });
  await engine.start();
});
afterAll(async () => {
  await engine?.stop();
  server?.close();
  await db?.close();
});
beforeEach(() => {
  answer = { status: 200, body: [] };
});

describe('building a topology', () => {
  it('makes components from a lookup, adds and removes them as the lookup changes, and keeps them when it fails', async () => {
    answer.body = [
      {
        name: 'api',
        type: 'Service',
        properties: [{ name: 'replicas', text: '2', headline: true }],
      },
      { name: 'web', type: 'Service' },
    ];
    const id = await topology(
      'shop',
      {
        type: 'Shop',
        components: [
          {
            name: 'services',
            type: 'virtual',
            lookup: lookup(`${base}/`),
            forEach: { properties: [{ name: 'owner', text: '$(.component.name)-team' }] },
          },
        ],
      },
      { team: 'payments' },
    );
    const first = await build(id);
    expect(first.errors).toEqual([]);
    const rows = await live(id);
    expect(rows.map((r) => [r.name, r.type, r.parent])).toEqual([
      ['api', 'Service', 'shop'],
      ['shop', 'Shop', null],
      ['web', 'Service', 'shop'],
    ]);
    // Topology labels are copied down; forEach templated per component.
    expect(rows[0]?.labels).toEqual({ team: 'payments' });
    const props = await db.pool.query(
      `SELECT properties FROM components WHERE name = 'api' AND topology_id = $1`,
      [id],
    );
    expect(props.rows[0].properties).toEqual([
      { name: 'replicas', text: '2', headline: true },
      { name: 'owner', text: 'api-team' },
    ]);

    answer.body = [
      { name: 'api', type: 'Service' },
      { name: 'cart', type: 'Service' },
    ];
    await build(id);
    expect((await live(id)).map((r) => r.name)).toEqual(['api', 'cart', 'shop']);

    answer = { status: 500, body: { error: 'down' } };
    const failing = await build(id);
    expect(failing.errors.join()).toMatch(/inventory/);
    expect((await live(id)).map((r) => r.name)).toEqual(['api', 'cart', 'shop']);
  });

  it('writes no rows when nothing changed', async () => {
    answer.body = Array.from({ length: 50 }, (_, i) => ({ name: `svc-${i}`, type: 'Service' }));
    const id = await topology('steady', {
      components: [{ name: 'all', type: 'Group', lookup: lookup(`${base}/`) }],
    });
    // The engine builds a new topology by itself; that first build wrote every component.
    const first = await until('the first build', async () => {
      const { rows } = await db.pool.query<{ details: { summary: { written: number } } }>(
        `SELECT details FROM job_history WHERE resource_type = 'topology' AND resource_id = $1 ORDER BY created_at LIMIT 1`,
        [id],
      );
      return rows[0]?.details.summary;
    });
    expect(first.written).toBeGreaterThan(50);
    const again = await build(id);
    expect(again).toMatchObject({ components: 52, written: 0 });
  });
});

describe('health', () => {
  it('turns a component and its ancestors unhealthy when a linked check fails, with an event', async () => {
    await db.pool.query(
      `INSERT INTO event_subscriptions (consumer, event) VALUES ('test', 'component.unhealthy')`,
    );
    const id = await topology('payments', {
      components: [
        {
          name: 'checkout',
          type: 'Group',
          components: [
            {
              name: 'gateway',
              type: 'Service',
              checks: [{ inline: { http: [{ name: 'gateway-ping', url: `${base}/ping` }] } }],
            },
            { name: 'ledger', type: 'Service', health: 'healthy' },
          ],
        },
      ],
    });
    await build(id);
    const check = await until('the inline check', async () => {
      const { rows } = await db.pool.query<{ id: string }>(
        `SELECT k.id FROM checks k JOIN check_component_relationships r ON r.check_id = k.id
          JOIN components c ON c.id = r.component_id WHERE c.name = 'gateway' AND c.topology_id = $1`,
        [id],
      );
      return rows[0]?.id;
    });
    await db.pool.query(`UPDATE checks SET status = 'healthy' WHERE id = $1`, [check]);
    await build(id);
    expect(Object.fromEntries((await live(id)).map((r) => [r.name, r.status]))).toEqual({
      checkout: 'healthy',
      gateway: 'healthy',
      ledger: 'healthy',
      payments: 'healthy',
    });
    await db.pool.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [check]);
    await build(id);
    expect(Object.fromEntries((await live(id)).map((r) => [r.name, r.status]))).toEqual({
      checkout: 'unhealthy',
      gateway: 'unhealthy',
      ledger: 'healthy',
      payments: 'unhealthy',
    });
    const summary = await db.pool.query(
      `SELECT summary, status_reason FROM components WHERE name = 'checkout' AND topology_id = $1`,
      [id],
    );
    expect(summary.rows[0]).toMatchObject({
      summary: { unhealthy: 1, healthy: 1 },
      status_reason: 'gateway is unhealthy',
    });
    const events = await db.pool.query(
      `SELECT count(*)::int AS n FROM event_queue WHERE name = 'test:component.unhealthy'`,
    );
    expect(events.rows[0].n).toBeGreaterThanOrEqual(3);
  });

  it('honours healthExpr over the summary', async () => {
    const id = await topology('quorum', {
      components: [
        {
          name: 'cluster',
          type: 'Group',
          healthExpr:
            'summary.unhealthy > 1 ? "unhealthy" : summary.unhealthy == 1 ? "warning" : "healthy"',
          components: [
            { name: 'n1', health: 'unhealthy' },
            { name: 'n2', health: 'healthy' },
            { name: 'n3', health: 'healthy' },
          ],
        },
      ],
    });
    await build(id);
    const rows = Object.fromEntries((await live(id)).map((r) => [r.name, r.status]));
    expect(rows.cluster).toBe('warning');
  });
});

describe('lookups that run scripts', () => {
  it('reads the JSON an exec check prints', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-topo-'));
    fs.chmodSync(dir, 0o755);
    const file = path.join(dir, 'components.json');
    fs.writeFileSync(file, JSON.stringify([{ name: 'batch', type: 'Job' }]), { mode: 0o644 });
    const id = await topology('jobs', {
      components: [
        {
          name: 'jobs',
          type: 'virtual',
          lookup: {
            exec: [{ name: 'list', script: `cat ${file}`, display: { expr: 'results.stdout' } }],
          },
        },
      ],
    });
    const out = await build(id);
    expect(out.errors).toEqual([]);
    expect((await live(id)).map((r) => r.name)).toEqual(['batch', 'jobs']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('links', () => {
  it('links selectors, configs and the owning team, and leaves them alone on an unchanged rebuild', async () => {
    await db.pool.query(
      `INSERT INTO teams (name, created_by) SELECT 'payments', id FROM people LIMIT 1`,
    );
    await db.pool.query(
      `INSERT INTO config_items (name, type, config_class, config, health) VALUES ('payments-db', 'Kubernetes::StatefulSet', 'StatefulSet', '{}', 'warning')`,
    );
    const id = await topology('links', {
      components: [
        {
          name: 'payments',
          type: 'Service',
          owner: 'payments',
          selectors: [{ labelSelector: 'app=worker' }],
          configs: [{ name: 'payments-db', type: 'Kubernetes::StatefulSet' }],
        },
        { name: 'worker-1', type: 'Pod', labels: { app: 'worker' } },
      ],
    });
    await build(id);
    const links = await db.pool.query(
      `SELECT
         (SELECT count(*)::int FROM component_relationships r JOIN components c ON c.id = r.relationship_id
           WHERE c.name = 'payments' AND c.topology_id = $1 AND r.deleted_at IS NULL) AS children,
         (SELECT count(*)::int FROM config_component_relationships r JOIN components c ON c.id = r.component_id
           WHERE c.name = 'payments' AND c.topology_id = $1 AND r.deleted_at IS NULL) AS configs,
         (SELECT count(*)::int FROM team_components r JOIN components c ON c.id = r.component_id
           WHERE c.name = 'payments' AND c.topology_id = $1) AS teams`,
      [id],
    );
    expect(links.rows[0]).toEqual({ children: 1, configs: 1, teams: 1 });
    // The linked catalog item is warning: so is the component, and the root above it.
    const status = Object.fromEntries((await live(id)).map((r) => [r.name, r.status]));
    expect(status).toMatchObject({ payments: 'warning', links: 'warning' });
    expect((await build(id)).written).toBe(0);
  });
});
