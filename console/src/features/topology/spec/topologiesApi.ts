import useSWR from 'swr';
import { db } from '../../../api/db';
import type { AgentRef } from '../../../components/SourceLink/SourceLink';
import type { Json } from '../../../lib/jsonDoc';
import { pageOffset } from '../../../lib/pagination';
import { LIST_SELECT, type Page } from '../../../lib/settingsResource';
import type { TopologyDoc } from './topologyDocument';

/** A row of topologies_with_status (spec 001 §7 'Generic resources'). */
export interface TopologyListRow {
  id: string;
  name: string;
  namespace: string | null;
  schedule: string | null;
  spec: Json | null;
  source: string | null;
  agent_id: string | null;
  agent: AgentRef | null;
  created_by: { id: string; name: string; avatar: string | null } | null;
  created_at: string;
  job_status: string | null;
  job_time_start: string | null;
}

/** A row of topologies with its agent. */
export interface TopologyRow {
  id: string;
  name: string;
  namespace: string | null;
  labels: Record<string, string> | null;
  spec: Json | null;
  schedule: string | null;
  source: string | null;
  agent_id: string | null;
  agent: AgentRef | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

export async function fetchTopologies(
  page: number,
  pageSize: number,
): Promise<Page<TopologyListRow>> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('topologies_with_status')
    .select(LIST_SELECT, { count: 'exact' })
    .is('deleted_at', null)
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<TopologyListRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useTopologies(page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['settings/topologies', page, pageSize] as const,
    ([, p, s]) => fetchTopologies(p, s),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** One topology; undefined when there is none or it was deleted. */
export async function fetchTopologyRow(id: string): Promise<TopologyRow | undefined> {
  const { data } = await db
    .from('topologies')
    .select('*,agent:agent_id(id,name)')
    .eq('id', id)
    .throwOnError()
    .overrideTypes<TopologyRow[], { merge: false }>();
  const row = data[0];
  return row && !row.deleted_at ? row : undefined;
}

export function useTopologyRow(id: string) {
  const { data, error, isLoading } = useSWR(['settings/topology', id] as const, ([, key]) =>
    fetchTopologyRow(key),
  );
  return { topology: data, error: error as Error | undefined, isLoading };
}

/**
 * The row written for a document. The schedule column is kept in step with the spec's: the
 * topology engine reads the column first.
 */
function rowOf(doc: TopologyDoc) {
  const schedule = typeof doc.spec.schedule === 'string' ? doc.spec.schedule.trim() : '';
  return {
    name: doc.name.trim(),
    namespace: doc.namespace.trim() || 'default',
    labels: doc.labels,
    spec: doc.spec,
    schedule: schedule || null,
  };
}

export async function createTopology(doc: TopologyDoc, userId: string): Promise<void> {
  await db
    .from('topologies')
    .insert({ ...rowOf(doc), source: 'UI', created_by: userId })
    .throwOnError();
}

export async function updateTopology(id: string, doc: TopologyDoc): Promise<void> {
  await db.from('topologies').update(rowOf(doc)).eq('id', id).throwOnError();
}

/** Soft delete (spec 001 §4). */
export async function deleteTopology(id: string): Promise<void> {
  await db.from('topologies').update({ deleted_at: 'now()' }).eq('id', id).throwOnError();
}
