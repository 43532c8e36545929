import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpecServer, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/** People and users (datamodel.md §5 "people", spec 000 §7 "People, identity", 002 "Users"). */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

describe('people', () => {
  it('GET people?id=eq.X returns the one person as an array', async () => {
    const { data, error, status } = await s.client.from('people').select().eq('id', ID.alice);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      expect.objectContaining({
        id: ID.alice,
        name: 'Alice Smith',
        email: 'alice@example.com',
        avatar: 'https://img/alice.png',
        team_id: null,
        deleted_at: null,
      }),
    ]);
  });

  it('GET people?select=*&order=name.asc lists everyone by name', async () => {
    const { data } = await s.client.from('people').select('*').order('name', { ascending: true });
    expect((data as Row[]).map((p) => p.name)).toEqual([
      'Admin',
      'Alice Smith',
      'Bob Jones',
      'Carol White',
      'Dave Brown',
      'System',
      'edge-eu',
    ]);
    // Only people columns: credentials live in another table and never show here.
    expect(Object.keys((data as Row[])[0] as Row)).not.toContain('password_hash');
  });

  it('answers the console’s GET (Prefer: return=representation) as JSON with a Content-Range', async () => {
    const res = await s.raw(`people?id=in.(${ID.alice},${ID.bob})&order=name.asc`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // No count was asked for: the total is unknown.
    expect(res.headers.get('content-range')).toBe('0-1/*');
    const none = await s.raw('people?email=eq.nobody@example.com', { prefer: 'count=exact' });
    expect(none.headers.get('content-range')).toBe('*/0');
    expect(await none.json()).toEqual([]);
  });

  it('GET people?email=eq.X finds a person by e-mail', async () => {
    const { data } = await s.client.from('people').select().eq('email', 'carol@example.com');
    expect((data as Row[]).map((p) => p.id)).toEqual([ID.carol]);
    const none = await s.client.from('people').select().eq('email', 'nobody@example.com');
    expect(none.data).toEqual([]);
  });

  it('POST people {name,email,avatar} answers 201 with the created row', async () => {
    const { data, status, error } = await s.client
      .from('people')
      .insert({ name: 'Erin Green', email: 'erin@example.com', avatar: 'https://img/erin.png' })
      .select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      expect.objectContaining({
        name: 'Erin Green',
        email: 'erin@example.com',
        avatar: 'https://img/erin.png',
        deleted_at: null,
      }),
    ]);
    expect((data as Row[])[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    const raw = await s.raw('people', {
      method: 'POST',
      body: { name: 'Frank Black', email: 'frank@example.com', avatar: null },
    });
    expect(raw.status).toBe(201);
    expect(raw.headers.get('content-range')).toBe('*/*');
    expect(await raw.json()).toEqual([
      expect.objectContaining({ name: 'Frank Black', avatar: null }),
    ]);
    // The unique e-mail index makes a second insert a 409 conflict with the SQLSTATE.
    const again = await s.client.from('people').insert({ name: 'Erin', email: 'ERIN@example.com' });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: '23505' });
  });

  it('GET people_roles?id=in.(a,b) lists each person with their roles', async () => {
    const { data } = await s.client
      .from('people_roles')
      .select()
      .in('id', [ID.alice, ID.bob, ID.dave])
      .order('name');
    expect(data).toEqual([
      { id: ID.alice, name: 'Alice Smith', email: 'alice@example.com', roles: ['editor'] },
      { id: ID.bob, name: 'Bob Jones', email: 'bob@example.com', roles: ['responder', 'viewer'] },
      // No roles at all: the console treats the person as a viewer.
      { id: ID.dave, name: 'Dave Brown', email: 'dave@example.com', roles: [] },
    ]);
  });

  it('GET identities lists human users with Kratos-shaped traits', async () => {
    const res = await s.raw('identities');
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Row[];
    const alice = rows.find((r) => r.id === ID.alice);
    expect(alice).toMatchObject({
      traits: { name: { first: 'Alice', last: 'Smith' }, email: 'alice@example.com' },
      // Seeded without credentials, so not (yet) able to sign in.
      state: 'inactive',
    });
    const admin = rows.find((r) => r.id === s.adminId);
    expect(admin).toMatchObject({ traits: { name: { first: 'Admin', last: null } } });
    expect(admin?.state).toBe('active');
    // Neither the System person nor agents' machine users are users.
    expect(rows.map((r) => r.id)).not.toContain(ID.edgePerson);
    expect(rows.map((r) => r.id)).not.toContain('00000000-0000-0000-0000-000000000000');
    expect(Object.keys(alice as Row).sort()).toEqual(
      ['created_at', 'id', 'state', 'state_changed_at', 'traits', 'updated_at'].sort(),
    );
  });
});
