import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { configId } from './identity.js';
import { runScrape, type ScraperRow } from './run.js';

/**
 * A file scrape end to end against a real PostgreSQL: a folder of Kubernetes manifests and a git
 * repository become items; an edit is one diff change (and scraping it again adds nothing); a
 * deleted file is soft-deleted after the next clean scrape but not after a failing one.
 */
let db: TestDatabase;
let dir: string;
const scraperId = '01940000-0000-7000-8000-00000000c0f1';

const manifest = (kind: string, name: string, extra: Record<string, unknown> = {}) =>
  `apiVersion: v1\nkind: ${kind}\nmetadata:\n  name: ${name}\n  namespace: shop\n  labels:\n    app: ${name}\n${Object.entries(
    extra,
  )
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n')}\n`;

const row = (spec: Record<string, unknown>): ScraperRow => ({
  id: scraperId,
  name: 'manifests',
  namespace: 'default',
  spec,
});

const scrape = (spec: Record<string, unknown>) =>
  runScrape(db.pool, row(spec), {
    signal: new AbortController().signal,
    pool: db.pool,
    log: silentLog,
    connection: () => Promise.resolve(undefined),
  });

const manifests = () => ({
  file: [
    {
      paths: [path.join(dir, '*.yaml')],
      id: '$.metadata.name',
      name: '$.metadata.name',
      type: '$.kind',
      class: '$.kind',
      tags: [{ name: 'namespace', jsonpath: '$.metadata.namespace' }],
      transform: { mask: [{ jsonpath: '$.data.password', value: 'md5sum' }] },
    },
  ],
  retention: { staleItemAge: '1ms' },
});

beforeAll(async () => {
  db = await startTestDatabase();
  await db.pool.query(
    `INSERT INTO config_scrapers (id, name, spec, source) VALUES ($1, 'default/manifests', '{}', 'UI')`,
    [scraperId],
  );
});
afterAll(async () => db?.close());
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-scrape-'));
  await db.pool.query('DELETE FROM config_items');
});

describe('a folder of manifests', () => {
  it('becomes items with deterministic ids, tags, masked secrets and unknown health', async () => {
    fs.writeFileSync(
      path.join(dir, 'web.yaml'),
      manifest('Deployment', 'web', { spec: { replicas: 2 } }),
    );
    fs.writeFileSync(
      path.join(dir, 'db.yaml'),
      manifest('Secret', 'db', { data: { password: 'hunter2' } }),
    );
    const out = await scrape(manifests());
    expect(out.errors).toEqual([]);
    expect(out.summary).toEqual({
      Deployment: { added: 1, updated: 0, unchanged: 0, deleted: 0 },
      Secret: { added: 1, updated: 0, unchanged: 0, deleted: 0 },
    });
    const { rows } = await db.pool.query(
      `SELECT id, name, type, health, tags, config, external_id FROM config_items ORDER BY name`,
    );
    expect(rows.map((r) => [r.name, r.type, r.health, r.tags])).toEqual([
      ['db', 'Secret', 'unknown', { namespace: 'shop' }],
      ['web', 'Deployment', 'unknown', { namespace: 'shop' }],
    ]);
    expect(rows[1].id).toBe(configId('Deployment', 'web'));
    expect(rows[0].config.data.password).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(rows)).not.toContain('hunter2');
  });

  it('records an edit as one diff change, and an identical rescrape as nothing', async () => {
    const file = path.join(dir, 'web.yaml');
    fs.writeFileSync(file, manifest('Deployment', 'web', { spec: { replicas: 2 } }));
    await scrape(manifests());
    fs.writeFileSync(file, manifest('Deployment', 'web', { spec: { replicas: 3 } }));
    const edited = await scrape(manifests());
    expect(edited.summary.Deployment).toMatchObject({ updated: 1 });
    const again = await scrape(manifests());
    expect(again.summary.Deployment).toMatchObject({ unchanged: 1, updated: 0 });
    const { rows } = await db.pool.query(
      `SELECT change_type, summary, count, diff, patches FROM config_changes WHERE config_id = $1`,
      [configId('Deployment', 'web')],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ change_type: 'diff', summary: 'spec.replicas', count: 1 });
    expect(rows[0].diff).toContain('-    "replicas": 2');
    expect(rows[0].diff).toContain('+    "replicas": 3');
    expect(rows[0].patches).toEqual({ spec: { replicas: 3 } });
  });

  it('soft-deletes a removed file after a clean scrape, never after a failing one', async () => {
    fs.writeFileSync(path.join(dir, 'web.yaml'), manifest('Deployment', 'web'));
    fs.writeFileSync(path.join(dir, 'old.yaml'), manifest('Service', 'old'));
    await scrape(manifests());
    fs.rmSync(path.join(dir, 'old.yaml'));
    fs.writeFileSync(path.join(dir, 'broken.yaml'), 'kind: [unclosed');
    const failing = await scrape(manifests());
    expect(failing.errors.join()).toMatch(/broken\.yaml/);
    const alive = await db.pool.query(`SELECT deleted_at FROM config_items WHERE name = 'old'`);
    expect(alive.rows[0].deleted_at).toBeNull();
    fs.rmSync(path.join(dir, 'broken.yaml'));
    const clean = await scrape(manifests());
    expect(clean.errors).toEqual([]);
    expect(clean.summary.Service).toMatchObject({ deleted: 1 });
    const gone = await db.pool.query(
      `SELECT deleted_at, delete_reason FROM config_items WHERE name = 'old'`,
    );
    expect(gone.rows[0]).toMatchObject({ delete_reason: 'stale' });
    expect(gone.rows[0].deleted_at).not.toBeNull();
    // Back again: revived.
    fs.writeFileSync(path.join(dir, 'old.yaml'), manifest('Service', 'old'));
    await scrape(manifests());
    const back = await db.pool.query(`SELECT deleted_at FROM config_items WHERE name = 'old'`);
    expect(back.rows[0].deleted_at).toBeNull();
  });
});

describe('a git repository', () => {
  it('is cloned, scraped, and followed to its next commit', async () => {
    const repo = path.join(dir, 'repo');
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.email=t@x', '-c', 'user.name=t', ...args], {
        stdio: 'pipe',
      });
    fs.mkdirSync(path.join(repo, 'apps'), { recursive: true });
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    fs.writeFileSync(path.join(repo, 'apps', 'api.json'), JSON.stringify({ image: 'api:1' }));
    git('add', '.');
    git('commit', '-q', '-m', 'one');
    const spec = {
      file: [{ url: `file://${repo}`, paths: ['apps/*.json'], type: 'App' }],
    };
    const first = await scrape(spec);
    expect(first.errors).toEqual([]);
    const { rows } = await db.pool.query(`SELECT name, external_id, config FROM config_items`);
    expect(rows).toEqual([
      { name: 'api.json', external_id: ['apps/api.json'], config: { image: 'api:1' } },
    ]);
    fs.writeFileSync(path.join(repo, 'apps', 'api.json'), JSON.stringify({ image: 'api:2' }));
    git('commit', '-q', '-am', 'two');
    const second = await scrape(spec);
    expect(second.summary.App).toMatchObject({ updated: 1 });
    const changes = await db.pool.query(`SELECT summary FROM config_changes`);
    expect(changes.rows).toEqual([{ summary: 'image' }]);
  });

  it('refuses a transport that would run a command', async () => {
    const out = await scrape({ file: [{ url: 'ext::sh -c touch% /tmp/pwned', paths: ['*'] }] });
    expect(out.errors.join()).toMatch(/not a git URL Vigil clones/);
  });
});
