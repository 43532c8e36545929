import http from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../auth/firstAdmin.js';
import { createApp } from '../http/app.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { Pusher, type PusherOptions } from './pusher.js';
import { KUBERNETES_SCRAPER, SettingsApplier } from './settings.js';

/**
 * An agent and its central Vigil, each on its own real PostgreSQL: rows written on the agent
 * reach the central one under the agent's id, survive the central one being away and replays,
 * and an agent's token can neither read nor write what is not its own.
 */
const ADMIN = {
  email: 'admin@example.com',
  password: 'admin-password-1',
  token: 'vgl_push_admin_token_0000000000',
};
const admin = { authorization: `Bearer ${ADMIN.token}`, 'content-type': 'application/json' };
let central: TestDatabase;
let local: TestDatabase;
let server: http.Server;
let url: string;
/** Set to make the central Vigil unreachable for the pusher. */
let down = false;

beforeAll(async () => {
  [central, local] = await Promise.all([startTestDatabase(), startTestDatabase()]);
  await ensureFirstAdmin(central.pool, silentLog, { ...ADMIN, dataDir: central.dataDir });
  const app = createApp({
    pool: central.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent' },
  });
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  server?.close();
  await Promise.all([central?.close(), local?.close()]);
});

async function api(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = init.token
    ? { authorization: `Bearer ${init.token}`, 'content-type': 'application/json' }
    : admin;
  const res = await fetch(`${url}${path}`, { ...init, headers });
  return {
    status: res.status,
    body: (await res.json().catch(() => null)) as Record<string, unknown>,
  };
}

async function register(name: string, properties: Record<string, string> = {}) {
  const res = await api('/api/agent/generate', {
    method: 'POST',
    body: JSON.stringify({
      name,
      properties,
      spec: { kubernetes: { enabled: true, interval: '5m' } },
    }),
  });
  expect(res.status).toBe(201);
  return res.body as { agent_id: string; access_token: string };
}

/** The agent's pusher, which finds the central Vigil unreachable while `down` is set. */
function pusherFor(token: string, options: Partial<PusherOptions> = {}) {
  const failing: typeof fetch = (input, init) =>
    down ? Promise.reject(new Error('connect ECONNREFUSED')) : fetch(input, init);
  return new Pusher({
    pool: local.pool,
    log: silentLog,
    registry: new client.Registry(),
    upstream: url,
    token,
    intervalMs: 60_000,
    queueLimit: 100_000,
    fetch: failing,
    ...options,
  });
}

/** What the agent's own engines write: a canary with a check and results, a scraped tree. */
async function seedAgent() {
  const q = (sql: string, params: unknown[] = []) => local.pool.query(sql, params);
  const canary = await q(
    `INSERT INTO canaries (name, namespace, spec, labels) VALUES ('web', 'prod', '{}', '{"team":"a"}') RETURNING id`,
  );
  const canaryId = canary.rows[0].id as string;
  const check = await q(
    `INSERT INTO checks (canary_id, type, name) VALUES ($1, 'http', 'home') RETURNING id`,
    [canaryId],
  );
  const checkId = check.rows[0].id as string;
  await q(
    `INSERT INTO check_statuses (check_id, time, status, duration, created_at)
     SELECT $1, now() - make_interval(secs => g), g % 4 <> 0, 10 * g, now() - interval '1 minute'
       FROM generate_series(1, 40) g`,
    [checkId],
  );
  const scraper = await q(
    `INSERT INTO config_scrapers (name, spec, source) VALUES ('cluster', '{}', 'UI') RETURNING id`,
  );
  const scraperId = scraper.rows[0].id as string;
  // The child is written first: the pusher must still send the parent before it.
  const parentId = '01a21100-0000-7000-8000-000000000001';
  const childId = '01a21100-0000-7000-8000-000000000002';
  await q(
    `INSERT INTO config_items (id, scraper_id, config_class, type, name, config, path, parent_id, created_at)
     VALUES ($1, $3, 'Namespace', 'Kubernetes::Namespace', 'shop', '{"a":1}', '', NULL, now()),
            ($2, $3, 'Deployment', 'Kubernetes::Deployment', 'api', '{"replicas":2}', $1::text, $1, now())`,
    [parentId, childId, scraperId],
  );
  await q(
    `INSERT INTO config_changes (config_id, change_type, summary, external_change_id)
     VALUES ($1, 'diff', 'replicas 1 -> 2', 'rs-1')`,
    [childId],
  );
  return { canaryId, checkId, scraperId, parentId, childId };
}

describe('an agent pushing to its central Vigil', () => {
  let agent: { agent_id: string; access_token: string };
  let ids: Awaited<ReturnType<typeof seedAgent>>;

  beforeAll(async () => {
    agent = await register('edge-eu', { region: 'eu' });
    ids = await seedAgent();
  });

  it('sends everything under its own id, with its labels, and is seen', async () => {
    const pusher = await pusherFor(agent.access_token);
    await pusher.cycle();
    const c = (sql: string, p: unknown[] = []) => central.pool.query(sql, p);
    const canary = await c('SELECT agent_id, labels FROM canaries WHERE id = $1', [ids.canaryId]);
    expect(canary.rows).toEqual([
      { agent_id: agent.agent_id, labels: { team: 'a', region: 'eu' } },
    ]);
    const results = await c('SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1', [
      ids.checkId,
    ]);
    expect(results.rows[0].n).toBe(40);
    // The rollups were kept by the same trigger as for local results.
    const rollup = await c(
      'SELECT sum(total)::int AS n FROM check_statuses_1h WHERE check_id = $1',
      [ids.checkId],
    );
    expect(rollup.rows[0].n).toBe(40);
    const child = await c('SELECT parent_id, agent_id FROM config_items WHERE id = $1', [
      ids.childId,
    ]);
    expect(child.rows).toEqual([{ parent_id: ids.parentId, agent_id: agent.agent_id }]);
    const change = await c('SELECT summary FROM config_changes WHERE config_id = $1', [
      ids.childId,
    ]);
    expect(change.rows).toEqual([{ summary: 'replicas 1 -> 2' }]);
    const seen = await c('SELECT last_seen, last_received FROM agents WHERE id = $1', [
      agent.agent_id,
    ]);
    expect(seen.rows[0].last_seen).toBeInstanceOf(Date);
    expect(seen.rows[0].last_received).toBeInstanceOf(Date);
    // The agent learns its settings as the central Vigil keeps them.
    expect(pusher.settings?.spec).toEqual({ kubernetes: { enabled: true, interval: '5m' } });
    // Listed with its counts.
    const listed = await api(
      `/api/db/agents_summary?select=name,checks_count,config_count&id=eq.${agent.agent_id}`,
    );
    expect(listed.body).toEqual([{ name: 'edge-eu', checks_count: 1, config_count: 2 }]);
  });

  it('sends a changed row again, and nothing twice when a push is replayed', async () => {
    await local.pool.query(`UPDATE config_items SET config = '{"replicas":3}' WHERE id = $1`, [
      ids.childId,
    ]);
    // A lost answer: the agent sends again what the central Vigil already holds.
    await local.pool.query(`UPDATE check_statuses SET is_pushed = false`);
    await local.pool.query(`DELETE FROM agent_push_cursors`);
    await local.pool.query(`UPDATE config_changes SET is_pushed = false`);
    await pusherFor(agent.access_token).cycle();
    const c = (sql: string, p: unknown[] = []) => central.pool.query(sql, p);
    expect((await c('SELECT config FROM config_items WHERE id = $1', [ids.childId])).rows).toEqual([
      { config: { replicas: 3 } },
    ]);
    const results = await c('SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1', [
      ids.checkId,
    ]);
    expect(results.rows[0].n).toBe(40);
    const rollup = await c(
      'SELECT sum(total)::int AS n FROM check_statuses_1h WHERE check_id = $1',
      [ids.checkId],
    );
    expect(rollup.rows[0].n).toBe(40);
    const changes = await c('SELECT count, summary FROM config_changes WHERE config_id = $1', [
      ids.childId,
    ]);
    expect(changes.rows).toEqual([{ count: 1, summary: 'replicas 1 -> 2' }]);
  });

  it('keeps everything while the central Vigil is away, and delivers it on return', async () => {
    const pusher = await pusherFor(agent.access_token);
    down = true;
    await local.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, created_at)
       SELECT $1, now() - make_interval(secs => 1000 + g), true, now() - interval '30 seconds'
         FROM generate_series(1, 25) g`,
      [ids.checkId],
    );
    await pusher.cycle();
    await pusher.cycle();
    down = false;
    await pusher.cycle();
    const results = await central.pool.query(
      'SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1',
      [ids.checkId],
    );
    expect(results.rows[0].n).toBe(65);
  });

  it('drops the oldest waiting results beyond its queue limit, and counts them', async () => {
    const registry = new client.Registry();
    down = true;
    await local.pool.query(
      `INSERT INTO check_statuses (check_id, time, status, created_at)
       SELECT $1, now() - make_interval(secs => 5000 + g), true,
              now() - interval '20 seconds' + make_interval(secs => g * 0.1)
         FROM generate_series(1, 30) g`,
      [ids.checkId],
    );
    const pusher = pusherFor(agent.access_token, { registry, queueLimit: 10 });
    await pusher.cycle();
    down = false;
    await pusher.cycle();
    const dropped = await registry.getSingleMetric('vigil_agent_push_dropped_total')?.get();
    expect(dropped?.values[0]?.value).toBe(20);
    const results = await central.pool.query(
      'SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1',
      [ids.checkId],
    );
    // The 10 newest of the 30 arrived.
    expect(results.rows[0].n).toBe(75);
  });

  it("gives an agent's token nothing to read, and refuses another agent's rows", async () => {
    const other = await register('edge-us');
    expect((await api('/api/db/people?select=email', { token: other.access_token })).status).toBe(
      403,
    );
    expect((await api('/api/db/canaries?select=id', { token: other.access_token })).status).toBe(
      403,
    );
    expect((await api('/api/canary/api/summary', { token: other.access_token })).status).toBe(403);
    const push = (body: unknown) =>
      api('/api/upstream/push', {
        method: 'POST',
        token: other.access_token,
        body: JSON.stringify(body),
      });
    // Overwriting edge-eu's canary, or adding results to its check.
    const stolen = await push({
      canaries: [{ id: ids.canaryId, name: 'web', namespace: 'prod', spec: {} }],
    });
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toMatch(/belong to another agent/);
    const results = await push({
      check_statuses: [{ check_id: ids.checkId, time: new Date().toISOString(), status: false }],
    });
    expect(results.status).toBe(403);
    // Rewriting a change of the central Vigil's own config item, moved onto its own item.
    const local = await central.pool.query(
      `WITH item AS (INSERT INTO config_items (config_class, type, name) VALUES ('Node', 'Node', 'n1') RETURNING id)
       INSERT INTO config_changes (config_id, change_type, summary) SELECT id, 'diff', 'original' FROM item
       RETURNING id, config_id`,
    );
    const theirs = await push({
      config_items: [
        { id: '01a21100-0000-7000-8000-0000000000ff', config_class: 'Pod', type: 'Pod', name: 'p' },
      ],
    });
    expect(theirs.status).toBe(200);
    const hijack = await push({
      config_changes: [
        {
          id: local.rows[0].id,
          config_id: '01a21100-0000-7000-8000-0000000000ff',
          change_type: 'x',
          summary: 'overwritten',
        },
      ],
    });
    expect(hijack.status).toBe(403);
    const kept = await central.pool.query(
      'SELECT config_id, summary FROM config_changes WHERE id = $1',
      [local.rows[0].id],
    );
    expect(kept.rows).toEqual([{ config_id: local.rows[0].config_id, summary: 'original' }]);
    // A person's token cannot push.
    expect((await api('/api/upstream/push', { method: 'POST', body: '{}' })).status).toBe(403);
    // Nonsense is refused with the reason.
    const bad = await push({ people: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/people cannot be pushed/);
  });

  it('applies the settings the central Vigil keeps: kubernetes scraping, telemetry', async () => {
    const applier = new SettingsApplier(local.pool, silentLog, true);
    const pusher = pusherFor(agent.access_token, {
      onSettings: (settings) => applier.apply(settings),
    });
    await pusher.cycle();
    const scraper = async () =>
      (
        await local.pool.query(
          `SELECT spec, deleted_at IS NULL AS live FROM config_scrapers WHERE name = $1`,
          [KUBERNETES_SCRAPER],
        )
      ).rows;
    expect(await scraper()).toEqual([
      { spec: { schedule: '@every 5m', kubernetes: [{ clusterName: 'edge-eu' }] }, live: true },
    ]);
    // Edited in the console: scraping off, telemetry on under a topology name.
    const edited = await api(`/api/agent/${agent.agent_id}`, {
      method: 'PATCH',
      body: JSON.stringify({
        spec: {
          kubernetes: { enabled: false },
          pushTelemetry: { enabled: true, topologyName: 'edges' },
        },
      }),
    });
    expect(edited.status).toBe(200);
    await pusher.cycle(); // learns the new settings
    await pusher.cycle(); // pushes with telemetry
    expect((await scraper())[0]?.live).toBe(false);
    const topology = await local.pool.query(
      `SELECT spec -> 'components' -> 0 ->> 'name' AS component FROM topologies WHERE name = 'edges' AND deleted_at IS NULL`,
    );
    expect(topology.rows).toEqual([{ component: 'edge-eu' }]);
    const seen = await central.pool.query('SELECT version, hostname FROM agents WHERE id = $1', [
      agent.agent_id,
    ]);
    expect(seen.rows[0].version).toEqual(expect.any(String));
    expect(seen.rows[0].hostname).toEqual(expect.any(String));
    // The telemetry topology itself travels like any other.
    const pushed = await central.pool.query(
      `SELECT count(*)::int AS n FROM topologies WHERE name = 'edges' AND agent_id = $1`,
      [agent.agent_id],
    );
    expect(pushed.rows[0].n).toBe(1);
  });

  it('changes labels and settings but never the name; deleting with cleanup removes its rows', async () => {
    const renamed = await api(`/api/agent/${agent.agent_id}`, {
      method: 'PATCH',
      body: JSON.stringify({ name: 'x' }),
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe("an agent's name cannot be changed");
    const badSpec = await api(`/api/agent/${agent.agent_id}`, {
      method: 'PATCH',
      body: JSON.stringify({ spec: { kubernetes: { enabled: true, interval: '7m' } } }),
    });
    expect(badSpec.status).toBe(400);
    const edited = await api(`/api/agent/${agent.agent_id}`, {
      method: 'PATCH',
      body: JSON.stringify({
        properties: { region: 'eu-west' },
        spec: { pushTelemetry: { enabled: true, topologyName: 'edge' } },
      }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.properties).toEqual({ region: 'eu-west', type: 'agent' });
    expect(
      (await api(`/api/agent/${agent.agent_id}?cleanup=true`, { method: 'DELETE' })).status,
    ).toBe(204);
    const left = await central.pool.query(
      'SELECT count(*)::int AS n FROM config_items WHERE agent_id = $1 AND deleted_at IS NULL',
      [agent.agent_id],
    );
    expect(left.rows[0].n).toBe(0);
    // Its token no longer pushes.
    const after = await api('/api/upstream/push', {
      method: 'POST',
      token: agent.access_token,
      body: '{}',
    });
    expect(after.status).toBe(401);
  });
});
