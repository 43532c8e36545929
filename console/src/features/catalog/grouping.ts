import type { SortState } from '../../lib/tableRows';
import type { ConfigItem, SummaryRow } from './catalogApi';
import type { Condition, KeyFilter } from '../../lib/queryFilters';

/**
 * The catalog list's grouping (spec 002 §9): name, analysis, changed, type, provider
 * (config_class) and tag keys written `<key>__tag`. Groups of the server's columns come from
 * POST /api/catalog/summary; analysis and changed are not columns the summary groups by, so they
 * group the items of the group they sit in, as those items load.
 */
export const TAG_SUFFIX = '__tag';
export const CLIENT_GROUP_KEYS: readonly string[] = ['analysis', 'changed'];

export const BASE_GROUP_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'analysis', label: 'Analysis' },
  { value: 'changed', label: 'Changed' },
  { value: 'type', label: 'Type' },
  { value: 'config_class', label: 'Provider' },
];

export const isTagKey = (key: string) => key.endsWith(TAG_SUFFIX) && key.length > TAG_SUFFIX.length;
export const tagOf = (key: string) => key.slice(0, -TAG_SUFFIX.length);
const isKnownKey = (key: string) =>
  isTagKey(key) || BASE_GROUP_OPTIONS.some((o) => o.value === key);

export function groupKeyLabel(key: string): string {
  if (isTagKey(key)) return `Tag: ${tagOf(key)}`;
  return BASE_GROUP_OPTIONS.find((o) => o.value === key)?.label ?? key;
}

/** The chosen keys the summary groups by, and those grouped in the browser (in their order). */
export function splitGroupBy(groupBy: readonly string[]): { server: string[]; client: string[] } {
  const known = groupBy.filter(isKnownKey);
  return {
    server: known.filter((k) => !CLIENT_GROUP_KEYS.includes(k)),
    client: known.filter((k) => CLIENT_GROUP_KEYS.includes(k)),
  };
}

/** Where a summary row holds a key's value: tag groups appear under the tag key. */
export const summaryField = (key: string) => (isTagKey(key) ? tagOf(key) : key);

/**
 * The list's filters that the summary cannot apply itself (the config type, tags and agent):
 * their keys are grouped by too, and the rows that do not match are left out before adding up.
 */
export interface SummaryFilter {
  configType: string;
  tags: KeyFilter[];
  /** An agent id, matched against the summary's `agent` group (agent_id as text). */
  agent?: string;
}

export function summaryGroupBy(server: readonly string[], filter: SummaryFilter): string[] {
  const keys = [...server];
  if (filter.configType && !keys.includes('type')) keys.push('type');
  if (filter.agent && !keys.includes('agent')) keys.push('agent');
  for (const { key } of filter.tags) {
    const groupKey = `${key}${TAG_SUFFIX}`;
    if (!keys.includes(groupKey)) keys.push(groupKey);
  }
  return keys;
}

function valueOf(row: object, field: string): string | null {
  const value = (row as Record<string, unknown>)[field];
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' ? value : String(value);
}

export function matchesSummaryFilter(row: SummaryRow, filter: SummaryFilter): boolean {
  if (filter.configType && valueOf(row, 'type') !== filter.configType) return false;
  if (filter.agent && valueOf(row, 'agent') !== filter.agent) return false;
  return filter.tags.every(({ key, include, exclude }) => {
    const value = valueOf(row, key);
    if (include.length > 0 && (value === null || !include.includes(value))) return false;
    return value === null || !exclude.includes(value);
  });
}

export interface GroupCondition {
  key: string;
  value: string | null;
}

export interface Aggregate {
  count: number;
  health: Record<string, number>;
  changes: number;
  analysis: Record<string, number>;
  costPerMinute: number;
  cost30d: number;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface GroupNode {
  id: string;
  key: string;
  value: string | null;
  conditions: GroupCondition[];
  agg: Aggregate;
  /** Sub-groups; none for a group whose items are listed. */
  children: GroupNode[];
  /** A browser-side group holds its items. */
  items?: ConfigItem[];
}

export const groupId = (conditions: readonly GroupCondition[]) =>
  JSON.stringify(conditions.map((c) => [c.key, c.value]));

const emptyAggregate = (): Aggregate => ({
  count: 0,
  health: {},
  changes: 0,
  analysis: {},
  costPerMinute: 0,
  cost30d: 0,
  createdAt: null,
  updatedAt: null,
});

const later = (a: string | null, b: string | null | undefined) =>
  !b ? a : !a || new Date(b).getTime() > new Date(a).getTime() ? b : a;

function addCounts(
  into: Record<string, number>,
  counts: Record<string, unknown> | null | undefined,
) {
  for (const [key, n] of Object.entries(counts ?? {})) {
    if (typeof n !== 'number') continue;
    const name = key || 'unknown';
    into[name] = (into[name] ?? 0) + n;
  }
}

function addSummary(agg: Aggregate, row: SummaryRow): void {
  agg.count += row.count ?? 0;
  addCounts(agg.health, row.health);
  agg.changes += row.changes ?? 0;
  addCounts(agg.analysis, row.analysis);
  agg.costPerMinute += row.cost_per_minute ?? 0;
  agg.cost30d += row.cost_total_30d ?? 0;
  agg.createdAt = later(agg.createdAt, row.created_at);
  agg.updatedAt = later(agg.updatedAt, row.updated_at);
}

function addItem(agg: Aggregate, item: ConfigItem): void {
  agg.count += 1;
  addCounts(agg.health, { [item.health ?? 'unknown']: 1 });
  agg.changes += item.changes ?? 0;
  addCounts(agg.analysis, item.analysis);
  agg.costPerMinute += item.cost_per_minute ?? 0;
  agg.cost30d += item.cost_total_30d ?? 0;
  agg.createdAt = later(agg.createdAt, item.created_at);
  agg.updatedAt = later(agg.updatedAt, item.updated_at);
}

/** Groups in order of first appearance, keyed by their value. */
function partition<T>(list: readonly T[], value: (t: T) => string | null) {
  const groups = new Map<string, { value: string | null; members: T[] }>();
  for (const entry of list) {
    const v = value(entry);
    const k = v === null ? '\u0000' : v;
    const group = groups.get(k) ?? { value: v, members: [] };
    groups.set(k, group);
    group.members.push(entry);
  }
  return [...groups.values()];
}

/** The summary's rows as nested groups, one level per server key, with added-up figures. */
export function buildGroupTree(
  rows: readonly SummaryRow[],
  keys: readonly string[],
  filter: SummaryFilter,
  parent: GroupCondition[] = [],
): GroupNode[] {
  const [key, ...rest] = keys;
  if (key === undefined) return [];
  const matching = parent.length === 0 ? rows.filter((r) => matchesSummaryFilter(r, filter)) : rows;
  return partition(matching, (r) => valueOf(r, summaryField(key))).map(({ value, members }) => {
    const conditions = [...parent, { key, value }];
    const agg = emptyAggregate();
    for (const row of members) addSummary(agg, row);
    return {
      id: groupId(conditions),
      key,
      value,
      conditions,
      agg,
      children: buildGroupTree(members, rest, filter, conditions),
    };
  });
}

/** The value of a browser-side grouping key for one item. */
export function clientGroupValue(item: ConfigItem, key: string): string {
  if (key === 'changed') return (item.changes ?? 0) > 0 ? 'Changed' : 'Not changed';
  const types = Object.entries(item.analysis ?? {})
    .filter(([, n]) => n > 0)
    .map(([type]) => type || 'unknown')
    .sort();
  return types.length > 0 ? types.join(', ') : 'No insights';
}

/** Items grouped by the browser-side keys, nested in their order. */
export function buildClientGroups(
  items: readonly ConfigItem[],
  keys: readonly string[],
  parent: GroupCondition[],
): GroupNode[] {
  const [key, ...rest] = keys;
  if (key === undefined) return [];
  return partition(items, (item) => clientGroupValue(item, key)).map(({ value, members }) => {
    const conditions = [...parent, { key, value }];
    const agg = emptyAggregate();
    for (const item of members) addItem(agg, item);
    const children = buildClientGroups(members, rest, conditions);
    return {
      id: groupId(conditions),
      key,
      value,
      conditions,
      agg,
      children,
      items: children.length === 0 ? members : undefined,
    };
  });
}

function groupSortValue(node: GroupNode, columnId: string): number | string | null {
  switch (columnId) {
    case 'changes':
      return node.agg.changes;
    case 'cost':
      return node.agg.cost30d;
    case 'created_at':
      return node.agg.createdAt ? new Date(node.agg.createdAt).getTime() : null;
    case 'updated_at':
      return node.agg.updatedAt ? new Date(node.agg.updatedAt).getTime() : null;
    default:
      return node.value;
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Groups follow the list's sort where it applies to a group, else their name; blanks last. */
export function sortGroups(nodes: readonly GroupNode[], sort: SortState): GroupNode[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...nodes]
    .sort((a, b) => {
      const x = groupSortValue(a, sort.columnId);
      const y = groupSortValue(b, sort.columnId);
      if (x === null || y === null) return Number(x === null) - Number(y === null);
      const order =
        typeof x === 'number' && typeof y === 'number'
          ? x - y
          : collator.compare(String(x), String(y));
      return sign * order || collator.compare(a.value ?? '', b.value ?? '');
    })
    .map((node) => ({ ...node, children: sortGroups(node.children, sort) }));
}

/** A group's own conditions as filters on the configs view (browser-side keys have none). */
export function groupConditions(conditions: readonly GroupCondition[]): Condition[] {
  return conditions
    .filter((c) => !CLIENT_GROUP_KEYS.includes(c.key))
    .map((c): Condition => {
      const column = isTagKey(c.key) ? `tags->>${tagOf(c.key)}` : c.key;
      return c.value === null ? { op: 'isNull', column } : { op: 'eq', column, value: c.value };
    });
}
