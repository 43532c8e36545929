import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../auth/identity.js';
import { createApp } from '../http/app.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { PgrstError } from './errors.js';
import { fixtureExposure, fixtureFunctionExposure, seedFixture } from './fixture.testing.js';
import { parseQuery } from './query.js';

const TOKEN = 'vgl_fuzz_admin_00000000000000000';
let db: TestDatabase;
let server: http.Server;
let base: string;

beforeAll(async () => {
  db = await startTestDatabase();
  const admin = await createPerson(db.pool, {
    name: 'a',
    email: 'a@x',
    password: 'password-123',
    roles: ['admin'],
  });
  await ensureToken(db.pool, admin.id, 'fuzz', TOKEN);
  await seedFixture(db.pool);
  const app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
    db: { exposureOf: fixtureExposure, functionExposureOf: fixtureFunctionExposure },
  });
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/db`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await db?.close();
});

// Pieces of the grammar mixed with hostile text: quotes, comments, statement breaks, unicode.
const atoms = [
  'id',
  'title',
  'n',
  'labels',
  'tags',
  'created_by',
  'f_hypotheses',
  'f_evidences',
  'f_people',
  'secret',
  'eq',
  'neq',
  'in',
  'is',
  'not',
  'like',
  'ilike',
  'cs',
  'fts',
  'or',
  'and',
  'null',
  'true',
  'asc',
  'desc',
  '.',
  ',',
  '(',
  ')',
  '"',
  "'",
  ':',
  '::',
  '->',
  '->>',
  '!',
  '!inner',
  '*',
  ';',
  '--',
  '/*',
  '\\',
  ' ',
  '%',
  'DROP TABLE f_people',
  "'); DELETE FROM f_people; --",
  '$1',
  '1',
  '-1',
  '99999999999',
  'ö',
  '💥',
  '\u0000',
  'text',
];
const fragment = fc.array(fc.constantFrom(...atoms), { maxLength: 12 }).map((a) => a.join(''));
// Well-formed operators with hostile values reach SQL generation, not just the parser.
const operation = fc
  .tuple(
    fc.constantFrom('eq', 'neq', 'gt', 'like', 'ilike', 'in', 'cs', 'fts', 'not.eq', 'is', 'match'),
    fragment,
  )
  .map(([op, v]) => (op === 'in' ? `in.(${v})` : `${op}.${v}`));
const value = fc.oneof(fragment, operation, operation);
const key = fc.oneof(
  fc.constantFrom(
    'select',
    'order',
    'limit',
    'offset',
    'or',
    'and',
    'f_hypotheses.title',
    'labels->>team',
    'title',
    'n',
    'on_conflict',
  ),
  fragment,
);

describe('fuzzing the query parser and server', () => {
  it('the parser only ever fails with a PostgREST error', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 6 }), (pairs) => {
        const params = new URLSearchParams();
        for (const [k, v] of pairs) params.append(k, v);
        try {
          parseQuery(params);
        } catch (error) {
          expect(error).toBeInstanceOf(PgrstError);
          expect((error as PgrstError).status).toBe(400);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('hostile requests get a 2xx/3xx/4xx JSON answer, never a 500, and change nothing', async () => {
    const before = await db.pool.query('SELECT count(*)::int AS n FROM f_people');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('f_incidents', 'f_people', 'rpc/f_search'),
        async (pairs, target) => {
          const params = new URLSearchParams();
          for (const [k, v] of pairs) params.append(k, v);
          const res = await fetch(`${base}/${target}?${params}`, {
            headers: { Authorization: `Bearer ${TOKEN}` },
            signal: AbortSignal.timeout(10_000),
          });
          const text = await res.text();
          expect(res.status, `${params} -> ${text}`).toBeLessThan(500);
          expect(() => JSON.parse(text)).not.toThrow();
          expect(text).not.toContain('s3cret');
        },
      ),
      { numRuns: 500 },
    );
    const after = await db.pool.query('SELECT count(*)::int AS n FROM f_people');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
