import useSWR from 'swr';
import { db } from '../../api/db';
import { pageOffset } from '../../lib/pagination';
import type { CanaryDoc, Json } from './document';

/** The all-zero agent id: the canary runs here, not on an agent (spec 001 §3). */
export const NIL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export interface AgentRef {
  id: string;
  name: string;
}

/** A row of canaries_with_status (spec 001 §7 "Generic resources"). */
export interface CanaryListRow {
  id: string;
  name: string;
  namespace: string | null;
  schedule: string | null;
  interval: string | null;
  source: string | null;
  labels: Record<string, string> | null;
  agent_id: string | null;
  agent: AgentRef | null;
  created_by: { id: string; name: string; avatar: string | null } | null;
  created_at: string;
  last_runtime: string | null;
  job_status: string | null;
  job_name: string | null;
}

/** A row of canaries, with its agent. */
export interface CanaryRow {
  id: string;
  name: string;
  namespace: string | null;
  labels: Record<string, string> | null;
  annotations: Json | null;
  spec: Json | null;
  source: string | null;
  agent_id: string | null;
  agent: AgentRef | null;
  created_by: string | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

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

export interface Page<Row> {
  rows: Row[];
  total: number;
}

/** The generic list limit (spec 001 §9). */
export const LIST_PAGE_SIZE = 100;
/** Job history on a resource tab (spec 001 §9). */
export const JOB_PAGE_SIZE = 150;

export const LIST_SELECT = '*,created_by(id,name,avatar)';

export async function fetchCanaries(page: number, pageSize: number): Promise<Page<CanaryListRow>> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('canaries_with_status')
    .select(LIST_SELECT, { count: 'exact' })
    .is('deleted_at', null)
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<CanaryListRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useCanaries(page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['settings/canaries', page, pageSize],
    ([, p, s]) => fetchCanaries(p, s),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** One canary, or undefined when there is none (or it was deleted). */
export async function fetchCanary(id: string): Promise<CanaryRow | undefined> {
  const { data } = await db
    .from('canaries')
    .select('*,agent:agent_id(id,name)')
    .eq('id', id)
    .throwOnError()
    .overrideTypes<CanaryRow[], { merge: false }>();
  const row = data[0];
  return row && !row.deleted_at ? row : undefined;
}

export function useCanary(id: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR(
    id ? ['settings/canary', id] : null,
    ([, key]) => fetchCanary(key),
  );
  return { canary: data, error: error as Error | undefined, isLoading, mutate };
}

function rowOf(doc: CanaryDoc) {
  return {
    name: doc.name.trim(),
    namespace: doc.namespace.trim() || 'default',
    labels: doc.labels,
    spec: doc.spec,
  };
}

export async function createCanary(doc: CanaryDoc, userId: string): Promise<void> {
  await db
    .from('canaries')
    .insert({ ...rowOf(doc), source: 'UI', created_by: userId })
    .throwOnError();
}

export async function updateCanary(id: string, doc: CanaryDoc): Promise<void> {
  await db.from('canaries').update(rowOf(doc)).eq('id', id).throwOnError();
}

/** Soft delete (spec 001 §4). */
export async function deleteCanary(id: string): Promise<void> {
  await db.from('canaries').update({ deleted_at: 'now()' }).eq('id', id).throwOnError();
}

export async function fetchJobHistory(
  id: string,
  page: number,
  pageSize: number,
): Promise<Page<JobHistoryRow>> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('job_histories')
    .select('*', { count: 'exact' })
    .eq('resource_type', 'canary')
    .eq('resource_id', id)
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<JobHistoryRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useJobHistory(id: string, page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['settings/canary/jobs', id, page, pageSize],
    ([, key, p, s]) => fetchJobHistory(key, p, s),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

export function errorText(error: unknown): string {
  return (error instanceof Error && error.message) || 'An error occurred';
}
