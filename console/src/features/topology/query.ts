import { decodeTriState, encodeTriState, type TriStateMap } from '../../lib/triState';

/**
 * What the dashboard keeps in its query string (spec 002 §2 'Topology'): the filters `type`,
 * `status` (health), `team` and `labels`, and the sort `sortBy` / `sortOrder`. Values are kept in
 * the form GET /api/canary/api/topology takes them (docs/api/topology.md), so `/topology?type=X`
 * from a type icon is a filter as it stands.
 */
export interface TopologyFilters {
  /** Comma list; `!x` excludes. */
  type: string;
  /** Comma list of healths; `!x` excludes. */
  status: string;
  /** One team name. */
  team: string;
  /** `k=v,k2=v2`: components holding all of them. */
  labels: string;
}

export const FILTER_KEYS = ['type', 'status', 'team', 'labels'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export type SortOrder = 'asc' | 'desc';

export interface TopologySort {
  /** `status` (health), `name`, `type` or `field:<property name>`. */
  sortBy: string;
  sortOrder: SortOrder;
}

/** Spec 002 §9: the dashboard sorts by health, descending (most severe first), by default. */
export const DEFAULT_SORT: TopologySort = { sortBy: 'status', sortOrder: 'desc' };

/** The healths a component can have (docs/api/topology.md, `status`). */
export const HEALTH_VALUES = ['healthy', 'unhealthy', 'warning', 'info', 'unknown'] as const;

export const FIELD_SORT_PREFIX = 'field:';

export function isSortBy(value: string): boolean {
  return (
    value === 'status' ||
    value === 'name' ||
    value === 'type' ||
    (value.startsWith(FIELD_SORT_PREFIX) && value.length > FIELD_SORT_PREFIX.length)
  );
}

const isSortOrder = (value: string | null): value is SortOrder =>
  value === 'asc' || value === 'desc';

export function parseFilters(params: URLSearchParams): TopologyFilters {
  const read = (key: FilterKey) => params.get(key)?.trim() ?? '';
  return { type: read('type'), status: read('status'), team: read('team'), labels: read('labels') };
}

/** The sort in the URL, else the one remembered (sortPreference.ts), else the default. */
export function parseSort(params: URLSearchParams, remembered?: TopologySort): TopologySort {
  const base = remembered ?? DEFAULT_SORT;
  const sortBy = params.get('sortBy')?.trim() ?? '';
  const sortOrder = params.get('sortOrder');
  return {
    sortBy: isSortBy(sortBy) ? sortBy : base.sortBy,
    sortOrder: isSortOrder(sortOrder) ? sortOrder : base.sortOrder,
  };
}

export const isDefaultSort = (sort: TopologySort) =>
  sort.sortBy === DEFAULT_SORT.sortBy && sort.sortOrder === DEFAULT_SORT.sortOrder;

/** The query string with one filter changed; a blank value removes it. Others are kept. */
export function withFilter(params: URLSearchParams, key: FilterKey, value: string) {
  const next = new URLSearchParams(params);
  if (value.trim()) next.set(key, value.trim());
  else next.delete(key);
  return next;
}

/** The query string with a sort; the default one is left out of the URL. */
export function withSort(params: URLSearchParams, sort: TopologySort) {
  const next = new URLSearchParams(params);
  if (isDefaultSort(sort)) {
    next.delete('sortBy');
    next.delete('sortOrder');
  } else {
    next.set('sortBy', sort.sortBy);
    next.set('sortOrder', sort.sortOrder);
  }
  return next;
}

/** True when a filter narrows the descendants shown (everything but the sort). */
export const hasFilters = (filters: TopologyFilters) => FILTER_KEYS.some((key) => filters[key]);

const splitList = (raw: string) =>
  raw
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** `a,!b` as the include/exclude map the TriStateFilter keeps (lib/triState). */
export function listToTriState(raw: string): string {
  const map: TriStateMap = {};
  for (const item of splitList(raw)) {
    const excluded = item.startsWith('!');
    const value = excluded ? item.slice(1).trim() : item;
    if (value) map[value] = excluded ? -1 : 1;
  }
  return encodeTriState(map);
}

/** The TriStateFilter's state back as the API's list: included as they are, excluded as `!x`. */
export function triStateToList(encoded: string): string {
  return Object.entries(decodeTriState(encoded))
    .map(([value, state]) => (state === -1 ? `!${value}` : value))
    .join(',');
}

/** The values a list includes or excludes, for the filter's options. */
export const listValues = (raw: string) =>
  splitList(raw).map((v) => (v.startsWith('!') ? v.slice(1).trim() : v));

/** `k=v,k2=v2` as its `k=v` pairs, without blanks or repeats. */
export const parseLabels = (raw: string) => [
  ...new Set(splitList(raw).filter((l) => l.includes('='))),
];

export const formatLabels = (labels: readonly string[]) => labels.join(',');

/** True when a type list includes a type (rather than only excluding some). */
const includesType = (raw: string) => splitList(raw).some((v) => !v.startsWith('!'));

/**
 * The parameters of GET /api/canary/api/topology for the page. `/topology?type=X` (the type
 * icon's link, spec 002 §2, and the Type filter) shows every component of that type: without an
 * id the call would judge only the roots, so the answer is flattened.
 */
export function topologyParams(
  id: string | undefined,
  filters: TopologyFilters,
  sort: TopologySort,
): URLSearchParams {
  const params = new URLSearchParams();
  if (id) params.set('id', id);
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  params.set('sortBy', sort.sortBy);
  params.set('sortOrder', sort.sortOrder);
  if (!id && includesType(filters.type)) params.set('flatten', 'true');
  return params;
}
