import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpecServer, totalOf, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * Health checks: status history, check detail, canary, pickers (datamodel.md §4.1 "Status
 * history", §5 "checks", spec 001 §7 "Health", spec 002 §7 "Health summary and checks").
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('status history (check_statuses)', () => {
  const path = (extra: string) =>
    `check_statuses?check_id=eq.${ID.apiHealth}&time=gt.${minutesAgo(45)}&order=time.desc${extra}`;

  it('filters passing runs by time and duration, newest first, counted', async () => {
    const res = await s.raw(path('&status=eq.1&duration=gte.90&limit=50&offset=0'), {
      prefer: 'count=exact',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-1/2');
    const rows = (await res.json()) as Row[];
    // status=eq.1 matches the boolean true, as Postgres casts the literal.
    expect(rows.map((r) => [r.status, r.duration, r.message])).toEqual([
      [true, 110, 'OK'],
      [true, 95, 'OK'],
    ]);
    expect(Object.keys(rows[0] as Row).sort()).toEqual(
      [
        'check_id',
        'created_at',
        'details',
        'duration',
        'error',
        'invalid',
        'is_pushed',
        'message',
        'severity',
        'status',
        'time',
      ].sort(),
    );
  });

  it('pages with 206 Partial Content and the total after the slash', async () => {
    const res = await s.raw(path('&limit=2&offset=2'), { prefer: 'count=exact' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('2-3/4');
    expect(totalOf(res)).toBe(4);
    const rows = (await res.json()) as Row[];
    expect(rows.map((r) => [r.status, r.duration])).toEqual([
      [false, 3000],
      [true, 80],
    ]);
  });

  it('lists failing runs with status=eq.0 and their error', async () => {
    const { data, count, status } = await s.client
      .from('check_statuses')
      .select('*', { count: 'exact' })
      .eq('check_id', ID.webLatency)
      .gt('time', minutesAgo(60))
      .order('time', { ascending: false })
      .eq('status', 0)
      .range(0, 49);
    expect(status).toBe(200);
    expect(count).toBe(2);
    expect((data as Row[]).map((r) => [r.status, r.duration, r.error])).toEqual([
      [false, 3100, 'latency above 2s'],
      [false, 2500, 'latency above 2s'],
    ]);
  });

  it('answers an offset past the end with 416 and the total', async () => {
    const res = await s.raw(path('&limit=50&offset=50'), { prefer: 'count=exact' });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('*/4');
    expect(await res.json()).toMatchObject({ code: 'PGRST103' });
  });

  it('answers an empty page with */0', async () => {
    const res = await s.raw(
      `check_statuses?check_id=eq.${ID.silencedCheck}&order=time.desc&limit=50&offset=0`,
      { prefer: 'count=exact' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('*/0');
    expect(await res.json()).toEqual([]);
  });
});

describe('checks and canaries', () => {
  it('GET checks?id=eq.X&select=id,name,icon,status,type', async () => {
    const { data } = await s.client
      .from('checks')
      .select('id,name,icon,status,type')
      .eq('id', ID.apiHealth);
    // status comes from the newest result (a pass ten minutes ago).
    expect(data).toEqual([
      { id: ID.apiHealth, name: 'api-health', icon: 'http', status: 'healthy', type: 'http' },
    ]);
  });

  it('GET checks?id=eq.X with the canary and agent by constraint hint and the linked components and configs', async () => {
    const { data, error } = await s.client
      .from('checks')
      .select(
        '*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,name),components:check_component_relationships(components(id,name,icon)),configs:check_config_relationships(configs(id,name,type))',
      )
      .eq('id', ID.apiHealth);
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        id: ID.apiHealth,
        canary_id: ID.httpCanary,
        canaries: { id: ID.httpCanary, name: 'http-checks', source: 'UI' },
        agents: { id: ID.nilAgent, name: 'local' },
        components: [{ components: { id: ID.apiServer, name: 'payments-api', icon: 'pod' } }],
        configs: [
          {
            configs: { id: ID.deployment, name: 'payments-api', type: 'Kubernetes::Deployment' },
          },
        ],
      }),
    ]);
  });

  it('GET checks?id=eq.X of an agent check embeds that agent', async () => {
    const { data } = await s.client
      .from('checks')
      .select(
        'id,agents!checks_agent_id_fkey(id,name),components:check_component_relationships(components(id))',
      )
      .eq('id', ID.dnsResolve);
    expect(data).toEqual([
      { id: ID.dnsResolve, agents: { id: ID.edgeEu, name: 'edge-eu' }, components: [] },
    ]);
  });

  it('GET canaries?id=eq.X&select=id,source,spec,name,namespace', async () => {
    const { data } = await s.client
      .from('canaries')
      .select('id,source,spec,name,namespace')
      .eq('id', ID.httpCanary);
    expect(data).toEqual([
      {
        id: ID.httpCanary,
        source: 'UI',
        spec: { interval: 30, schedule: '@every 30s', http: [{ name: 'api-health' }] },
        name: 'http-checks',
        namespace: 'default',
      },
    ]);
  });

  it('GET check_names lists live, unsilenced checks by name', async () => {
    const res = await s.raw('check_names');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        id: ID.apiHealth,
        canary_id: ID.httpCanary,
        type: 'http',
        name: 'api-health',
        status: 'healthy',
      },
      {
        id: ID.dnsResolve,
        canary_id: ID.dnsCanary,
        type: 'dns',
        name: 'dns-resolve',
        status: 'healthy',
      },
      {
        id: ID.webLatency,
        canary_id: ID.httpCanary,
        type: 'http',
        name: 'web-latency',
        status: 'unhealthy',
      },
    ]);
  });

  it('answers GET canary_names (a view that never existed upstream) with 404 PGRST205', async () => {
    const res = await s.raw('canary_names');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      code: 'PGRST205',
      message: expect.stringContaining('canary_names'),
      details: null,
      hint: null,
    });
  });
});
