import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortState } from '../../lib/tableRows';
import { CONFIG_TYPE_PARAM } from './paths';

/**
 * What the catalog list keeps in its query string (spec 002 §2): search, configType, labels,
 * status, health, groupBy, sortBy, sortOrder and tags, and agent (the id of the agent whose items
 * are listed). labels, tags, status and health hold an encoded include/exclude state
 * (lib/triState); groupBy a comma list, or 'none'.
 */
export interface CatalogListState {
  search: string;
  configType: string;
  labels: string;
  tags: string;
  status: string;
  health: string;
  /** An agent id ('00000000-…' for this Vigil itself), or '' for every agent. */
  agent: string;
  groupBy: string[];
  sort: SortState;
}

/** Spec 002 §9: grouped by config class, then type; sorted by type ascending. */
export const DEFAULT_GROUP_BY: readonly string[] = ['config_class', 'type'];
export const DEFAULT_SORT: SortState = { columnId: 'type', direction: 'asc' };
export const NO_GROUPING = 'none';

/** Columns the list sorts by on the server. */
export const SORTABLE = [
  'name',
  'type',
  'health',
  'status',
  'changes',
  'cost',
  'created_at',
  'updated_at',
] as const;

const TEXT_KEYS = ['search', 'labels', 'tags', 'status', 'health', 'agent'] as const;

function parseGroupBy(raw: string | null): string[] {
  if (raw === null) return [...DEFAULT_GROUP_BY];
  const keys = raw
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k && k !== NO_GROUPING);
  return [...new Set(keys)];
}

function parseSort(params: URLSearchParams): SortState {
  const by = params.get('sortBy');
  if (!by || !(SORTABLE as readonly string[]).includes(by)) return DEFAULT_SORT;
  return { columnId: by, direction: params.get('sortOrder') === 'desc' ? 'desc' : 'asc' };
}

export function parseCatalogParams(params: URLSearchParams): CatalogListState {
  return {
    search: params.get('search') ?? '',
    configType: params.get(CONFIG_TYPE_PARAM)?.trim() ?? '',
    labels: params.get('labels') ?? '',
    tags: params.get('tags') ?? '',
    status: params.get('status') ?? '',
    health: params.get('health') ?? '',
    agent: params.get('agent')?.trim() ?? '',
    groupBy: parseGroupBy(params.get('groupBy')),
    sort: parseSort(params),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** The query string after `patch`; defaults are left out, other parameters kept. */
export function applyCatalogPatch(
  params: URLSearchParams,
  patch: Partial<CatalogListState>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of TEXT_KEYS) {
    const value = patch[key];
    if (value === undefined) continue;
    if (value === '') next.delete(key);
    else next.set(key, value);
  }
  if (patch.configType !== undefined) {
    if (patch.configType.trim()) next.set(CONFIG_TYPE_PARAM, patch.configType.trim());
    else next.delete(CONFIG_TYPE_PARAM);
  }
  if (patch.groupBy) {
    if (sameList(patch.groupBy, DEFAULT_GROUP_BY)) next.delete('groupBy');
    else next.set('groupBy', patch.groupBy.length > 0 ? patch.groupBy.join(',') : NO_GROUPING);
  }
  if (patch.sort) {
    const { columnId, direction } = patch.sort;
    if (columnId === DEFAULT_SORT.columnId && direction === DEFAULT_SORT.direction) {
      next.delete('sortBy');
      next.delete('sortOrder');
    } else {
      next.set('sortBy', columnId);
      next.set('sortOrder', direction);
    }
  }
  return next;
}

export function useCatalogUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseCatalogParams(params), [params]);
  const update = useCallback(
    (patch: Partial<CatalogListState>) => setParams((current) => applyCatalogPatch(current, patch)),
    [setParams],
  );
  return { state, update };
}
