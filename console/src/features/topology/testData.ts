import type { Grant, Property } from '../../api/session';
import { sessionRoutes, type MockRequest, type MockRoutes } from '../../test/mockApi';
import { healthOf } from './health';
import type { TopologyAnswer, TopologyComponent } from './types';

export const INCIDENT_WRITER: Grant[] = [
  { object: 'incident', action: 'read' },
  { object: 'incident', action: 'write' },
  { object: 'topologies', action: 'read' },
];

export function component(
  overrides: Partial<TopologyComponent> & { id: string; name: string },
): TopologyComponent {
  return {
    topology_id: 'topo-1',
    type: 'KubernetesPod',
    status: 'healthy',
    health: 'healthy',
    external_id: `ext-${overrides.id}`,
    components: [],
    ...overrides,
  };
}

const pod = component({
  id: 'c-pod',
  name: 'payments-api-7d9',
  parent_id: 'c-api',
  path: 'c-cluster.c-api',
  health: 'unhealthy',
});

/** Two roots; the cluster has three children, one of which has a child of its own. */
export const TREE: TopologyComponent[] = [
  component({
    id: 'c-cluster',
    name: 'prod-cluster',
    text: 'Production',
    type: 'KubernetesCluster',
    labels: { namespace: 'platform', team: 'pay' },
    team_names: ['payments'],
    status_reason: '1 of 3 children unhealthy',
    properties: [
      { name: 'version', text: '1.30', headline: true },
      { name: 'region', text: 'eu-west-1' },
      { name: 'size', text: 'large' },
    ],
    components: [
      component({ id: 'c-web', name: 'web', parent_id: 'c-cluster', path: 'c-cluster' }),
      component({
        id: 'c-api',
        name: 'payments-api',
        parent_id: 'c-cluster',
        path: 'c-cluster',
        health: 'unhealthy',
        properties: [{ name: 'cpu', value: 250, unit: 'm', headline: true }],
        components: [pod],
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
];

function flatten(list: readonly TopologyComponent[]): TopologyComponent[] {
  return list.flatMap((c) => [c, ...flatten(c.components ?? [])]);
}

/** Whether a component passes a `a,!b` list filter on one of its values. */
function passes(list: string | null, value: string): boolean {
  if (!list) return true;
  const items = list.split(',').filter(Boolean);
  const include = items.filter((i) => !i.startsWith('!'));
  const exclude = items.filter((i) => i.startsWith('!')).map((i) => i.slice(1));
  return !exclude.includes(value) && (include.length === 0 || include.includes(value));
}

/**
 * A stand-in for GET /api/canary/api/topology over `tree`: the roots, or the component named by
 * `id` with its subtree; `status` and `type` narrow the level below the id (the roots without
 * one); `sortBy=name` orders it.
 */
export function topologyAnswer(
  req: MockRequest,
  tree: readonly TopologyComponent[],
): TopologyAnswer {
  const q = req.url.searchParams;
  const id = q.get('id');
  const keep = (c: TopologyComponent) =>
    passes(q.get('status'), healthOf(c)) && passes(q.get('type'), c.type ?? '');
  const order = (list: TopologyComponent[]) => {
    if (q.get('sortBy') !== 'name') return list;
    const sorted = [...list].sort((a, b) => a.name.localeCompare(b.name));
    return q.get('sortOrder') === 'desc' ? sorted.reverse() : sorted;
  };
  let components: TopologyComponent[];
  if (id) {
    const found = flatten(tree).find((c) => c.id === id);
    components = found
      ? [{ ...found, components: order((found.components ?? []).filter(keep)) }]
      : [];
  } else components = order(tree.filter(keep));
  const all = flatten(tree);
  return {
    components,
    types: [...new Set(all.map((c) => c.type ?? '').filter(Boolean))],
    teams: ['payments', 'platform'],
    healthStatuses: [...new Set(all.map(healthOf))],
    tags: { team: ['pay'], namespace: ['platform'] },
  };
}

export const topologyRoute =
  (tree: readonly TopologyComponent[] = TREE) =>
  (req: MockRequest) => ({
    body: topologyAnswer(req, tree),
  });

export function topologyRoutes(
  options: { grants?: Grant[]; properties?: Property[]; extra?: MockRoutes } = {},
): MockRoutes {
  return {
    ...sessionRoutes(options.grants ?? INCIDENT_WRITER, ['editor']),
    'GET /api/properties': { body: options.properties ?? [] },
    'GET /api/canary/api/topology': topologyRoute(),
    'GET /api/db/components': (req) => {
      const ids = (req.url.searchParams.get('id') ?? '').replace(/^in\.\(|\)$/g, '').split(',');
      return {
        body: flatten(TREE)
          .filter((c) => ids.includes(c.id))
          .map(({ id, name, text, path }) => ({
            id,
            name,
            text: text ?? null,
            path: path ?? null,
          })),
      };
    },
    ...options.extra,
  };
}
