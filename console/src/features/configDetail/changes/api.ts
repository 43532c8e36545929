import useSWR from 'swr';
import { db } from '../../../api/db';
import { request } from '../../../api/fetcher';

/** A row of POST /api/catalog/changes (docs/api/catalog.md). */
export interface CatalogChange {
  id: string;
  config_id: string;
  name: string | null;
  type: string | null;
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
}

/** Which related configs' changes come along: none, or those in one direction or both. */
export type ChangeScope = 'none' | 'downstream' | 'upstream' | 'all';

export interface ChangesQuery {
  id: string;
  recursive: ChangeScope;
  /** Date math such as now-2d. */
  from: string;
  page: number;
  pageSize: number;
}

/** Spec 002 §9: change lists page by 200. */
export const CHANGES_PAGE_SIZE = 200;

/** POST /api/catalog/changes for one config, and with `recursive` its related configs. */
export async function fetchConfigChanges(query: ChangesQuery): Promise<ChangesAnswer> {
  const answer = await request<Partial<ChangesAnswer> | null>('/api/catalog/changes', {
    method: 'POST',
    body: {
      id: query.id,
      recursive: query.recursive,
      from: query.from,
      page: query.page,
      page_size: query.pageSize,
      sort_by: '-created_at',
    },
  });
  return { total: answer?.total ?? 0, changes: answer?.changes ?? [] };
}

export function useConfigChanges(query: ChangesQuery) {
  const { data, error, isLoading, isValidating } = useSWR(
    ['config-changes', query.id, query.recursive, query.from, query.page, query.pageSize] as const,
    ([, id, recursive, from, page, pageSize]) =>
      fetchConfigChanges({ id, recursive, from, page, pageSize }),
    { keepPreviousData: true },
  );
  return { answer: data, error: error as Error | undefined, isLoading, isValidating };
}

/** One change with what it changed (spec 002 'Change details by change id and config id'). */
export interface ChangeDetail {
  id: string;
  config_id: string;
  change_type: string | null;
  severity: string | null;
  source: string | null;
  summary: string | null;
  created_at: string;
  created_by: string | null;
  external_created_by: string | null;
  diff: string | null;
  details: unknown;
  patches: unknown;
}

export const CHANGE_DETAIL_SELECT =
  'id,config_id,change_type,severity,source,summary,created_at,created_by,external_created_by,' +
  'diff,details,patches';

/** GET /api/db/config_changes?id=eq.C&config_id=eq.X; null when the change is gone. */
export async function fetchChangeDetail(
  configId: string,
  changeId: string,
): Promise<ChangeDetail | null> {
  const { data } = await db
    .from('config_changes')
    .select(CHANGE_DETAIL_SELECT)
    .eq('id', changeId)
    .eq('config_id', configId)
    .maybeSingle<ChangeDetail>()
    .throwOnError();
  return data;
}

export function useChangeDetail(change: Pick<CatalogChange, 'id' | 'config_id'> | undefined) {
  const { data, error, isLoading } = useSWR(
    change ? (['config-change', change.config_id, change.id] as const) : null,
    ([, configId, changeId]) => fetchChangeDetail(configId, changeId),
  );
  return { detail: data, error: error as Error | undefined, isLoading };
}
