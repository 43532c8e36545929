import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import {
  MAX_ACTION_ARTIFACT_BYTES,
  MAX_ARTIFACT_BYTES,
  contentTypeOf,
  storeArtifacts,
} from './artifacts.js';

let db: TestDatabase;

async function newAction(): Promise<string> {
  const { rows } = await db.pool.query<{ id: string }>(
    `WITH pb AS (INSERT INTO playbooks (name, spec, source)
                 VALUES ('pb-' || gen_random_uuid(), '{}', 'UI') RETURNING id),
          r AS (INSERT INTO playbook_runs (playbook_id) SELECT id FROM pb RETURNING id)
     INSERT INTO playbook_run_actions (name, playbook_run_id) SELECT 'a', id FROM r RETURNING id`,
  );
  return rows[0]?.id as string;
}

beforeAll(async () => {
  db = await startTestDatabase();
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('storeArtifacts', () => {
  it('keeps each file with its path, name, type, size and sha256, and its bytes apart', async () => {
    const action = await newAction();
    const content = Buffer.from('{"ok": true}\n');
    const out = await storeArtifacts(db.pool, action, [
      { filename: 'reports/result.json', contentType: '', content },
      { filename: 'raw', contentType: 'text/plain', content: Buffer.from([0, 1, 2]) },
    ]);
    expect(out.skipped).toEqual([]);
    const sha = crypto.createHash('sha256').update(content).digest('hex');
    expect(out.stored.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        path: 'reports/result.json',
        filename: 'result.json',
        contentType: 'application/json',
        size: 13,
        checksum: sha,
      },
      expect.objectContaining({ filename: 'raw', contentType: 'text/plain', size: 3 }),
    ]);
    const { rows } = await db.pool.query(
      `SELECT a.path, a.filename, a.content_type, a.size, a.checksum, c.content
       FROM artifacts a JOIN artifact_contents c ON c.artifact_id = a.id
       WHERE a.playbook_run_action_id = $1 ORDER BY a.path DESC`,
      [action],
    );
    expect(rows[0]).toEqual({
      path: 'reports/result.json',
      filename: 'result.json',
      content_type: 'application/json',
      size: 13,
      checksum: sha,
      content,
    });
  });

  it('leaves out a file above the per-file cap and files beyond the per-action cap, saying so', async () => {
    const action = await newAction();
    const big = Buffer.alloc(MAX_ARTIFACT_BYTES + 1);
    const nine = Buffer.alloc(9 * 1024 * 1024);
    const files = [{ filename: 'huge.bin', contentType: '', content: big }];
    // Five files of 9 MiB fill 45 MiB of the 50 MiB an action may keep; the sixth does not fit.
    for (let i = 0; i < 6; i++)
      files.push({ filename: `part${i}.bin`, contentType: '', content: nine });
    const out = await storeArtifacts(db.pool, action, files);
    expect(out.stored.map((s) => s.filename)).toEqual([0, 1, 2, 3, 4].map((i) => `part${i}.bin`));
    expect(out.skipped).toEqual([
      'huge.bin: larger than 10 MiB',
      `part5.bin: the action's artifacts would exceed ${MAX_ACTION_ARTIFACT_BYTES / 1024 / 1024} MiB`,
    ]);
    // A retry of the same action counts what the first attempt kept.
    const again = await storeArtifacts(db.pool, action, [
      { filename: 'retry.bin', contentType: '', content: nine },
    ]);
    expect(again.stored).toEqual([]);
  });

  it('stores nothing when one insert fails (the action does not exist)', async () => {
    await expect(
      storeArtifacts(db.pool, '00000000-0000-0000-0000-000000000001', [
        { filename: 'a.txt', contentType: '', content: Buffer.from('a') },
      ]),
    ).rejects.toThrow(/foreign key/);
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM artifact_contents`);
    const stored = await db.pool.query(`SELECT count(*)::int AS n FROM artifacts`);
    expect(rows[0].n).toBe(stored.rows[0].n);
  });

  it('names content types from the extension', () => {
    expect(contentTypeOf('a/b/report.HTML')).toBe('text/html');
    expect(contentTypeOf('out.log')).toBe('text/plain');
    expect(contentTypeOf('blob')).toBe('application/octet-stream');
  });
});
