import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpecServer, withParams, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * The catalog list, config detail and the filter value lists (datamodel.md §5 "catalog", spec
 * 002 §7 "Catalog and configs").
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const LIST =
  'id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis,agent:agents(id,name)';
const search = (q: string) =>
  `or=(name.ilike.*${q}*,type.ilike.*${q}*,description.ilike.*${q}*,namespace.ilike.*${q}*)`;
const names = (rows: Row[]) => rows.map((r) => r.name);
const sorted = (values: string[]) => [...values].sort((a, b) => a.localeCompare(b));

describe('config list (configs)', () => {
  it('searches name/type/description/namespace, filters a label and hides deleted configs', async () => {
    const res = await s.raw(
      `configs?select=${LIST}&${search('payments')}&labels->>app=eq.payments&order=type,name.asc&deleted_at=is.null`,
    );
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Row[];
    expect(names(rows)).toEqual(['payments-api', 'payments-api-7d9f']);
    expect(rows[0]).toEqual({
      id: ID.deployment,
      type: 'Kubernetes::Deployment',
      config_class: 'Deployment',
      status: 'Running',
      health: 'healthy',
      labels: { app: 'payments', env: 'prod', 'app.kubernetes.io/name': 'payments-api' },
      name: 'payments-api',
      tags: { namespace: 'payments', cluster: 'prod' },
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
      cost_per_minute: 0.0012,
      cost_total_1d: 1.73,
      cost_total_7d: 12.1,
      cost_total_30d: 51.84,
      // Changes of the last 7 days and open insights per type: a new config shows at once.
      changes: 2,
      analysis: { security: 1 },
      agent: { id: ID.nilAgent, name: 'local' },
    });
    expect(rows[1]).toMatchObject({ changes: 1, analysis: { availability: 1 } });
  });

  it('applies the status.filter and health.filter lists and an absent label', async () => {
    const query = withParams(
      s.client
        .from('configs')
        .select(LIST)
        .eq('labels->>env', 'prod')
        .is('labels->>tier', null)
        .order('type')
        .order('name', { ascending: true })
        .is('deleted_at', null),
      {
        'status.filter': 'Running,CrashLoopBackOff,available',
        'health.filter': '!unknown,!warning',
      },
    );
    const { data, error } = await query;
    expect(error).toBeNull();
    expect(names(data as Row[])).toEqual(['prod-cluster', 'payments-api']);
  });

  it('filters a Kubernetes label whose key holds dots and a slash', async () => {
    const res = await s.raw(
      `configs?select=id,name&labels->>app.kubernetes.io/name=eq.payments-api&order=type,name.asc&deleted_at=is.null`,
    );
    expect(await res.json()).toEqual([{ id: ID.deployment, name: 'payments-api' }]);
    const absent = await s.raw(
      'configs?select=name&type=eq.Kubernetes::Pod&labels->>app.kubernetes.io/name=is.null&deleted_at=is.null',
    );
    expect(await absent.json()).toEqual([{ name: 'payments-api-7d9f' }]);
  });

  it('filters by type with prefix matches in status.filter', async () => {
    const query = withParams(
      s.client
        .from('configs')
        .select('id,name,status,health')
        .eq('type', 'Kubernetes::Pod')
        .is('deleted_at', null),
      { 'status.filter': 'Crash*', 'health.filter': 'unhealthy' },
    );
    const { data } = await query;
    expect(data).toEqual([
      { id: ID.pod, name: 'payments-api-7d9f', status: 'CrashLoopBackOff', health: 'unhealthy' },
    ]);
  });

  it('GET configs?select=id,name,config_class,type&id=in.(..) and id=eq.X', async () => {
    const { data } = await s.client
      .from('configs')
      .select('id,name,config_class,type')
      .in('id', [ID.pod, ID.ordersDb])
      .order('name');
    expect(data).toEqual([
      {
        id: ID.ordersDb,
        name: 'orders-db',
        config_class: 'Database',
        type: 'AWS::RDS::DBInstance',
      },
      { id: ID.pod, name: 'payments-api-7d9f', config_class: 'Pod', type: 'Kubernetes::Pod' },
    ]);
    const one = await s.raw(`configs?select=id,name,config_class,type&id=eq.${ID.cluster}`);
    expect(await one.json()).toEqual([
      {
        id: ID.cluster,
        name: 'prod-cluster',
        config_class: 'Cluster',
        type: 'Kubernetes::Cluster',
      },
    ]);
  });

  it('searches the external_id array by its text form (an upstream type error)', async () => {
    // external_id is text[]: ilike fails upstream (42883); here it matches the array's text.
    const res = await s.raw(
      'configs?select=id,external_id,name,type,analysis,changes&type=ilike.kubernetes::deployment&or=(name.ilike.*deploy-1*,external_id.ilike.*deploy-1*)',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        id: ID.deployment,
        external_id: ['uid-deploy-1', 'payments/payments-api'],
        name: 'payments-api',
        type: 'Kubernetes::Deployment',
        analysis: { security: 1 },
        changes: 2,
      },
    ]);
  });

  it('GET configs?id=eq.X&select=cost_* returns numbers', async () => {
    const { data } = await s.client
      .from('configs')
      .select('cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d')
      .eq('id', ID.ordersDb);
    expect(data).toEqual([
      { cost_per_minute: 0.01, cost_total_1d: 14.4, cost_total_7d: 100.8, cost_total_30d: 432 },
    ]);
  });
});

describe('config detail', () => {
  it('GET config_detail?id=eq.X&select=*,config_scrapers(id,name) with the tab badge counts', async () => {
    const { data, error } = await s.client
      .from('config_detail')
      .select('*,config_scrapers(id,name)')
      .eq('id', ID.deployment);
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        id: ID.deployment,
        name: 'payments-api',
        config: { spec: { replicas: 3 } },
        parent_id: ID.namespace,
        scraper_id: ID.scraper,
        config_scrapers: { id: ID.scraper, name: 'kubernetes-scraper' },
        summary: {
          // parent link, two children, the manual link to the database
          relationships: 4,
          analysis: 1,
          // its own two recent changes and its pod's
          changes: 3,
          playbook_runs: 1,
          checks: 1,
        },
        components: [
          {
            id: ID.apiServer,
            name: 'payments-api',
            icon: 'pod',
            type: 'KubernetesPod',
            status: 'unhealthy',
            health: null,
          },
        ],
      }),
    ]);
  });

  it('GET config_names?id=eq.X', async () => {
    const { data } = await s.client.from('config_names').select().eq('id', ID.ordersDb);
    expect(data).toEqual([
      {
        id: ID.ordersDb,
        type: 'AWS::RDS::DBInstance',
        external_id: ['arn:aws:rds:orders-db'],
        name: 'orders-db',
      },
    ]);
  });

  it('GET config_items?select=id,name,type,config_class&type=in.(..), deleted rows included', async () => {
    const { data } = await s.client
      .from('config_items')
      .select('id,name,type,config_class')
      .in('type', ['Kubernetes::Pod', 'AWS::RDS::DBInstance'])
      .order('name');
    expect(names(data as Row[])).toEqual(['orders-db', 'payments-api-7d9f', 'payments-api-old']);
  });
});

describe('filter value lists', () => {
  const values = async (table: string, column: string) => {
    const res = await s.raw(table);
    expect(res.status).toBe(200);
    return ((await res.json()) as Row[]).map((r) => r[column] as string);
  };

  it('GET config_tags and config_labels: distinct pairs of live configs', async () => {
    const pairs = async (table: string) =>
      sorted(((await (await s.raw(table)).json()) as Row[]).map((r) => `${r.key}=${r.value}`));
    expect(await pairs('config_tags')).toEqual([
      'account=prod',
      'cluster=prod',
      'namespace=payments',
    ]);
    expect(await pairs('config_labels')).toEqual([
      'app.kubernetes.io/name=payments-api',
      'app=payments',
      'env=prod',
      'region=eu-west-1',
      'team=payments',
    ]);
  });

  it('GET config_types, config_statuses, analysis_types and change_types', async () => {
    expect(sorted(await values('config_types', 'type'))).toEqual([
      'AWS::RDS::DBInstance',
      'Kubernetes::Cluster',
      'Kubernetes::Deployment',
      'Kubernetes::Namespace',
      'Kubernetes::Pod',
    ]);
    // The deleted pod's Terminated status is not offered.
    expect(sorted(await values('config_statuses', 'status'))).toEqual(
      sorted(['Active', 'available', 'CrashLoopBackOff', 'Running']),
    );
    expect(await values('analysis_types', 'analysis_type')).toEqual(['availability', 'security']);
    expect(sorted(await values('change_types', 'change_type'))).toEqual(
      sorted(['BackOff', 'Deployment', 'diff', 'Scaled']),
    );
  });

  it('GET config_analysis_analyzers?order=analyzer.asc lists analyzers of open insights', async () => {
    expect(await values('config_analysis_analyzers?order=analyzer.asc', 'analyzer')).toEqual([
      'image-latest-tag',
      'pod-crashloop',
    ]);
  });
});

describe('calls to objects that do not exist (dead upstream paths)', () => {
  it.each(['config_changes_items?select=*', 'person?id=eq.x'])(
    'GET %s answers 404 PGRST205',
    async (path) => {
      const res = await s.raw(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        code: 'PGRST205',
        message: expect.stringContaining(path.split('?')[0] as string),
      });
    },
  );

  it('GET config_scrapers?select=config_items(external_type,…) answers 400 42703', async () => {
    const res = await s.raw(
      'config_scrapers?select=id,name,config_items(external_type,config_class)',
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: '42703',
      message: 'column config_items.external_type does not exist',
    });
  });
});
