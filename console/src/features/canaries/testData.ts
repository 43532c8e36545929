import type { Grant } from '../../api/session';
import { sessionRoutes, type MockRoutes } from '../../test/mockApi';
import type { CanaryListRow, CanaryRow } from './api';

export const READ: Grant[] = [{ object: 'canaries', action: 'read' }];
export const WRITE: Grant[] = [...READ, { object: 'canaries', action: 'write' }];

export const NIL = '00000000-0000-0000-0000-000000000000';

export const UI_CANARY: CanaryRow = {
  id: 'c1',
  name: 'web',
  namespace: 'prod',
  labels: { team: 'sre' },
  annotations: null,
  spec: {
    schedule: '@every 1m',
    http: [{ name: 'home', url: 'https://example.com', thresholdMillis: 500 }],
  },
  source: 'UI',
  agent_id: NIL,
  agent: { id: NIL, name: 'local' },
  created_by: 'me-1',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  deleted_at: null,
};

export const KUBE_CANARY: CanaryRow = {
  ...UI_CANARY,
  id: 'c2',
  name: 'api',
  namespace: 'payments',
  source: 'kubernetes/payments/api',
  spec: { schedule: '@every 5m', tcp: [{ name: 'db', endpoint: 'db:5432' }] },
};

export const LIST_ROWS: CanaryListRow[] = [
  {
    id: 'c1',
    name: 'web',
    namespace: 'prod',
    schedule: '@every 1m',
    interval: null,
    source: 'UI',
    labels: { team: 'sre' },
    agent_id: NIL,
    agent: { id: NIL, name: 'local' },
    created_by: { id: 'me-1', name: 'Ada Admin', avatar: null },
    created_at: '2026-11-01T10:00:00Z',
    last_runtime: new Date(Date.now() - 5 * 60_000).toISOString(),
    job_status: 'WARNING',
    job_name: 'CanaryRun',
  },
  {
    id: 'c2',
    name: 'api',
    namespace: 'payments',
    schedule: null,
    interval: '30',
    source: 'kubernetes/payments/api',
    labels: null,
    agent_id: NIL,
    agent: { id: NIL, name: 'local' },
    created_by: null,
    created_at: '2026-10-01T10:00:00Z',
    last_runtime: null,
    job_status: null,
    job_name: null,
  },
];

export function canaryRoutes(grants: Grant[], extra: MockRoutes = {}): MockRoutes {
  return { ...sessionRoutes(grants, ['editor']), ...extra };
}
