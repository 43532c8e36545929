import useSWR from 'swr';
import { db } from '../../api/db';
import type { Json } from '../../lib/jsonDoc';
import { pageOffset } from '../../lib/pagination';
import { LIST_SELECT, type Page } from '../../lib/settingsResource';
import { SOURCE_UI, type RuleDoc } from './document';

/**
 * incident_rules through /api/db (spec 001 §7 "Generic resources": the plain table, no
 * _with_status view). Its columns: operator/migrations/0006_incidents.sql.
 */

/** A row of the list: the rule, with who created it. */
export interface IncidentRuleListRow {
  id: string;
  name: string;
  spec: Json | null;
  source: string | null;
  created_by: { id: string; name: string; avatar: string | null } | null;
  created_at: string;
  updated_at: string | null;
}

export interface IncidentRuleRow {
  id: string;
  name: string;
  spec: Json | null;
  source: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

export async function fetchIncidentRules(
  page: number,
  pageSize: number,
): Promise<Page<IncidentRuleListRow>> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('incident_rules')
    .select(LIST_SELECT, { count: 'exact' })
    .is('deleted_at', null)
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<IncidentRuleListRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useIncidentRules(page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['settings/incident_rules', page, pageSize] as const,
    ([, p, s]) => fetchIncidentRules(p, s),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** One rule, or undefined when there is none (or it was deleted). */
export async function fetchIncidentRule(id: string): Promise<IncidentRuleRow | undefined> {
  const { data } = await db
    .from('incident_rules')
    .select('*')
    .eq('id', id)
    .throwOnError()
    .overrideTypes<IncidentRuleRow[], { merge: false }>();
  const row = data[0];
  return row && !row.deleted_at ? row : undefined;
}

export function useIncidentRule(id: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR(
    id ? (['settings/incident_rule', id] as const) : null,
    ([, key]) => fetchIncidentRule(key),
  );
  return { rule: data, error: error as Error | undefined, isLoading, mutate };
}

function rowOf(doc: RuleDoc) {
  return { name: doc.name.trim(), spec: doc.spec };
}

export async function createIncidentRule(doc: RuleDoc, userId: string): Promise<void> {
  await db
    .from('incident_rules')
    .insert({ ...rowOf(doc), source: SOURCE_UI, created_by: userId })
    .throwOnError();
}

export async function updateIncidentRule(id: string, doc: RuleDoc): Promise<void> {
  await db.from('incident_rules').update(rowOf(doc)).eq('id', id).throwOnError();
}

/** Soft delete (spec 001 §4): the rule engine reads only rules without deleted_at. */
export async function deleteIncidentRule(id: string): Promise<void> {
  await db.from('incident_rules').update({ deleted_at: 'now()' }).eq('id', id).throwOnError();
}
