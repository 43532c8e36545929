import type { Grant } from '../../api/session';
import { sessionRoutes, type MockRoutes } from '../../test/mockApi';
import type { PermissionRow } from './model';

export const READ: Grant[] = [{ object: 'permissions', action: 'read' }];
export const WRITE: Grant[] = [...READ, { object: 'permissions', action: 'write' }];

const base = {
  deny: false,
  description: null,
  object: null,
  config_id: null,
  component_id: null,
  canary_id: null,
  playbook_id: null,
  connection_id: null,
  person_id: null,
  team_id: null,
  until: null,
  source: 'UI',
  created_at: '2025-01-02T03:04:00Z',
  created_by: 'me-1',
  createdBy: { id: 'me-1', name: 'Ada Admin', avatar: null },
};

export const ROWS: PermissionRow[] = [
  {
    ...base,
    id: 'p1',
    action: 'read',
    config_id: 'c1',
    catalog: { id: 'c1', name: 'prod-db', type: 'AWS::RDS', config_class: 'Database' },
    person_id: 'u1',
    person: { id: 'u1', name: 'Grace Hopper', avatar: null },
    deny: true,
    description: 'Keep out of prod',
  },
  {
    ...base,
    id: 'p2',
    action: '*',
    object: 'playbooks',
    team_id: 't1',
    team: { id: 't1', name: 'SRE', icon: null },
  },
  {
    ...base,
    id: 'p3',
    action: 'run',
    playbook_id: 'pb1',
    playbook: { id: 'pb1', name: 'restart', title: 'Restart pod', icon: null },
    team_id: 't1',
    team: { id: 't1', name: 'SRE', icon: null },
    source: 'kubernetes/default/allow-restart',
  },
];

export function permissionRoutes(grants: Grant[], extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(grants),
    'GET /api/db/permissions': { body: ROWS, headers: { 'Content-Range': `0-2/${ROWS.length}` } },
    ...extra,
  };
}
