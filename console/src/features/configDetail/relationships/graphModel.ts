import type { RelatedConfig } from './api';

/**
 * The relationship graph as nodes and edges, before layout (spec 002 'Relationships'). Pure and
 * linear in configs + links, so 500 related configs cost little more than 50.
 *
 * Links come from each config's related_ids (config_id -> related_id). Where 3 or more of one
 * config's neighbours on the same side share a type, an intermediary group node stands between
 * them and it; a group of 3 or fewer starts expanded, a larger one collapsed, and a click toggles
 * it. A collapsed group hides its members and whatever is reachable only through them, walking
 * from the current config downstream along the links and upstream against them.
 */

export type GraphConfig = Pick<
  RelatedConfig,
  'id' | 'name' | 'type' | 'related_ids' | 'health' | 'status' | 'deleted_at'
>;

export type BorderColor = 'red' | 'orange';

export interface ConfigGraphNode {
  kind: 'config';
  id: string;
  config: GraphConfig;
  current: boolean;
  deleted: boolean;
  border: BorderColor | undefined;
}

export interface GroupGraphNode {
  kind: 'group';
  id: string;
  type: string;
  /** The config the group hangs off, and on which side of it the members are. */
  anchor: string;
  side: 'out' | 'in';
  /** Member config ids, live before deleted, then by name. */
  members: string[];
  expanded: boolean;
  /** The worst border among the members, so a collapsed group still shows trouble. */
  border: BorderColor | undefined;
}

export type GraphNode = ConfigGraphNode | GroupGraphNode;

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
}

export interface RelationshipGraph {
  /** Visible nodes: live configs, then groups, then deleted configs. */
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** Spec 002: a group appears for 3 or more related configs of one type… */
export const GROUP_MIN_SIZE = 3;
/** …and expands by itself when it has 3 or fewer. */
export const AUTO_EXPAND_MAX_SIZE = 3;

/** Red for unhealthy, orange for warning, from the health or else the status. */
export function borderOf(config: Pick<GraphConfig, 'health' | 'status'>): BorderColor | undefined {
  for (const value of [config.health, config.status]) {
    const v = value?.trim().toLowerCase();
    if (v === 'unhealthy') return 'red';
    if (v === 'warning') return 'orange';
  }
  return undefined;
}

function worst(borders: Iterable<BorderColor | undefined>): BorderColor | undefined {
  let result: BorderColor | undefined;
  for (const b of borders) {
    if (b === 'red') return 'red';
    if (b === 'orange') result = 'orange';
  }
  return result;
}

const configName = (c: GraphConfig) => c.name || c.id;

/** Live configs before deleted ones, then by name (spec 002: deleted are sorted after). */
export function compareConfigs(a: GraphConfig, b: GraphConfig): number {
  const deleted = Number(Boolean(a.deleted_at)) - Number(Boolean(b.deleted_at));
  if (deleted !== 0) return deleted;
  return configName(a).localeCompare(configName(b)) || a.id.localeCompare(b.id);
}

function push<V>(map: Map<string, V[]>, key: string, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const linkKey = (source: string, target: string) => `${source}\u0000${target}`;

/** Every node reached from `start` following edges forward (or backward): a directed walk. */
function walk(edges: readonly GraphEdge[], start: string | undefined, forward: boolean) {
  const seen = new Set<string>();
  if (start === undefined) return seen;
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (forward) push(next, e.source, e.target);
    else push(next, e.target, e.source);
  }
  const queue = [start];
  seen.add(start);
  for (let i = 0; i < queue.length; i++) {
    for (const n of next.get(queue[i] as string) ?? []) {
      if (!seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return seen;
}

/**
 * What the server's walks reach: downstream of the start along the links, and upstream against
 * them. A config linked to a downstream one is not thereby "reachable" the other way.
 */
function reach(edges: readonly GraphEdge[], start: string | undefined): Set<string> {
  const down = walk(edges, start, true);
  for (const id of walk(edges, start, false)) down.add(id);
  return down;
}

/**
 * Builds the visible graph. `toggled` holds the groups the user expanded (true) or collapsed
 * (false); the others follow AUTO_EXPAND_MAX_SIZE.
 */
export function buildRelationshipGraph(
  configs: readonly GraphConfig[],
  currentId: string,
  toggled: ReadonlyMap<string, boolean> = new Map(),
): RelationshipGraph {
  const byId = new Map<string, GraphConfig>();
  for (const c of configs) if (!byId.has(c.id)) byId.set(c.id, c);

  // Links, once each, between configs that are both in the answer.
  const links: [string, string][] = [];
  const seen = new Set<string>();
  const out = new Map<string, string[]>();
  const into = new Map<string, string[]>();
  for (const c of byId.values()) {
    for (const target of c.related_ids ?? []) {
      const key = linkKey(c.id, target);
      if (target === c.id || !byId.has(target) || seen.has(key)) continue;
      seen.add(key);
      links.push([c.id, target]);
      push(out, c.id, target);
      push(into, target, c.id);
    }
  }

  // Groups: children first, then parents among the links no child group took.
  const grouped = new Set<string>();
  const groups: GroupGraphNode[] = [];
  const makeGroups = (anchor: string, neighbours: readonly string[], side: 'out' | 'in') => {
    const key = (n: string) => (side === 'out' ? linkKey(anchor, n) : linkKey(n, anchor));
    const byType = new Map<string, string[]>();
    for (const n of neighbours) {
      // The config the page is about always stands on its own.
      if (n !== currentId && !grouped.has(key(n))) {
        push(byType, (byId.get(n) as GraphConfig).type, n);
      }
    }
    for (const [type, members] of byType) {
      if (members.length < GROUP_MIN_SIZE) continue;
      const id = `group:${side}:${anchor}:${type}`;
      members.sort((a, b) =>
        compareConfigs(byId.get(a) as GraphConfig, byId.get(b) as GraphConfig),
      );
      for (const m of members) grouped.add(key(m));
      groups.push({
        kind: 'group',
        id,
        type,
        anchor,
        side,
        members,
        expanded: toggled.get(id) ?? members.length <= AUTO_EXPAND_MAX_SIZE,
        border: worst(members.map((m) => borderOf(byId.get(m) as GraphConfig))),
      });
    }
  };
  for (const id of byId.keys()) makeGroups(id, out.get(id) ?? [], 'out');
  for (const id of byId.keys()) makeGroups(id, into.get(id) ?? [], 'in');

  const edge = (source: string, target: string): GraphEdge => ({
    id: `edge:${source}->${target}`,
    source,
    target,
  });
  const displayEdges = (allExpanded: boolean): GraphEdge[] => {
    const edges: GraphEdge[] = [];
    for (const [s, t] of links) if (!grouped.has(linkKey(s, t))) edges.push(edge(s, t));
    for (const g of groups) {
      const open = allExpanded || g.expanded;
      if (g.side === 'out') {
        edges.push(edge(g.anchor, g.id));
        if (open) for (const m of g.members) edges.push(edge(g.id, m));
      } else {
        edges.push(edge(g.id, g.anchor));
        if (open) for (const m of g.members) edges.push(edge(m, g.id));
      }
    }
    return edges;
  };

  const start = byId.has(currentId) ? currentId : byId.keys().next().value;
  const edges = displayEdges(false);
  const shown = reach(edges, start);
  const reachable = reach(displayEdges(true), start);
  // Hidden: what only a collapsed group leads to. Configs not linked to the start at all (their
  // link ran through a config filtered out) are still shown, on their own.
  const visible = (id: string) => shown.has(id) || !reachable.has(id);

  const configNodes: ConfigGraphNode[] = [...byId.values()]
    .filter((c) => visible(c.id))
    .sort(compareConfigs)
    .map((config) => ({
      kind: 'config',
      id: config.id,
      config,
      current: config.id === currentId,
      deleted: Boolean(config.deleted_at),
      border: borderOf(config),
    }));
  const live = configNodes.filter((n) => !n.deleted);
  const deleted = configNodes.filter((n) => n.deleted);
  const nodes: GraphNode[] = [...live, ...groups.filter((g) => visible(g.id)), ...deleted];
  const shownIds = new Set(nodes.map((n) => n.id));
  return {
    nodes,
    edges: edges.filter((e) => shownIds.has(e.source) && shownIds.has(e.target)),
  };
}
