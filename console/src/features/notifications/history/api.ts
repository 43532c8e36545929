import useSWR from 'swr';
import { db } from '../../../api/db';
import { pageOffset } from '../../../lib/pagination';
import type { Page } from '../../../lib/settingsResource';
import { applyConditions, triStateConditions } from '../../../lib/queryFilters';
import type { PersonRef, ResourceRef } from '../cells';

/** A row of notification_send_history_summary with the person and rule behind its ids. */
export interface HistoryRow {
  id: string;
  notification_id: string;
  status: string | null;
  created_at: string;
  first_observed: string | null;
  count: number | null;
  duration_millis: number | null;
  source_event: string;
  resource_id: string;
  resource_type: string | null;
  resource: (ResourceRef & { status?: string | null; icon?: string | null }) | null;
  body: string | null;
  error: string | null;
  /** Why the engine decided as it did (skipped, inhibited…), when it says. */
  reason?: string | null;
  recipient?: string | null;
  silenced_by?: string | null;
  person: PersonRef | null;
  notification: { id: string; name: string | null; title: string | null } | null;
}

/** The embeds follow the view's FKs: notification_id → notifications, person_id → people. */
export const HISTORY_SELECT = [
  '*',
  'person:person_id(id,name,avatar,email)',
  'notification:notification_id(id,name,title)',
].join(',');

export interface HistoryQuery {
  page: number;
  pageSize: number;
  /** Encoded tri-state filters (lib/triState). */
  status: string;
  resourceType: string;
}

/**
 * GET /api/db/notification_send_history_summary?select=…&order=created_at.desc&limit&offset with
 * Prefer: count=exact, filtered by status and resource_type (spec 002 §7).
 */
export async function fetchHistory(q: HistoryQuery): Promise<Page<HistoryRow>> {
  const from = pageOffset(q.page, q.pageSize);
  const query = applyConditions(
    db.from('notification_send_history_summary').select(HISTORY_SELECT, { count: 'exact' }),
    [
      ...triStateConditions('status', q.status),
      ...triStateConditions('resource_type', q.resourceType),
    ],
  );
  const { data, count } = await query
    .order('created_at', { ascending: false })
    .range(from, from + q.pageSize - 1)
    .throwOnError()
    .overrideTypes<HistoryRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useHistory(q: HistoryQuery) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['notifications/history', JSON.stringify(q)] as const,
    () => fetchHistory(q),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** One send by id, for the detail modal (it may not be on the page shown). */
export async function fetchHistoryItem(id: string): Promise<HistoryRow | null> {
  const { data } = await db
    .from('notification_send_history_summary')
    .select(HISTORY_SELECT)
    .eq('id', id)
    .throwOnError()
    .overrideTypes<HistoryRow[], { merge: false }>();
  return data[0] ?? null;
}

export function useHistoryItem(id: string) {
  const { data, error, isLoading } = useSWR(
    id ? (['notifications/history/item', id] as const) : null,
    ([, key]) => fetchHistoryItem(key),
  );
  return { item: data, error: error as Error | undefined, isLoading };
}
