import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpecServer, totalOf, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * Config changes and insights (analyses) of a config or a component (datamodel.md §5 "config
 * changes", "insights", spec 002 §7 "Catalog and configs" insights list, "Topology" changes).
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
const CONFIG = 'config:configs(id,name,config_class,type)';
const pod = {
  id: ID.pod,
  name: 'payments-api-7d9f',
  config_class: 'Pod',
  type: 'Kubernetes::Pod',
};
const deployment = {
  id: ID.deployment,
  name: 'payments-api',
  config_class: 'Deployment',
  type: 'Kubernetes::Deployment',
};

describe('config changes', () => {
  it('pages a config’s changes newest first with an exact count', async () => {
    const res = await s.raw(
      `config_changes?config_id=eq.${ID.deployment}&order=created_at.desc&limit=2&offset=0`,
      { prefer: 'count=exact' },
    );
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-1/3');
    const rows = (await res.json()) as Row[];
    expect(rows.map((r) => r.change_type)).toEqual(['diff', 'Scaled']);
  });

  it('filters by severity and by a created_at range in and=(…)', async () => {
    const severity = await s.client
      .from('config_changes')
      .select('*', { count: 'exact' })
      .eq('config_id', ID.deployment)
      .order('created_at', { ascending: false })
      .range(0, 49)
      .eq('severity', 'low');
    expect(severity.count).toBe(1);
    expect((severity.data as Row[]).map((r) => r.summary)).toEqual(['replicas 2 -> 3']);
    const range = await s.raw(
      `config_changes?config_id=eq.${ID.deployment}&order=created_at.desc&limit=50&offset=0&and=(created_at.gte.${daysAgo(2)},created_at.lte.${daysAgo(0)})`,
      { prefer: 'count=exact' },
    );
    expect(totalOf(range)).toBe(2);
    expect(((await range.json()) as Row[]).map((r) => r.change_type)).toEqual(['diff', 'Scaled']);
  });

  it('GET config_changes?config_id=eq.C&id=eq.X with the config embedded', async () => {
    const { data, error } = await s.client
      .from('config_changes')
      .select(
        'id,config_id,change_type,created_at,external_created_by,source,diff,details,patches,created_by,config:configs(id,name,type,config_class)',
      )
      .eq('config_id', ID.deployment)
      .eq('id', ID.changeDiff);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: ID.changeDiff,
        config_id: ID.deployment,
        change_type: 'diff',
        created_at: expect.any(String),
        external_created_by: 'ci-bot',
        source: 'kubernetes',
        diff: '-image: 1.4.1\n+image: 1.4.2',
        details: { image: '1.4.2' },
        patches: { spec: { image: '1.4.2' } },
        created_by: null,
        config: deployment,
      },
    ]);
  });

  it('GET changes_by_component with an embed aliased as created_at (the console’s quirk)', async () => {
    const res = await s.raw(
      `changes_by_component?component_id=eq.${ID.apiServer}&select=id,type,config_id,name,change_type,config_class,created_at:configs(id,name,type,config_class)`,
    );
    expect(res.status).toBe(200);
    const rows = ((await res.json()) as Row[]).sort((a, b) => a.id.localeCompare(b.id));
    // The alias wins: created_at holds the config object, as PostgREST answers.
    expect(rows).toEqual([
      {
        id: ID.changeDiff,
        type: 'Kubernetes::Deployment',
        config_id: ID.deployment,
        name: 'payments-api',
        change_type: 'diff',
        config_class: 'Deployment',
        created_at: deployment,
      },
      expect.objectContaining({ id: ID.changeScaled, created_at: deployment }),
      expect.objectContaining({ id: ID.changeOld, created_at: deployment }),
      expect.objectContaining({ id: ID.changeBackOff, change_type: 'BackOff', created_at: pod }),
    ]);
  });
});

describe('insights', () => {
  const FIELDS = 'id,analyzer,analysis_type,message,severity,analysis,first_observed';

  it('GET config_analysis of a config, paged and counted, with the config embedded', async () => {
    const { data, count, status } = await s.client
      .from('config_analysis')
      .select(`${FIELDS},${CONFIG}`, { count: 'exact' })
      .eq('config_id', ID.pod)
      .range(0, 49);
    expect(status).toBe(200);
    expect(count).toBe(1);
    expect(data).toEqual([
      {
        id: ID.crashLoop,
        analyzer: 'pod-crashloop',
        analysis_type: 'availability',
        message: 'Back-off restarting failed container',
        severity: 'critical',
        analysis: { restarts: 12 },
        first_observed: expect.any(String),
        config: pod,
      },
    ]);
  });

  it('GET config_analysis?id=eq.X adds source and status', async () => {
    const res = await s.raw(
      `config_analysis?select=${FIELDS},source,status,${CONFIG}&id=eq.${ID.publicRds}`,
    );
    expect(await res.json()).toEqual([
      expect.objectContaining({
        id: ID.publicRds,
        source: 'aws',
        status: 'resolved',
        config: {
          id: ID.ordersDb,
          name: 'orders-db',
          config_class: 'Database',
          type: 'AWS::RDS::DBInstance',
        },
      }),
    ]);
  });

  it('GET config_analysis_items with every list filter, sorted and counted', async () => {
    const select = `id,analysis_type,analyzer,severity,status,first_observed,last_observed,${CONFIG}`;
    const open = await s.raw(
      `config_analysis_items?select=${select}&limit=50&offset=0&status=eq.open&order=first_observed.desc`,
      { prefer: 'count=exact' },
    );
    expect(open.status).toBe(200);
    expect(open.headers.get('content-range')).toBe('0-1/2');
    const rows = (await open.json()) as Row[];
    expect(rows.map((r) => [r.id, r.config])).toEqual([
      [ID.crashLoop, pod],
      [ID.latestTag, deployment],
    ]);
    const narrow = await s.raw(
      `config_analysis_items?select=${select}&limit=50&offset=0&status=eq.open&analysis_type=eq.security&severity=eq.medium&analyzer=eq.image-latest-tag&config_id=eq.${ID.deployment}&config_type=eq.Kubernetes::Deployment&order=severity.asc`,
      { prefer: 'count=exact' },
    );
    expect(totalOf(narrow)).toBe(1);
    expect(((await narrow.json()) as Row[]).map((r) => r.id)).toEqual([ID.latestTag]);
  });

  it('answers component_id on config_analysis_items (no such column) with 400 42703', async () => {
    const res = await s.raw(
      `config_analysis_items?select=id&limit=50&offset=0&component_id=eq.${ID.apiServer}`,
      { prefer: 'count=exact' },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: '42703',
      message: expect.stringContaining('component_id'),
    });
  });

  it('GET analysis_by_component with each insight’s config and that config’s analyses', async () => {
    const res = await s.raw(
      `analysis_by_component?component_id=eq.${ID.apiServer}&limit=50&offset=0&select=analysis_id,config:configs(id,name,config_class,type,analysis:config_analysis(${FIELDS}))`,
      { prefer: 'count=exact' },
    );
    expect(res.status).toBe(200);
    expect(totalOf(res)).toBe(2);
    // Most severe first; `config` is the insight's own config (a to-one embed through the
    // view's config_id, which upstream takes from config_analysis.config_id).
    expect(await res.json()).toEqual([
      {
        analysis_id: ID.crashLoop,
        config: {
          ...pod,
          analysis: [expect.objectContaining({ id: ID.crashLoop, analyzer: 'pod-crashloop' })],
        },
      },
      {
        analysis_id: ID.latestTag,
        config: {
          ...deployment,
          analysis: [expect.objectContaining({ id: ID.latestTag, severity: 'medium' })],
        },
      },
    ]);
  });

  it('GET rpc/lookup_analysis_by_component?id=X lists the analyses of the linked configs', async () => {
    const { data, error, status } = await s.client.rpc(
      'lookup_analysis_by_component',
      { id: ID.apiServer },
      { get: true },
    );
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(((data as Row[]) ?? []).map((r) => [r.id, r.config_id]).sort()).toEqual(
      [
        [ID.crashLoop, ID.pod],
        [ID.latestTag, ID.deployment],
      ].sort(),
    );
    const none = await s.raw(`rpc/lookup_analysis_by_component?id=${ID.legacy}`);
    expect(await none.json()).toEqual([]);
  });
});
