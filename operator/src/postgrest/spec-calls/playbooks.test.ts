import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AV, startSpecServer, totalOf, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * Playbook specs, runs and actions (datamodel.md §5 "playbooks", "playbook runs", spec 002 §7
 * "Topology": playbook runs by component or config, playbook lists for pickers).
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const alice = { id: ID.alice, name: 'Alice Smith', avatar: 'https://img/alice.png' };
const bob = { id: ID.bob, name: 'Bob Jones', avatar: null };
const RUN_EMBEDS =
  'component:components(id,name,icon),check:checks(id,name,icon),config:config_items(id,name,type,config_class)';
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();

describe('playbook specs', () => {
  it('GET playbooks?select=*,created_by(AV)&deleted_at=is.null&order=created_at.desc', async () => {
    const res = await s.raw(
      `playbooks?select=*,created_by(${AV})&deleted_at=is.null&order=created_at.desc`,
    );
    const rows = (await res.json()) as Row[];
    expect(rows.map((p) => [p.name, p.created_by])).toEqual([
      ['scale-deployment', bob],
      ['restart-deployment', alice],
    ]);
    expect(rows[1]).toMatchObject({
      title: 'Restart deployment',
      category: 'Kubernetes',
      namespace: 'default',
      source: 'UI',
      spec: { parameters: [{ name: 'reason', label: 'Reason' }] },
    });
  });

  it('GET playbook_names?select=id,name,title,icon,category&order=title.asc', async () => {
    const { data } = await s.client
      .from('playbook_names')
      .select('id,name,title,icon,category')
      .order('title', { ascending: true });
    // The icon falls back to the spec's.
    expect(data).toEqual([
      {
        id: ID.restart,
        name: 'restart-deployment',
        title: 'Restart deployment',
        icon: 'k8s',
        category: 'Kubernetes',
      },
      {
        id: ID.scale,
        name: 'scale-deployment',
        title: 'Scale deployment',
        icon: 'scale',
        category: 'Kubernetes',
      },
    ]);
  });

  it('GET playbooks?id=eq.X&select=*,created_by(AV) and ?id=in.(..)&select=id,title,spec', async () => {
    const one = await s.client.from('playbooks').select(`*,created_by(${AV})`).eq('id', ID.scale);
    expect(one.data).toEqual([expect.objectContaining({ id: ID.scale, created_by: bob })]);
    const many = await s.client
      .from('playbooks')
      .select('id,title,spec')
      .in('id', [ID.restart, ID.oldPlaybook])
      .order('title');
    expect((many.data as Row[]).map((p) => [p.id, p.title, Object.keys(p)])).toEqual([
      [ID.oldPlaybook, 'Old', ['id', 'title', 'spec']],
      [ID.restart, 'Restart deployment', ['id', 'title', 'spec']],
    ]);
  });

  it('POST, PATCH and soft-delete a playbook', async () => {
    const spec = { category: 'Database', actions: [{ name: 'vacuum', sql: {} }] };
    const created = await s.client
      .from('playbooks')
      .insert({
        name: 'vacuum-db',
        title: 'Vacuum database',
        spec,
        source: 'UI',
        category: 'Database',
        created_by: ID.carol,
      })
      .select();
    expect(created.status).toBe(201);
    const id = (created.data as Row[])[0]?.id as string;
    expect((created.data as Row[])[0]).toMatchObject({
      name: 'vacuum-db',
      namespace: 'default',
      spec,
    });
    const dup = await s.client
      .from('playbooks')
      .insert({ name: 'vacuum-db', spec: {}, source: 'UI', category: 'Database' });
    expect(dup.status).toBe(409);
    const patched = await s.client
      .from('playbooks')
      .update({ spec: { ...spec, approval: { approvers: { people: ['carol'] } } } })
      .eq('id', id)
      .select('id,spec');
    expect((patched.data as Row[])[0]?.spec).toHaveProperty('approval');
    const deleted = await s.raw(`playbooks?id=eq.${id}`, {
      method: 'PATCH',
      body: { deleted_at: 'now()' },
    });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as Row[])[0]?.deleted_at).toEqual(expect.any(String));
    const listed = await s.client.from('playbook_names').select('id').eq('id', id);
    expect(listed.data).toEqual([]);
  });
});

describe('playbook runs', () => {
  const select = `*,playbooks(id,name,title,spec,icon),${RUN_EMBEDS}`;

  it('lists runs newest first with playbook, component, check and config, counted', async () => {
    const res = await s.raw(
      `playbook_runs?select=${select}&&order=created_at.desc&limit=2&offset=0`,
      {
        prefer: 'count=exact',
      },
    );
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-1/3');
    const rows = (await res.json()) as Row[];
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [ID.scaleRun, 'running'],
      [ID.restartRun, 'completed'],
    ]);
    expect(rows[0]).toMatchObject({
      playbooks: { id: ID.scale, name: 'scale-deployment', title: 'Scale deployment', icon: null },
      component: null,
      check: { id: ID.apiHealth, name: 'api-health', icon: 'http' },
      config: null,
    });
    expect(rows[1]).toMatchObject({
      parameters: { reason: 'bad deploy' },
      config: {
        id: ID.deployment,
        name: 'payments-api',
        type: 'Kubernetes::Deployment',
        config_class: 'Deployment',
      },
    });
  });

  it('filters runs by playbook, component, config, status and a start_time range', async () => {
    const ids = async (filters: string) => {
      const res = await s.raw(
        `playbook_runs?select=${select}&&order=created_at.desc${filters}&limit=50&offset=0`,
        { prefer: 'count=exact' },
      );
      expect(res.status).toBe(200);
      const rows = (await res.json()) as Row[];
      expect(totalOf(res)).toBe(rows.length);
      return rows.map((r) => r.id);
    };
    expect(await ids(`&playbook_id=eq.${ID.restart}`)).toEqual([ID.restartRun, ID.failedRun]);
    expect(await ids(`&component_id=eq.${ID.apiServer}`)).toEqual([ID.failedRun]);
    expect(await ids(`&config_id=eq.${ID.deployment}`)).toEqual([ID.restartRun]);
    expect(await ids(`&playbook_id=eq.${ID.restart}&status=eq.failed`)).toEqual([ID.failedRun]);
    expect(await ids(`&and=(start_time.gte.${daysAgo(2)},start_time.lte.${daysAgo(0)})`)).toEqual([
      ID.scaleRun,
      ID.restartRun,
    ]);
  });

  it('GET playbook_runs?id=eq.X with its creator, playbook and resources', async () => {
    const { data, error } = await s.client
      .from('playbook_runs')
      .select(`*,created_by(${AV}),playbooks(id,name,title,spec),${RUN_EMBEDS}`)
      .eq('id', ID.failedRun);
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        id: ID.failedRun,
        status: 'failed',
        created_by: bob,
        playbooks: expect.objectContaining({ id: ID.restart, title: 'Restart deployment' }),
        component: { id: ID.apiServer, name: 'payments-api', icon: 'pod' },
        check: null,
        config: null,
        agent_id: ID.nilAgent,
      }),
    ]);
  });

  it('GET playbook_run_actions of a run ordered by start_time', async () => {
    const { data } = await s.client
      .from('playbook_run_actions')
      .select('id,name,status,start_time,end_time,scheduled_time')
      .order('start_time', { ascending: true })
      .eq('playbook_run_id', ID.restartRun);
    expect((data as Row[]).map((a) => [a.name, a.status])).toEqual([
      ['kubectl rollout restart', 'completed'],
      ['wait for rollout', 'completed'],
    ]);
    expect(Object.keys((data as Row[])[0] as Row)).toEqual([
      'id',
      'name',
      'status',
      'start_time',
      'end_time',
      'scheduled_time',
    ]);
  });

  it('GET playbook_run_actions?id=eq.X&select=*', async () => {
    const res = await s.raw(`playbook_run_actions?id=eq.${ID.restartAction}&select=*`);
    expect(await res.json()).toEqual([
      expect.objectContaining({
        id: ID.restartAction,
        playbook_run_id: ID.restartRun,
        result: { stdout: 'restarted' },
        error: null,
      }),
    ]);
  });
});
