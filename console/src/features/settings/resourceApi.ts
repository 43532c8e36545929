import useSWR, { useSWRConfig } from 'swr';
import { db } from '../../api/db';
import type { Json } from '../../lib/jsonDoc';
import { pageOffset } from '../../lib/pagination';
import { LIST_SELECT, type Page } from '../../lib/settingsResource';
import type { SettingsKind } from './kind';
import { rowOfDoc, SOURCE_UI, type ResourceDoc } from './resourceDocument';

/**
 * The generic settings calls through /api/db (spec 001 §7 "Generic resources"):
 * GET /{table}_with_status?select=*,created_by(…)&deleted_at=is.null&order=created_at.desc,
 * POST /{table}, PATCH /{table}?id=eq.{id}, GET /{table}?id=eq.{id}, and soft delete.
 */

/** A row of the list: the resource, its latest job and who created it. */
export interface ResourceListRow {
  id: string;
  name: string;
  namespace?: string | null;
  icon?: string | null;
  source?: string | null;
  agent?: { id: string; name: string } | null;
  created_by: { id: string; name: string; avatar: string | null } | null;
  created_at: string;
  updated_at: string | null;
  job_status?: string | null;
  job_time_start?: string | null;
  job_last_failed?: string | null;
}

/** A row of the table itself. */
export interface ResourceRow extends Json {
  id: string;
  name: string;
  source?: string | null;
  created_at: string;
  deleted_at?: string | null;
}

export async function fetchResources(
  kind: SettingsKind,
  page: number,
  pageSize: number,
): Promise<Page<ResourceListRow>> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from(kind.view)
    .select(LIST_SELECT, { count: 'exact' })
    .is('deleted_at', null)
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<ResourceListRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useResources(kind: SettingsKind, page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    [`settings/${kind.table}`, page, pageSize] as const,
    ([, p, s]) => fetchResources(kind, p, s),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** One resource, or undefined when there is none (or it was deleted). */
export async function fetchResource(
  kind: SettingsKind,
  id: string,
): Promise<ResourceRow | undefined> {
  const { data } = await db
    .from(kind.table)
    .select('*')
    .eq('id', id)
    .throwOnError()
    .overrideTypes<ResourceRow[], { merge: false }>();
  const row = data[0];
  return row && !row.deleted_at ? row : undefined;
}

export function useResource(kind: SettingsKind, id: string) {
  const { data, error, isLoading, mutate } = useSWR(
    [`settings/${kind.table}/one`, id] as const,
    ([, key]) => fetchResource(kind, key),
  );
  return { resource: data, error: error as Error | undefined, isLoading, mutate };
}

export async function createResource(
  kind: SettingsKind,
  doc: ResourceDoc,
  userId: string,
): Promise<void> {
  await db
    .from(kind.table)
    .insert({ ...rowOfDoc(doc, kind.fields), source: SOURCE_UI, created_by: userId })
    .throwOnError();
}

export async function updateResource(
  kind: SettingsKind,
  id: string,
  doc: ResourceDoc,
): Promise<void> {
  await db.from(kind.table).update(rowOfDoc(doc, kind.fields)).eq('id', id).throwOnError();
}

/** Soft delete: deleted_at becomes now (spec 001 §4). */
export async function deleteResource(kind: SettingsKind, id: string): Promise<void> {
  await db.from(kind.table).update({ deleted_at: 'now()' }).eq('id', id).throwOnError();
}

/**
 * Forgets what was read of a table, so its list shows a change at once rather than after the
 * app's five-minute reuse of answers (app/swrDefaults.ts).
 */
export function useForgetResources(kind: SettingsKind): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  const prefix = `settings/${kind.table}`;
  return () =>
    mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(prefix));
}
