import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { timeRangeFromParams, withTimeRangeParams } from '../../../lib/recentTimeRanges';
import type { RelativeTimeRange, TimeRange } from '../../../lib/timeRange';

/** What the run list keeps in its query string (spec 001 §4: filters and paging live in the URL). */
export interface RunsState {
  /** A run status, or '' for all. */
  status: string;
  /** A playbook id, or '' for all. */
  playbook: string;
  range: TimeRange;
  page: number;
  pageSize: number;
}

/** Spec 002 §9: runs of the last 7 days, 150 a page. */
export const DEFAULT_RUNS_RANGE: RelativeTimeRange = {
  type: 'relative',
  range: 'now-7d',
  display: 'Last 7 days',
};
export const RUNS_PAGE_SIZE = 150;

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value >= 1 ? value : fallback;
}

export function parseRunsParams(params: URLSearchParams): RunsState {
  return {
    status: params.get('status')?.trim() ?? '',
    playbook: params.get('playbook')?.trim() ?? '',
    range: timeRangeFromParams(params) ?? DEFAULT_RUNS_RANGE,
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('pageSize'), RUNS_PAGE_SIZE),
  };
}

/** The query string after `patch`: defaults are left out, and a change of filter restarts at page 1. */
export function applyRunsPatch(
  params: URLSearchParams,
  patch: Partial<RunsState>,
): URLSearchParams {
  let next = new URLSearchParams(params);
  let restart = false;
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
    restart = true;
  };
  if (patch.status !== undefined) set('status', patch.status);
  if (patch.playbook !== undefined) set('playbook', patch.playbook);
  if (patch.range) {
    const isDefault =
      patch.range.type === 'relative' && patch.range.range === DEFAULT_RUNS_RANGE.range;
    next = withTimeRangeParams(next, isDefault ? undefined : patch.range);
    restart = true;
  }
  if (patch.pageSize !== undefined) {
    set('pageSize', patch.pageSize === RUNS_PAGE_SIZE ? '' : String(patch.pageSize));
  }
  if (restart) next.delete('page');
  else if (patch.page !== undefined) {
    if (patch.page <= 1) next.delete('page');
    else next.set('page', String(patch.page));
  }
  return next;
}

export function useRunsUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseRunsParams(params), [params]);
  const update = useCallback(
    (patch: Partial<RunsState>) => setParams((current) => applyRunsPatch(current, patch)),
    [setParams],
  );
  return { state, update };
}
