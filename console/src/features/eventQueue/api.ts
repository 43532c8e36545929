import useSWR, { type SWRConfiguration } from 'swr';
import { db } from '../../api/db';
import { request } from '../../api/fetcher';
import { pageOffset } from '../../lib/pagination';

/** One row of event_queue_summary (spec 002 §3). */
export interface EventQueueSummary {
  name: string;
  pending: number;
  failed: number;
  average_attempts: number | null;
  first_failure: string | null;
  last_failure: string | null;
  most_common_error: string | null;
}

/** A failed item of the event queue. */
export interface FailedEvent {
  id: string;
  name: string;
  properties: Record<string, unknown> | null;
  error: string;
  attempts: number | null;
  created_at: string;
  last_attempt: string | null;
}

/**
 * The event queue is never cached (spec 002 §9): every mount and focus reads it again, and no
 * answer is shared with another read (the app otherwise reuses answers for five minutes).
 */
export const NEVER_CACHED: SWRConfiguration = {
  dedupingInterval: 0,
  revalidateOnMount: true,
  revalidateOnFocus: true,
  revalidateIfStale: true,
};

export async function fetchSummary(): Promise<EventQueueSummary[]> {
  const { data } = await db
    .from('event_queue_summary')
    .select('*')
    .order('last_failure', { ascending: false, nullsFirst: false })
    .throwOnError()
    .overrideTypes<EventQueueSummary[], { merge: false }>();
  return data;
}

export function useEventQueueSummary() {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    'settings/event-queue-summary',
    fetchSummary,
    NEVER_CACHED,
  );
  return { rows: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

export async function fetchFailed(
  name: string,
  page: number,
  pageSize: number,
): Promise<{ rows: FailedEvent[]; total: number }> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('event_queue')
    .select('id,name,properties,error,attempts,created_at,last_attempt', { count: 'exact' })
    .eq('name', name)
    .not('error', 'is', null)
    .order('last_attempt', { ascending: false, nullsFirst: false })
    .order('id')
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<FailedEvent[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useFailedEvents(name: string, page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['settings/event-queue-failed', name, page, pageSize],
    ([, n, p, s]) => fetchFailed(n, p, s),
    { ...NEVER_CACHED, keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

export interface QueueChange {
  /** Items changed. */
  count: number;
  /** Items a consumer was handling at that moment, left as they were. */
  busy: number;
}

/** Retries the failed items of one event name (all of them, or the ids given). */
export async function retryEvents(name: string, ids?: string[]): Promise<QueueChange> {
  const res = await request<{ retried: number; busy: number }>('/api/event-queue/retry', {
    method: 'POST',
    body: { name, ...(ids ? { ids } : {}) },
  });
  return { count: res.retried, busy: res.busy };
}

/** Removes the failed items of one event name (all of them, or the ids given). */
export async function discardEvents(name: string, ids?: string[]): Promise<QueueChange> {
  const res = await request<{ discarded: number; busy: number }>('/api/event-queue/discard', {
    method: 'POST',
    body: { name, ...(ids ? { ids } : {}) },
  });
  return { count: res.discarded, busy: res.busy };
}

/** The toast after a change: how many, and how many were busy. */
export function changeText(verb: 'Retried' | 'Discarded', change: QueueChange): string {
  const items = `${change.count} failed event${change.count === 1 ? '' : 's'}`;
  return change.busy
    ? `${verb} ${items}; ${change.busy} being handled right now ${change.busy === 1 ? 'was' : 'were'} left as ${change.busy === 1 ? 'it was' : 'they were'}`
    : `${verb} ${items}`;
}
