import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subject } from '../auth/policy.js';
import { startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { topologyQuery } from './query.js';
import { seedTopology, type Fixture } from './queryFixture.testing.js';
import { parseTopologyParams } from './queryParams.js';
import type { TopologyNode } from './serialize.js';

/** The topology query against a real PostgreSQL, components seeded with SQL (see the fixture). */
let db: TestDatabase;
let fx: Fixture;
const admin: Subject = { roles: ['admin'] };

beforeAll(async () => {
  db = await startTestDatabase();
  fx = await seedTopology(db.pool);
});
afterAll(async () => db?.close());

const query = (q: Record<string, string> = {}, subject: Subject = admin) =>
  topologyQuery(db.pool, subject, parseTopologyParams(q));
const names = (nodes: readonly TopologyNode[]) => nodes.map((n) => n.name);
function find(nodes: readonly TopologyNode[], name: string): TopologyNode | undefined {
  for (const n of nodes) {
    if (n.name === name) return n;
    const below = find(n.components, name);
    if (below) return below;
  }
  return undefined;
}
const get = (nodes: readonly TopologyNode[], name: string) => {
  const n = find(nodes, name);
  if (!n) throw new Error(`${name} is not in the tree`);
  return n;
};

describe('the tree', () => {
  it('lists every root, sorted by name, with children through parent_id and relationships', async () => {
    const { components } = await query();
    expect(names(components)).toEqual(['billing', 'chain-00', 'loop-a', 'payments']);
    const payments = get(components, 'payments');
    expect(names(payments.components)).toEqual(['api', 'db', 'worker']);
    expect(names(get(payments.components, 'api').components)).toEqual(['api-pod-1', 'api-pod-2']);
    // worker is billing's child by parent_id and payments' by relationship: it appears under both.
    expect(names(get(components, 'billing').components)).toEqual(['worker']);
    expect(payments.children).toEqual([fx.ids.worker]);
    expect(get(payments.components, 'worker').parents).toEqual([fx.ids.payments]);
  });

  it('gives the documented keys and leaves empty values out', async () => {
    const { components } = await query({ id: fx.ids.payments as string });
    const p = components[0] as TopologyNode;
    expect(p).toMatchObject({
      id: fx.ids.payments,
      name: 'payments',
      type: 'Service',
      status: 'unhealthy',
      health: 'unhealthy',
      status_reason: 'payments is failing',
      labels: { team: 'pay' },
      owner: 'alice',
      properties: [{ name: 'replicas', value: 3, headline: true }],
      external_id: 'payments',
      logs: [{ name: 'app' }],
      children: [fx.ids.worker],
      parents: [],
      is_leaf: false,
    });
    expect(p.topology_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(p.created_at as string).getTime()).toBeGreaterThan(0);
    for (const key of ['parent_id', 'path', 'hidden', 'description', 'team_names', 'icon'])
      expect(p, key).not.toHaveProperty(key);
    const pod = get(p.components, 'api-pod-2');
    expect(pod).toMatchObject({
      parent_id: fx.ids.api,
      path: `${fx.ids.payments}.${fx.ids.api}`,
      team_names: ['payments'],
      is_leaf: true,
      components: [],
    });
    expect(pod).not.toHaveProperty('logs');
  });

  it('summarises descendants and their checks, incidents and open insights', async () => {
    const { components } = await query();
    const p = get(components, 'payments');
    // api, api-pod-1, db, worker-pod healthy… db-pod is hidden; worker is info.
    expect(p.summary).toEqual({
      healthy: 3,
      unhealthy: 1,
      warning: 1,
      info: 1,
      checks: { healthy: 1, unhealthy: 1 },
      incidents: { availability: { high: 1 } },
      insights: { security: { medium: 1 } },
    });
    expect(get(p.components, 'api').summary).toEqual({
      healthy: 1,
      unhealthy: 1,
      warning: 0,
      info: 0,
      checks: { healthy: 1, unhealthy: 1 },
      incidents: { availability: { high: 1 } },
    });
    expect(get(p.components, 'api-pod-1').summary).toEqual({
      healthy: 0,
      unhealthy: 0,
      warning: 0,
      info: 0,
      checks: { healthy: 1 },
    });
  });

  it('lists the statuses, teams, types and labels it could show', async () => {
    const answer = await query();
    expect(answer.healthStatuses).toEqual(['healthy', 'info', 'unhealthy', 'warning']);
    expect(answer.teams).toEqual(['payments']);
    expect(answer.types).toEqual(['Chain', 'Database', 'Deployment', 'Loop', 'Pod', 'Service']);
    expect(answer.tags).toEqual({ team: ['bill', 'pay'] });
  });

  it('cuts the tree at depth, and summaries still count 10 levels down', async () => {
    const chain = (d?: string) =>
      query({ id: fx.ids['chain-00'] as string, ...(d === undefined ? {} : { depth: d }) });
    const depthOf = (n: TopologyNode): number =>
      n.components.length ? 1 + Math.max(...n.components.map(depthOf)) : 0;
    const byDefault = (await chain()).components[0] as TopologyNode;
    expect(depthOf(byDefault)).toBe(5);
    expect(get([byDefault], 'chain-05')).toMatchObject({ is_leaf: false, components: [] });
    expect(byDefault.summary.healthy).toBe(10);
    expect(get([byDefault], 'chain-05').summary.healthy).toBe(7);
    expect(depthOf((await chain('10')).components[0] as TopologyNode)).toBe(10);
    expect(depthOf((await chain('1')).components[0] as TopologyNode)).toBe(1);
    const rootOnly = (await chain('0')).components[0] as TopologyNode;
    expect(rootOnly.components).toEqual([]);
    expect(rootOnly.summary.healthy).toBe(10);
  });

  it('never nests a component inside itself', async () => {
    const { components } = await query({ id: fx.ids['loop-a'] as string, depth: '10' });
    const a = components[0] as TopologyNode;
    expect(names(a.components)).toEqual(['loop-b']);
    expect(a.components[0]?.components).toEqual([]);
    expect(a.summary.healthy).toBe(1);
  });
});

describe('id', () => {
  it('answers exactly one root: the component with its descendants', async () => {
    const { components } = await query({ id: fx.ids.api as string });
    expect(names(components)).toEqual(['api']);
    expect(names((components[0] as TopologyNode).components)).toEqual(['api-pod-1', 'api-pod-2']);
    const leaf = await query({ id: fx.ids['worker-pod'] as string });
    expect(names(leaf.components)).toEqual(['worker-pod']);
  });

  it('answers no components for an unknown or deleted id', async () => {
    const unknown = await query({ id: '01940000-0000-7000-8000-000000000000' });
    expect(unknown.components).toEqual([]);
    expect(unknown.healthStatuses).toEqual([]);
  });

  it('shows a hidden component asked for by id', async () => {
    const { components } = await query({ id: fx.ids['db-pod'] as string });
    expect(names(components)).toEqual(['db-pod']);
    expect(components[0]?.hidden).toBe(true);
  });
});

describe('filters', () => {
  it('status drops non-matching descendants with their subtrees, never the root named by id', async () => {
    const byId = await query({ id: fx.ids.payments as string, status: 'warning' });
    expect(names(byId.components)).toEqual(['payments']);
    expect(names((byId.components[0] as TopologyNode).components)).toEqual(['db']);
    const roots = await query({ status: 'unhealthy,warning' });
    expect(names(roots.components)).toEqual(['payments']);
    const excluded = await query({ status: '!info' });
    expect(find(excluded.components, 'worker')).toBeUndefined();
    expect(find(excluded.components, 'api-pod-2')).toBeDefined();
  });

  it('type filters the same way; summaries are counted before the filters', async () => {
    const { components } = await query({ type: 'Service,Deployment' });
    expect(names(components)).toEqual(['billing', 'payments']);
    const p = get(components, 'payments');
    expect(names(p.components)).toEqual(['api', 'worker']);
    expect(get(p.components, 'api').components).toEqual([]);
    expect(p.summary.unhealthy).toBe(1);
    const notPods = await query({ id: fx.ids.api as string, type: '!Pod' });
    expect(notPods.components[0]?.components).toEqual([]);
  });

  it('team keeps what the team owns and its ancestors', async () => {
    const { components } = await query({ team: 'payments' });
    expect(names(components)).toEqual(['payments']);
    expect(names((components[0] as TopologyNode).components)).toEqual(['api']);
    expect(names(get(components, 'api').components)).toEqual(['api-pod-2']);
    expect((await query({ team: 'nobody' })).components).toEqual([]);
  });

  it('labels and owner select components (and keep their ancestors)', async () => {
    expect(names((await query({ labels: 'team=pay' })).components)).toEqual(['payments']);
    expect((await query({ labels: 'team=pay,tier=web' })).components).toEqual([]);
    expect(names((await query({ owner: 'alice' })).components)).toEqual(['payments']);
    const byId = await query({ id: fx.ids.billing as string, labels: 'team=pay' });
    expect(names(byId.components)).toEqual(['billing']);
    expect(byId.components[0]?.components).toEqual([]);
  });

  it('hidden=true includes components marked hidden, in the tree and the summaries', async () => {
    expect(find((await query()).components, 'db-pod')).toBeUndefined();
    const { components } = await query({ hidden: 'true' });
    expect(names(get(components, 'db').components)).toEqual(['db-pod']);
    expect(get(components, 'payments').summary.healthy).toBe(4);
  });

  it('agent_id keeps the components of that agent', async () => {
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO agents (name) VALUES ('edge') RETURNING id`,
    );
    const agent = rows[0]?.id as string;
    await db.pool.query(
      `INSERT INTO components (agent_id, external_id, name, type, status)
       VALUES ($1, 'edge-root', 'edge-root', 'Cluster', 'healthy')`,
      [agent],
    );
    const local = await query({ agent_id: 'local' });
    expect(names(local.components)).toEqual(['billing', 'chain-00', 'loop-a', 'payments']);
    // The local agent's id is an empty value; another agent's is given.
    expect(local.components[0]).not.toHaveProperty('agent_id');
    const edge = await query({ agent_id: agent });
    expect(names(edge.components)).toEqual(['edge-root']);
    expect(edge.components[0]?.agent_id).toBe(agent);
    expect((await query({ agent_id: '01940000-0000-7000-8000-0000000000aa' })).components).toEqual(
      [],
    );
    await db.pool.query(`DELETE FROM components WHERE agent_id = $1`, [agent]);
  });

  it('flatten lists every matching component at the top level', async () => {
    const pods = await query({ flatten: 'true', type: 'Pod' });
    expect(names(pods.components)).toEqual(['api-pod-1', 'api-pod-2', 'worker-pod']);
    for (const c of pods.components) expect(c.components).toEqual([]);
    const byId = await query({ flatten: 'true', id: fx.ids.api as string, status: 'unhealthy' });
    expect(names(byId.components)).toEqual(['api', 'api-pod-2']);
  });
});

describe('sort', () => {
  it('sorts by name either way, at every level', async () => {
    const { components } = await query({ sortOrder: 'desc' });
    expect(names(components)).toEqual(['payments', 'loop-a', 'chain-00', 'billing']);
    expect(names(get(components, 'payments').components)).toEqual(['worker', 'db', 'api']);
  });

  it('sorts by status: desc (the console default) puts the most pressing first', async () => {
    const desc = await query({
      id: fx.ids.payments as string,
      sortBy: 'status',
      sortOrder: 'desc',
    });
    expect(names((desc.components[0] as TopologyNode).components)).toEqual(['db', 'api', 'worker']);
    const asc = await query({ id: fx.ids.payments as string, sortBy: 'status' });
    expect(names((asc.components[0] as TopologyNode).components)).toEqual(['worker', 'api', 'db']);
    // Ties keep the names in ascending order whatever the direction.
    const roots = await query({ sortBy: 'status', sortOrder: 'desc' });
    expect(names(roots.components)).toEqual(['payments', 'billing', 'chain-00', 'loop-a']);
  });

  it('sorts by type, and by a property with components lacking it last', async () => {
    const byType = await query({ sortBy: 'type' });
    expect(names(byType.components)).toEqual(['chain-00', 'loop-a', 'billing', 'payments']);
    const byTypeDesc = await query({ sortBy: 'type', sortOrder: 'desc' });
    expect(names(byTypeDesc.components)).toEqual(['billing', 'payments', 'loop-a', 'chain-00']);
    const asc = await query({ sortBy: 'field:replicas' });
    expect(names(asc.components)).toEqual(['payments', 'billing', 'chain-00', 'loop-a']);
    const desc = await query({ sortBy: 'field:replicas', sortOrder: 'desc' });
    expect(names(desc.components)).toEqual(['billing', 'payments', 'chain-00', 'loop-a']);
  });
});

describe('object-scoped Permissions', () => {
  it('leave out a denied component with its subtree, from the tree and the summaries', async () => {
    const viewer: Subject = {
      roles: ['viewer'],
      rules: [{ action: 'read', deny: true, scope: { component: [{ id: fx.ids.api as string }] } }],
    };
    const { components } = await query({}, viewer);
    const p = get(components, 'payments');
    expect(names(p.components)).toEqual(['db', 'worker']);
    for (const name of ['api', 'api-pod-1', 'api-pod-2'])
      expect(find(components, name)).toBeUndefined();
    expect(p.summary).toEqual({
      healthy: 1,
      unhealthy: 0,
      warning: 1,
      info: 1,
      insights: { security: { medium: 1 } },
    });
    expect((await query({ id: fx.ids['api-pod-1'] as string }, viewer)).components).toEqual([]);
  });

  it('leave denied components out of relationship ids', async () => {
    const viewer: Subject = {
      roles: ['viewer'],
      rules: [{ action: 'read', deny: true, scope: { component: [{ types: ['Deployment'] }] } }],
    };
    const { components } = await query({ id: fx.ids.payments as string }, viewer);
    expect(components[0]?.children).toEqual([]);
    expect(names((components[0] as TopologyNode).components)).toEqual(['db']);
  });
});

describe('parameters', () => {
  it.each([
    [{ id: 'nope' }, /^id must be a component id/],
    [{ depth: '11' }, /^depth must be a whole number from 0 to 10/],
    [{ depth: 'deep' }, /^depth must be/],
    [{ status: 'broken' }, /^status must be a comma list of healthy, unhealthy/],
    [{ sortBy: 'colour' }, /^sortBy cannot sort by "colour"/],
    [{ sortBy: 'field:' }, /^sortBy cannot sort by/],
    [{ sortOrder: 'up' }, /^sortOrder must be asc or desc/],
    [{ labels: 'novalue' }, /^labels must be key=value pairs/],
    [{ hidden: 'maybe' }, /^hidden must be true or false/],
    [{ flatten: 'yes' }, /^flatten must be true or false/],
    [{ agent_id: 'remote' }, /^agent_id must be local or an agent id/],
    [{ id: ['a', 'b'] }, /^id must be given once/],
  ])('%j is refused naming the parameter', (q, message) => {
    expect(() => parseTopologyParams(q)).toThrow(message);
  });
});
