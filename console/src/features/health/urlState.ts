import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TriState, TriStateMap } from '../../lib/triState';
import { DEFAULT_TIME_RANGE } from './healthTimeRange';

export type Layout = 'table' | 'card';

/** Everything the dashboard keeps in its query string (spec 001 'Health dashboard'). */
export interface HealthUrlState {
  layout: Layout;
  /** Opens the check detail drawer. */
  checkId: string | undefined;
  timeRange: string;
  /** Label filter, `key=value` -> 1 include or -1 exclude. */
  labels: TriStateMap;
  query: string;
  sortBy: string;
  sortDesc: boolean;
  groupBy: string;
  tabBy: string;
  /** The selected tab's value; 'All' shows every tab. */
  tab: string;
  hidePassing: boolean;
  pageIndex: number;
  pageSize: number;
}

export const ALL_TAB = 'All';
export const NO_GROUPING = 'no-grouping';
export const DEFAULT_PAGE_SIZE = 50;

export const HEALTH_DEFAULTS: HealthUrlState = {
  layout: 'table',
  checkId: undefined,
  timeRange: DEFAULT_TIME_RANGE,
  labels: {},
  query: '',
  sortBy: 'name',
  sortDesc: false,
  groupBy: 'canary_name',
  tabBy: 'namespace',
  tab: ALL_TAB,
  hidePassing: true,
  pageIndex: 0,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** Changing any of these is changing a filter: paging starts over (spec 001 §4). */
export const FILTER_KEYS = [
  'timeRange',
  'labels',
  'query',
  'groupBy',
  'tabBy',
  'tab',
  'hidePassing',
] as const satisfies readonly (keyof HealthUrlState)[];

export function parseLabels(raw: string | null): TriStateMap {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const map: TriStateMap = {};
  for (const [label, state] of Object.entries(parsed as Record<string, unknown>)) {
    const value = Number(state);
    if (value === 1 || value === -1) map[label] = value as TriState;
  }
  return map;
}

function nonNegativeInt(raw: string | null, fallback: number, min = 0): number {
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= min ? value : fallback;
}

export function parseHealthParams(params: URLSearchParams): HealthUrlState {
  const d = HEALTH_DEFAULTS;
  return {
    layout: params.get('layout') === 'card' ? 'card' : 'table',
    checkId: params.get('checkId') || undefined,
    timeRange: params.get('timeRange') || d.timeRange,
    labels: parseLabels(params.get('labels')),
    query: params.get('query') ?? '',
    sortBy: params.get('sortBy') || d.sortBy,
    sortDesc: params.get('sortDesc') === 'true',
    groupBy: params.get('groupBy') || d.groupBy,
    tabBy: params.get('tabBy') || d.tabBy,
    tab: params.get('tab') || d.tab,
    hidePassing: params.get('hidePassing') !== 'false',
    pageIndex: nonNegativeInt(params.get('pageIndex'), d.pageIndex),
    pageSize: nonNegativeInt(params.get('pageSize'), d.pageSize, 1),
  };
}

function serialize(key: keyof HealthUrlState, value: HealthUrlState[typeof key]): string {
  if (key === 'labels') return JSON.stringify(value);
  return String(value);
}

function isDefault(key: keyof HealthUrlState, value: HealthUrlState[typeof key]): boolean {
  if (value === undefined || value === '') return true;
  if (key === 'labels') return Object.keys(value as TriStateMap).length === 0;
  return value === HEALTH_DEFAULTS[key];
}

/**
 * The query string after applying `patch`. Defaults are left out of the URL; parameters this page
 * does not own (pivotBy, pivotLabel, pivotCellType, ...) are kept. A patch that changes a filter
 * also removes pageIndex and pageSize, so the list starts again at its first page.
 */
export function applyHealthPatch(
  params: URLSearchParams,
  patch: Partial<HealthUrlState>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = parseHealthParams(params);
  let filterChanged = false;
  for (const [key, value] of Object.entries(patch) as [
    keyof HealthUrlState,
    HealthUrlState[keyof HealthUrlState],
  ][]) {
    const before = serialize(key, current[key]);
    if (isDefault(key, value)) next.delete(key);
    else next.set(key, serialize(key, value));
    const after = serialize(key, value ?? HEALTH_DEFAULTS[key]);
    if ((FILTER_KEYS as readonly string[]).includes(key) && before !== after) filterChanged = true;
  }
  if (filterChanged) {
    next.delete('pageIndex');
    next.delete('pageSize');
  }
  return next;
}

/** The dashboard's URL state and a setter; filters reset paging (applyHealthPatch). */
export function useHealthUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseHealthParams(params), [params]);
  const update = useCallback(
    (patch: Partial<HealthUrlState>, options: { replace?: boolean } = {}) =>
      setParams((current) => applyHealthPatch(current, patch), { replace: options.replace }),
    [setParams],
  );
  return { state, update };
}
