import type { Grant } from '../../../api/session';
import { sessionRoutes, type MockRequest, type MockRoutes } from '../../../test/mockApi';
import type { TopologyListRow, TopologyRow } from './topologiesApi';

export const WRITER: Grant[] = [
  { object: 'topologies', action: 'read' },
  { object: 'topologies', action: 'write' },
];
export const READER: Grant[] = [{ object: 'topologies', action: 'read' }];

export const ROWS: TopologyRow[] = [
  {
    id: 't-1',
    name: 'shop',
    namespace: 'default',
    labels: { team: 'pay' },
    spec: { schedule: '@every 5m', type: 'Application', icon: 'shop' },
    schedule: '@every 5m',
    source: 'UI',
    agent_id: null,
    agent: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: null,
    deleted_at: null,
  },
  {
    id: 't-2',
    name: 'cluster',
    namespace: 'platform',
    labels: null,
    spec: { type: 'KubernetesCluster' },
    schedule: null,
    source: 'kubernetes/platform/cluster',
    agent_id: null,
    agent: null,
    created_at: '2026-01-02T00:00:00Z',
    updated_at: null,
    deleted_at: null,
  },
];

const listRow = (row: TopologyRow): TopologyListRow => ({
  ...row,
  created_by: { id: 'me-1', name: 'Ada Admin', avatar: null },
  job_status: row.id === 't-1' ? 'SUCCESS' : null,
  job_time_start: null,
});

const byId = (req: MockRequest) => {
  const id = (req.url.searchParams.get('id') ?? '').replace(/^eq\./, '');
  return { body: ROWS.filter((r) => r.id === id) };
};

export function topologySpecRoutes(grants: Grant[] = WRITER): MockRoutes {
  return {
    ...sessionRoutes(grants, ['editor']),
    'GET /api/db/topologies_with_status': {
      body: ROWS.map(listRow),
      headers: { 'Content-Range': `0-1/${ROWS.length}` },
    },
    'GET /api/db/topologies': byId,
    'PATCH /api/db/topologies': { status: 204 },
    'POST /api/db/topologies': { status: 201 },
    'GET /api/db/job_histories': { body: [], headers: { 'Content-Range': '*/0' } },
  };
}
