import type { Grant } from '../../api/session';
import { sessionRoutes, type MockRoutes } from '../../test/mockApi';
import type { ConnectionRow } from './model';

export const READ: Grant[] = [{ object: 'connections', action: 'read' }];
export const WRITE: Grant[] = [...READ, { object: 'connections', action: 'write' }];

const base = {
  namespace: 'default',
  source: 'UI',
  url: null,
  username: null,
  password: null,
  certificate: null,
  properties: null,
  insecure_tls: false,
  category: null,
  created_at: '2025-01-02T03:04:00Z',
  updated_at: '2025-01-03T03:04:00Z',
  createdBy: { id: 'me-1', name: 'Ada Admin', avatar: null },
};

export const ROWS: ConnectionRow[] = [
  {
    ...base,
    id: 'c1',
    name: 'orders-db',
    type: 'postgres',
    url: 'postgres://orders:5432/orders',
    username: '***',
    password: '***',
  },
  {
    ...base,
    id: 'c2',
    name: 'alerts',
    type: 'slack',
    namespace: 'ops',
    password: 'secret://slack/token',
    username: '***',
    category: 'notification',
  },
  {
    ...base,
    id: 'c3',
    name: 'vault-http',
    type: 'http',
    source: 'ConfigFile',
    url: 'https://vault.example',
  },
];

export function connectionRoutes(grants: Grant[], extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(grants),
    'GET /api/db/connection_details': (req) => {
      const id = req.url.searchParams.get('id')?.replace(/^eq\./, '');
      return { body: id ? ROWS.filter((r) => r.id === id) : ROWS };
    },
    'GET /api/db/connections': (req) => {
      const id = req.url.searchParams.get('id')?.replace(/^eq\./, '');
      return { body: [{ id, username: id === 'c1' ? 'orders_app' : null, url: null }] };
    },
    'GET /api/db/permissions': { body: [] },
    'POST /api/db/connections': { status: 201 },
    'PATCH /api/db/connections': { status: 204 },
    ...extra,
  };
}
