import useSWR from 'swr';
import { db } from '../../api/db';
import { pageOffset } from '../../lib/pagination';
import type { SortState } from '../../lib/tableRows';
import { applyConditions, type Condition } from '../../lib/queryFilters';

/** A row of config_analysis_items with its config (spec 002 §3 'Config analysis'). */
export interface InsightRow {
  id: string;
  analysis_type: string | null;
  analyzer: string;
  severity: string | null;
  status: string | null;
  message: string | null;
  first_observed: string | null;
  last_observed: string | null;
  config_id: string;
  config_type: string | null;
  config: { id: string; name: string | null; config_class: string; type: string } | null;
}

export const INSIGHT_SELECT =
  'id,analysis_type,analyzer,severity,status,message,first_observed,last_observed,config_id,' +
  'config_type,config:configs(id,name,config_class,type)';

/** Spec 002 §9: 50 a page; a message shows at most 500 characters. */
export const INSIGHTS_PAGE_SIZE = 50;
export const MESSAGE_LIMIT = 500;

export function truncateMessage(message: string | null | undefined): string {
  if (!message) return '';
  return message.length > MESSAGE_LIMIT ? `${message.slice(0, MESSAGE_LIMIT)}…` : message;
}

export interface InsightsQuery {
  configType: string;
  severity: string;
  analyzer: string;
  component: string;
  sort: SortState;
  page: number;
  pageSize: number;
}

/** The configs linked to a component that have insights: read first, as upstream does. */
async function configIdsOfComponent(component: string): Promise<string[]> {
  const { data } = await db
    .rpc('lookup_analysis_by_component', { id: component }, { get: true })
    .select('config_id')
    .throwOnError();
  // The function returns a set; the untyped client cannot know that.
  const rows = (data ?? []) as unknown as { config_id: string }[];
  return [...new Set(rows.map((row) => row.config_id))];
}

export async function fetchInsights(
  q: InsightsQuery,
): Promise<{ rows: InsightRow[]; total: number }> {
  const conditions: Condition[] = [];
  if (q.component) {
    const ids = await configIdsOfComponent(q.component);
    if (ids.length === 0) return { rows: [], total: 0 };
    conditions.push({ op: 'in', column: 'config_id', values: ids });
  }
  if (q.configType) conditions.push({ op: 'eq', column: 'config_type', value: q.configType });
  if (q.severity)
    conditions.push({ op: 'eq', column: 'severity', value: q.severity.toLowerCase() });
  if (q.analyzer) conditions.push({ op: 'eq', column: 'analyzer', value: q.analyzer });
  const from = pageOffset(q.page, q.pageSize);
  const { data, count } = await applyConditions(
    db.from('config_analysis_items').select(INSIGHT_SELECT, { count: 'exact' }),
    conditions,
  )
    .order(q.sort.columnId, { ascending: q.sort.direction === 'asc' })
    .range(from, from + q.pageSize - 1)
    .throwOnError()
    .overrideTypes<InsightRow[], { merge: false }>();
  return { rows: data, total: count ?? from + data.length };
}

export function useInsights(q: InsightsQuery) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['catalog/insights', JSON.stringify(q)],
    ([, key]) => fetchInsights(JSON.parse(key) as InsightsQuery),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}
