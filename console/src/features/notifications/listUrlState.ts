import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ID_PARAM } from './paths';

/**
 * What a notifications list keeps in its query string: the page, the page size, its filters
 * (each an encoded value under its own key) and the id of the row whose modal is open.
 */
export interface ListUrlState<F extends string> {
  page: number;
  pageSize: number;
  /** The open modal's row id ('new' for an empty form), or '' when none is open. */
  id: string;
  filters: Record<F, string>;
}

export interface ListUrlPatch<F extends string> {
  page?: number;
  pageSize?: number;
  /** A row id to open, or '' to close the modal. */
  id?: string;
  filters?: Partial<Record<F, string>>;
}

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value >= 1 ? value : fallback;
}

export function parseListParams<F extends string>(
  params: URLSearchParams,
  filterKeys: readonly F[],
  defaultPageSize: number,
): ListUrlState<F> {
  const filters = Object.fromEntries(
    filterKeys.map((key) => [key, params.get(key)?.trim() ?? '']),
  ) as Record<F, string>;
  return {
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('pageSize'), defaultPageSize),
    id: params.get(ID_PARAM)?.trim() ?? '',
    filters,
  };
}

/**
 * The query string after `patch`: defaults are left out, and a new filter or page size starts
 * again at page 1. Opening or closing a modal leaves the rest alone.
 */
export function applyListPatch<F extends string>(
  params: URLSearchParams,
  patch: ListUrlPatch<F>,
  defaultPageSize: number,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  let restart = false;
  for (const [key, value] of Object.entries(patch.filters ?? {}) as [F, string | undefined][]) {
    if (value === undefined) continue;
    set(key, value);
    restart = true;
  }
  if (patch.pageSize !== undefined) {
    set('pageSize', patch.pageSize === defaultPageSize ? '' : String(patch.pageSize));
    restart = true;
  }
  if (restart) next.delete('page');
  else if (patch.page !== undefined) set('page', patch.page <= 1 ? '' : String(patch.page));
  if (patch.id !== undefined) set(ID_PARAM, patch.id);
  return next;
}

export function useListUrlState<F extends string>(
  filterKeys: readonly F[],
  defaultPageSize: number,
) {
  const [params, setParams] = useSearchParams();
  const keys = filterKeys.join(',');
  const state = useMemo(
    () => parseListParams(params, keys ? (keys.split(',') as F[]) : [], defaultPageSize),
    [params, keys, defaultPageSize],
  );
  const update = useCallback(
    (patch: ListUrlPatch<F>) =>
      setParams((current) => applyListPatch(current, patch, defaultPageSize)),
    [setParams, defaultPageSize],
  );
  return { state, update };
}
