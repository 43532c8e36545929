import type { Grant } from '../../api/session';
import type { MockRoutes, MockRequest } from '../../test/mockApi';
import { sessionRoutes } from '../../test/mockApi';
import type { Person } from './api';

export const WRITE: Grant[] = [
  { object: 'database', action: 'read' },
  { object: 'database', action: 'write' },
];
export const READ: Grant[] = [{ object: 'database', action: 'read' }];

export const ADA: Person = {
  id: 'p-ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatar: null,
};
export const GRACE: Person = {
  id: 'p-grace',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  avatar: null,
};
export const LINUS: Person = {
  id: 'p-linus',
  name: 'Linus Torvalds',
  email: 'linus@example.com',
  avatar: null,
};

export const SRE = {
  id: 'team-sre',
  name: 'SRE',
  icon: null,
  spec: { responder_clients: { jira: { project: 'OPS' } } },
  source: 'UI',
  created_by: 'me-1',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  deleted_at: null,
};

/** The team APIs over an in-memory membership, so adds and removes show on the next load. */
export function teamRoutes(grants: Grant[], extra: MockRoutes = {}, initial: Person[] = []) {
  let members = [...initial];
  const people = [ADA, GRACE, LINUS];
  const routes: MockRoutes = {
    ...sessionRoutes(grants, ['editor']),
    'GET /api/db/teams_with_status': {
      body: [
        {
          ...SRE,
          created_by: { id: 'me-1', name: 'Ada Admin', avatar: null },
          job_status: 'FAILED',
          job_time_start: '2026-11-24T10:00:00Z',
        },
      ],
      headers: { 'Content-Range': '0-0/1' },
    },
    'GET /api/db/teams': (req: MockRequest) => ({
      body: req.url.searchParams.get('id') === `eq.${SRE.id}` ? [SRE] : [],
    }),
    'PATCH /api/db/teams': { status: 204 },
    'POST /api/db/teams': { status: 201 },
    'GET /api/db/team_members': () => ({
      body: members.map((p) => ({ team_id: SRE.id, person_id: p })),
    }),
    'POST /api/db/team_members': (req: MockRequest) => {
      const rows = req.body as { person_id: string }[];
      members = [...members, ...people.filter((p) => rows.some((r) => r.person_id === p.id))];
      return { status: 201 };
    },
    'DELETE /api/db/team_members': (req: MockRequest) => {
      const id = req.url.searchParams.get('person_id')?.replace(/^eq\./, '');
      members = members.filter((p) => p.id !== id);
      return { status: 204 };
    },
    'GET /api/db/people': { body: people },
    'GET /api/db/connections_list': {
      body: [{ id: 'c-1', name: 'slack-ops', namespace: 'default', type: 'slack' }],
    },
    'GET /api/db/job_histories': { body: [], headers: { 'Content-Range': '*/0' } },
    ...extra,
  };
  return routes;
}
