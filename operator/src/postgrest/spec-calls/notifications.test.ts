import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AV,
  startSpecServer,
  totalOf,
  withParams,
  type Row,
  type SpecServer,
} from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * Notification rules, send history and silences (datamodel.md §5 "notifications", spec 002 §7
 * "Notifications").
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const alice = { id: ID.alice, name: 'Alice Smith', avatar: 'https://img/alice.png' };
const bob = { id: ID.bob, name: 'Bob Jones', avatar: null };
const sre = { id: ID.sre, name: 'SRE', icon: 'sre-icon' };
const RULE_EMBEDS = `*,person:person_id(${AV}),team:team_id(id,name,icon),created_by(${AV})`;
const SILENCE_EMBEDS = `*,checks:check_id(id,name,type,status),catalog:config_id(id,name,type,config_class),component:component_id(id,name,icon),createdBy:created_by(${AV})`;

describe('notification rules', () => {
  it('GET notifications_summary with recipients and send statistics, paged and counted', async () => {
    // Two sends still to be made (one waiting out waitFor), removed again after the read.
    const { rows: open } = await s.db.pool.query<{ id: string }>(
      `INSERT INTO notification_send_history (notification_id, status, source_event, resource_id)
       VALUES ($1, 'pending', 'check.failed', $2), ($1, 'evaluating-waitfor', 'check.failed', $2)
       RETURNING id`,
      [ID.paymentsRule, ID.apiHealth],
    );
    const res = await s.raw(
      `notifications_summary?select=${RULE_EMBEDS}&order=created_at.desc&limit=50&offset=0`,
      { prefer: 'count=exact' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-1/2');
    const [sreRule, payments] = (await res.json()) as Row[];
    expect(payments).toMatchObject({
      id: ID.paymentsRule,
      name: 'payments-alerts',
      namespace: 'default',
      title: 'Payments failures',
      events: ['check.failed', 'config.unhealthy'],
      repeat_interval: '1h',
      person: alice,
      team: null,
      created_by: alice,
      // Sends still to be made.
      pending: 2,
      failed: 2,
      // The silenced skip is not a send.
      sent: 1,
      avg_duration_ms: 300,
      most_common_error: 'slack: channel_not_found',
    });
    expect(sreRule).toMatchObject({
      id: ID.sreRule,
      namespace: '',
      person: null,
      team: sre,
      created_by: bob,
      custom_services: [{ name: 'slack', connection: 'connection://slack-alerts' }],
      pending: 0,
      failed: 0,
      sent: 1,
      avg_duration_ms: 80,
      most_common_error: null,
    });
    await s.db.pool.query('DELETE FROM notification_send_history WHERE id = ANY($1)', [
      open.map((r) => r.id),
    ]);
  });

  it('GET notifications?id=eq.X with the same embeds', async () => {
    const { data, error } = await s.client
      .from('notifications')
      .select(RULE_EMBEDS)
      .eq('id', ID.sreRule);
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        id: ID.sreRule,
        events: ['component.unhealthy'],
        person: null,
        team: sre,
        created_by: bob,
      }),
    ]);
  });

  it('POST a rule from the form, then PATCH it; a new filter clears the stored send error', async () => {
    const created = await s.client
      .from('notifications')
      .insert({
        title: 'Database alerts',
        events: ['config.unhealthy', 'config.warning'],
        filter: 'config.type == "AWS::RDS::DBInstance"',
        person_id: null,
        team_id: ID.platform,
        custom_services: null,
        repeat_interval: '4h',
        template: null,
        properties: { priority: 'high' },
        created_by: ID.carol,
      })
      .select(RULE_EMBEDS);
    expect(created.status).toBe(201);
    const [rule] = created.data as Row[];
    // name defaults to a generated id when the form leaves it out.
    expect(rule).toMatchObject({
      name: expect.any(String),
      team: { id: ID.platform, name: 'Platform', icon: 'platform-icon' },
      created_by: { id: ID.carol, name: 'Carol White', avatar: 'https://img/carol.png' },
    });
    await s.client.from('notifications').update({ error: 'webhook 500' }).eq('id', rule?.id);
    const patched = await s.client
      .from('notifications')
      .update({ filter: 'config.type == "AWS::RDS::DBCluster"', repeat_interval: '1h' })
      .eq('id', rule?.id)
      .select('id,filter,repeat_interval,error');
    expect(patched.data).toEqual([
      {
        id: rule?.id,
        filter: 'config.type == "AWS::RDS::DBCluster"',
        repeat_interval: '1h',
        error: null,
      },
    ]);
  });
});

describe('send history (notification_send_history_summary)', () => {
  it('filters by resource_type.filter and status.filter, newest first, counted', async () => {
    const query = withParams(
      s.client
        .from('notification_send_history_summary')
        .select('*', { count: 'exact' })
        .order('created_at', { ascending: false })
        .range(0, 49),
      { 'resource_type.filter': 'check', 'status.filter': 'error,sent' },
    );
    const { data, count, error } = await query;
    expect(error).toBeNull();
    expect(count).toBe(3);
    const rows = data as Row[];
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [ID.sentError2, 'error'],
      [ID.sentError1, 'error'],
      [ID.sentOk, 'sent'],
    ]);
    expect(rows[0]).toMatchObject({
      notification_id: ID.paymentsRule,
      source_event: 'check.failed',
      resource_type: 'check',
      resource: {
        id: ID.webLatency,
        name: 'web-latency',
        type: 'http',
        status: 'unhealthy',
        icon: 'http',
      },
      error: 'slack: channel_not_found',
    });
  });

  it('pages the unfiltered history and excludes a status with !', async () => {
    const all = await s.raw(
      'notification_send_history_summary?select=*&order=created_at.desc&limit=2&offset=0',
      { prefer: 'count=exact' },
    );
    expect(all.status).toBe(206);
    expect(totalOf(all)).toBe(5);
    const notSilenced = await s.raw(
      'notification_send_history_summary?select=*&order=created_at.desc&limit=50&offset=0&status.filter=!silenced',
      { prefer: 'count=exact' },
    );
    expect(totalOf(notSilenced)).toBe(4);
  });

  it('GET notification_send_history_summary?id=eq.X of a config event', async () => {
    const { data } = await s.client
      .from('notification_send_history_summary')
      .select('*')
      .eq('id', ID.configSend);
    expect(data).toEqual([
      expect.objectContaining({
        resource_type: 'config',
        resource: {
          id: ID.pod,
          name: 'payments-api-7d9f',
          type: 'Kubernetes::Pod',
          config_class: 'Pod',
        },
      }),
    ]);
  });
});

describe('silences', () => {
  it('lists live silences with the silenced resource and creator, counted', async () => {
    const res = await s.raw(
      `notification_silences?select=${SILENCE_EMBEDS}&order=created_at.desc&limit=50&offset=0&deleted_at=is.null`,
      { prefer: 'count=exact' },
    );
    expect(res.headers.get('content-range')).toBe('0-2/3');
    const rows = (await res.json()) as Row[];
    expect(rows.map((r) => r.id)).toEqual([ID.checkSilence, ID.configSilence, ID.componentSilence]);
    expect(rows.map((r) => [r.checks, r.catalog, r.component, r.createdBy])).toEqual([
      [
        { id: ID.webLatency, name: 'web-latency', type: 'http', status: 'unhealthy' },
        null,
        null,
        alice,
      ],
      [
        null,
        { id: ID.pod, name: 'payments-api-7d9f', type: 'Kubernetes::Pod', config_class: 'Pod' },
        null,
        bob,
      ],
      [null, null, { id: ID.apiServer, name: 'payments-api', icon: 'pod' }, null],
    ]);
    expect(rows[1]).toMatchObject({ recursive: true, description: 'pod being replaced' });
  });

  it('GET a silence by id, edit it, then soft-delete it', async () => {
    const one = await s.client
      .from('notification_silences')
      .select(SILENCE_EMBEDS)
      .eq('id', ID.configSilence);
    expect((one.data as Row[])[0]).toMatchObject({
      id: ID.configSilence,
      from: expect.any(String),
    });
    const until = new Date(Date.now() + 6 * 3_600_000).toISOString();
    const edited = await s.client
      .from('notification_silences')
      .update({ description: 'pod replacement extended', until })
      .eq('id', ID.configSilence)
      .select();
    expect(edited.status).toBe(200);
    expect((edited.data as Row[])[0]).toMatchObject({ description: 'pod replacement extended' });
    expect(Date.parse((edited.data as Row[])[0]?.until as string)).toBe(Date.parse(until));
    const deleted = await s.raw(`notification_silences?id=eq.${ID.configSilence}`, {
      method: 'PATCH',
      body: { deleted_at: 'now()' },
    });
    expect(deleted.status).toBe(200);
    const left = await s.client
      .from('notification_silences')
      .select('id', { count: 'exact' })
      .is('deleted_at', null);
    expect(left.count).toBe(2);
  });
});
