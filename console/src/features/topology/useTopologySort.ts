import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isSortBy, parseSort, withSort, type TopologySort } from './query';

/** Where the last sort chosen is remembered (spec 002 §9: kept in local storage). */
export const SORT_KEY = 'vigil.topology.sort';

export function readStoredSort(): TopologySort | undefined {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SORT_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const { sortBy, sortOrder } = value as Record<string, unknown>;
    if (typeof sortBy !== 'string' || !isSortBy(sortBy)) return undefined;
    if (sortOrder !== 'asc' && sortOrder !== 'desc') return undefined;
    return { sortBy, sortOrder };
  } catch {
    return undefined;
  }
}

function storeSort(sort: TopologySort) {
  try {
    localStorage.setItem(SORT_KEY, JSON.stringify(sort));
  } catch {
    // Storage unavailable: the URL still holds the choice.
  }
}

export interface TopologySortState {
  sort: TopologySort;
  setSort: (sort: TopologySort) => void;
}

/**
 * The dashboard's sort: the URL's, else the one remembered, else health descending. Choosing one
 * writes both the URL (so a shared link sorts the same) and local storage (the next visit).
 */
export function useTopologySort(): TopologySortState {
  const [params, setParams] = useSearchParams();
  const [remembered, setRemembered] = useState(readStoredSort);
  const sort = useMemo(() => parseSort(params, remembered), [params, remembered]);
  const setSort = useCallback(
    (next: TopologySort) => {
      storeSort(next);
      setRemembered(next);
      setParams((current) => withSort(current, next));
    },
    [setParams],
  );
  return { sort, setSort };
}
