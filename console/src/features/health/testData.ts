import type { Grant } from '../../api/session';
import type { MockRoutes } from '../../test/mockApi';
import { sessionRoutes } from '../../test/mockApi';
import type { CheckDetail, CheckStatus, CheckSummary } from './types';

export const READ: Grant[] = [{ object: 'checks', action: 'read' }];
export const PLAYBOOK_WRITER: Grant[] = [...READ, { object: 'playbook_runs', action: 'write' }];

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

export function check(
  overrides: Partial<CheckSummary> & { id: string; name: string },
): CheckSummary {
  return {
    canary_id: `canary-${overrides.id}`,
    type: 'http',
    status: 'healthy',
    description: '',
    namespace: 'default',
    canary_name: overrides.name,
    labels: {},
    severity: 'medium',
    agent_id: '00000000-0000-0000-0000-000000000000',
    agent_name: 'local',
    last_runtime: minutesAgo(1),
    next_runtime: new Date(Date.now() + 60_000).toISOString(),
    last_transition_time: minutesAgo(30),
    uptime: { passed: 10, failed: 0 },
    latency: { p50: 9, p95: 14, p97: 15, p99: 22, avg: 10 },
    ...overrides,
  };
}

export const CHECKS: CheckSummary[] = [
  check({
    id: 'c1',
    name: 'homepage',
    canary_name: 'web',
    description: 'Public homepage',
    labels: { env: 'prod', team: 'a' },
    uptime: { passed: 58, failed: 2 },
  }),
  check({
    id: 'c2',
    name: 'login',
    canary_name: 'web',
    status: 'unhealthy',
    labels: { env: 'prod', team: 'b', url: 'https://login.example.com' },
    uptime: { passed: 1, failed: 19 },
  }),
  check({
    id: 'c3',
    name: 'db-ping',
    canary_name: 'db',
    type: 'postgres',
    namespace: 'data',
    status: 'unhealthy',
    labels: { env: 'staging' },
    agent_name: 'edge',
    uptime: { passed: 2, failed: 8 },
  }),
  check({ id: 'c4', name: 'cache', canary_name: 'cache', namespace: '', labels: {} }),
];

export function statuses(count: number, offset = 0): CheckStatus[] {
  return Array.from({ length: count }, (_, i) => ({
    time: new Date(Date.UTC(2025, 0, 1, 12, 0, 0) - (offset + i) * 60_000).toISOString(),
    status: (offset + i) % 3 !== 0,
    duration: 10 + i,
    message: `run ${offset + i}`,
    error: (offset + i) % 3 === 0 ? `boom ${offset + i}` : '',
  }));
}

export function detail(summary: CheckSummary, extra: Partial<CheckDetail> = {}): CheckDetail {
  return {
    ...summary,
    canary: {
      id: summary.canary_id,
      name: summary.canary_name ?? summary.name,
      namespace: 'default',
      source: 'UI',
      spec: {},
      labels: {},
    },
    spec: { name: summary.name, url: 'https://example.com', responseCodes: [200] },
    relationships: { components: [], configs: [] },
    ...extra,
  };
}

export function healthRoutes(
  grants: Grant[] = READ,
  roles: string[] = ['admin'],
  extra: MockRoutes = {},
): MockRoutes {
  return {
    ...sessionRoutes(grants, roles),
    'GET /api/canary/api/summary': { body: { checks_summary: CHECKS } },
    ...extra,
  };
}
