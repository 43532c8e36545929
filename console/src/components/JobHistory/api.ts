import useSWR from 'swr';
import { db } from '../../api/db';
import { applyConditions, triStateConditions } from '../../lib/queryFilters';
import type { Json } from '../../lib/jsonDoc';
import { pageOffset } from '../../lib/pagination';
import type { Page } from '../../lib/settingsResource';
import { resolveTimeRange, type TimeRange } from '../../lib/timeRange';

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
/** Job history on /settings/jobs (spec 001 §9). */
export const JOBS_PAGE_SIZE = 50;

/** The job resource types (spec 001 §9). */
export type JobResourceType = 'canary' | 'topology' | 'config_scraper' | 'team' | 'incident_rule';

/** Columns the table sorts by on the server; created_at (newest first) by default. */
export const JOB_SORT_COLUMNS = [
  'name',
  'resource_name',
  'status',
  'time_start',
  'duration_millis',
  'success_count',
  'error_count',
  'created_at',
] as const;
export type JobSortColumn = (typeof JOB_SORT_COLUMNS)[number];

export interface JobSort {
  column: JobSortColumn;
  desc: boolean;
}

export const DEFAULT_JOB_SORT: JobSort = { column: 'created_at', desc: true };

/** Everything a page of job history is asked by (spec 001 §3 "Job history filter values"). */
export interface JobQuery {
  /** One resource's runs (a resource's Job History tab). */
  resource?: { type: JobResourceType; id: string };
  /** Encoded include/exclude filters (lib/triState). */
  name?: string;
  resourceType?: string;
  status?: string;
  /** Runs that took at least this long. */
  minDurationMs?: number;
  /** Runs created in this range. */
  range?: TimeRange;
  sort?: JobSort;
  page: number;
  pageSize: number;
}

/** The created_at bounds of a range at the moment `now` (both ends: gt and lt). */
export function createdRange(
  range: TimeRange | undefined,
  now = new Date(),
): { from: string; to: string } | undefined {
  const resolved = range && resolveTimeRange(range, now);
  return resolved && { from: resolved.from.toISOString(), to: resolved.to.toISOString() };
}

/**
 * GET /api/db/job_histories?select=*&limit&offset&order=created_at.desc with Prefer:
 * count=exact, filtered by resource, name, resource type and status (include/exclude), a
 * minimum duration and a created_at range (spec 001 §7 "Job history").
 */
export async function fetchJobs(q: JobQuery, now = new Date()): Promise<Page<JobHistoryRow>> {
  const from = pageOffset(q.page, q.pageSize);
  let query = applyConditions(db.from('job_histories').select('*', { count: 'exact' }), [
    ...triStateConditions('name', q.name ?? ''),
    ...triStateConditions('resource_type', q.resourceType ?? ''),
    ...triStateConditions('status', q.status ?? ''),
  ]);
  if (q.resource) {
    query = query.eq('resource_type', q.resource.type).eq('resource_id', q.resource.id);
  }
  if (q.minDurationMs !== undefined && q.minDurationMs > 0) {
    query = query.gte('duration_millis', q.minDurationMs);
  }
  const created = createdRange(q.range, now);
  if (created) query = query.gt('created_at', created.from).lt('created_at', created.to);
  const sort = q.sort ?? DEFAULT_JOB_SORT;
  query = query.order(sort.column, { ascending: !sort.desc });
  // A stable order inside equal values, so paging never repeats or skips a run.
  if (sort.column !== 'created_at') query = query.order('created_at', { ascending: false });
  const { data, count } = await query
    .range(from, from + q.pageSize - 1)
    .throwOnError()
    .overrideTypes<JobHistoryRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useJobs(q: JobQuery) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['jobs', JSON.stringify(q)] as const,
    () => fetchJobs(q),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** The Job Name filter's choices: GET /api/db/job_history_names?order=name.asc. */
export async function fetchJobNames(): Promise<string[]> {
  const { data } = await db
    .from('job_history_names')
    .select('name')
    .order('name', { ascending: true })
    .throwOnError()
    .overrideTypes<{ name: string }[], { merge: false }>();
  return data.map((r) => r.name);
}

export function useJobNames() {
  const { data, error } = useSWR('jobs/names', fetchJobNames);
  return { names: data ?? [], error: error as Error | undefined };
}
