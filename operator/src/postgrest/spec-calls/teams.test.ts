import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AV, startSpecServer, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * Teams, their members and feature flags (datamodel.md §5 "teams", "properties", spec 001 §7
 * "Teams", spec 000 §7 "Feature flags", spec 002 §7 "Event queue and flags").
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const alice = { id: ID.alice, name: 'Alice Smith', avatar: 'https://img/alice.png' };

describe('teams', () => {
  it('GET teams?id=eq.X', async () => {
    const { data } = await s.client.from('teams').select().eq('id', ID.sre);
    expect(data).toEqual([
      {
        id: ID.sre,
        name: 'SRE',
        icon: 'sre-icon',
        spec: { responder_clients: { jira: { project: 'OPS' } } },
        source: 'UI',
        created_by: ID.alice,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        deleted_at: null,
      },
    ]);
  });

  it('GET teams?deleted_at=is.null&order=name.asc', async () => {
    const res = await s.raw('teams?deleted_at=is.null&order=name.asc');
    expect(((await res.json()) as Row[]).map((t) => t.name)).toEqual(['Platform', 'SRE']);
  });

  it('GET team_members?team_id=eq.X&select=*,person_id(*): the person_id key becomes the person', async () => {
    const { data, error } = await s.client
      .from('team_members')
      .select('*,person_id(*)')
      .eq('team_id', ID.sre);
    expect(error).toBeNull();
    const rows = (data as Row[]).sort((a, b) => a.person_id.id.localeCompare(b.person_id.id));
    expect(rows).toEqual([
      {
        team_id: ID.sre,
        person_id: expect.objectContaining({
          id: ID.alice,
          name: 'Alice Smith',
          email: 'alice@example.com',
        }),
      },
      {
        team_id: ID.sre,
        person_id: expect.objectContaining({ id: ID.bob, name: 'Bob Jones' }),
      },
    ]);
  });

  it('POST team_members with an array, as the console sends it, adds several people', async () => {
    const res = await s.raw('team_members', {
      method: 'POST',
      body: [
        { team_id: ID.sre, person_id: ID.carol },
        { team_id: ID.sre, person_id: ID.dave },
      ],
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([
      { team_id: ID.sre, person_id: ID.carol },
      { team_id: ID.sre, person_id: ID.dave },
    ]);
  });

  it('POST team_members with an array through postgrest-js (columns="team_id","person_id")', async () => {
    // postgrest-js names the payload's keys in a columns parameter, each double-quoted as
    // PostgREST's identifier grammar allows.
    const { data, status, error } = await s.client
      .from('team_members')
      .insert([{ team_id: ID.platform, person_id: ID.dave }])
      .select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ team_id: ID.platform, person_id: ID.dave }]);
  });

  it('answers a duplicate member with 409, or with nothing when duplicates are ignored', async () => {
    const body = [{ team_id: ID.sre, person_id: ID.dave }];
    const again = await s.raw('team_members', { method: 'POST', body });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: '23505' });
    const ignored = await s.raw('team_members', {
      method: 'POST',
      body,
      prefer: 'return=representation,resolution=ignore-duplicates',
    });
    expect(ignored.status).toBe(201);
    expect(await ignored.json()).toEqual([]);
  });

  it('rejects a bulk insert whose objects have different keys with 400 PGRST102', async () => {
    const res = await s.raw('team_members', {
      method: 'POST',
      body: [{ team_id: ID.platform, person_id: ID.dave }, { team_id: ID.platform }],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'PGRST102',
      message: 'All object keys must match',
    });
  });

  it('DELETE team_members?person_id=eq.X removes the person from every team', async () => {
    const res = await s.raw(`team_members?person_id=eq.${ID.bob}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const removed = ((await res.json()) as Row[]).map((r) => r.team_id).sort();
    expect(removed).toEqual([ID.sre, ID.platform].sort());
    const { data } = await s.client.from('team_members').select('team_id').eq('person_id', ID.bob);
    expect(data).toEqual([]);
  });
});

describe('feature flags (properties)', () => {
  it('GET properties?select=*,created_by(AV)', async () => {
    const { data } = await s.client.from('properties').select(`*,created_by(${AV})`).order('name');
    expect(data).toEqual([
      expect.objectContaining({ name: 'incidents.disable', value: 'false', created_by: alice }),
      expect.objectContaining({ name: 'logs.disable', value: 'true', created_by: null }),
    ]);
  });

  it('GET properties?select=*,created_by(AV)&name=eq.N&value=eq.V', async () => {
    const hit = await s.raw(
      `properties?select=*,created_by(${AV})&name=eq.logs.disable&value=eq.true`,
    );
    expect(await hit.json()).toEqual([expect.objectContaining({ name: 'logs.disable' })]);
    const miss = await s.raw(
      `properties?select=*,created_by(${AV})&name=eq.logs.disable&value=eq.false`,
    );
    expect(await miss.json()).toEqual([]);
  });

  it('POST, PATCH by name and DELETE by name', async () => {
    const created = await s.client
      .from('properties')
      .insert({ name: 'playbooks.disable', value: 'true', created_by: ID.alice })
      .select(`*,created_by(${AV})`);
    expect(created.status).toBe(201);
    expect(created.data).toEqual([
      expect.objectContaining({ name: 'playbooks.disable', value: 'true', created_by: alice }),
    ]);
    const patched = await s.raw('properties?name=eq.playbooks.disable', {
      method: 'PATCH',
      body: { value: 'false' },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual([
      expect.objectContaining({ name: 'playbooks.disable', value: 'false' }),
    ]);
    const deleted = await s.raw('properties?name=eq.playbooks.disable', { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual([expect.objectContaining({ name: 'playbooks.disable' })]);
    const left = await s.client.from('properties').select('name').eq('name', 'playbooks.disable');
    expect(left.data).toEqual([]);
  });

  it('upserts a flag on its name with resolution=merge-duplicates', async () => {
    const { data, status } = await s.client
      .from('properties')
      .upsert({ name: 'logs.disable', value: 'false' })
      .select('name,value');
    expect(status).toBe(201);
    expect(data).toEqual([{ name: 'logs.disable', value: 'false' }]);
    const all = await s.client.from('properties').select('name').eq('name', 'logs.disable');
    expect(all.data).toHaveLength(1);
  });
});
