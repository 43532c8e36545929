import useSWR from 'swr';
import { db } from '../../api/db';
import { pageOffset } from '../../lib/pagination';
import type { EntityKind, EntityRef, PermissionRow, SubjectKind } from './model';

/** The list's embeds (spec 002 §7). */
export const PERMISSION_SELECT = [
  '*',
  'catalog:config_id(id,name,type,config_class)',
  'component:component_id(id,name,icon)',
  'canary:canary_id(id,name)',
  'playbook:playbook_id(id,title,name,icon)',
  'team:team_id(id,name,icon)',
  'person:person_id(id,name,avatar)',
  'createdBy:created_by(id,name,avatar)',
  'connection:connection_id(id,name,type)',
].join(',');

export async function fetchPermissions(
  page: number,
  pageSize: number,
): Promise<{ rows: PermissionRow[]; total: number }> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('permissions')
    .select(PERMISSION_SELECT, { count: 'exact' })
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<PermissionRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function usePermissions(page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['settings/permissions', page, pageSize],
    ([, p, s]) => fetchPermissions(p, s),
    // Keep the current page on screen while the next one loads.
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

export async function createPermission(row: Record<string, unknown>, userId: string) {
  await db
    .from('permissions')
    .insert({ ...row, source: 'UI', created_by: userId })
    .throwOnError();
}

export async function updatePermission(id: string, row: Record<string, unknown>, userId: string) {
  await db
    .from('permissions')
    .update({ ...row, updated_by: userId })
    .eq('id', id)
    .throwOnError();
}

export async function deletePermission(id: string) {
  await db.from('permissions').delete().eq('id', id).throwOnError();
}

type LookupRow = Partial<Record<string, string | null>>;

interface Lookup {
  table: string;
  select: string;
  label: (row: LookupRow) => string | null | undefined;
  description?: (row: LookupRow) => string | null | undefined;
}

/** Where each picker searches; all by name, skipping deleted rows. */
const LOOKUPS: Record<EntityKind | SubjectKind, Lookup> = {
  config: {
    table: 'config_items',
    select: 'id,name,type',
    label: (r) => r.name,
    description: (r) => r.type,
  },
  component: { table: 'components', select: 'id,name', label: (r) => r.name },
  canary: {
    table: 'canaries',
    select: 'id,name,namespace',
    label: (r) => r.name,
    description: (r) => r.namespace,
  },
  playbook: { table: 'playbooks', select: 'id,name,title', label: (r) => r.title || r.name },
  connection: {
    table: 'connections',
    select: 'id,name,type',
    label: (r) => r.name,
    description: (r) => r.type,
  },
  team: { table: 'teams', select: 'id,name', label: (r) => r.name },
  person: {
    table: 'people',
    select: 'id,name,email',
    label: (r) => r.name,
    description: (r) => r.email,
  },
};

export const SEARCH_LIMIT = 20;

export async function searchEntities(
  kind: EntityKind | SubjectKind,
  text: string,
): Promise<EntityRef[]> {
  const lookup = LOOKUPS[kind];
  let query = db.from(lookup.table).select(lookup.select).is('deleted_at', null);
  const term = text.trim();
  if (term) query = query.ilike('name', `%${term}%`);
  const { data } = await query
    .order('name')
    .limit(SEARCH_LIMIT)
    .throwOnError()
    .overrideTypes<LookupRow[], { merge: false }>();
  return data.map((row) => ({
    id: row.id ?? '',
    label: lookup.label(row) || row.id || '',
    description: lookup.description?.(row) ?? undefined,
  }));
}
