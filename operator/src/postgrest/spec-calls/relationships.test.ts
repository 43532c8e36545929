import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpecServer, withParams, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * Config relationships, component links and the Relationships tab RPC (datamodel.md §5
 * "relationships", spec 002 §7 "Config relationships", "Config links", "Config checks").
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const names = (rows: Row[]) => rows.map((r) => r.name);

describe('config links', () => {
  it('GET config_component_relationships of a component with each config by constraint hint', async () => {
    const res = await s.raw(
      `config_component_relationships?component_id=eq.${ID.apiServer}&configs.order=name&select=*,configs!config_component_relationships_config_id_fkey(id,type,name,config_class,deleted_at)&deleted_at=is.null`,
    );
    expect(res.status).toBe(200);
    const rows = ((await res.json()) as Row[]).sort((a, b) =>
      a.config_id.localeCompare(b.config_id),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        component_id: ID.apiServer,
        config_id: ID.deployment,
        selector_id: 'selector',
        configs: {
          id: ID.deployment,
          type: 'Kubernetes::Deployment',
          name: 'payments-api',
          config_class: 'Deployment',
          deleted_at: null,
        },
      }),
      expect.objectContaining({
        config_id: ID.pod,
        configs: expect.objectContaining({ id: ID.pod }),
      }),
    ]);
  });

  it('GET config_relationships of a config in both directions, each end embedded', async () => {
    const fields = 'id,name,type,config_class,deleted_at';
    const { data, error } = await s.client
      .from('config_relationships')
      .select(
        `*,configs:configs!config_relationships_config_id_fkey(${fields}),related:configs!config_relationships_related_id_fkey(${fields})`,
      )
      .or(`related_id.eq.${ID.deployment},config_id.eq.${ID.deployment}`)
      .order('name', { referencedTable: 'configs' });
    expect(error).toBeNull();
    const edges = (data as Row[])
      .map((r) => `${r.configs.name} -${r.relation}-> ${r.related.name}`)
      .sort((a, b) => a.localeCompare(b));
    expect(edges).toEqual([
      'payments -hard-> payments-api',
      'payments-api -hard-> payments-api-7d9f',
      'payments-api -hard-> payments-api-old',
      'payments-api -uses-> orders-db',
    ]);
    const old = (data as Row[]).find((r) => r.related_id === ID.oldPod);
    expect(old?.related.deleted_at).toEqual(expect.any(String));
  });

  it('GET config_component_relationships?config_id=eq.X&select=components!…(id,icon,name)', async () => {
    const { data } = await s.client
      .from('config_component_relationships')
      .select('components!config_component_relationships_component_id_fkey(id,icon,name)')
      .eq('config_id', ID.deployment);
    expect(data).toEqual([{ components: { id: ID.apiServer, icon: 'pod', name: 'payments-api' } }]);
  });

  it('POST and DELETE a manual config link', async () => {
    const created = await s.client
      .from('config_component_relationships')
      .insert({ component_id: ID.database, config_id: ID.deployment, selector_id: 'manual' })
      .select();
    expect(created.status).toBe(201);
    expect(created.data).toEqual([
      expect.objectContaining({
        component_id: ID.database,
        config_id: ID.deployment,
        selector_id: 'manual',
        deleted_at: null,
      }),
    ]);
    const duplicate = await s.client
      .from('config_component_relationships')
      .insert({ component_id: ID.database, config_id: ID.deployment, selector_id: 'manual' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: '23505' });
    const res = await s.raw(
      `config_component_relationships?component_id=eq.${ID.database}&config_id=eq.${ID.deployment}&selector_id=eq.manual`,
      { method: 'DELETE' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      expect.objectContaining({ component_id: ID.database, config_id: ID.deployment }),
    ]);
    const left = await s.client
      .from('config_component_relationships')
      .select('config_id')
      .eq('component_id', ID.database);
    expect(left.data).toEqual([{ config_id: ID.ordersDb }]);
  });

  it('GET check_summary_for_config?config_id=eq.X', async () => {
    const { data } = await s.client
      .from('check_summary_for_config')
      .select()
      .eq('config_id', ID.deployment);
    expect(data).toEqual([
      expect.objectContaining({
        config_id: ID.deployment,
        id: ID.apiHealth,
        name: 'api-health',
        status: 'healthy',
        canary_name: 'http-checks',
        canary_namespace: 'default',
        // canary labels merged with the check's own
        labels: { team: 'sre', env: 'prod' },
        uptime: expect.objectContaining({ passed: 4, failed: 1 }),
        latency: expect.objectContaining({ rolling1h: expect.any(Number) }),
      }),
    ]);
  });
});

describe('rpc/related_configs_recursive', () => {
  const args = (extra: Record<string, string | number | boolean> = {}) => ({
    config_id: ID.deployment,
    include_deleted_configs: false,
    max_depth: 10,
    type_filter: 'all',
    incoming_relation: 'both',
    outgoing_relation: 'both',
    ...extra,
  });

  it('walks both directions: the config, then neighbours by depth and name', async () => {
    const { data, error, status } = await s.client.rpc('related_configs_recursive', args(), {
      get: true,
    });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const rows = data as Row[];
    expect(rows.map((r) => [r.name, r.depth])).toEqual([
      ['payments-api', 0],
      ['orders-db', 1],
      ['payments', 1],
      ['payments-api-7d9f', 1],
      ['prod-cluster', 2],
    ]);
    expect(rows[0]).toMatchObject({
      id: ID.deployment,
      type: 'Kubernetes::Deployment',
      health: 'healthy',
      status: 'Running',
      changes: 2,
      analysis: { security: 1 },
      tags: { namespace: 'payments', cluster: 'prod' },
    });
    // The links it draws from the config (the deleted child's link is drawn too).
    expect([...(rows[0]?.related_ids as string[])].sort()).toEqual(
      [ID.ordersDb, ID.oldPod, ID.pod].sort(),
    );
  });

  it('filters the result with type.filter, status.filter and health.filter', async () => {
    const byType = await withParams(
      s.client.rpc('related_configs_recursive', args(), { get: true }),
      { 'type.filter': 'Kubernetes::Pod,Kubernetes::Cluster' },
    );
    expect(byType.error).toBeNull();
    expect(names(byType.data as Row[])).toEqual(['payments-api-7d9f', 'prod-cluster']);
    const res = await s.raw(
      `rpc/related_configs_recursive?config_id=${ID.deployment}&include_deleted_configs=false&max_depth=10&status.filter=Running,Active&health.filter=!unhealthy&type_filter=all`,
    );
    expect(res.status).toBe(200);
    expect(names((await res.json()) as Row[])).toEqual([
      'payments-api',
      'payments',
      'prod-cluster',
    ]);
  });

  it('outgoing hard links only, with and without deleted configs', async () => {
    const hard = await s.client.rpc(
      'related_configs_recursive',
      args({ type_filter: 'outgoing', outgoing_relation: 'hard' }),
      { get: true },
    );
    expect(names(hard.data as Row[])).toEqual(['payments-api', 'payments-api-7d9f']);
    const withDeleted = await s.client.rpc(
      'related_configs_recursive',
      args({ type_filter: 'outgoing', outgoing_relation: 'hard', include_deleted_configs: true }),
      { get: true },
    );
    expect(names(withDeleted.data as Row[])).toEqual([
      'payments-api',
      'payments-api-7d9f',
      'payments-api-old',
    ]);
  });

  it('incoming links lead up the parent chain', async () => {
    const { data } = await s.client.rpc(
      'related_configs_recursive',
      args({ config_id: ID.pod, type_filter: 'incoming', incoming_relation: 'hard' }),
      { get: true },
    );
    expect((data as Row[]).map((r) => [r.name, r.depth])).toEqual([
      ['payments-api-7d9f', 0],
      ['payments-api', 1],
      ['payments', 2],
      ['prod-cluster', 3],
    ]);
  });

  it('answers an unknown argument with 404 PGRST202', async () => {
    const res = await s.raw(`rpc/related_configs_recursive?config=${ID.deployment}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'PGRST202' });
  });
});
