import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { db } from '../../api/db';
import { request } from '../../api/fetcher';
import type { LogsPage } from './model';

/**
 * What the Logs page reads: the components that have logs (the components_with_logs view), a
 * component's log names (its log_selectors) and the lines, a page at a time (POST /api/logs,
 * docs/logs.md).
 */

export interface ComponentWithLogs {
  id: string;
  name: string;
  icon: string | null;
  type: string | null;
}

export async function fetchComponentsWithLogs(): Promise<ComponentWithLogs[]> {
  const { data } = await db
    .from('components_with_logs')
    .select('id,name,icon,type')
    .order('name', { ascending: true })
    .throwOnError()
    .overrideTypes<ComponentWithLogs[], { merge: false }>();
  return data;
}

export function useComponentsWithLogs() {
  const { data, error, isLoading } = useSWR('logs/components', fetchComponentsWithLogs);
  return { components: data, error: error as Error | undefined, isLoading };
}

export interface ComponentLogs {
  id: string;
  name: string;
  /** Its log names, in its order (the first is the default). */
  names: string[];
}

/** A component's name and log names; undefined when there is no such component (or hidden). */
export async function fetchComponentLogs(id: string): Promise<ComponentLogs | undefined> {
  const { data } = await db
    .from('components')
    .select('id,name,log_selectors')
    .eq('id', id)
    .throwOnError()
    .overrideTypes<{ id: string; name: string; log_selectors: unknown }[], { merge: false }>();
  const row = data[0];
  if (!row) return undefined;
  const selectors = Array.isArray(row.log_selectors) ? (row.log_selectors as unknown[]) : [];
  const names = selectors
    .map((s) => (s && typeof s === 'object' ? (s as { name?: unknown }).name : undefined))
    .filter((n): n is string => typeof n === 'string' && n !== '');
  return { id: row.id, name: row.name, names };
}

export function useComponentLogs(id: string | undefined) {
  const { data, error, isLoading } = useSWR(
    id ? (['logs/component', id] as const) : null,
    ([, key]) => fetchComponentLogs(key),
  );
  return { component: data, error: error as Error | undefined, isLoading };
}

export interface LogSearch {
  id: string;
  name?: string;
  query: string;
  start: string;
  end: string;
  limit: number;
}

export function searchLogs(search: LogSearch, cursor?: string, signal?: AbortSignal) {
  return request<LogsPage>('/api/logs', {
    method: 'POST',
    body: { ...search, ...(cursor ? { cursor } : {}) },
    signal,
  });
}

/**
 * The pages of one search, newest lines first: more() asks for the next (older) page with the
 * cursor the last one answered. A new search starts again from the first page.
 */
export function useLogSearch(search: LogSearch | undefined) {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite(
    (index: number, previous: LogsPage | null) => {
      if (!search) return null;
      if (index > 0 && !previous?.next) return null;
      return ['logs/search', JSON.stringify(search), index > 0 ? previous?.next : ''] as const;
    },
    ([, , cursor]) => searchLogs(search as LogSearch, cursor || undefined),
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  const loadingMore = isValidating && size > pages.length;
  return {
    pages,
    lines: pages.flatMap((p) => p.results),
    hasMore: Boolean(last?.next),
    error: error as Error | undefined,
    isLoading,
    isValidating,
    loadingMore,
    more: () => {
      if (last?.next && !loadingMore) void setSize(size + 1);
    },
    refresh: () => void mutate(),
  };
}
