import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import { db } from '../../../api/db';

/** A config_analysis row as the Insights tab lists it (spec 002 'Config analysis'). */
export interface ConfigInsight {
  id: string;
  analyzer: string;
  analysis_type: string | null;
  severity: string | null;
  status: string | null;
  message: string | null;
  summary: string | null;
  first_observed: string;
  last_observed: string | null;
}

export interface InsightsPage {
  rows: ConfigInsight[];
  total: number;
}

/** Spec 002 §9: insights load 50 at a time. */
export const INSIGHTS_PAGE_SIZE = 50;

export const INSIGHT_SELECT =
  'id,analyzer,analysis_type,severity,status,message,summary,first_observed,last_observed';

/** One page (0-based) of the config's insights, newest first, with the total. */
export async function fetchInsightsPage(configId: string, index: number): Promise<InsightsPage> {
  const from = index * INSIGHTS_PAGE_SIZE;
  const { data, count } = await db
    .from('config_analysis')
    .select(INSIGHT_SELECT, { count: 'exact' })
    .eq('config_id', configId)
    .order('first_observed', { ascending: false })
    .order('id', { ascending: true })
    .range(from, from + INSIGHTS_PAGE_SIZE - 1)
    .throwOnError()
    .overrideTypes<ConfigInsight[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

type PageKey = readonly ['config-insights', string, number];

const pageKey =
  (configId: string) =>
  (index: number, previous: InsightsPage | null): PageKey | null =>
    previous && previous.rows.length < INSIGHTS_PAGE_SIZE
      ? null
      : ['config-insights', configId, index];

/** The infinite list's own cache key, which the page's refresh must name to reach it. */
export const insightsListKey = (configId: string) => unstable_serialize(pageKey(configId));

export function useConfigInsights(configId: string) {
  const { data, error, isLoading, size, setSize } = useSWRInfinite(
    pageKey(configId),
    ([, id, index]: PageKey) => fetchInsightsPage(id, index),
    // Loading more asks for the next page only, not the first one again.
    { revalidateFirstPage: false },
  );
  const rows = data?.flatMap((p) => p.rows) ?? [];
  const total = data?.[0]?.total ?? 0;
  // Asked for more pages than have arrived: one is on its way (or failed, see error).
  const loadingMore = data !== undefined && size > data.length;
  return {
    rows,
    total,
    hasMore: data !== undefined && rows.length < total,
    error: error as Error | undefined,
    isLoading,
    loadingMore,
    loadMore: () => void setSize((n) => n + 1),
  };
}
