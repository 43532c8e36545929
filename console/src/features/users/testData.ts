import type { Grant } from '../../api/session';
import type { MockRoutes } from '../../test/mockApi';
import { sessionRoutes } from '../../test/mockApi';

export const READ: Grant[] = [{ object: 'identities', action: 'read' }];
export const WRITE: Grant[] = [...READ, { object: 'identities', action: 'write' }];

export const IDENTITIES = [
  {
    id: 'u1',
    traits: { name: { first: 'Grace', last: 'Hopper' }, email: 'grace@example.com' },
    state: 'active',
    state_changed_at: '2025-01-01T00:00:00Z',
    created_at: '2025-01-02T10:30:00Z',
    updated_at: '2025-01-02T10:30:00Z',
  },
  {
    id: 'u2',
    traits: { name: { first: 'Alan', last: 'Turing' }, email: 'alan@example.com' },
    state: 'inactive',
    state_changed_at: '2025-01-01T00:00:00Z',
    created_at: '2025-01-03T10:30:00Z',
    updated_at: '2025-01-03T10:30:00Z',
  },
];

export const PEOPLE_ROLES = [
  { id: 'u1', name: 'Grace Hopper', email: 'grace@example.com', roles: ['editor', 'viewer'] },
  { id: 'u2', name: 'Alan Turing', email: 'alan@example.com', roles: ['viewer'] },
];

export function usersRoutes(grants: Grant[], extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(grants),
    'GET /api/db/identities': { body: IDENTITIES },
    'GET /api/db/people_roles': { body: PEOPLE_ROLES },
    ...extra,
  };
}
