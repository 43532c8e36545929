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
 * System pages: job history, event queue, integrations, log backends and agents (datamodel.md
 * §5 "jobs", "event queue", "integrations", "agents"; spec 001 §7 "Job history", "Agents",
 * "Generic resources"; spec 002 §7 "Event queue and flags").
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const alice = { id: ID.alice, name: 'Alice Smith', avatar: 'https://img/alice.png' };
const local = { id: ID.nilAgent, name: 'local' };
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
/** The job page's default time range, now-2d .. now, as the console sends it. */
const range = () => `&and=(created_at.gt.${daysAgo(2)},created_at.lt.${daysAgo(0)})`;

describe('job history', () => {
  const jobs = async (filters: string) => {
    const res = await s.raw(`job_histories?&select=*&limit=50&offset=0${filters}`, {
      prefer: 'count=exact',
    });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Row[];
    expect(totalOf(res)).toBe(rows.length);
    return rows;
  };

  it('lists the last two days newest first with resource names and agents', async () => {
    const rows = await jobs(`&order=created_at.desc${range()}`);
    expect(rows.map((r) => [r.name, r.status, r.resource_name])).toEqual([
      ['CanaryRun', 'WARNING', 'http-checks'],
      ['ConfigScraper', 'SUCCESS', 'kubernetes-scraper'],
      ['TopologyRun', 'SUCCESS', 'cluster'],
      ['SyncTeam', 'SUCCESS', 'SRE'],
      ['TopologyRun', 'FAILED', 'cluster'],
      ['EdgeCanaryRun', 'SUCCESS', 'dns-checks'],
    ]);
    expect(rows[0]).toMatchObject({ agent: local, hostname: 'vigil-0', duration_millis: 250 });
    expect(rows[5]).toMatchObject({ agent: { id: ID.edgeEu, name: 'edge-eu' } });
  });

  it('applies resource_type.filter, name.filter, status.filter and resource_id', async () => {
    const names = (rows: Row[]) => rows.map((r) => `${r.name}:${r.status}`);
    expect(
      names(await jobs(`&resource_type.filter=topology,canary&order=created_at.desc${range()}`)),
    ).toEqual([
      'CanaryRun:WARNING',
      'TopologyRun:SUCCESS',
      'TopologyRun:FAILED',
      'EdgeCanaryRun:SUCCESS',
    ]);
    expect(
      names(
        await jobs(
          `&resource_id=eq.${ID.clusterTopology}&name.filter=TopologyRun&order=created_at.asc`,
        ),
      ),
    ).toEqual(['TopologyRun:FAILED', 'TopologyRun:SUCCESS']);
    // The page's default status filter leaves successful runs out.
    expect(names(await jobs(`&status.filter=!SUCCESS&order=created_at.desc${range()}`))).toEqual([
      'CanaryRun:WARNING',
      'TopologyRun:FAILED',
    ]);
    expect(names(await jobs('&status.filter=STOPPED&order=created_at.desc'))).toEqual([
      'CleanupChecks:STOPPED',
    ]);
  });

  it('filters a minimum duration and sorts by any column, through postgrest-js too', async () => {
    const { data, count, status } = await withParams(
      s.client
        .from('job_histories')
        .select('*', { count: 'exact' })
        .range(0, 0)
        .gte('duration_millis', 1000)
        .order('duration_millis', { ascending: false }),
      { 'resource_type.filter': 'config_scraper,topology' },
    );
    expect(status).toBe(206);
    expect(count).toBe(2);
    expect((data as Row[]).map((r) => [r.name, r.duration_millis])).toEqual([
      ['ConfigScraper', 5400],
    ]);
  });

  it('GET job_history_names?order=name.asc', async () => {
    const res = await s.raw('job_history_names?order=name.asc');
    expect(await res.json()).toEqual(
      [
        'CanaryRun',
        'CleanupChecks',
        'ConfigScraper',
        'EdgeCanaryRun',
        'SyncTeam',
        'TopologyRun',
      ].map((name) => ({ name })),
    );
  });
});

describe('event queue', () => {
  it('GET event_queue_summary?order=last_failure.desc', async () => {
    const res = await s.raw('event_queue_summary?order=last_failure.desc');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        name: 'playbook.run',
        pending: 1,
        failed: 1,
        average_attempts: 3,
        first_failure: expect.any(String),
        last_failure: expect.any(String),
        most_common_error: 'agent offline',
      },
      {
        name: 'notification.send',
        pending: 3,
        failed: 2,
        average_attempts: 2,
        first_failure: expect.any(String),
        last_failure: expect.any(String),
        most_common_error: 'slack: timeout',
      },
    ]);
  });
});

describe('integrations and log backends', () => {
  const page = (offset: number) =>
    s.raw(
      `integrations_with_status?order=created_at.desc&select=*&deleted_at=is.null&limit=2&offset=${offset}`,
      { prefer: 'count=exact' },
    );

  it('pages scrapers, topologies and log backends together, with the total', async () => {
    const first = await page(0);
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('0-1/4');
    const second = await page(2);
    expect(second.headers.get('content-range')).toBe('2-3/4');
    const rows = [...((await first.json()) as Row[]), ...((await second.json()) as Row[])];
    expect(rows.map((r) => [r.name, r.integration_type])).toEqual([
      ['loki', 'logging_backends'],
      ['edge', 'topologies'],
      ['cluster', 'topologies'],
      ['kubernetes-scraper', 'scrapers'],
    ]);
    expect(rows[2]).toMatchObject({ job_status: 'SUCCESS', job_last_failed: expect.any(String) });
    expect(rows[3]).toMatchObject({ job_status: 'SUCCESS', agent: local, created_by: ID.alice });
  });

  it('GET integrations_with_status by id', async () => {
    const { data } = await s.client
      .from('integrations_with_status')
      .select('*')
      .eq('id', ID.loki)
      .is('deleted_at', null);
    expect(data).toEqual([
      expect.objectContaining({
        id: ID.loki,
        name: 'loki',
        integration_type: 'logging_backends',
        source: 'UI',
        agent: local,
        job_status: '',
      }),
    ]);
  });

  it('GET logging_backends with the creator, live ones only', async () => {
    const res = await s.raw(
      `logging_backends?order=created_at.desc&select=id,spec,name,source,created_at,updated_at,created_by(${AV})&deleted_at=is.null`,
    );
    expect(await res.json()).toEqual([
      {
        id: ID.loki,
        spec: { loki: { url: 'http://loki:3100' } },
        name: 'loki',
        source: 'UI',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        created_by: alice,
      },
    ]);
  });
});

describe('agents', () => {
  it('GET agents_summary with two order params: the later one, the chosen sort, wins', async () => {
    const res = await s.raw(
      `agents_summary?select=*,created_by(${AV})&order=created_at.desc&&limit=50&offset=0&order=name.asc`,
      { prefer: 'count=exact' },
    );
    expect(res.status).toBe(200);
    // Remote agents only: `local` is this Vigil.
    expect(totalOf(res)).toBe(2);
    const rows = (await res.json()) as Row[];
    expect(rows.map((a) => a.name)).toEqual(['edge-eu', 'edge-us']);
    expect(rows[0]).toMatchObject({
      id: ID.edgeEu,
      created_by: alice,
      config_count: 0,
      config_scrapper_count: 0,
      checks_count: 1,
      playbook_runs_count: 0,
    });
  });

  it('GET agents_summary?select=*&id=eq.X and agents?select=id,name,description', async () => {
    const one = await s.client.from('agents_summary').select('*').eq('id', ID.edgeUs);
    expect(one.data).toEqual([expect.objectContaining({ name: 'edge-us', version: 'v1.1.0' })]);
    const picker = await s.client.from('agents').select('id,name,description').order('name');
    expect(picker.data).toEqual([
      { id: ID.edgeEu, name: 'edge-eu', description: 'EU edge cluster' },
      { id: ID.edgeUs, name: 'edge-us', description: 'US edge cluster' },
      { id: ID.nilAgent, name: 'local', description: 'This Vigil' },
    ]);
    const some = await s.client
      .from('agents')
      .select('id,name,description')
      .in('id', [ID.edgeEu, ID.nilAgent])
      .order('name');
    expect((some.data as Row[]).map((a) => a.name)).toEqual(['edge-eu', 'local']);
  });

  it('PATCH agents?id=eq.X {properties}', async () => {
    const { data, status } = await s.client
      .from('agents')
      .update({ properties: { type: 'agent', region: 'us-east-1' } })
      .eq('id', ID.edgeUs)
      .select('id,properties');
    expect(status).toBe(200);
    expect(data).toEqual([{ id: ID.edgeUs, properties: { type: 'agent', region: 'us-east-1' } }]);
  });

  it('deletes an agent with cleanup: what it reported is soft-deleted too', async () => {
    const res = await s.raw(`agents?id=eq.${ID.edgeEu}`, {
      method: 'PATCH',
      body: { deleted_at: 'now()', cleanup: true },
    });
    expect(res.status).toBe(200);
    const listed = await s.client.from('agents_summary').select('name').order('name');
    expect(listed.data).toEqual([{ name: 'edge-us' }]);
    for (const [table, id] of [
      ['canaries', ID.dnsCanary],
      ['checks', ID.dnsResolve],
      ['topologies', ID.edgeTopology],
    ] as const) {
      const { data } = await s.client.from(table).select('deleted_at').eq('id', id);
      expect((data as Row[])[0]?.deleted_at, table).toEqual(expect.any(String));
    }
  });
});
