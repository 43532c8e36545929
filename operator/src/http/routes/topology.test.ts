import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../../auth/identity.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import { seedTopology, type Fixture } from '../../topology/queryFixture.testing.js';
import type { TopologyNode } from '../../topology/serialize.js';
import { createApp } from '../app.js';

/** GET /api/canary/api/topology and the side panels' /api/db calls (docs/api/topology.md). */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let fx: Fixture;
const auth = { Authorization: 'Bearer vgl_topology_routes_admin_0000000' };
const viewer = { Authorization: 'Bearer vgl_topology_routes_viewer_000000' };
const outsider = { Authorization: 'Bearer vgl_topology_routes_outsider_0000' };
const people: Record<string, string> = {};

async function person(name: string, role: 'admin' | 'viewer', token: string) {
  const p = await createPerson(db.pool, {
    name,
    email: `${name}@topology.test`,
    password: 'password-1',
    roles: [role],
  });
  await ensureToken(db.pool, p.id, 't', token.slice(7));
  people[name] = p.id;
}

beforeAll(async () => {
  db = await startTestDatabase();
  fx = await seedTopology(db.pool);
  await person('admin', 'admin', auth.Authorization);
  await person('viewer', 'viewer', viewer.Authorization);
  await person('outsider', 'viewer', outsider.Authorization);
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
});
afterAll(async () => db?.close());

const topology = (query: Record<string, string>, as = auth) =>
  request(app).get('/api/canary/api/topology').query(query).set(as);
const names = (nodes: readonly TopologyNode[]) => nodes.map((n) => n.name);

describe('GET /api/canary/api/topology', () => {
  it('answers the tree with its filter lists', async () => {
    const res = await topology({}).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.body).sort()).toEqual([
      'components',
      'healthStatuses',
      'tags',
      'teams',
      'types',
    ]);
    expect(names(res.body.components)).toEqual(['billing', 'chain-00', 'loop-a', 'payments']);
    const payments = res.body.components[3] as TopologyNode;
    expect(payments.summary).toMatchObject({ healthy: 3, unhealthy: 1, warning: 1, info: 1 });
    expect(names(payments.components)).toEqual(['api', 'db', 'worker']);
  });

  it('answers exactly one root for an id, and none for an unknown one', async () => {
    const one = await topology({ id: fx.ids.payments as string, depth: '1' }).expect(200);
    expect(names(one.body.components)).toEqual(['payments']);
    expect(one.body.components[0].components[0].components).toEqual([]);
    const none = await topology({ id: '01940000-0000-7000-8000-000000000001' }).expect(200);
    expect(none.body.components).toEqual([]);
  });

  it('applies the filters, flatten and the order from the query string', async () => {
    const res = await topology({
      flatten: 'true',
      type: 'Pod,Deployment',
      status: '!info',
      sortBy: 'name',
      sortOrder: 'desc',
    }).expect(200);
    expect(names(res.body.components)).toEqual(['worker-pod', 'api-pod-2', 'api-pod-1', 'api']);
    const team = await topology({ team: 'payments', hidden: 'true' }).expect(200);
    expect(names(team.body.components)).toEqual(['payments']);
    const labels = await topology({ labels: 'team=bill' }).expect(200);
    expect(names(labels.body.components)).toEqual(['billing']);
  });

  it('answers 400 naming the bad parameter', async () => {
    for (const [query, message] of [
      [{ id: 'x' }, /^id must be a component id/],
      [{ depth: '20' }, /^depth must be a whole number from 0 to 10/],
      [{ status: 'red' }, /^status must be a comma list/],
      [{ sortBy: 'size' }, /^sortBy cannot sort by "size"/],
    ] as const) {
      const res = await topology(query).expect(400);
      expect(res.body.message).toMatch(message);
    }
    const twice = await request(app)
      .get('/api/canary/api/topology?status=healthy&status=warning')
      .set(auth)
      .expect(400);
    expect(twice.body.message).toBe('status must be given once, as text');
  });

  it('needs a sign-in and read on topology', async () => {
    await request(app).get('/api/canary/api/topology').expect(401);
    await request(app)
      .post('/api/db/permissions')
      .set(auth)
      .send({
        action: 'read',
        deny: true,
        object: 'topology',
        person_id: people.outsider,
        created_by: people.admin,
      })
      .expect(201);
    const res = await topology({}, outsider).expect(403);
    expect(res.body.message).toMatch(/^permission denied: read on topologies is denied/);
  });

  it('leaves out a component a deny Permission names, with its subtree', async () => {
    await request(app)
      .post('/api/db/permissions')
      .set(auth)
      .send({
        action: 'read',
        deny: true,
        object_selector: { components: [{ name: 'api' }] },
        person_id: people.viewer,
        created_by: people.admin,
      })
      .expect(201);
    const res = await topology({ id: fx.ids.payments as string }, viewer).expect(200);
    const payments = res.body.components[0] as TopologyNode;
    expect(names(payments.components)).toEqual(['db', 'worker']);
    expect(JSON.stringify(res.body)).not.toContain(fx.ids['api-pod-2']);
    expect(payments.summary).not.toHaveProperty('incidents');
    const pod = await topology({ id: fx.ids['api-pod-1'] as string }, viewer).expect(200);
    expect(pod.body.components).toEqual([]);
    // Everyone else still sees it.
    const admin = await topology({ id: fx.ids.payments as string }).expect(200);
    expect(names(admin.body.components[0].components)).toEqual(['api', 'db', 'worker']);
  });
});

describe('the side panels (/api/db)', () => {
  const db$ = (path: string, headers: Record<string, string> = {}) =>
    request(app)
      .get(`/api/db/${path}`)
      .set({ ...auth, ...headers })
      .expect(200);

  it('Catalog: the linked configs, embedded through the constraint name', async () => {
    const res = await db$(
      `config_component_relationships?component_id=eq.${fx.ids.db}&select=*,configs!config_component_relationships_config_id_fkey(id,type,name,config_class,deleted_at)&deleted_at=is.null`,
    );
    expect(res.body).toEqual([
      expect.objectContaining({
        component_id: fx.ids.db,
        config_id: fx.ids.config,
        configs: {
          id: fx.ids.config,
          type: 'Postgres::Database',
          name: 'payments-db',
          config_class: 'Database',
          deleted_at: null,
        },
      }),
    ]);
  });

  it('Incidents: the incidents naming the component, newest first', async () => {
    const res = await db$(
      `incidents_by_component?component_id=eq.${fx.ids['api-pod-2']}&order=created_at.desc`,
    );
    expect(res.body).toEqual([
      expect.objectContaining({
        id: fx.ids.incident,
        title: 'Pods crash',
        type: 'availability',
        status: 'open',
        severity: 'high',
        component_id: fx.ids['api-pod-2'],
      }),
    ]);
  });

  it('Changes: the changes of linked configs, newest first', async () => {
    const res = await db$(
      `changes_by_component?component_id=eq.${fx.ids.db}&order=created_at.desc&limit=50`,
    );
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['payments-db', 'payments-db']);
    expect(res.body[0]).toMatchObject({ change_type: 'diff', config_id: fx.ids.config });
    expect(Date.parse(res.body[0].created_at)).toBeGreaterThan(Date.parse(res.body[1].created_at));
  });

  it('Checks: the linked checks', async () => {
    const res = await db$(`checks_by_component?component_id=eq.${fx.ids.api}`);
    expect(res.body).toEqual([
      expect.objectContaining({
        component_id: fx.ids.api,
        id: fx.ids['check:api-http'],
        name: 'api-http',
        status: 'unhealthy',
      }),
    ]);
  });

  it('Playbooks: the runs on the component, paged with a count', async () => {
    const res = await db$(
      `playbook_runs?component_id=eq.${fx.ids.payments}&order=created_at.desc&limit=50&offset=0`,
      { Prefer: 'count=exact' },
    );
    expect(res.body).toHaveLength(2);
    expect(res.headers['content-range']).toBe('0-1/2');
  });

  it('Teams: the owning teams with their name', async () => {
    const res = await db$(
      `team_components?component_id=eq.${fx.ids['api-pod-2']}&select=*,team:team_id(id,name,icon)`,
    );
    expect(res.body).toEqual([
      expect.objectContaining({
        component_id: fx.ids['api-pod-2'],
        team: { id: fx.ids.team, name: 'payments', icon: null },
      }),
    ]);
  });

  it('Insights: the open insights of linked configs, paged with a count', async () => {
    const res = await db$(`analysis_by_component?component_id=eq.${fx.ids.db}&limit=50&offset=0`, {
      Prefer: 'count=exact',
    });
    expect(res.body).toEqual([
      expect.objectContaining({
        component_id: fx.ids.db,
        config_id: fx.ids.config,
        analysis_type: 'security',
        severity: 'medium',
      }),
    ]);
    expect(res.headers['content-range']).toBe('0-0/1');
  });
});
