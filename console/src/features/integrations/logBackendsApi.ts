import useSWR from 'swr';
import { db } from '../../api/db';
import type { AgentRef } from '../../components/SourceLink/SourceLink';
import type { Json } from '../../lib/jsonDoc';
import type { LogBackendDoc } from './logBackendDocument';

/** A row of logging_backends (spec 001 §3 "Log backend"). */
export interface LogBackendRow {
  id: string;
  name: string;
  labels: Record<string, unknown> | null;
  spec: Json | null;
  source: string | null;
  agent_id: string | null;
  agent: AgentRef | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

/** One log backend; undefined when there is none or it was deleted. */
export async function fetchLogBackend(id: string): Promise<LogBackendRow | undefined> {
  const { data } = await db
    .from('logging_backends')
    .select('*')
    .eq('id', id)
    .throwOnError()
    .overrideTypes<LogBackendRow[], { merge: false }>();
  const row = data[0];
  return row && !row.deleted_at ? row : undefined;
}

export function useLogBackend(id: string) {
  const { data, error, isLoading } = useSWR(['settings/logging_backend', id] as const, ([, key]) =>
    fetchLogBackend(key),
  );
  return { logBackend: data, error: error as Error | undefined, isLoading };
}

const rowOf = (doc: LogBackendDoc) => ({
  name: doc.name.trim(),
  labels: Object.keys(doc.labels).length > 0 ? doc.labels : null,
  spec: doc.spec,
});

export async function createLogBackend(doc: LogBackendDoc, userId: string): Promise<void> {
  await db
    .from('logging_backends')
    .insert({ ...rowOf(doc), source: 'UI', created_by: userId })
    .throwOnError();
}

export async function updateLogBackend(id: string, doc: LogBackendDoc): Promise<void> {
  await db.from('logging_backends').update(rowOf(doc)).eq('id', id).throwOnError();
}

/** Soft delete (spec 001 §4). */
export async function deleteLogBackend(id: string): Promise<void> {
  await db.from('logging_backends').update({ deleted_at: 'now()' }).eq('id', id).throwOnError();
}
