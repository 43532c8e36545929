import useSWR from 'swr';
import { db } from '../../../api/db';
import { request } from '../../../api/fetcher';
import { pageOffset } from '../../../lib/pagination';
import type { Page } from '../../../lib/settingsResource';
import type { PersonRef } from '../cells';
import type { SilenceRecord, toSilencePatch, toSilenceRequest } from './silenceModel';

/** A row of notification_silences with the silenced resource and its creator. */
export interface SilenceRow extends SilenceRecord {
  namespace: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
  checks: { id: string; name: string | null; type: string | null; status: string | null } | null;
  catalog: {
    id: string;
    name: string | null;
    type: string | null;
    config_class: string | null;
  } | null;
  component: { id: string; name: string | null; icon: string | null } | null;
  createdBy: PersonRef | null;
}

/** The embeds of spec 002 §7. */
export const SILENCE_SELECT = [
  '*',
  'checks:check_id(id,name,type,status)',
  'catalog:config_id(id,name,type,config_class)',
  'component:component_id(id,name,icon)',
  'createdBy:created_by(id,name,avatar)',
].join(',');

/**
 * GET /api/db/notification_silences?select=…&order=created_at.desc&limit&offset
 * &deleted_at=is.null with Prefer: count=exact.
 */
export async function fetchSilences(page: number, pageSize: number): Promise<Page<SilenceRow>> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('notification_silences')
    .select(SILENCE_SELECT, { count: 'exact' })
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .is('deleted_at', null)
    .throwOnError()
    .overrideTypes<SilenceRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useSilences(page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['notifications/silences', page, pageSize] as const,
    ([, p, s]) => fetchSilences(p, s),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

export async function fetchSilence(id: string): Promise<SilenceRow | null> {
  const { data } = await db
    .from('notification_silences')
    .select(SILENCE_SELECT)
    .eq('id', id)
    .is('deleted_at', null)
    .throwOnError()
    .overrideTypes<SilenceRow[], { merge: false }>();
  return data[0] ?? null;
}

export function useSilence(id: string) {
  const { data, error, isLoading } = useSWR(
    id ? (['notifications/silence', id] as const) : null,
    ([, key]) => fetchSilence(key),
    { revalidateOnFocus: false, dedupingInterval: 0 },
  );
  return { silence: data, error: error as Error | undefined, isLoading };
}

/** POST /api/notification/silence; a 400 carries the reason in `message`. */
export async function createSilence(body: ReturnType<typeof toSilenceRequest>) {
  await request('/api/notification/silence', { method: 'POST', body });
}

/** PATCH /api/db/notification_silences?id=eq.X. */
export async function updateSilence(id: string, patch: ReturnType<typeof toSilencePatch>) {
  await db.from('notification_silences').update(patch).eq('id', id).select('id').throwOnError();
}

/** A soft delete: PATCH deleted_at, which the database reads as the current time. */
export async function deleteSilence(id: string) {
  await db
    .from('notification_silences')
    .update({ deleted_at: 'now()' })
    .eq('id', id)
    .throwOnError();
}

/** A canary's name, for a silence opened from a canary link. */
export async function fetchCanaryName(id: string): Promise<string | null> {
  const { data } = await db
    .from('canaries')
    .select('id,name')
    .eq('id', id)
    .throwOnError()
    .overrideTypes<{ id: string; name: string | null }[], { merge: false }>();
  return data[0]?.name ?? null;
}

export function useCanaryName(id: string) {
  const { data } = useSWR(id ? (['notifications/canary', id] as const) : null, ([, key]) =>
    fetchCanaryName(key),
  );
  return data;
}
