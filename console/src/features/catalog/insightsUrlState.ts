import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortState } from '../../lib/tableRows';
import { INSIGHTS_PAGE_SIZE, type InsightsQuery } from './insightsApi';
import { CONFIG_TYPE_PARAM } from './paths';

/** Newest first (the list's default order upstream). */
export const DEFAULT_INSIGHTS_SORT: SortState = { columnId: 'first_observed', direction: 'desc' };
export const INSIGHT_SORT_COLUMNS = [
  'analysis_type',
  'analyzer',
  'severity',
  'status',
  'first_observed',
  'last_observed',
] as const;

const FILTERS = ['severity', 'analyzer', 'component'] as const;

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value >= 1 ? value : fallback;
}

export function parseInsightsParams(params: URLSearchParams): InsightsQuery {
  const by = params.get('sortBy');
  return {
    configType: params.get(CONFIG_TYPE_PARAM)?.trim() ?? '',
    severity: params.get('severity')?.trim() ?? '',
    analyzer: params.get('analyzer')?.trim() ?? '',
    component: params.get('component')?.trim() ?? '',
    sort:
      by && (INSIGHT_SORT_COLUMNS as readonly string[]).includes(by)
        ? { columnId: by, direction: params.get('sortOrder') === 'asc' ? 'asc' : 'desc' }
        : DEFAULT_INSIGHTS_SORT,
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('pageSize'), INSIGHTS_PAGE_SIZE),
  };
}

/** Defaults are left out of the URL; anything but paging goes back to page 1. */
export function applyInsightsPatch(
  params: URLSearchParams,
  patch: Partial<InsightsQuery>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  let restart = false;
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
    restart = true;
  };
  for (const key of FILTERS) {
    const value = patch[key];
    if (value !== undefined) set(key, value);
  }
  if (patch.configType !== undefined) set(CONFIG_TYPE_PARAM, patch.configType);
  if (patch.sort) {
    const isDefault =
      patch.sort.columnId === DEFAULT_INSIGHTS_SORT.columnId &&
      patch.sort.direction === DEFAULT_INSIGHTS_SORT.direction;
    set('sortBy', isDefault ? '' : patch.sort.columnId);
    set('sortOrder', isDefault ? '' : patch.sort.direction);
  }
  if (patch.pageSize !== undefined) {
    set('pageSize', patch.pageSize === INSIGHTS_PAGE_SIZE ? '' : String(patch.pageSize));
  }
  if (restart) next.delete('page');
  else if (patch.page !== undefined) {
    if (patch.page <= 1) next.delete('page');
    else next.set('page', String(patch.page));
  }
  return next;
}

export function useInsightsUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseInsightsParams(params), [params]);
  const update = useCallback(
    (patch: Partial<InsightsQuery>) => setParams((current) => applyInsightsPatch(current, patch)),
    [setParams],
  );
  return { state, update };
}
