import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { CatalogEngine } from './engine.js';

/**
 * The engine on the leader: a new ScrapeConfig scrapes at once, an edited one again, each scrape
 * leaves a job_history row with its Scrape Summary and the resource's status.lastRun.
 */
let db: TestDatabase;
let dir: string;
const statuses: { name: string; fields: Record<string, unknown> }[] = [];
let engine: CatalogEngine;

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const jobs = async (id: string) =>
  (
    await db.pool.query<{
      status: string;
      success_count: number;
      details: Record<string, unknown>;
    }>(
      `SELECT status, success_count, details FROM job_history WHERE resource_type = 'config_scraper' AND resource_id = $1 ORDER BY created_at`,
      [id],
    )
  ).rows;

beforeAll(async () => {
  db = await startTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-engine-'));
  fs.writeFileSync(path.join(dir, 'a.json'), '{"a":1}');
  engine = new CatalogEngine({
    pool: db.pool,
    log: silentLog,
    pollMs: 100,
    writeStatus: async (namespace, name, fields) => {
      statuses.push({ name: `${namespace}/${name}`, fields });
    },
  });
  await engine.start();
});
afterAll(async () => {
  await engine?.stop();
  await db?.close();
});

describe('the catalog engine', () => {
  it('scrapes a new ScrapeConfig at once and records the run', async () => {
    const spec = { file: [{ paths: [path.join(dir, '*.json')], type: 'Json' }] };
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO config_scrapers (name, spec, source) VALUES ('shop/files', $1, 'KubernetesCRD') RETURNING id`,
      [spec],
    );
    const id = rows[0]?.id as string;
    const [job] = await until('a job', async () =>
      (await jobs(id)).length ? await jobs(id) : undefined,
    );
    expect(job).toMatchObject({
      status: 'SUCCESS',
      success_count: 1,
      details: { scrape_summary: { Json: { added: 1, updated: 0, unchanged: 0, deleted: 0 } } },
    });
    const status = await until('status', async () => statuses.find((s) => s.name === 'shop/files'));
    expect(status.fields.lastRun).toMatchObject({ success: 1, error: 0 });

    // Edited: scraped again at once, with the new file.
    fs.writeFileSync(path.join(dir, 'b.json'), '{"b":2}');
    await db.pool.query(`UPDATE config_scrapers SET spec = $2, updated_at = now() WHERE id = $1`, [
      id,
      { ...spec, labels: { edited: 'yes' } },
    ]);
    await until('a second job', async () => ((await jobs(id)).length >= 2 ? true : undefined));
    const second = (await jobs(id))[1];
    expect(second?.details.scrape_summary).toEqual({
      Json: { added: 1, updated: 0, unchanged: 1, deleted: 0 },
    });
  });

  it('records a failing scrape as FAILED with its errors', async () => {
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO config_scrapers (name, spec, source) VALUES ('shop/broken', $1, 'UI') RETURNING id`,
      [{ file: [{ paths: [] }] }],
    );
    const [job] = await until('a job', async () => {
      const j = await jobs(rows[0]?.id as string);
      return j.length ? j : undefined;
    });
    expect(job?.status).toBe('FAILED');
    expect(job?.details.errors).toEqual([
      'file[0]: file scraper needs paths: globs such as /etc/app/*.yaml or manifests/**/*.yaml',
    ]);
  });
});
