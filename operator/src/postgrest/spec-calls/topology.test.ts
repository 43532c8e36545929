import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AV, startSpecServer, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * Components, topologies and their pickers (datamodel.md §5 "topology", spec 002 §7
 * "Topology": component checks and teams by component id).
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const byKey = (rows: Row[]) =>
  rows.map((r) => `${r.key}=${r.value}`).sort((a, b) => a.localeCompare(b));

describe('components', () => {
  it('GET components?id=eq.X', async () => {
    const { data } = await s.client.from('components').select().eq('id', ID.apiServer);
    expect(data).toEqual([
      expect.objectContaining({
        id: ID.apiServer,
        topology_id: ID.clusterTopology,
        parent_id: ID.clusterComponent,
        config_id: ID.deployment,
        name: 'payments-api',
        type: 'KubernetesPod',
        status: 'unhealthy',
        hidden: false,
        labels: { app: 'payments', env: 'prod' },
        log_selectors: [{ name: 'api-logs', labels: { app: 'payments' } }],
        agent_id: ID.nilAgent,
      }),
    ]);
  });

  it('GET components?id=eq.X&select=id,topologies(id,name)', async () => {
    const res = await s.raw(`components?id=eq.${ID.database}&select=id,topologies(id,name)`);
    expect(await res.json()).toEqual([
      { id: ID.database, topologies: { id: ID.clusterTopology, name: 'cluster' } },
    ]);
  });

  it('GET component_names?order=name.asc&type=in.(a,b) leaves hidden and deleted components out', async () => {
    const { data } = await s.client
      .from('component_names')
      .select()
      .order('name', { ascending: true })
      .in('type', ['KubernetesPod', 'Database']);
    expect((data as Row[]).map((c) => [c.name, c.type])).toEqual([
      ['orders-db', 'Database'],
      ['payments-api', 'KubernetesPod'],
    ]);
  });

  it('GET component_names?id=eq.X', async () => {
    const { data } = await s.client.from('component_names').select().eq('id', ID.database);
    expect(data).toEqual([
      {
        id: ID.database,
        path: ID.clusterComponent,
        external_id: 'orders-db',
        type: 'Database',
        name: 'orders-db',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        icon: 'database',
        parent_id: ID.clusterComponent,
      },
    ]);
  });

  it('GET components_with_logs?order=name.asc', async () => {
    const res = await s.raw('components_with_logs?order=name.asc');
    expect(await res.json()).toEqual([
      {
        id: ID.apiServer,
        name: 'payments-api',
        agent_id: ID.nilAgent,
        icon: 'pod',
        type: 'KubernetesPod',
      },
    ]);
  });

  it('GET component_labels lists the distinct label pairs of live components', async () => {
    const { data } = await s.client.from('component_labels').select();
    expect(byKey(data as Row[])).toEqual(['app=payments', 'env=prod', 'tier=data']);
  });

  it('GET checks_by_component?component_id=eq.X', async () => {
    const { data } = await s.client
      .from('checks_by_component')
      .select()
      .eq('component_id', ID.apiServer)
      .order('name');
    expect(data).toEqual([
      {
        component_id: ID.apiServer,
        id: ID.apiHealth,
        type: 'http',
        name: 'api-health',
        severity: 'high',
        status: 'healthy',
      },
      {
        component_id: ID.apiServer,
        id: ID.webLatency,
        type: 'http',
        name: 'web-latency',
        severity: 'medium',
        status: 'unhealthy',
      },
    ]);
  });

  it('GET team_components?component_id=eq.X&select=*,team:teams(*,created_by(AV))', async () => {
    const { data, error } = await s.client
      .from('team_components')
      .select(`*,team:teams(*,created_by(${AV}))`)
      .eq('component_id', ID.apiServer);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        team_id: ID.sre,
        component_id: ID.apiServer,
        role: 'owner',
        selector_id: 'manual',
        team: expect.objectContaining({
          id: ID.sre,
          name: 'SRE',
          icon: 'sre-icon',
          created_by: { id: ID.alice, name: 'Alice Smith', avatar: 'https://img/alice.png' },
        }),
      },
    ]);
    const none = await s.client.from('team_components').select('*').eq('component_id', ID.database);
    expect(none.data).toEqual([]);
  });

  it('PATCH components?id=eq.X {hidden} hides the component from the pickers', async () => {
    const { data, status } = await s.client
      .from('components')
      .update({ hidden: true })
      .eq('id', ID.database)
      .select('id,hidden');
    expect(status).toBe(200);
    expect(data).toEqual([{ id: ID.database, hidden: true }]);
    const names = await s.client.from('component_names').select('id').eq('id', ID.database);
    expect(names.data).toEqual([]);
  });

  it('PATCH components?id=eq.X with other fields returns the changed row', async () => {
    await s.db.pool.query(
      `INSERT INTO event_subscriptions (consumer, event) VALUES ('test', 'component.healthy')`,
    );
    const res = await s.raw(`components?id=eq.${ID.apiServer}`, {
      method: 'PATCH',
      body: { status: 'healthy', description: 'Recovered after rollback' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      expect.objectContaining({ status: 'healthy', description: 'Recovered after rollback' }),
    ]);
    // A health change is an event notification rules and playbooks react to: queued for each
    // consumer that subscribed to it (ADR 0009).
    const { data } = await s.client
      .from('event_queue')
      .select('name')
      .eq('properties->>id', ID.apiServer);
    expect(data).toEqual([{ name: 'test:component.healthy' }]);
  });
});

describe('topologies', () => {
  it('GET topologies?id=eq.X', async () => {
    const { data } = await s.client.from('topologies').select().eq('id', ID.clusterTopology);
    expect(data).toEqual([
      expect.objectContaining({
        id: ID.clusterTopology,
        name: 'cluster',
        namespace: 'default',
        source: 'UI',
        labels: { env: 'prod' },
        spec: { schedule: '@every 5m' },
        created_by: ID.alice,
        deleted_at: null,
      }),
    ]);
  });

  it('GET topologies?select=id,components(id,name,type,icon)&id=eq.X lists its components', async () => {
    const { data } = await s.client
      .from('topologies')
      .select('id,components(id,name,type,icon)')
      .eq('id', ID.clusterTopology);
    const [t] = data as Row[];
    expect((t?.components as Row[]).map((c) => c.name).sort()).toEqual([
      'gone-service',
      'legacy-batch',
      'orders-db',
      'payments-api',
      'prod-cluster',
    ]);
    expect(t?.components).toContainEqual({
      id: ID.apiServer,
      name: 'payments-api',
      type: 'KubernetesPod',
      icon: 'pod',
    });
  });
});
