import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../auth/identity.js';
import { createApp } from '../http/app.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import {
  fixtureExposure,
  fixtureFunctionExposure,
  seedFixture,
  type Seed,
} from './fixture.testing.js';

// Response bodies are checked by value; their static type does not matter here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response): Promise<any> => res.json();

let db: TestDatabase;
let server: http.Server;
let base: string;
let seed: Seed;
const TOKENS = {
  admin: 'vgl_fixture_admin_000000000000',
  viewer: 'vgl_fixture_viewer_00000000000',
  responder: 'vgl_fixture_responder_000000000',
};

beforeAll(async () => {
  db = await startTestDatabase();
  for (const role of ['admin', 'viewer', 'responder'] as const) {
    const person = await createPerson(db.pool, {
      name: role,
      email: `${role}@x`,
      password: 'password-123',
      roles: [role],
    });
    await ensureToken(db.pool, person.id, 'test', TOKENS[role]);
  }
  seed = await seedFixture(db.pool);
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

const client = (role: keyof typeof TOKENS = 'admin') =>
  new PostgrestClient(base, { headers: { Authorization: `Bearer ${TOKENS[role]}` } });
const get = (
  path: string,
  headers: Record<string, string> = {},
  role: keyof typeof TOKENS = 'admin',
) => fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${TOKENS[role]}`, ...headers } });
const send = (
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  role: keyof typeof TOKENS = 'admin',
) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${TOKENS[role]}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('reads', () => {
  it('embeds many-to-one by column name, one-to-many, nested and aliased', async () => {
    const { data, error } = await client()
      .from('f_incidents')
      .select(
        'id,title,created_by(name),commander:commander_id(name),f_hypotheses(title,f_evidences(type),created_by(name))',
      )
      .eq('id', seed.incidents[0] as string);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: seed.incidents[0],
        title: 'incident 1',
        created_by: { name: 'Bob' },
        commander: { name: 'Bob' },
        f_hypotheses: [
          { title: 'root cause', f_evidences: [{ type: 'log' }], created_by: { name: 'Alice' } },
          { title: 'factor', f_evidences: [{ type: 'config' }], created_by: null },
        ],
      },
    ]);
  });

  it('embeds through a junction (many-to-many), a self-reference and from a view', async () => {
    const people = await client().from('f_people').select('name,f_teams(name)').order('name');
    expect(people.data).toEqual([
      { name: 'Alice', f_teams: [{ name: 'SRE' }] },
      { name: 'Bob', f_teams: [] },
    ]);
    const tree = await client()
      .from('f_hypotheses')
      .select('title,f_hypotheses(title),parent:parent_id(title)')
      .is('parent_id', null);
    expect(tree.data).toEqual([
      { title: 'root cause', f_hypotheses: [{ title: 'factor' }], parent: null },
    ]);
    const view = await client()
      .from('f_incident_list')
      .select('title,creator,created_by(email)')
      .eq('id', seed.incidents[1] as string);
    expect(view.data).toEqual([
      { title: 'incident 2', creator: 'Alice', created_by: { email: 'alice@x' } },
    ]);
  });

  it('answers an ambiguous embed with 300 and the candidates', async () => {
    const res = await get('/f_incidents?select=f_people(name)');
    expect(res.status).toBe(300);
    const body = await json(res);
    expect(body.code).toBe('PGRST201');
    expect(body.hint).toContain("'f_people!f_incidents_created_by_fkey'");
    const fixed = await get(
      '/f_incidents?select=f_people!f_incidents_commander_id_fkey(name)&id=eq.' + seed.incidents[0],
    );
    expect(await json(fixed)).toEqual([{ f_people: { name: 'Bob' } }]);
  });

  it('filters with every common operator', async () => {
    const c = client();
    const titles = async (q: PromiseLike<{ data: { title: string }[] | null }>) =>
      ((await q).data ?? []).map((r) => r.title);
    expect(
      await titles(c.from('f_incidents').select('title').ilike('title', '*database*')),
    ).toEqual(['incident 3 database down']);
    expect(
      (await titles(c.from('f_incidents').select('title').in('n', [1, 2]).order('n'))).length,
    ).toBe(2);
    expect(await titles(c.from('f_incidents').select('title').gte('n', 11).lt('n', 12))).toEqual([
      'incident 11',
    ]);
    expect(
      await titles(c.from('f_incidents').select('title').not('commander_id', 'is', null)),
    ).toEqual(['incident 1']);
    expect(
      await titles(
        c.from('f_incidents').select('title').or('n.eq.1,and(n.gt.10,status.eq.closed)').order('n'),
      ),
    ).toEqual(['incident 1', 'incident 12']);
    expect(
      await titles(
        c.from('f_incidents').select('title').eq('labels->>app.kubernetes.io/name', 'app5'),
      ),
    ).toEqual(['incident 5']);
    expect(await titles(c.from('f_incidents').select('title').contains('tags', ['a']))).toEqual([
      'incident 1',
    ]);
    expect(
      (await titles(c.from('f_incidents').select('title').contains('labels', { team: 'sre' })))
        .length,
    ).toBe(6);
    expect(
      await titles(c.from('f_incidents').select('title').textSearch('title', 'database & down')),
    ).toEqual(['incident 3 database down']);
    expect(
      await titles(
        c
          .from('f_incidents')
          .select('title')
          .match({ status: 'closed', severity: 'high' })
          .order('n'),
      ),
    ).toEqual(['incident 6', 'incident 12']);
  });

  it('selects JSON paths and casts', async () => {
    const { data } = await client()
      .from('f_incidents')
      .select('team:labels->>team,n::text,labels->app.kubernetes.io/name')
      .eq('n', 2);
    expect(data).toEqual([{ team: 'sre', n: '2', 'app.kubernetes.io/name': 'app2' }]);
  });

  it('orders with nulls placement and pages with limit, offset and Range', async () => {
    const { data } = await client()
      .from('f_incidents')
      .select('n')
      .order('commander_id', { ascending: true, nullsFirst: true })
      .order('n')
      .limit(2);
    expect(data).toEqual([{ n: 2 }, { n: 3 }]);
    const ranged = await get('/f_incidents?select=n&order=n', { Range: '3-5' });
    expect(await json(ranged)).toEqual([{ n: 4 }, { n: 5 }, { n: 6 }]);
    expect(ranged.headers.get('content-range')).toBe('3-5/*');
  });

  it('counts exactly with Content-Range and 206 on a partial page', async () => {
    const page = await get('/f_incidents?select=id&status=eq.open&limit=5&offset=2', {
      Prefer: 'count=exact',
    });
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('2-6/8');
    const all = await get('/f_incidents?select=id&status=eq.closed', { Prefer: 'count=exact' });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-3/4');
    const none = await get('/f_incidents?select=id&status=eq.nope', { Prefer: 'count=exact' });
    expect(none.headers.get('content-range')).toBe('*/0');
    expect(await json(none)).toEqual([]);
    const beyond = await get('/f_incidents?select=id&offset=50', { Prefer: 'count=exact' });
    expect(beyond.status).toBe(416);
    expect((await json(beyond)).code).toBe('PGRST103');
    const planned = await get('/f_incidents?select=id&limit=1', { Prefer: 'count=planned' });
    expect(planned.headers.get('content-range')).toMatch(/^0-0\/\d+$/);
    const { count } = await client()
      .from('f_incidents')
      .select('id', { count: 'exact', head: false })
      .eq('severity', 'high');
    expect(count).toBe(6);
  });

  it('keeps parents without matches unless the embed is !inner', async () => {
    const left = await get(
      `/f_incidents?select=n,f_hypotheses(f_evidences(component))&f_hypotheses.f_evidences.component=eq.db&n=lte.2&order=n`,
    );
    expect(await json(left)).toEqual([
      { n: 1, f_hypotheses: [{ f_evidences: [{ component: 'db' }] }, { f_evidences: [] }] },
      { n: 2, f_hypotheses: [] },
    ]);
    const inner = await get(
      `/f_incidents?select=n,f_hypotheses!inner(f_evidences!inner(component))&f_hypotheses.f_evidences.component=eq.web`,
      { Prefer: 'count=exact' },
    );
    expect(await json(inner)).toEqual([
      { n: 1, f_hypotheses: [{ f_evidences: [{ component: 'web' }] }] },
    ]);
    expect(inner.headers.get('content-range')).toBe('0-0/1');
    const presence = await get('/f_incidents?select=n,f_hypotheses(id)&f_hypotheses=not.is.null');
    expect((await json(presence)).map((r: { n: number }) => r.n)).toEqual([1]);
  });

  it('orders and limits embedded rows', async () => {
    const res = await get(
      `/f_incidents?select=f_hypotheses(title)&f_hypotheses.order=title.asc&f_hypotheses.limit=1&n=eq.1`,
    );
    expect(await json(res)).toEqual([{ f_hypotheses: [{ title: 'factor' }] }]);
  });

  it.each([
    ['/f_nope', 404, 'PGRST205'],
    ['/credentials', 404, 'PGRST205'],
    ['/f_incidents?select=nope', 400, '42703'],
    ['/f_incidents?nope=eq.1', 400, '42703'],
    ['/f_incidents?n=eq.abc', 400, '22P02'],
    ['/f_incidents?select=title&f_hypotheses.title=eq.x', 400, 'PGRST108'],
    ['/f_incidents?select=f_nothing(*)', 400, 'PGRST200'],
    ['/f_incidents?title=equals.x', 400, 'PGRST100'],
    ['/f_incidents?or=(title.eq.x', 400, 'PGRST100'],
  ])('GET %s -> %i %s', async (path, status, code) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    const body = await json(res);
    expect(Object.keys(body)).toEqual(['code', 'message', 'details', 'hint']);
    expect(body.code).toBe(code);
    expect(body.message).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('returns one object for the singular Accept header, 406 otherwise', async () => {
    const one = await client().from('f_incidents').select('title').eq('n', 4).single();
    expect(one.data).toEqual({ title: 'incident 4' });
    const many = await get('/f_incidents?select=title', {
      Accept: 'application/vnd.pgrst.object+json',
    });
    expect(many.status).toBe(406);
    expect((await json(many)).code).toBe('PGRST116');
  });
});

describe('secrets', () => {
  it('never returns write-only columns and refuses to select or filter on them', async () => {
    const all = await get('/f_people?select=*');
    expect(JSON.stringify(await json(all))).not.toContain('s3cret');
    expect((await get('/f_people?select=secret')).status).toBe(400);
    expect((await get('/f_people?secret=eq.s3cret-a')).status).toBe(400);
    expect((await get('/f_incidents?select=created_by(secret)')).status).toBe(400);
    const embedded = await get('/f_incidents?select=created_by(*)&limit=1');
    expect(JSON.stringify(await json(embedded))).not.toContain('s3cret');
  });
});

describe('writes', () => {
  it('inserts one row and returns it as an array (201)', async () => {
    const { data, status } = await client()
      .from('f_incidents')
      .insert({ title: 'created', created_by: seed.alice, labels: { a: 1 }, tags: ['x'] })
      .select('title,status,labels,tags,created_by(name)');
    expect(status).toBe(201);
    expect(data).toEqual([
      {
        title: 'created',
        status: 'open',
        labels: { a: 1 },
        tags: ['x'],
        created_by: { name: 'Alice' },
      },
    ]);
  });

  it('inserts in bulk and rejects mismatched keys or unknown columns', async () => {
    const bulk = await send('POST', '/f_teams', [{ name: 'A' }, { name: 'B' }], {
      Prefer: 'return=representation',
    });
    expect(bulk.status).toBe(201);
    expect((await json(bulk)).map((t: { name: string }) => t.name)).toEqual(['A', 'B']);
    const mismatched = await send('POST', '/f_teams', [{ name: 'C' }, { id: seed.team }]);
    expect(mismatched.status).toBe(400);
    expect((await json(mismatched)).code).toBe('PGRST102');
    const unknown = await send('POST', '/f_teams', { name: 'D', colour: 'red' });
    expect((await json(unknown)).code).toBe('PGRST204');
    const teams = await get('/f_teams?name=in.(C,D)');
    expect(await json(teams)).toEqual([]);
    const minimal = await send('POST', '/f_teams', { name: 'E' });
    expect(minimal.status).toBe(201);
    expect(await minimal.text()).toBe('');
  });

  it('answers constraint violations with 409 and stores nothing', async () => {
    const dup = await send('POST', '/f_people', { name: 'Dup', email: 'alice@x' });
    expect(dup.status).toBe(409);
    expect((await json(dup)).code).toBe('23505');
    const fk = await send('POST', '/f_incidents', {
      title: 'orphan',
      created_by: '00000000-0000-0000-0000-000000000001',
    });
    expect(fk.status).toBe(409);
    expect((await json(fk)).code).toBe('23503');
    const notNull = await send('POST', '/f_incidents', { created_by: seed.alice });
    expect(notNull.status).toBe(400);
    expect((await json(notNull)).code).toBe('23502');
    expect(await json(await get('/f_incidents?title=eq.orphan'))).toEqual([]);
  });

  it('updates filtered rows, letting Postgres cast "now()"', async () => {
    const { data } = await client()
      .from('f_incidents')
      .update({ deleted_at: 'now()', severity: 'critical' })
      .eq('n', 7)
      .select('n,severity,deleted_at');
    expect(data).toHaveLength(1);
    expect(data?.[0]?.severity).toBe('critical');
    expect(Date.now() - new Date(data?.[0]?.deleted_at as string).getTime()).toBeLessThan(60_000);
    const none = await send(
      'PATCH',
      '/f_incidents?n=eq.999',
      { severity: 'x' },
      { Prefer: 'return=representation' },
    );
    expect(none.status).toBe(200);
    expect(await json(none)).toEqual([]);
  });

  it('rolls back a singular update that would touch several rows', async () => {
    const res = await send(
      'PATCH',
      '/f_incidents?status=eq.open',
      { severity: 'oops' },
      { Accept: 'application/vnd.pgrst.object+json' },
    );
    expect(res.status).toBe(406);
    expect(await json(await get('/f_incidents?severity=eq.oops'))).toEqual([]);
  });

  it('deletes filtered rows and returns them', async () => {
    await send('POST', '/f_teams', { name: 'doomed' });
    const res = await send('DELETE', '/f_teams?name=eq.doomed', undefined, {
      Prefer: 'return=representation',
    });
    expect(res.status).toBe(200);
    expect((await json(res))[0].name).toBe('doomed');
    expect((await send('DELETE', '/f_teams?name=eq.doomed', undefined)).status).toBe(204);
  });

  it('upserts with merge-duplicates and on_conflict', async () => {
    const first = await client()
      .from('f_people')
      .upsert({ name: 'Carol', email: 'carol@x' }, { onConflict: 'email' })
      .select('name');
    expect(first.data).toEqual([{ name: 'Carol' }]);
    const second = await client()
      .from('f_people')
      .upsert({ name: 'Carol B', email: 'carol@x' }, { onConflict: 'email' })
      .select('name,email');
    expect(second.data).toEqual([{ name: 'Carol B', email: 'carol@x' }]);
    const ignored = await client()
      .from('f_people')
      .upsert({ name: 'Nope', email: 'carol@x' }, { onConflict: 'email', ignoreDuplicates: true })
      .select('name');
    expect(ignored.data).toEqual([]);
    expect(await json(await get('/f_people?email=eq.carol@x&select=name'))).toEqual([
      { name: 'Carol B' },
    ]);
  });

  it('refuses writes to views and malformed bodies', async () => {
    const view = await send('POST', '/f_incident_list', { title: 'x' });
    expect(view.status).toBe(405);
    const bad = await fetch(`${base}/f_teams`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKENS.admin}`, 'Content-Type': 'application/json' },
      body: '{"name":',
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).code).toBe('PGRST102');
  });
});

describe('functions', () => {
  it('calls set-returning and scalar functions by GET and POST', async () => {
    const search = await client().rpc('f_search', { q: 'database' }, { get: true }).select('title');
    expect(search.data).toEqual([{ title: 'incident 3 database down' }]);
    expect((await client().rpc('f_add', { a: 2 }, { get: true })).data).toBe(3);
    expect((await client().rpc('f_add', { a: 2, b: 5 })).data).toBe(7);
    const unknown = await get('/rpc/f_add?a=1&zzz=2');
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).code).toBe('PGRST202');
    expect((await get('/rpc/f_nope')).status).toBe(404);
  });

  it('runs GET calls read-only', async () => {
    const res = await get(`/rpc/f_touch?incident=${seed.incidents[0]}`);
    expect(res.status).toBe(405);
    expect((await json(res)).code).toBe('25006');
    const post = await send('POST', '/rpc/f_touch', { incident: seed.incidents[0] });
    expect(post.status).toBe(200);
  });
});

describe('authorisation', () => {
  it('needs credentials', async () => {
    expect((await fetch(`${base}/f_incidents`)).status).toBe(401);
  });

  it('lets a viewer read but not write, saying which permission is missing', async () => {
    expect((await get('/f_incidents?limit=1', {}, 'viewer')).status).toBe(200);
    const res = await send(
      'PATCH',
      `/f_incidents?id=eq.${seed.incidents[0]}`,
      { status: 'closed' },
      {},
      'viewer',
    );
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe(
      'permission denied: update on incident is not granted to roles viewer (f_incidents)',
    );
  });

  it('lets a responder write incidents but not teams', async () => {
    expect(
      (
        await send(
          'PATCH',
          `/f_incidents?id=eq.${seed.incidents[1]}`,
          { status: 'investigating' },
          {},
          'responder',
        )
      ).status,
    ).toBe(204);
    expect((await send('POST', '/f_teams', { name: 'R' }, {}, 'responder')).status).toBe(403);
  });
});
