import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AV, startSpecServer, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';
import { decryptSecret } from '../../connections/crypto.js';
import { connectionKey } from '../../connections/secrets.js';

/**
 * The settings pages' generic resource lists and their create/read/update/soft-delete calls
 * (datamodel.md §5 "settings lists", "connections", "saved queries"; spec 001 §7 "Generic
 * resources", spec 002 §7 "Connections").
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const alice = { id: ID.alice, name: 'Alice Smith', avatar: 'https://img/alice.png' };
const carol = { id: ID.carol, name: 'Carol White', avatar: 'https://img/carol.png' };
const local = { id: ID.nilAgent, name: 'local' };
const list = (table: string, extra = '') =>
  s.raw(
    `${table}?select=*,created_by(${AV})${extra}&deleted_at=is.null&order=created_at.desc&limit=100`,
  );
const rowsOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json()) as Row[];
};

describe('resource lists with their latest job', () => {
  it('GET teams_with_status', async () => {
    const rows = await rowsOf(await list('teams_with_status'));
    expect(rows.map((r) => r.name)).toEqual(['Platform', 'SRE']);
    expect(rows[1]).toMatchObject({
      created_by: alice,
      job_name: 'SyncTeam',
      job_status: 'SUCCESS',
      job_duration_millis: 40,
      job_last_failed: null,
    });
    expect(rows[0]).toMatchObject({ job_name: null, job_status: null });
  });

  it('GET config_scrapers_with_status', async () => {
    const rows = await rowsOf(await list('config_scrapers_with_status'));
    expect(rows).toEqual([
      expect.objectContaining({
        id: ID.scraper,
        name: 'kubernetes-scraper',
        spec: { kubernetes: [{ clusterName: 'prod' }] },
        created_by: alice,
        job_status: 'SUCCESS',
        job_success_count: 42,
        job_details: { scrape_summary: { added: 6 } },
        agent: local,
      }),
    ]);
  });

  it('GET topologies_with_status with agent:agent_id(id,name,description)', async () => {
    const rows = await rowsOf(
      await list('topologies_with_status', ',agent:agent_id(id,name,description)'),
    );
    expect(rows.map((r) => r.name)).toEqual(['edge', 'cluster']);
    // The embed takes over the view's own `agent` key (the last duplicate key wins).
    expect(rows[0]).toMatchObject({
      agent: { id: ID.edgeEu, name: 'edge-eu', description: 'EU edge cluster' },
      created_by: null,
      job_status: null,
    });
    expect(rows[1]).toMatchObject({
      agent: { id: ID.nilAgent, name: 'local', description: 'This Vigil' },
      created_by: alice,
      job_name: 'TopologyRun',
      job_status: 'SUCCESS',
      job_duration_millis: 1200,
      job_last_failed: expect.any(String),
    });
  });

  it('GET canaries_with_status', async () => {
    const rows = await rowsOf(await list('canaries_with_status'));
    expect(rows.map((r) => [r.name, r.agent])).toEqual([
      ['dns-checks', { id: ID.edgeEu, name: 'edge-eu' }],
      ['http-checks', local],
    ]);
    expect(rows[1]).toMatchObject({
      interval: '30',
      schedule: '@every 30s',
      labels: { team: 'sre' },
      source: 'UI',
      created_by: alice,
      last_runtime: expect.any(String),
      job_name: 'CanaryRun',
      job_status: 'WARNING',
    });
  });

  it('GET incident_rules and connections (plain tables) with the same parameters', async () => {
    const rules = await rowsOf(await list('incident_rules'));
    expect(rules).toEqual([
      expect.objectContaining({ name: 'auto-create-critical', created_by: alice }),
    ]);
    const connections = await rowsOf(await list('connections'));
    expect(connections.map((c) => [c.name, c.type])).toEqual([
      ['orders-postgres', 'postgres'],
      ['slack-alerts', 'slack'],
    ]);
    // Secrets are write-only: never in a listing.
    for (const c of connections) {
      expect(c).not.toHaveProperty('password');
      expect(c).not.toHaveProperty('certificate');
    }
  });
});

describe('single records by id', () => {
  it.each([
    ['logging_backends', ID.loki, { name: 'loki', spec: { loki: { url: 'http://loki:3100' } } }],
    ['topologies', ID.edgeTopology, { name: 'edge', agent_id: ID.edgeEu, source: 'Push' }],
    ['config_scrapers', ID.scraper, { name: 'kubernetes-scraper', source: 'UI' }],
    ['incident_rules', ID.incidentRule, { spec: { filter: { status: ['unhealthy'] } } }],
  ])('GET %s?id=eq.X', async (table, id, fields) => {
    const { data } = await s.client.from(table).select().eq('id', id);
    expect(data).toEqual([expect.objectContaining({ id, ...fields })]);
  });

  it('GET connections?id=eq.X&select=id,name,type and the picker list', async () => {
    const { data } = await s.client.from('connections').select('id,name,type').eq('id', ID.slack);
    expect(data).toEqual([{ id: ID.slack, name: 'slack-alerts', type: 'slack' }]);
    const picker = await s.client
      .from('connections')
      .select('id,name,type')
      .is('deleted_at', null)
      .order('name');
    expect((picker.data as Row[]).map((c) => c.name)).toEqual(['orders-postgres', 'slack-alerts']);
    const secret = await s.raw(`connections?id=eq.${ID.slack}&select=id,password`);
    expect(secret.status).toBe(400);
    expect(await secret.json()).toMatchObject({ code: '42703' });
  });
});

describe('create, update and soft-delete through the generic calls', () => {
  const cases: [string, string, Row, Row][] = [
    [
      'teams',
      'teams_with_status',
      { name: 'Payments', icon: 'payments', spec: {}, source: 'UI' },
      { icon: 'money' },
    ],
    [
      'config_scrapers',
      'config_scrapers_with_status',
      { name: 'aws-scraper', spec: { aws: [{ region: 'eu-west-1' }] }, source: 'UI' },
      { description: 'AWS eu-west-1' },
    ],
    [
      'topologies',
      'topologies_with_status',
      { name: 'payments', namespace: 'default', labels: { team: 'payments' }, spec: {} },
      { schedule: '@every 10m' },
    ],
    [
      'canaries',
      'canaries_with_status',
      { name: 'tcp-checks', namespace: 'default', spec: { interval: 60, tcp: [] }, source: 'UI' },
      { labels: { team: 'payments' } },
    ],
    [
      'incident_rules',
      'incident_rules',
      { name: 'page-on-p1', spec: {}, source: 'UI' },
      { spec: { p: 1 } },
    ],
  ];

  it.each(cases)('%s: POST, GET by id, PATCH, soft delete', async (table, listed, body, patch) => {
    const created = await s.client
      .from(table)
      .insert({ ...body, created_by: ID.carol })
      .select(`*,created_by(${AV})`);
    expect(created.error).toBeNull();
    expect(created.status).toBe(201);
    const [row] = created.data as Row[];
    expect(row).toMatchObject({ ...body, created_by: carol, deleted_at: null });
    const id = row?.id as string;
    const got = await s.raw(`${table}?id=eq.${id}`);
    expect(await got.json()).toEqual([expect.objectContaining({ id, ...body })]);
    const patched = await s.raw(`${table}?id=eq.${id}`, { method: 'PATCH', body: patch });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual([expect.objectContaining(patch)]);
    expect((await rowsOf(await list(listed))).map((r) => r.id)).toContain(id);
    const deleted = await s.client
      .from(table)
      .update({ deleted_at: 'now()' })
      .eq('id', id)
      .select('id,deleted_at');
    expect(deleted.data).toEqual([{ id, deleted_at: expect.any(String) }]);
    expect((await rowsOf(await list(listed))).map((r) => r.id)).not.toContain(id);
  });

  it('connections: the secret is stored but never returned, and shown masked in details', async () => {
    const created = await s.client
      .from('connections')
      .insert({
        name: 'pagerduty',
        namespace: 'default',
        type: 'http',
        url: 'https://events.pagerduty.com',
        username: 'svc',
        password: 's3cret',
        created_by: ID.carol,
      })
      .select();
    expect(created.status).toBe(201);
    const [row] = created.data as Row[];
    expect(row).toMatchObject({ name: 'pagerduty', insecure_tls: true });
    expect(row).not.toHaveProperty('password');
    const details = await s.client
      .from('connection_details')
      .select('username,password')
      .eq('id', row?.id);
    expect(details.data).toEqual([{ username: '***', password: '***' }]);
    // Saving the form with the mask keeps the real secret.
    await s.client
      .from('connections')
      .update({ password: '***', url: 'https://eu' })
      .eq('id', row?.id);
    const stored = await s.db.pool.query('SELECT password FROM connections WHERE id = $1', [
      row?.id,
    ]);
    // Stored encrypted (the data directory's key), never as written.
    const password = (stored.rows[0] as { password: string }).password;
    expect(password).toMatch(/^enc:v1:/);
    expect(decryptSecret(connectionKey(), password)).toBe('s3cret');
    const deleted = await s.raw(`connections?id=eq.${row?.id}`, {
      method: 'PATCH',
      body: { deleted_at: 'now()' },
    });
    expect(deleted.status).toBe(200);
  });
});

describe('saved queries (legacy)', () => {
  it('GET, POST, PATCH and DELETE saved_query', async () => {
    const { data } = await s.client.from('saved_query').select();
    expect(data).toEqual([
      expect.objectContaining({ id: ID.savedQuery, query: 'type=Kubernetes::Pod' }),
    ]);
    const created = await s.client
      .from('saved_query')
      .insert({ query: 'type=AWS::RDS::DBInstance', description: 'Databases', created_by: 'carol' })
      .select();
    expect(created.status).toBe(201);
    const id = (created.data as Row[])[0]?.id as string;
    const patched = await s.client
      .from('saved_query')
      .update({ icon: 'db' })
      .eq('id', id)
      .select('icon');
    expect(patched.data).toEqual([{ icon: 'db' }]);
    const deleted = await s.raw(`saved_query?id=eq.${id}`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual([expect.objectContaining({ id })]);
  });
});
