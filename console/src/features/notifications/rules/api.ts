import useSWR from 'swr';
import { db } from '../../../api/db';
import { pageOffset } from '../../../lib/pagination';
import type { Page } from '../../../lib/settingsResource';
import type { PersonRef } from '../cells';
import type { CustomService, RulePayload, RuleRecord } from './ruleModel';

/** A row of notifications_summary: the rule, its recipients and its send statistics. */
export interface RuleRow {
  id: string;
  name: string | null;
  namespace: string | null;
  title: string | null;
  events: string[] | null;
  filter: string | null;
  error: string | null;
  person_id: string | null;
  team_id: string | null;
  custom_services: CustomService[] | null;
  repeat_interval: string | null;
  source: string | null;
  created_at: string;
  updated_at: string | null;
  pending: number | null;
  failed: number | null;
  sent: number | null;
  avg_duration_ms: number | null;
  most_common_error: string | null;
  person: PersonRef | null;
  team: { id: string; name: string | null; icon: string | null } | null;
  created_by: PersonRef | null;
}

/**
 * The embeds of spec 002 §7. notifications_summary exposes the rule's person_id, team_id and
 * created_by columns unchanged, so their FKs (to people and teams) embed through the view.
 */
export const RULE_SELECT = [
  '*',
  'person:person_id(id,name,avatar,email)',
  'team:team_id(id,name,icon)',
  'created_by(id,name,avatar)',
].join(',');

/** GET /api/db/notifications_summary?select=…&order=created_at.desc&limit&offset, counted. */
export async function fetchRules(page: number, pageSize: number): Promise<Page<RuleRow>> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('notifications_summary')
    .select(RULE_SELECT, { count: 'exact' })
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<RuleRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useRules(page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['notifications/rules', page, pageSize] as const,
    ([, p, s]) => fetchRules(p, s),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** GET /api/db/notifications?id=eq.X: every field the form edits (the summary lacks some). */
export async function fetchRule(id: string): Promise<RuleRecord | null> {
  const { data } = await db
    .from('notifications')
    .select(RULE_SELECT)
    .eq('id', id)
    .is('deleted_at', null)
    .throwOnError()
    .overrideTypes<RuleRecord[], { merge: false }>();
  return data[0] ?? null;
}

export function useRule(id: string) {
  const { data, error, isLoading } = useSWR(
    id ? (['notifications/rule', id] as const) : null,
    ([, key]) => fetchRule(key),
    // The form starts from what is stored now, not from a cached copy.
    { revalidateOnFocus: false, dedupingInterval: 0 },
  );
  return { rule: data, error: error as Error | undefined, isLoading };
}

/** POST /api/db/notifications; the rule is made in the console, by the current user. */
export async function createRule(payload: RulePayload, userId: string) {
  await db
    .from('notifications')
    .insert({ ...payload, source: 'UI', created_by: userId })
    .select('id')
    .throwOnError();
}

/** PATCH /api/db/notifications?id=eq.X with Prefer: return=representation. */
export async function updateRule(id: string, payload: RulePayload) {
  await db.from('notifications').update(payload).eq('id', id).select('id').throwOnError();
}

/** A soft delete: PATCH deleted_at, which the database reads as the current time. */
export async function deleteRule(id: string) {
  await db.from('notifications').update({ deleted_at: 'now()' }).eq('id', id).throwOnError();
}

export interface ConnectionOption {
  id: string;
  name: string;
  namespace: string | null;
  type: string | null;
}

/** Connections to send through, without secrets: GET /api/db/connections_list. */
export async function fetchConnections(): Promise<ConnectionOption[]> {
  const { data } = await db
    .from('connections_list')
    .select('id,name,namespace,type')
    .order('name')
    .limit(500)
    .throwOnError()
    .overrideTypes<ConnectionOption[], { merge: false }>();
  return data;
}

export function useConnections() {
  const { data, error } = useSWR('notifications/connections', fetchConnections);
  return { connections: data, error: error as Error | undefined };
}

/** How a rule refers to a connection (connection://<namespace>/<name>). */
export const connectionRef = (c: Pick<ConnectionOption, 'name' | 'namespace'>) =>
  `connection://${c.namespace || 'default'}/${c.name}`;
