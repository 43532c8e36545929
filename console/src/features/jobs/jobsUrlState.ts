import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_JOB_SORT,
  JOBS_PAGE_SIZE,
  JOB_SORT_COLUMNS,
  type JobQuery,
  type JobSort,
  type JobSortColumn,
} from '../../components/JobHistory/api';
import { timeRangeFromParams, withTimeRangeParams } from '../../lib/recentTimeRanges';
import type { RelativeTimeRange, TimeRange } from '../../lib/timeRange';

/**
 * What /settings/jobs keeps in its query string (spec 001 §4: filter, range and paging state
 * lives in the URL). Include/exclude filters are encoded as lib/triState does: value:1 or
 * value:-1, comma-joined.
 */
export interface JobsState {
  name: string;
  resourceType: string;
  status: string;
  /** A minimum run duration as typed ('500ms', '2s'), or '' for all. */
  duration: string;
  range: TimeRange;
  sort: JobSort;
  page: number;
  pageSize: number;
}

/** Spec 001 §9: SUCCESS excluded unless the user says otherwise. */
export const DEFAULT_JOB_STATUS = 'SUCCESS:-1';
/** Spec 001 §9: the last two days. */
export const DEFAULT_JOBS_RANGE: RelativeTimeRange = {
  type: 'relative',
  range: 'now-2d',
  display: 'Last 2 days',
};

const KEYS = {
  name: 'name',
  resourceType: 'resource_type',
  status: 'status',
  duration: 'duration',
};

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value >= 1 ? value : fallback;
}

function sortOf(params: URLSearchParams): JobSort {
  const column = params.get('sortBy');
  if (!column || !(JOB_SORT_COLUMNS as readonly string[]).includes(column)) {
    return DEFAULT_JOB_SORT;
  }
  return { column: column as JobSortColumn, desc: params.get('sortOrder') !== 'asc' };
}

export function parseJobsParams(params: URLSearchParams): JobsState {
  return {
    name: params.get(KEYS.name) ?? '',
    resourceType: params.get(KEYS.resourceType) ?? '',
    // Present but empty: the user cleared the default.
    status: params.has(KEYS.status) ? (params.get(KEYS.status) ?? '') : DEFAULT_JOB_STATUS,
    duration: params.get(KEYS.duration)?.trim() ?? '',
    range: timeRangeFromParams(params) ?? DEFAULT_JOBS_RANGE,
    sort: sortOf(params),
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('pageSize'), JOBS_PAGE_SIZE),
  };
}

/**
 * The query string after `patch`: defaults are left out, and a changed filter, range, sort or
 * page size starts again at page 1 (spec 001 §4).
 */
export function applyJobsPatch(
  params: URLSearchParams,
  patch: Partial<JobsState>,
): URLSearchParams {
  let next = new URLSearchParams(params);
  let restart = false;
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
    restart = true;
  };
  if (patch.name !== undefined) set(KEYS.name, patch.name);
  if (patch.resourceType !== undefined) set(KEYS.resourceType, patch.resourceType);
  if (patch.duration !== undefined) set(KEYS.duration, patch.duration);
  if (patch.status !== undefined) {
    if (patch.status === DEFAULT_JOB_STATUS) next.delete(KEYS.status);
    else next.set(KEYS.status, patch.status);
    restart = true;
  }
  if (patch.range) {
    const isDefault =
      patch.range.type === 'relative' && patch.range.range === DEFAULT_JOBS_RANGE.range;
    next = withTimeRangeParams(next, isDefault ? undefined : patch.range);
    restart = true;
  }
  if (patch.sort) {
    const isDefault =
      patch.sort.column === DEFAULT_JOB_SORT.column && patch.sort.desc === DEFAULT_JOB_SORT.desc;
    if (isDefault) {
      next.delete('sortBy');
      next.delete('sortOrder');
    } else {
      next.set('sortBy', patch.sort.column);
      next.set('sortOrder', patch.sort.desc ? 'desc' : 'asc');
    }
    restart = true;
  }
  if (patch.pageSize !== undefined) {
    set('pageSize', patch.pageSize === JOBS_PAGE_SIZE ? '' : String(patch.pageSize));
  }
  if (restart) next.delete('page');
  else if (patch.page !== undefined) {
    if (patch.page <= 1) next.delete('page');
    else next.set('page', String(patch.page));
  }
  return next;
}

/** Only milliseconds and seconds (spec 001 §5): '250ms', '2s', '1.5s'. */
export function durationMillis(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)$/.exec(text.trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  return Math.round(match[2] === 's' ? amount * 1000 : amount);
}

/** The page's state as the job history query. */
export function jobQueryOf(state: JobsState): JobQuery {
  const minDurationMs = durationMillis(state.duration);
  return {
    name: state.name,
    resourceType: state.resourceType,
    status: state.status,
    ...(minDurationMs ? { minDurationMs } : {}),
    range: state.range,
    sort: state.sort,
    page: state.page,
    pageSize: state.pageSize,
  };
}

export function useJobsUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseJobsParams(params), [params]);
  const update = useCallback(
    (patch: Partial<JobsState>) => setParams((current) => applyJobsPatch(current, patch)),
    [setParams],
  );
  return { state, update };
}
