import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AV, startSpecServer, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * The permissions tab of every resource and subject (datamodel.md §5 "permissions (v1.0.819)",
 * spec 002 §7 "Permissions").
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const SELECT = `*,catalog:config_id(id,name,type,config_class),component:component_id(id,name,icon),canary:canary_id(id,name),playbook:playbook_id(id,title,name,icon),team:team_id(id,name,icon),person:person_id(${AV}),createdBy:created_by(${AV}),connection:connection_id(id,name,type)`;
const EMBEDS = ['catalog', 'component', 'canary', 'playbook', 'team', 'person', 'connection'];
const alice = { id: ID.alice, name: 'Alice Smith', avatar: 'https://img/alice.png' };
const bob = { id: ID.bob, name: 'Bob Jones', avatar: null };

/** The embeds of a row that are set, by key. */
const setEmbeds = (row: Row) =>
  Object.fromEntries(EMBEDS.filter((k) => row[k] !== null).map((k) => [k, row[k]]));

describe('permissions of one resource or subject', () => {
  it.each([
    [
      'component_id',
      ID.apiServer,
      ID.sreOwnsApiServer,
      {
        component: { id: ID.apiServer, name: 'payments-api', icon: 'pod' },
        team: { id: ID.sre, name: 'SRE', icon: 'sre-icon' },
      },
    ],
    [
      'config_id',
      ID.deployment,
      ID.bobReadsDeployment,
      {
        catalog: {
          id: ID.deployment,
          name: 'payments-api',
          type: 'Kubernetes::Deployment',
          config_class: 'Deployment',
        },
        person: bob,
      },
    ],
    [
      'canary_id',
      ID.httpCanary,
      ID.platformDeniedCanary,
      {
        canary: { id: ID.httpCanary, name: 'http-checks' },
        team: { id: ID.platform, name: 'Platform', icon: 'platform-icon' },
      },
    ],
    [
      'playbook_id',
      ID.restart,
      ID.carolRunsRestart,
      {
        playbook: {
          id: ID.restart,
          title: 'Restart deployment',
          name: 'restart-deployment',
          icon: 'k8s',
        },
        person: { id: ID.carol, name: 'Carol White', avatar: 'https://img/carol.png' },
      },
    ],
    [
      'connection_id',
      ID.slack,
      ID.daveReadsSlack,
      {
        connection: { id: ID.slack, name: 'slack-alerts', type: 'slack' },
        person: { id: ID.dave, name: 'Dave Brown', avatar: null },
      },
    ],
    ['check_id', ID.apiHealth, ID.bobReadsCheck, { person: bob }],
    ['team_id', ID.sre, ID.sreOwnsApiServer, expect.objectContaining({ team: expect.any(Object) })],
  ])('GET permissions?%s=eq.X with every embed, counted', async (column, value, id, embeds) => {
    const res = await s.raw(
      `permissions?${column}=eq.${value}&select=${SELECT}&limit=50&offset=0`,
      {
        prefer: 'count=exact',
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-0/1');
    const [row] = (await res.json()) as Row[];
    expect(row?.id).toBe(id);
    expect(setEmbeds(row as Row)).toEqual(embeds);
    expect(row?.createdBy).toEqual(id === ID.platformDeniedCanary ? bob : alice);
  });

  it('GET permissions?person_id=eq.X pages with 206 and the total', async () => {
    const { data, count, status } = await s.client
      .from('permissions')
      .select(SELECT, { count: 'exact' })
      .eq('person_id', ID.bob)
      .order('created_at')
      .range(0, 0);
    expect(status).toBe(206);
    expect(count).toBe(2);
    expect((data as Row[]).map((p) => [p.id, p.action, p.deny])).toEqual([
      [ID.bobReadsDeployment, 'read', false],
    ]);
  });
});

describe('permission writes', () => {
  let id: string;

  it('POST permissions with created_by answers 201 with the embeds', async () => {
    const { data, status, error } = await s.client
      .from('permissions')
      .insert({
        description: 'Dave may run playbooks on the database',
        action: 'playbook:run',
        deny: false,
        person_id: ID.dave,
        component_id: ID.database,
        source: 'UI',
        created_by: ID.alice,
      })
      .select(SELECT);
    expect(error).toBeNull();
    expect(status).toBe(201);
    const [row] = data as Row[];
    id = row?.id as string;
    expect(row).toMatchObject({
      action: 'playbook:run',
      component: { id: ID.database, name: 'orders-db', icon: 'database' },
      person: { id: ID.dave, name: 'Dave Brown', avatar: null },
      createdBy: alice,
      until: null,
    });
  });

  it('PATCH permissions?id=eq.X with updated_by', async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const res = await s.raw(`permissions?id=eq.${id}`, {
      method: 'PATCH',
      body: { action: 'read', deny: true, until, updated_by: ID.bob },
    });
    expect(res.status).toBe(200);
    const [row] = (await res.json()) as Row[];
    expect(row).toMatchObject({ action: 'read', deny: true, updated_by: ID.bob });
    expect(Date.parse(row?.until as string)).toBe(Date.parse(until));
  });

  it('DELETE permissions?id=eq.X', async () => {
    const { data, status } = await s.client.from('permissions').delete().eq('id', id).select('id');
    expect(status).toBe(200);
    expect(data).toEqual([{ id }]);
    const left = await s.client.from('permissions').select('id').eq('component_id', ID.database);
    expect(left.data).toEqual([]);
  });

  it('answers a permission without its required action with 400 23502', async () => {
    const res = await s.raw('permissions', {
      method: 'POST',
      body: { person_id: ID.dave, created_by: ID.alice },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: '23502',
      message: expect.stringContaining('action'),
    });
  });
});
