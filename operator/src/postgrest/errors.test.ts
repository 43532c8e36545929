import { describe, expect, it } from 'vitest';
import { constraintMessage, fromPgError } from './errors.js';

describe('constraint violations in words', () => {
  it('names what already exists, leaving out the agent and source that only scope the key', () => {
    const e = fromPgError({
      code: '23505',
      table: 'canaries',
      message:
        'duplicate key value violates unique constraint "canaries_agent_id_name_namespace_source_key"',
      detail:
        'Key (agent_id, name, namespace, source)=(00000000-0000-0000-0000-000000000000, web, default, UI) already exists.',
    });
    expect(e.status).toBe(409);
    expect(e.message).toBe(
      'a canary with name "web" and namespace "default" already exists: choose another name',
    );
    expect(e.details).toMatch(/^Key \(agent_id/);
  });

  it.each([
    [
      { code: '23505', table: 'people', detail: 'Key (lower(email))=(a@b.c) already exists.' },
      'a person with email "a@b.c" already exists: choose another email',
    ],
    [
      {
        code: '23503',
        table: 'team_members',
        detail: 'Key (team_id)=(0000) is not present in table "teams".',
      },
      'team_id "0000" does not exist (no team with that id)',
    ],
    [
      {
        code: '23503',
        table: 'teams',
        detail: 'Key (id)=(0000) is still referenced from table "team_members".',
      },
      'this team is still used by a team member: remove that first',
    ],
    [{ code: '23502', table: 'checks', column: 'name' }, 'name is required'],
  ])('%j', (error, sentence) => {
    expect(constraintMessage(error)).toBe(sentence);
  });

  it("keeps a trigger's own message for the same SQLSTATE", () => {
    expect(
      constraintMessage({
        code: '23514',
        message: 'incident INC-1 is closed: it can only be reopened',
      }),
    ).toBeUndefined();
  });

  it('keeps other errors as PostgreSQL said them', () => {
    expect(
      fromPgError({ code: '22P02', message: 'invalid input syntax for type uuid' }).message,
    ).toBe('invalid input syntax for type uuid');
  });
});
