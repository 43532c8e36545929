import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortState } from '../../lib/tableRows';
import { ALL } from './model';

/**
 * Everything the incident list keeps in its query string (spec 000 §2.3). Filters hold 'all'
 * when they do not filter; owner and component hold a person / component id.
 */
export interface IncidentFilters {
  type: string;
  severity: string;
  status: string;
  owner: string;
  component: string;
  search: string;
}

export interface IncidentListState extends IncidentFilters {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: SortState;
}

export const DEFAULT_PAGE_SIZE = 50;

/** Column ids of the list that sort on the server. */
export const SORTABLE_COLUMNS = ['id', 'type', 'severity', 'status', 'name', 'age'] as const;
export type SortColumn = (typeof SORTABLE_COLUMNS)[number];

/** Youngest first. */
export const DEFAULT_SORT: SortState = { columnId: 'age', direction: 'asc' };

export const INCIDENT_LIST_DEFAULTS: IncidentListState = {
  type: ALL,
  severity: ALL,
  // 'The default status filter is open' (spec 000 §2.3): the status value open (§4.1), not every
  // incident that is still being worked on. Choosing All lists every status.
  status: 'open',
  owner: ALL,
  component: ALL,
  search: '',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  sort: DEFAULT_SORT,
};

const FILTER_KEYS = ['type', 'severity', 'status', 'owner', 'component', 'search'] as const;

function positiveInt(raw: string | null, fallback: number): number {
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

function parseSort(params: URLSearchParams): SortState {
  const by = params.get('sortBy');
  if (!by || !(SORTABLE_COLUMNS as readonly string[]).includes(by)) return DEFAULT_SORT;
  return { columnId: by, direction: params.get('sortOrder') === 'desc' ? 'desc' : 'asc' };
}

/** A filter value from the URL; missing or empty means the default. */
function filterValue(params: URLSearchParams, key: (typeof FILTER_KEYS)[number]): string {
  const raw = params.get(key)?.trim();
  return raw ? raw : INCIDENT_LIST_DEFAULTS[key];
}

export function parseIncidentParams(params: URLSearchParams): IncidentListState {
  const d = INCIDENT_LIST_DEFAULTS;
  return {
    type: filterValue(params, 'type'),
    severity: filterValue(params, 'severity'),
    status: filterValue(params, 'status'),
    owner: filterValue(params, 'owner'),
    component: filterValue(params, 'component'),
    search: params.get('search') ?? '',
    page: positiveInt(params.get('page'), d.page),
    pageSize: positiveInt(params.get('pageSize'), d.pageSize),
    sort: parseSort(params),
  };
}

/**
 * The query string after applying `patch`. Defaults are left out of the URL (so links from other
 * areas, which name only type, severity and component, get the default status), parameters this
 * page does not own are kept, and a changed filter, sort or page size starts again at page 1.
 */
export function applyIncidentPatch(
  params: URLSearchParams,
  patch: Partial<IncidentListState>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = parseIncidentParams(params);
  let restart = false;
  for (const key of FILTER_KEYS) {
    const value = patch[key];
    if (value === undefined) continue;
    const trimmed = key === 'search' ? value : value.trim() || INCIDENT_LIST_DEFAULTS[key];
    if (trimmed !== current[key]) restart = true;
    if (trimmed === INCIDENT_LIST_DEFAULTS[key]) next.delete(key);
    // Status defaults to open, so "no status filter" has to be spelled out.
    else next.set(key, trimmed);
  }
  if (patch.sort) {
    const { columnId, direction } = patch.sort;
    if (columnId !== current.sort.columnId || direction !== current.sort.direction) restart = true;
    if (columnId === DEFAULT_SORT.columnId && direction === DEFAULT_SORT.direction) {
      next.delete('sortBy');
      next.delete('sortOrder');
    } else {
      next.set('sortBy', columnId);
      next.set('sortOrder', direction);
    }
  }
  if (patch.pageSize !== undefined) {
    if (patch.pageSize !== current.pageSize) restart = true;
    if (patch.pageSize === INCIDENT_LIST_DEFAULTS.pageSize) next.delete('pageSize');
    else next.set('pageSize', String(patch.pageSize));
  }
  if (restart) next.delete('page');
  if (patch.page !== undefined && !restart) {
    if (patch.page <= 1) next.delete('page');
    else next.set('page', String(patch.page));
  }
  return next;
}

/** The list's URL state and a setter (applyIncidentPatch). */
export function useIncidentUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseIncidentParams(params), [params]);
  const update = useCallback(
    (patch: Partial<IncidentListState>, options: { replace?: boolean } = {}) =>
      setParams((current) => applyIncidentPatch(current, patch), { replace: options.replace }),
    [setParams],
  );
  return { state, update };
}

/**
 * A link into the list from another area (spec 000 §2.3): `/incidents?type=..&component=..` or
 * `/incidents?severity=..&component=..&type=..`. Values left out or 'all' are not written.
 */
export function incidentListPath(filters: Partial<IncidentFilters> = {}): string {
  const params = applyIncidentPatch(new URLSearchParams(), filters);
  const query = params.toString();
  return query ? `/incidents?${query}` : '/incidents';
}

export const incidentPath = (id: string) => `/incidents/${encodeURIComponent(id)}`;
