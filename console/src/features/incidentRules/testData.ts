import type { Grant } from '../../api/session';
import { sessionRoutes, type MockRoutes } from '../../test/mockApi';
import type { IncidentRuleListRow, IncidentRuleRow } from './api';

export const READ: Grant[] = [{ object: 'incident', action: 'read' }];
export const WRITE: Grant[] = [...READ, { object: 'incident', action: 'write' }];

export const UI_RULE: IncidentRuleRow = {
  id: 'r1',
  name: 'page-on-critical',
  spec: {
    filter: { status: ['unhealthy'], severity: ['critical'], labels: { env: 'prod' } },
    template: { title: '{{ .resource.name }} is down', type: 'availability', severity: 'high' },
    responders: { team: ['sre'] },
    autoResolve: { enabled: true, timeout: '5m' },
    priority: 1,
  },
  source: 'UI',
  created_by: 'me-1',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  deleted_at: null,
};

export const FILE_RULE: IncidentRuleRow = {
  ...UI_RULE,
  id: 'r2',
  name: 'from-file',
  source: 'ConfigFile',
  spec: { filter: { type: ['http'] }, breakOnMatch: true },
};

export const LIST_ROWS: IncidentRuleListRow[] = [
  {
    id: 'r1',
    name: 'page-on-critical',
    spec: UI_RULE.spec,
    source: 'UI',
    created_by: { id: 'me-1', name: 'Ada Admin', avatar: null },
    created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    updated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  },
  {
    id: 'r2',
    name: 'from-file',
    spec: FILE_RULE.spec,
    source: 'ConfigFile',
    created_by: null,
    created_at: '2026-10-01T10:00:00Z',
    updated_at: null,
  },
];

export function ruleRoutes(grants: Grant[], extra: MockRoutes = {}): MockRoutes {
  return { ...sessionRoutes(grants, ['editor']), ...extra };
}
