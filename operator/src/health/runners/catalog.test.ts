import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../db/pool.js';
import { startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import type { CheckResult, CheckSpec, RunContext } from '../types.js';
import { catalogRunner } from './catalog.js';

describe('catalog runner', () => {
  let db: TestDatabase;
  const ctx = (pool: Pool = db.pool): RunContext => ({
    canary: { id: 'c1', name: 'canary', namespace: 'default', labels: {} },
    check: { id: 'k1', name: 'catalog', type: 'catalog' },
    signal: new AbortController().signal,
    pool,
    connection: () => Promise.resolve(undefined),
  });

  beforeAll(async () => {
    db = await startTestDatabase();
    const items: [string, string, string, string, object, object, object, boolean][] = [
      // name, type, health, status, labels, tags, config, deleted
      [
        'pod-a',
        'Kubernetes::Pod',
        'healthy',
        'Running',
        { app: 'web', tier: 'fe' },
        { namespace: 'default', cluster: 'c1' },
        { spec: { containers: [{ name: 'web' }] } },
        false,
      ],
      [
        'pod-b',
        'Kubernetes::Pod',
        'unhealthy',
        'CrashLoopBackOff',
        { app: 'api' },
        { namespace: 'prod', cluster: 'c2' },
        { spec: {} },
        false,
      ],
      [
        'deploy-web',
        'Kubernetes::Deployment',
        'healthy',
        'Running',
        { app: 'web' },
        { namespace: 'default', cluster: 'c1' },
        { spec: { replicas: 2 } },
        false,
      ],
      [
        'i-0abc',
        'AWS::EC2::Instance',
        'warning',
        'stopped',
        {},
        { account: '123' },
        { InstanceId: 'i-0abc' },
        false,
      ],
      [
        'pod-old',
        'Kubernetes::Pod',
        'healthy',
        'Running',
        { app: 'web' },
        { namespace: 'default' },
        {},
        true,
      ],
    ];
    for (const [name, type, health, status, labels, tags, config, deleted] of items)
      await db.pool.query(
        `INSERT INTO config_items (name, type, config_class, health, status, labels, tags, config, deleted_at)
         VALUES ($1, $2, split_part($2, '::', 2), $3, $4, $5, $6, $7, CASE WHEN $8 THEN now() END)`,
        [
          name,
          type,
          health,
          status,
          JSON.stringify(labels),
          JSON.stringify(tags),
          JSON.stringify(config),
          deleted,
        ],
      );
  });
  afterAll(async () => {
    await db?.close();
  });

  const run = async (selector: unknown, pool?: Pool): Promise<CheckResult | undefined> => {
    const results = await catalogRunner({ name: 'c', selector } as CheckSpec, ctx(pool));
    expect(results).toHaveLength(1);
    return results[0];
  };
  const names = async (selector: unknown) => {
    const r = await run(selector);
    expect(r?.error).toBeUndefined();
    expect(r?.pass).toBe(true);
    return (r?.data?.results as { name: string }[]).map((i) => i.name).sort();
  };

  it('returns live config items of the selected types, config parsed', async () => {
    const r = await run({ types: ['Kubernetes::Pod'] });
    expect(r?.pass).toBe(true);
    const rows = r?.data?.results as Record<string, unknown>[];
    expect(rows.map((i) => i.name)).toEqual(['pod-a', 'pod-b']);
    expect(rows[0]).toMatchObject({
      name: 'pod-a',
      type: 'Kubernetes::Pod',
      config_class: 'Pod',
      namespace: 'default',
      health: 'healthy',
      status: 'Running',
      labels: { app: 'web', tier: 'fe' },
      config: { spec: { containers: [{ name: 'web' }] } },
      deleted_at: null,
    });
    expect(typeof rows[0]?.created_at).toBe('string');
    expect(await names({ types: ['Kubernetes::Pod'], includeDeleted: true })).toEqual([
      'pod-a',
      'pod-b',
      'pod-old',
    ]);
  });

  it('matches names exactly, by glob, by list and with exclusions', async () => {
    expect(await names({ name: 'pod-a' })).toEqual(['pod-a']);
    expect(await names({ name: 'pod-*' })).toEqual(['pod-a', 'pod-b']);
    expect(await names({ name: '*' })).toEqual(['deploy-web', 'i-0abc', 'pod-a', 'pod-b']);
    expect(await names({ name: 'pod-a,deploy-web' })).toEqual(['deploy-web', 'pod-a']);
    expect(await names({ name: 'pod-*,!pod-a' })).toEqual(['pod-b']);
    expect(await names({ types: ['Kubernetes::*'], name: '!pod-b' })).toEqual([
      'deploy-web',
      'pod-a',
    ]);
  });

  it('selects by namespace, health, statuses and id', async () => {
    expect(await names({ namespace: 'default' })).toEqual(['deploy-web', 'pod-a']);
    expect(await names({ health: 'healthy' })).toEqual(['deploy-web', 'pod-a']);
    expect(await names({ health: 'unhealthy,warning' })).toEqual(['i-0abc', 'pod-b']);
    expect(await names({ statuses: ['CrashLoopBackOff', 'stopped'] })).toEqual(['i-0abc', 'pod-b']);
    const id = (
      await db.pool.query<{ id: string }>(
        "SELECT id::text AS id FROM config_items WHERE name = 'pod-b'",
      )
    ).rows[0]?.id;
    expect(await names({ id })).toEqual(['pod-b']);
  });

  it('reads label and tag selectors', async () => {
    expect(await names({ labelSelector: 'app=web' })).toEqual(['deploy-web', 'pod-a']);
    expect(await names({ labelSelector: 'app!=web' })).toEqual(['i-0abc', 'pod-b']);
    expect(await names({ labelSelector: 'app in (api, other)' })).toEqual(['pod-b']);
    expect(await names({ labelSelector: 'app notin (web)' })).toEqual(['i-0abc', 'pod-b']);
    expect(await names({ labelSelector: 'tier' })).toEqual(['pod-a']);
    expect(await names({ labelSelector: 'app,!tier' })).toEqual(['deploy-web', 'pod-b']);
    expect(await names({ tagSelector: 'cluster=c1' })).toEqual(['deploy-web', 'pod-a']);
  });

  it('reads field selectors and search', async () => {
    expect(await names({ fieldSelector: 'type=Kubernetes::Deployment' })).toEqual(['deploy-web']);
    expect(await names({ fieldSelector: 'config_class!=Pod' })).toEqual(['deploy-web', 'i-0abc']);
    expect(await names({ search: 'deploy' })).toEqual(['deploy-web']);
    expect(await names({ search: 'EC2;pod-b' })).toEqual(['i-0abc', 'pod-b']);
    expect(await names({ search: 'c1' })).toEqual(['deploy-web', 'pod-a']);
  });

  it('merges a list of selectors, each with its own limit', async () => {
    expect(
      await names([{ name: 'pod-a' }, { types: ['Kubernetes::Pod'] }, { search: 'EC2' }]),
    ).toEqual(['i-0abc', 'pod-a', 'pod-b']);
    expect(await names({ name: '*', limit: 1 })).toEqual(['i-0abc']);
    expect(await names({ agent: 'local', types: ['AWS::EC2::Instance'] })).toEqual(['i-0abc']);
    expect(await names({ agent: 'elsewhere', types: ['AWS::EC2::Instance'] })).toEqual([]);
  });

  it('binds every value: quotes in a selector are only data', async () => {
    expect(await names({ name: "x'; DELETE FROM config_items; --" })).toEqual([]);
    expect(await names({ labelSelector: "app'=web" })).toEqual([]);
    const count = await db.pool.query('SELECT count(*)::int AS n FROM config_items');
    expect(count.rows[0]).toEqual({ n: 5 });
  });

  it('fails when the query does', async () => {
    const broken = {
      query: () => Promise.reject(new Error('connection terminated')),
    } as unknown as Pool;
    const r = await run({ name: '*' }, broken);
    expect(r?.pass).toBe(false);
    expect(r?.invalid).toBeUndefined();
    expect(r?.error).toBe('the catalog query failed: connection terminated');
  });

  it('says what is wrong with an unusable selector', async () => {
    for (const [selector, error] of [
      [undefined, 'catalog check needs a selector, e.g. selector: [{types: [Kubernetes::Pod]}]'],
      [[], 'selector is an empty list: add a ResourceSelector'],
      [
        {},
        'selector selects nothing: set name ("*" for everything), types, id, namespace, labelSelector, search, …',
      ],
      [[{ name: 'a' }, 'b'], 'selector[1] must be an object'],
      [{ types: 'x', labelSelector: 'a==' }, undefined],
      [{ name: '*', fieldSelector: 'colour=red' }, /^fieldSelector: unknown field colour/],
      [{ labelSelector: 'a b c' }, /^selector.labelSelector: cannot read "a b c"/],
      [{ name: '*', limit: 0 }, 'selector.limit must be a positive whole number'],
    ] as [unknown, string | RegExp | undefined][]) {
      const r = await run(selector);
      if (error === undefined) {
        expect(r?.pass).toBe(true);
        continue;
      }
      expect(r?.invalid, JSON.stringify(selector)).toBe(true);
      if (typeof error === 'string') expect(r?.error).toBe(error);
      else expect(r?.error).toMatch(error);
    }
  });
});
