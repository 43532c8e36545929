import useSWR from 'swr';
import { db } from '../../api/db';
import type { Json } from '../../lib/jsonDoc';
import { pageOffset } from '../../lib/pagination';
import type { Page } from '../../lib/settingsResource';

/** A row of job_histories: a job_history run with its resource's name and its agent. */
export interface JobHistoryRow {
  id: string;
  name: string | null;
  status: string | null;
  resource_type: string | null;
  resource_id: string | null;
  resource_name: string | null;
  hostname: string | null;
  agent: { id: string | null; name: string | null } | null;
  success_count: number | null;
  error_count: number | null;
  duration_millis: number | null;
  time_start: string | null;
  time_end: string | null;
  created_at: string;
  details: Json | null;
}

/** Job history on a resource tab (spec 001 §9). */
export const JOB_PAGE_SIZE = 150;

/** The job resource types (spec 001 §9). */
export type JobResourceType = 'canary' | 'topology' | 'config_scraper' | 'team' | 'incident_rule';

/** One resource's runs, newest first, paged on the server (spec 001 §7 "Job history"). */
export async function fetchJobHistory(
  resourceType: JobResourceType,
  resourceId: string,
  page: number,
  pageSize: number,
): Promise<Page<JobHistoryRow>> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('job_histories')
    .select('*', { count: 'exact' })
    .eq('resource_type', resourceType)
    .eq('resource_id', resourceId)
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<JobHistoryRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useJobHistory(
  resourceType: JobResourceType,
  resourceId: string,
  page: number,
  pageSize: number,
) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['jobs', resourceType, resourceId, page, pageSize] as const,
    ([, type, id, p, s]) => fetchJobHistory(type, id, p, s),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}
