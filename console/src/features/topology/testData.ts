import type { Grant, Property } from '../../api/session';
import { sessionRoutes, type MockRequest, type MockRoutes } from '../../test/mockApi';
import { healthOf } from './health';
import type { TopologyComponent } from './types';

export const INCIDENT_WRITER: Grant[] = [
  { object: 'incident', action: 'read' },
  { object: 'incident', action: 'write' },
];

export function component(
  overrides: Partial<TopologyComponent> & { id: string; name: string },
): TopologyComponent {
  return {
    text: null,
    type: 'KubernetesPod',
    icon: null,
    status: 'healthy',
    health: 'healthy',
    external_id: `ext-${overrides.id}`,
    parent_id: null,
    path: null,
    properties: null,
    ...overrides,
  };
}

/** Two roots; the cluster has three children, one of which has children of its own. */
export const COMPONENTS: TopologyComponent[] = [
  component({
    id: 'c-cluster',
    name: 'prod-cluster',
    text: 'Production',
    type: 'KubernetesCluster',
    properties: [
      { name: 'version', text: '1.30', headline: true },
      { name: 'region', text: 'eu-west-1' },
      { name: 'size', text: 'large' },
    ],
  }),
  component({
    id: 'c-billing',
    name: 'billing',
    type: 'Service',
    health: null,
    status: 'warning',
    external_id: '',
  }),
  component({
    id: 'c-web',
    name: 'web',
    parent_id: 'c-cluster',
    path: 'c-cluster',
    health: 'healthy',
  }),
  component({
    id: 'c-api',
    name: 'payments-api',
    parent_id: 'c-cluster',
    path: 'c-cluster',
    health: 'unhealthy',
    properties: [{ name: 'cpu', value: 250, unit: 'm', headline: true }],
  }),
  component({
    id: 'c-db',
    name: 'orders-db',
    type: 'Database',
    parent_id: 'c-cluster',
    path: 'c-cluster',
    health: 'warning',
    external_id: '',
  }),
  component({
    id: 'c-pod',
    name: 'payments-api-7d9',
    parent_id: 'c-api',
    path: 'c-cluster.c-api',
    health: 'unhealthy',
  }),
];

/** A PostgREST filter value of the mocked request, e.g. 'eq.x' for `id`. */
const param = (req: MockRequest, key: string) => req.url.searchParams.get(key) ?? undefined;
const listIn = (value: string) => value.replace(/^in\.\(|\)$/g, '').split(',');

/** Applies the filters the topology page sends to the rows above. */
function queryTopology(req: MockRequest, rows: readonly TopologyComponent[]): TopologyComponent[] {
  const id = param(req, 'id');
  const parent = param(req, 'parent_id');
  const type = param(req, 'type');
  const or = param(req, 'or');
  return rows.filter((c) => {
    if (id && c.id !== id.slice('eq.'.length)) return false;
    if (parent === 'is.null' && c.parent_id !== null) return false;
    if (parent?.startsWith('eq.') && c.parent_id !== parent.slice(3)) return false;
    if (parent?.startsWith('in.') && !listIn(parent).includes(c.parent_id ?? '')) return false;
    if (type?.startsWith('eq.') && c.type !== type.slice(3)) return false;
    if (or) {
      const healths = /health\.in\.\(([^)]*)\)/.exec(or)?.[1]?.split(',') ?? [];
      if (!healths.includes(healthOf(c))) return false;
    }
    return true;
  });
}

/** GET /api/db/topology answering like PostgREST: limited, with the total in Content-Range. */
export function topologyRoute(rows: readonly TopologyComponent[] = COMPONENTS) {
  return (req: MockRequest) => {
    const matching = queryTopology(req, rows);
    const limit = Number(param(req, 'limit') ?? matching.length);
    const page = matching.slice(0, limit);
    const end = Math.max(0, page.length - 1);
    return { body: page, headers: { 'Content-Range': `0-${end}/${matching.length}` } };
  };
}

export function topologyRoutes(
  options: { grants?: Grant[]; properties?: Property[]; extra?: MockRoutes } = {},
): MockRoutes {
  return {
    ...sessionRoutes(options.grants ?? INCIDENT_WRITER, ['editor']),
    'GET /api/properties': { body: options.properties ?? [] },
    'GET /api/db/topology': topologyRoute(),
    'GET /api/db/components': (req) => {
      const ids = listIn(param(req, 'id') ?? '');
      return {
        body: COMPONENTS.filter((c) => ids.includes(c.id)).map(({ id, name, text }) => ({
          id,
          name,
          text,
        })),
      };
    },
    ...options.extra,
  };
}
