import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpecServer, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * The calls /settings/teams makes beyond spec 001 §7 (docs/settings.md): a member leaves one
 * team only, and a deleted team's name can be given to a new team.
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const json = async (res: Response) => (await res.json()) as Row[];

describe('teams in settings', () => {
  it('DELETE team_members?team_id=eq.T&person_id=eq.P takes the person out of that team only', async () => {
    const platform = (await json(await s.raw('teams?name=eq.Platform&select=id')))[0]?.id as string;
    const added = await s.raw('team_members', {
      method: 'POST',
      body: [{ team_id: platform, person_id: ID.alice }],
    });
    expect(added.status).toBe(201);
    const removed = await s.raw(`team_members?team_id=eq.${ID.sre}&person_id=eq.${ID.alice}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    const teams = await json(await s.raw(`team_members?person_id=eq.${ID.alice}&select=team_id`));
    expect(teams).toEqual([{ team_id: platform }]);
  });

  it('gives the name of a deleted team to a new one, but not that of a live team', async () => {
    const create = (name: string) =>
      s.raw('teams', {
        method: 'POST',
        body: { name, spec: {}, source: 'UI', created_by: ID.alice },
      });
    const first = await create('Night Shift');
    expect(first.status).toBe(201);
    const id = (await json(first))[0]?.id as string;
    expect((await create('Night Shift')).status).toBe(409);

    const deleted = await s.raw(`teams?id=eq.${id}`, {
      method: 'PATCH',
      body: { deleted_at: 'now()' },
    });
    expect(deleted.status).toBe(200);
    const again = await create('Night Shift');
    expect(again.status).toBe(201);
    expect((await json(again))[0]?.id).not.toBe(id);
  });
});
