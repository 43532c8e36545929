import type { ComponentSet } from './components.js';
import type { Node } from './graph.js';
import type { SortBy } from './queryParams.js';

/**
 * Orders of the topology answer. `status` ranks by how pressing a status is (unhealthy, warning,
 * healthy, info, unknown, anything else): `desc`, the console's default, puts the most pressing
 * first. `field:<name>` orders by that property's numeric value, or its text when a value is not
 * a number, with components lacking the property last in either direction. Ties go by name,
 * then id, in ascending order whatever the direction (except when sorting by name).
 */

const PRESSING: Record<string, number> = {
  unhealthy: 5,
  warning: 4,
  healthy: 3,
  info: 2,
  unknown: 1,
};

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function propertyKey(set: ComponentSet, i: number, name: string): number | string | undefined {
  const p = set.properties(i)?.find((x) => x?.name === name);
  if (!p) return undefined;
  if (typeof p.value === 'number') return p.value;
  if (typeof p.value === 'string' && p.value.trim() !== '' && Number.isFinite(Number(p.value)))
    return Number(p.value);
  if (typeof p.text === 'string' && p.text !== '') return p.text;
  return p.value === undefined || p.value === null ? undefined : String(p.value);
}

export type Compare = (a: number, b: number) => number;

export function comparator(set: ComponentSet, sortBy: SortBy, order: 'asc' | 'desc'): Compare {
  const sign = order === 'desc' ? -1 : 1;
  const tie = (a: number, b: number) =>
    byText(set.name[a] as string, set.name[b] as string) ||
    byText(set.id[a] as string, set.id[b] as string);
  switch (sortBy.kind) {
    case 'name':
      return (a, b) => sign * tie(a, b);
    case 'status': {
      const rank = (i: number) => PRESSING[set.status[i] as string] ?? 0;
      return (a, b) => sign * (rank(a) - rank(b)) || tie(a, b);
    }
    case 'type':
      return (a, b) => sign * byText(set.type[a] ?? '', set.type[b] ?? '') || tie(a, b);
    case 'field':
      return (a, b) => {
        const x = propertyKey(set, a, sortBy.name);
        const y = propertyKey(set, b, sortBy.name);
        // Components without the property go last whichever the direction.
        if ((x === undefined) !== (y === undefined)) return x === undefined ? 1 : -1;
        if (x === undefined) return tie(a, b);
        const primary =
          typeof x === 'number' && typeof y === 'number' ? x - y : byText(String(x), String(y));
        return sign * primary || tie(a, b);
      };
  }
}

/** Sorts a list of nodes and, recursively, every list of children under it. */
export function sortTree(nodes: Node[], compare: Compare): Node[] {
  nodes.sort((a, b) => compare(a.i, b.i));
  for (const n of nodes) if (n.components.length) sortTree(n.components, compare);
  return nodes;
}
