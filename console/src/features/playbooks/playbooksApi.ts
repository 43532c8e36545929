import useSWR from 'swr';
import { db } from '../../api/db';
import type { Json } from '../../lib/jsonDoc';

/** A row of `playbooks` (datamodel: playbooks), as the list and the editor read it. */
export interface PlaybookRow {
  id: string;
  name: string;
  namespace: string;
  title: string;
  description: string | null;
  icon: string | null;
  category: string;
  source: string | null;
  spec: Json | null;
  created_at: string;
  updated_at: string | null;
  deleted_at?: string | null;
}

const SELECT =
  'id,name,namespace,title,description,icon,category,source,spec,created_at,updated_at';

/** GET /api/db/playbooks?deleted_at=is.null: every playbook, by title. */
export async function fetchPlaybooks(): Promise<PlaybookRow[]> {
  const { data } = await db
    .from('playbooks')
    .select(SELECT)
    .is('deleted_at', null)
    .order('title')
    .order('name')
    .throwOnError()
    .overrideTypes<PlaybookRow[], { merge: false }>();
  return data;
}

export function usePlaybookList() {
  const { data, error, isLoading, isValidating, mutate } = useSWR('playbooks/list', fetchPlaybooks);
  return { playbooks: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** One playbook; undefined when there is none or it was deleted. */
export async function fetchPlaybook(id: string): Promise<PlaybookRow | undefined> {
  const { data } = await db
    .from('playbooks')
    .select(`${SELECT},deleted_at`)
    .eq('id', id)
    .throwOnError()
    .overrideTypes<PlaybookRow[], { merge: false }>();
  const row = data[0];
  return row && !row.deleted_at ? row : undefined;
}

export function usePlaybook(id: string) {
  const { data, error, isLoading } = useSWR(['playbooks/one', id] as const, ([, key]) =>
    fetchPlaybook(key),
  );
  return { playbook: data, error: error as Error | undefined, isLoading };
}

/** The columns a saved spec fills in, as the Playbook controller fills them from a resource. */
export interface PlaybookFields {
  name: string;
  namespace: string;
  title: string;
  icon: string | null;
  description: string | null;
  category: string;
  spec: Json;
}

export async function createPlaybook(fields: PlaybookFields, userId: string): Promise<void> {
  await db
    .from('playbooks')
    .insert({ ...fields, source: 'UI', created_by: userId })
    .throwOnError();
}

/** Name and namespace are fixed once saved. */
export async function updatePlaybook(id: string, fields: PlaybookFields): Promise<void> {
  const { name: _name, namespace: _namespace, ...changed } = fields;
  await db.from('playbooks').update(changed).eq('id', id).throwOnError();
}

/** Soft delete (spec 001 §4). */
export async function deletePlaybook(id: string): Promise<void> {
  await db.from('playbooks').update({ deleted_at: 'now()' }).eq('id', id).throwOnError();
}
