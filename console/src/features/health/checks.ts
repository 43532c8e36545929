import { compareSortValues, sortRows } from '../../lib/tableRows';
import type { SortValue } from '../../lib/tableRows';
import type { TriStateMap } from '../../lib/triState';
import { ALL_TAB, NO_GROUPING } from './urlState';
import type { CheckSummary } from './types';
import { passPercent } from './uptime';

export const LABEL_PREFIX = 'label:';
/** The namespace tab of a check without a namespace. */
export const NO_NAMESPACE = 'none';

export interface Choice {
  value: string;
  label: string;
}

/** Every label key found on the checks, sorted. */
export function labelKeys(checks: readonly CheckSummary[]): string[] {
  const keys = new Set<string>();
  for (const check of checks) for (const key of Object.keys(check.labels ?? {})) keys.add(key);
  return [...keys].sort((a, b) => compareSortValues(a, b));
}

/** Group By: No Grouping, Group Name (canary_name), Name, Description, Type, then label keys. */
export function groupByChoices(checks: readonly CheckSummary[]): Choice[] {
  return [
    { value: NO_GROUPING, label: 'No Grouping' },
    { value: 'canary_name', label: 'Group Name' },
    { value: 'name', label: 'Name' },
    { value: 'description', label: 'Description' },
    { value: 'type', label: 'Type' },
    ...labelKeys(checks).map((key) => ({ value: `${LABEL_PREFIX}${key}`, label: key })),
  ];
}

/** Tab By: namespace, Agent, then label keys. */
export function tabByChoices(checks: readonly CheckSummary[]): Choice[] {
  return [
    { value: 'namespace', label: 'Namespace' },
    { value: 'agent', label: 'Agent' },
    ...labelKeys(checks).map((key) => ({ value: `${LABEL_PREFIX}${key}`, label: key })),
  ];
}

/** The tab a check belongs to, or undefined when it has none (label tabs only). */
export function tabOf(check: CheckSummary, tabBy: string): string | undefined {
  if (tabBy === 'agent') return check.agent_name || check.agent_id || 'local';
  if (tabBy.startsWith(LABEL_PREFIX)) {
    const value = check.labels?.[tabBy.slice(LABEL_PREFIX.length)];
    return value === undefined || value === '' ? undefined : value;
  }
  return check.namespace || NO_NAMESPACE;
}

/** 'All' first, then every tab value alphabetically. */
export function tabsOf(checks: readonly CheckSummary[], tabBy: string): string[] {
  const values = new Set<string>();
  for (const check of checks) {
    const tab = tabOf(check, tabBy);
    if (tab !== undefined) values.add(tab);
  }
  return [ALL_TAB, ...[...values].sort((a, b) => compareSortValues(a, b))];
}

export interface LabelFilterGroup {
  key: string;
  /** `key=value` items for a TriStateFilter. */
  items: { value: string; label: string }[];
}

/** One filter per label key, with that key's values as `key=value` items. */
export function labelFilterGroups(checks: readonly CheckSummary[]): LabelFilterGroup[] {
  const byKey = new Map<string, Set<string>>();
  for (const check of checks) {
    for (const [key, value] of Object.entries(check.labels ?? {})) {
      const values = byKey.get(key) ?? new Set<string>();
      values.add(value);
      byKey.set(key, values);
    }
  }
  return [...byKey.keys()]
    .sort((a, b) => compareSortValues(a, b))
    .map((key) => ({
      key,
      items: [...(byKey.get(key) ?? [])]
        .sort((a, b) => compareSortValues(a, b))
        .map((value) => ({ value: `${key}=${value}`, label: value })),
    }));
}

function splitLabel(pair: string): [string, string] {
  const eq = pair.indexOf('=');
  return eq === -1 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
}

/**
 * Label filter: a check must carry none of the excluded pairs and, for each key with included
 * values, one of them (values of one key are alternatives; different keys must all match).
 */
export function matchesLabels(check: CheckSummary, filter: TriStateMap): boolean {
  const labels = check.labels ?? {};
  const included = new Map<string, string[]>();
  for (const [pair, state] of Object.entries(filter)) {
    const [key, value] = splitLabel(pair);
    if (state === -1 && labels[key] === value) return false;
    if (state === 1) included.set(key, [...(included.get(key) ?? []), value]);
  }
  for (const [key, values] of included) {
    const actual = labels[key];
    if (actual === undefined || !values.includes(actual)) return false;
  }
  return true;
}

/** Free-text search over name, description and the endpoint (field, URL-ish labels). */
export function matchesQuery(check: CheckSummary, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [
    check.name,
    check.description,
    check.endpoint,
    ...Object.entries(check.labels ?? {})
      .filter(([key, value]) => /url|endpoint/i.test(key) || /:\/\//.test(value))
      .map(([, value]) => value),
  ];
  return haystack.some((text) => (text ?? '').toLowerCase().includes(needle));
}

export const isPassing = (check: CheckSummary) => (check.status ?? '').toLowerCase() === 'healthy';

export interface CheckFilter {
  labels: TriStateMap;
  query: string;
  tabBy: string;
  tab: string;
}

/** Checks of the selected tab that pass the label and text filters (Hide Passing aside). */
export function filterChecks(checks: readonly CheckSummary[], filter: CheckFilter): CheckSummary[] {
  return checks.filter(
    (check) =>
      (filter.tab === ALL_TAB || tabOf(check, filter.tabBy) === filter.tab) &&
      matchesLabels(check, filter.labels) &&
      matchesQuery(check, filter.query),
  );
}

export interface HealthCounts {
  passing: number;
  failing: number;
}

export function countHealth(checks: readonly CheckSummary[]): HealthCounts {
  const passing = checks.filter(isPassing).length;
  return { passing, failing: checks.length - passing };
}

/** The group a check falls in; undefined when not grouping. */
export function groupKeyOf(check: CheckSummary, groupBy: string): string | undefined {
  switch (groupBy) {
    case NO_GROUPING:
      return undefined;
    case 'canary_name':
      return check.canary_name || check.name;
    case 'name': {
      const slash = check.name.indexOf('/');
      return slash > 0 ? check.name.slice(0, slash) : check.name;
    }
    case 'description':
      return check.description || check.name;
    case 'type':
      return check.type || 'unknown';
    default:
      if (groupBy.startsWith(LABEL_PREFIX)) {
        return check.labels?.[groupBy.slice(LABEL_PREFIX.length)] || NO_NAMESPACE;
      }
      return check.canary_name || check.name;
  }
}

export type GroupHealth = 'healthy' | 'unhealthy' | 'mixed';

export interface CheckGroup {
  kind: 'group';
  key: string;
  checks: CheckSummary[];
  passing: number;
  total: number;
  status: GroupHealth;
  /** Most recent transition among the members. */
  lastTransition: string | undefined;
}

export type CheckItem = { kind: 'check'; check: CheckSummary } | CheckGroup;

export function groupOf(key: string, checks: CheckSummary[]): CheckGroup {
  const passing = checks.filter(isPassing).length;
  const status: GroupHealth =
    passing === checks.length ? 'healthy' : passing === 0 ? 'unhealthy' : 'mixed';
  const transitions = checks
    .map((c) => c.last_transition_time)
    .filter((t): t is string => Boolean(t))
    .sort();
  return {
    kind: 'group',
    key,
    checks,
    passing,
    total: checks.length,
    status,
    lastTransition: transitions[transitions.length - 1],
  };
}

/**
 * Groups checks in order of first appearance. A group of one is shown as the check itself, so
 * only real groups get an expander.
 */
export function groupChecks(checks: readonly CheckSummary[], groupBy: string): CheckItem[] {
  const groups = new Map<string, CheckSummary[]>();
  const items: CheckItem[] = [];
  for (const check of checks) {
    const key = groupKeyOf(check, groupBy);
    if (key === undefined) {
      items.push({ kind: 'check', check });
      continue;
    }
    const members = groups.get(key);
    if (members) members.push(check);
    else groups.set(key, [check]);
  }
  for (const [key, members] of groups) {
    const [only] = members;
    items.push(
      members.length === 1 && only ? { kind: 'check', check: only } : groupOf(key, members),
    );
  }
  return items;
}

const HEALTH_RANK: Record<string, number> = { unhealthy: 0, mixed: 1, healthy: 2 };

/** What each sortable column compares, for a check and for a group. */
export function sortValue(item: CheckItem, sortBy: string): SortValue {
  if (item.kind === 'group') {
    switch (sortBy) {
      case 'health':
        return HEALTH_RANK[item.status];
      case 'uptime':
        return item.total > 0 ? item.passing / item.total : undefined;
      case 'latency':
        return Math.max(0, ...item.checks.map((c) => c.latency?.p95 ?? 0));
      case 'transition':
        return item.lastTransition ? new Date(item.lastTransition) : undefined;
      default:
        return item.key;
    }
  }
  const { check } = item;
  switch (sortBy) {
    case 'health':
      return HEALTH_RANK[(check.status ?? '').toLowerCase()] ?? 1;
    case 'uptime':
      return passPercent(check.uptime);
    case 'latency':
      return check.latency?.p95 ?? undefined;
    case 'transition':
      return check.last_transition_time ? new Date(check.last_transition_time) : undefined;
    default:
      return check.name;
  }
}

/** Sorts the top-level items and, inside each group, its checks by the same column. */
export function sortItems(items: readonly CheckItem[], sortBy: string, desc: boolean): CheckItem[] {
  const direction = desc ? 'desc' : 'asc';
  return sortRows(items, (item) => sortValue(item, sortBy), direction).map((item) =>
    item.kind === 'group'
      ? {
          ...item,
          checks: sortRows(
            item.checks,
            (check) => sortValue({ kind: 'check', check }, sortBy),
            direction,
          ),
        }
      : item,
  );
}

export interface DashboardView {
  /** Tabs for the Tab By choice, 'All' first. */
  tabs: string[];
  counts: HealthCounts;
  /** Top-level items of the current page. */
  page: CheckItem[];
  /** Top-level items over all pages. */
  totalItems: number;
}

export interface DashboardOptions extends CheckFilter {
  hidePassing: boolean;
  groupBy: string;
  sortBy: string;
  sortDesc: boolean;
  pageIndex: number;
  pageSize: number;
}

/**
 * The whole dashboard pipeline: tab, label and text filters, counts (of the filtered checks,
 * passing ones included), Hide Passing, grouping, sorting and the page.
 */
export function dashboardView(
  checks: readonly CheckSummary[],
  options: DashboardOptions,
): DashboardView {
  const filtered = filterChecks(checks, options);
  const shown = options.hidePassing ? filtered.filter((c) => !isPassing(c)) : filtered;
  const items = sortItems(groupChecks(shown, options.groupBy), options.sortBy, options.sortDesc);
  // A page past the end (fewer checks than when the URL was made) shows the last page.
  const lastPage = Math.max(0, Math.ceil(items.length / options.pageSize) - 1);
  const start = Math.min(options.pageIndex, lastPage) * options.pageSize;
  return {
    tabs: tabsOf(checks, options.tabBy),
    counts: countHealth(filtered),
    page: items.slice(start, start + options.pageSize),
    totalItems: items.length,
  };
}
