import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { timeRangeFromParams, withTimeRangeParams } from '../../lib/recentTimeRanges';
import type { SortState } from '../../lib/tableRows';
import { PAST_PRESETS, type TimeRange } from '../../lib/timeRange';
import { CONFIG_TYPE_PARAM } from './paths';

/** The free filters of the changes list (spec 002 §2), set by clicking a value in a row. */
export const FREE_FILTERS = [
  'id',
  'summary',
  'source',
  'created_by',
  'external_created_by',
] as const;
export type FreeFilter = (typeof FREE_FILTERS)[number];

/** What the changes list keeps in its query string. */
export interface ChangesState extends Record<FreeFilter, string> {
  configType: string;
  /** Encoded include/exclude of change types. */
  changeType: string;
  /** The minimum severity, or '' for all. */
  severity: string;
  /** Encoded include/exclude of `key:value` tags, one per key. */
  tags: string;
  range: TimeRange;
  sort: SortState;
  page: number;
  pageSize: number;
}

/** Spec 002 §9: the last 2 days, newest first, 200 a page. */
export const DEFAULT_RANGE: TimeRange = PAST_PRESETS.find((p) => p.range === 'now-2d') ?? {
  type: 'relative',
  range: 'now-2d',
  display: 'Last 2 days',
};
export const DEFAULT_CHANGES_SORT: SortState = { columnId: 'created_at', direction: 'desc' };
export const CHANGES_PAGE_SIZE = 200;

/** Columns POST /api/catalog/changes sorts by. */
export const CHANGE_SORT_COLUMNS = [
  'created_at',
  'name',
  'change_type',
  'summary',
  'source',
  'count',
  'severity',
  'config_type',
] as const;

const TEXT_KEYS = ['changeType', 'severity', 'tags', ...FREE_FILTERS] as const;

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value >= 1 ? value : fallback;
}

export function parseChangesParams(params: URLSearchParams): ChangesState {
  const by = params.get('sortBy');
  const sort: SortState =
    by && (CHANGE_SORT_COLUMNS as readonly string[]).includes(by)
      ? { columnId: by, direction: params.get('sortOrder') === 'asc' ? 'asc' : 'desc' }
      : DEFAULT_CHANGES_SORT;
  const text = (key: string) => params.get(key)?.trim() ?? '';
  return {
    configType: text(CONFIG_TYPE_PARAM),
    changeType: text('changeType'),
    severity: text('severity'),
    tags: text('tags'),
    id: text('id'),
    summary: text('summary'),
    source: text('source'),
    created_by: text('created_by'),
    external_created_by: text('external_created_by'),
    range: timeRangeFromParams(params) ?? DEFAULT_RANGE,
    sort,
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('pageSize'), CHANGES_PAGE_SIZE),
  };
}

/** The query string after `patch`; defaults are left out and any change but paging restarts at page 1. */
export function applyChangesPatch(
  params: URLSearchParams,
  patch: Partial<ChangesState>,
): URLSearchParams {
  let next = new URLSearchParams(params);
  let restart = false;
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
    restart = true;
  };
  for (const key of TEXT_KEYS) {
    const value = patch[key];
    if (value !== undefined) set(key, value.trim());
  }
  if (patch.configType !== undefined) set(CONFIG_TYPE_PARAM, patch.configType.trim());
  if (patch.range) {
    const isDefault = patch.range.type === 'relative' && patch.range.range === 'now-2d';
    next = withTimeRangeParams(next, isDefault ? undefined : patch.range);
    restart = true;
  }
  if (patch.sort) {
    const { columnId, direction } = patch.sort;
    const isDefault =
      columnId === DEFAULT_CHANGES_SORT.columnId && direction === DEFAULT_CHANGES_SORT.direction;
    set('sortBy', isDefault ? '' : columnId);
    set('sortOrder', isDefault ? '' : direction);
  }
  if (patch.pageSize !== undefined) {
    set('pageSize', patch.pageSize === CHANGES_PAGE_SIZE ? '' : String(patch.pageSize));
  }
  if (restart) next.delete('page');
  else if (patch.page !== undefined) {
    if (patch.page <= 1) next.delete('page');
    else next.set('page', String(patch.page));
  }
  return next;
}

export function useChangesUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseChangesParams(params), [params]);
  const update = useCallback(
    (patch: Partial<ChangesState>) => setParams((current) => applyChangesPatch(current, patch)),
    [setParams],
  );
  return { state, update };
}
