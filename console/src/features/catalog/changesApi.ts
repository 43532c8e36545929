import useSWR from 'swr';
import { db } from '../../api/db';
import { request } from '../../api/fetcher';
import { parseDateMath } from '../../lib/dateMath';
import { resolveTimeRange, type TimeRange } from '../../lib/timeRange';
import { decodeTriState, toQueryFilter } from '../../lib/triState';
import type { ChangesState } from './changesUrlState';
import { keyFilters } from '../../lib/queryFilters';

/** One change of POST /api/catalog/changes (docs/api/catalog.md). */
export interface CatalogChange {
  id: string;
  config_id: string;
  name: string | null;
  type: string | null;
  tags?: Record<string, unknown> | null;
  change_type: string | null;
  severity: string | null;
  source: string | null;
  summary: string | null;
  created_at: string;
  first_observed?: string | null;
  count?: number | null;
  created_by?: string | null;
  external_created_by?: string | null;
  deleted_at?: string | null;
}

export interface ChangesAnswer {
  total: number;
  changes: CatalogChange[];
  summary?: Record<string, number>;
}

export interface ChangesRequest {
  config_type?: string;
  type?: string;
  severity?: string;
  from: string;
  to?: string;
  id?: string;
  recursive?: 'none';
  summary?: string;
  source?: string;
  created_by?: string;
  tags?: string;
  include_deleted_configs: boolean;
  sort_by: string;
  page: number;
  page_size: number;
}

/**
 * The range as the API takes it: a relative range as date math, so each refresh is relative to
 * its own now; named and absolute ranges as the moments they stand for.
 */
export function apiRange(range: TimeRange, now = new Date()): { from: string; to?: string } {
  if (range.type === 'relative') {
    return range.range.startsWith('now-')
      ? { from: range.range }
      : { from: 'now', to: range.range };
  }
  if (range.type === 'absolute') {
    const from = parseDateMath(range.from, now)?.toISOString() ?? range.from;
    const to = parseDateMath(range.to, now, true)?.toISOString() ?? range.to;
    return { from, to };
  }
  const resolved = resolveTimeRange(range, now);
  return resolved
    ? { from: resolved.from.toISOString(), to: resolved.to.toISOString() }
    : { from: 'now-2d' };
}

/** A `key:value` tag include/exclude as a label selector: `k=v`, `k!=v`. */
export function tagSelector(encoded: string): string | undefined {
  const parts = keyFilters(decodeTriState(encoded)).flatMap((f) => [
    ...f.include.map((v) => `${f.key}=${v}`),
    ...f.exclude.map((v) => `${f.key}!=${v}`),
  ]);
  return parts.length > 0 ? parts.join(',') : undefined;
}

export function changesRequest(state: ChangesState, hideDeleted: boolean): ChangesRequest {
  const body: ChangesRequest = {
    ...apiRange(state.range),
    include_deleted_configs: !hideDeleted,
    sort_by: `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.columnId}`,
    page: state.page,
    page_size: state.pageSize,
  };
  if (state.configType) body.config_type = state.configType;
  const types = toQueryFilter(decodeTriState(state.changeType));
  if (types) body.type = types;
  if (state.severity) body.severity = state.severity;
  // The id free filter lists that config's own changes.
  if (state.id) Object.assign(body, { id: state.id, recursive: 'none' });
  if (state.summary) body.summary = state.summary;
  if (state.source) body.source = state.source;
  const createdBy = state.created_by || state.external_created_by;
  if (createdBy) body.created_by = createdBy;
  const tags = tagSelector(state.tags);
  if (tags) body.tags = tags;
  return body;
}

export async function fetchChanges(body: ChangesRequest): Promise<ChangesAnswer> {
  const answer = await request<ChangesAnswer>('/api/catalog/changes', { method: 'POST', body });
  return { ...answer, changes: answer.changes ?? [] };
}

export function useCatalogChanges(body: ChangesRequest) {
  const key = JSON.stringify(body);
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['catalog/changes', key],
    ([, b]) => fetchChanges(JSON.parse(b) as ChangesRequest),
    { keepPreviousData: true },
  );
  return { data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** A change with what the list leaves out (spec 002 §3 'Config change'). */
export interface ChangeDetails {
  id: string;
  config_id: string;
  change_type: string | null;
  severity: string | null;
  source: string | null;
  summary: string | null;
  created_at: string;
  created_by: string | null;
  external_created_by: string | null;
  count: number | null;
  diff: string | null;
  patches: unknown;
  details: unknown;
  config: { id: string; name: string | null; type: string; config_class: string } | null;
}

export const CHANGE_DETAILS_SELECT =
  'id,config_id,change_type,severity,source,summary,created_at,created_by,external_created_by,' +
  'count,diff,details,patches,config:configs(id,name,type,config_class)';

/** GET /api/db/config_changes?id=eq.C&config_id=eq.X: undefined when there is no such change. */
export async function fetchChangeDetails(
  id: string,
  configId: string,
): Promise<ChangeDetails | undefined> {
  const { data } = await db
    .from('config_changes')
    .select(CHANGE_DETAILS_SELECT)
    .eq('id', id)
    .eq('config_id', configId)
    .throwOnError()
    .overrideTypes<ChangeDetails[], { merge: false }>();
  return data[0];
}

export function useChangeDetails(change: { id: string; config_id: string } | undefined) {
  const { data, error, isLoading } = useSWR(
    change ? ['catalog/change', change.id, change.config_id] : null,
    ([, id, configId]) => fetchChangeDetails(id, configId),
  );
  return { details: data, error: error as Error | undefined, isLoading };
}

/** People named by id in a page of changes, id → name. */
export async function fetchPeopleNames(ids: readonly string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const { data } = await db
    .from('people')
    .select('id,name')
    .in('id', [...ids])
    .throwOnError()
    .overrideTypes<{ id: string; name: string | null }[], { merge: false }>();
  return Object.fromEntries(data.map((p) => [p.id, p.name ?? p.id]));
}

export function usePeopleNames(ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort();
  const { data } = useSWR(
    sorted.length > 0 ? ['catalog/people', sorted.join(',')] : null,
    ([, list]) => fetchPeopleNames(list.split(',')),
  );
  return data ?? {};
}
