import useSWR from 'swr';
import { db } from '../../api/db';
import type { AgentRef } from '../../components/SourceLink/SourceLink';
import type { Json } from '../../lib/jsonDoc';
import { pageOffset } from '../../lib/pagination';
import { LIST_SELECT, type Page } from '../../lib/settingsResource';
import type { CanaryDoc } from './document';

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
