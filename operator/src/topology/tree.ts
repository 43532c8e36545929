import type { ComponentSet } from './components.js';
import type { Node } from './graph.js';
import { matchesList, type TopologyParams } from './queryParams.js';

/**
 * The filters of the topology answer, applied once the tree is built (status and type drop a
 * component with its subtree; team, labels and owner keep the matching components and their
 * ancestors), and the lists the console's filters offer.
 */

/** status and type: a component that fails them is dropped (with its subtree in a tree). */
function passesDrop(params: TopologyParams, set: ComponentSet, i: number): boolean {
  if (params.status && !matchesList(params.status, set.status[i])) return false;
  if (params.type && !matchesList(params.type, set.type[i])) return false;
  return true;
}

/** team, labels and owner: the components they select. */
function selected(params: TopologyParams, set: ComponentSet, i: number): boolean {
  if (params.team && !set.teams(i).includes(params.team)) return false;
  if (params.owner && set.owner[i] !== params.owner) return false;
  if (params.labels) {
    const labels = set.labels(i);
    for (const [k, v] of Object.entries(params.labels)) if (labels?.[k] !== v) return false;
  }
  return true;
}

const selects = (p: TopologyParams) => !!(p.team || p.owner || p.labels);

/** Filters a tree in place; `exempt` (the component named by id) is always kept. */
export function filterTree(
  params: TopologyParams,
  set: ComponentSet,
  nodes: Node[],
  exempt?: number,
): Node[] {
  const drop = (list: Node[]): Node[] =>
    list.filter((n) => {
      if (n.i !== exempt && !passesDrop(params, set, n.i)) return false;
      n.components = drop(n.components);
      return true;
    });
  const select = (list: Node[]): Node[] =>
    list.filter((n) => {
      n.components = select(n.components);
      return n.i === exempt || selected(params, set, n.i) || n.components.length > 0;
    });
  const kept = drop(nodes);
  return selects(params) ? select(kept) : kept;
}

export function filterFlat(params: TopologyParams, set: ComponentSet, i: number): boolean {
  return passesDrop(params, set, i) && selected(params, set, i);
}

export interface Facets {
  healthStatuses: string[];
  teams: string[];
  types: string[];
  tags: Record<string, string[]>;
}

/** The distinct statuses, teams, types and labels of the components the answer could show. */
export function facets(set: ComponentSet, shown: readonly number[]): Facets {
  const statuses = new Set<string>();
  const types = new Set<string>();
  // Components mostly share their labels and teams: each distinct text is read once.
  const labelTexts = new Map<string, number>();
  const teamTexts = new Map<string, number>();
  for (const i of shown) {
    if (set.status[i]) statuses.add(set.status[i] as string);
    if (set.type[i]) types.add(set.type[i] as string);
    const labels = set.labelsText(i);
    if (labels && !labelTexts.has(labels)) labelTexts.set(labels, i);
    const teams = set.teamsText(i);
    if (teams && !teamTexts.has(teams)) teamTexts.set(teams, i);
  }
  const teams = new Set<string>();
  for (const i of teamTexts.values()) for (const t of set.teams(i)) teams.add(t);
  const tags = new Map<string, Set<string>>();
  for (const i of labelTexts.values())
    for (const [k, v] of Object.entries(set.labels(i) ?? {})) {
      let values = tags.get(k);
      if (!values) tags.set(k, (values = new Set()));
      values.add(String(v));
    }
  const sorted = (s: Set<string>) => [...s].sort();
  return {
    healthStatuses: sorted(statuses),
    teams: sorted(teams),
    types: sorted(types),
    tags: Object.fromEntries(
      [...tags.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sorted(v)]),
    ),
  };
}
