import type { SortState } from '../../lib/tableRows';
import type { ConfigItem } from './catalogApi';
import { buildClientGroups, sortGroups, type GroupNode } from './grouping';

/** The items loaded so far for a group (or for the whole list when it is not grouped). */
export interface ItemsState {
  rows: ConfigItem[];
  total: number;
  loading: boolean;
  error?: string;
}

/** One drawn row of the catalog list. */
export type DisplayRow =
  | { kind: 'group'; id: string; depth: number; node: GroupNode; expanded: boolean }
  | { kind: 'item'; id: string; depth: number; item: ConfigItem }
  | { kind: 'more'; id: string; depth: number; groupId: string; loaded: number; total: number }
  | { kind: 'status'; id: string; depth: number; status: 'loading' | 'error'; message?: string };

/** The id the ungrouped list loads its items under. */
export const ROOT_GROUP = '[]';

export interface FlattenInput {
  /** Server-side groups, or undefined when the list is not grouped on the server. */
  groups: GroupNode[] | undefined;
  expanded: ReadonlySet<string>;
  items: (groupId: string) => ItemsState | undefined;
  clientKeys: readonly string[];
  sort: SortState;
}

function itemRows(items: readonly ConfigItem[], depth: number): DisplayRow[] {
  return items.map((item) => ({ kind: 'item', id: `item:${item.id}`, depth, item }));
}

function groupRows(nodes: readonly GroupNode[], depth: number, input: FlattenInput): DisplayRow[] {
  return nodes.flatMap((node): DisplayRow[] => {
    const expanded = input.expanded.has(node.id);
    const head: DisplayRow = { kind: 'group', id: `group:${node.id}`, depth, node, expanded };
    if (!expanded) return [head];
    if (node.children.length > 0) return [head, ...groupRows(node.children, depth + 1, input)];
    if (node.items) return [head, ...itemRows(node.items, depth + 1)];
    return [head, ...loadedRows(node.id, node.conditions, depth + 1, input)];
  });
}

/** A group whose items load from the server: its items (grouped further in the browser). */
function loadedRows(
  id: string,
  conditions: GroupNode['conditions'],
  depth: number,
  input: FlattenInput,
): DisplayRow[] {
  const state = input.items(id);
  if (!state || (state.rows.length === 0 && state.loading)) {
    return [{ kind: 'status', id: `loading:${id}`, depth, status: 'loading' }];
  }
  if (state.rows.length === 0 && state.error) {
    return [{ kind: 'status', id: `error:${id}`, depth, status: 'error', message: state.error }];
  }
  const rows =
    input.clientKeys.length > 0
      ? groupRows(
          sortGroups(buildClientGroups(state.rows, input.clientKeys, conditions), input.sort),
          depth,
          input,
        )
      : itemRows(state.rows, depth);
  if (state.rows.length < state.total) {
    rows.push({
      kind: 'more',
      id: `more:${id}`,
      depth,
      groupId: id,
      loaded: state.rows.length,
      total: state.total,
    });
  }
  return rows;
}

/** Everything the list draws, top to bottom. */
export function displayRows(input: FlattenInput): DisplayRow[] {
  if (input.groups) return groupRows(input.groups, 0, input);
  return loadedRows(ROOT_GROUP, [], 0, input);
}
