import { useCallback, useRef } from 'react';
import useSWR from 'swr';
import { ApiError, request } from '../../api/fetcher';
import type { ApiRange } from './healthTimeRange';
import type {
  CheckDetail,
  GraphResponse,
  RunResult,
  StatusesResponse,
  SummaryResponse,
} from './types';

const BASE = '/api/canary';

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

const checkPath = (id: string) => `${BASE}/api/checks/${encodeURIComponent(id)}`;

export function summaryUrl(range: ApiRange): string {
  return withQuery(`${BASE}/api/summary`, { start: range.start, end: range.end });
}

export function checkUrl(id: string, range: ApiRange): string {
  return withQuery(checkPath(id), { start: range.start, end: range.end });
}

export interface StatusesQuery {
  start: string;
  status?: string;
  duration?: string;
  page: number;
  pageSize: number;
}

export function statusesUrl(id: string, q: StatusesQuery): string {
  return withQuery(`${checkPath(id)}/statuses`, {
    start: q.start,
    status: q.status,
    duration: q.duration,
    page: q.page,
    pageSize: q.pageSize,
  });
}

export function graphUrl(id: string, range: ApiRange): string {
  return withQuery(`${checkPath(id)}/graph`, { start: range.start, end: range.end });
}

/** The server's own words: the canary API answers `{"error": "..."}`, others `{"message"}`. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as { message?: unknown; error?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  }
  return (error instanceof Error && error.message) || 'An error occurred';
}

export const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * The dashboard summary. `refreshKey` (Run Now's counter) is part of the key, so bumping it
 * fetches again while the old rows stay on screen. Each new request aborts the one still in
 * flight, so a slow answer for an old range or an earlier refresh can never land last. Leaving
 * the page does not abort: the answer still fills the cache (and StrictMode's trial unmount must
 * not cancel the first load).
 */
export function useSummary(range: ApiRange, refreshMs: number, refreshKey: number) {
  const inFlight = useRef<AbortController | null>(null);
  const fetcher = useCallback(async ([url]: readonly [string, number]) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      return await request<SummaryResponse>(url, { signal: controller.signal });
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, []);
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    [summaryUrl(range), refreshKey] as const,
    fetcher,
    // The app dedupes for minutes (swrDefaults.ts): a refresh must not reuse the last answer.
    {
      refreshInterval: refreshMs,
      keepPreviousData: true,
      ...(refreshMs > 0 && { dedupingInterval: refreshMs / 2 }),
    },
  );
  return {
    checks: data?.checks_summary ?? undefined,
    error: isAbort(error) ? undefined : (error as Error | undefined),
    isLoading,
    isValidating,
    mutate,
  };
}

export function useCheckDetail(id: string | undefined, range: ApiRange, refreshKey: number) {
  const { data, error, isLoading } = useSWR(
    id ? ([checkUrl(id, range), refreshKey] as const) : null,
    ([url]) => request<CheckDetail>(url),
    { keepPreviousData: true },
  );
  return { check: data, error: error as Error | undefined, isLoading };
}

export function useCheckStatuses(id: string, query: StatusesQuery, refreshKey: number) {
  const { data, error, isLoading } = useSWR(
    [statusesUrl(id, query), refreshKey] as const,
    ([url]) => request<StatusesResponse>(url),
    { keepPreviousData: true },
  );
  return { data, error: error as Error | undefined, isLoading };
}

export function useCheckGraph(id: string, range: ApiRange, refreshKey: number) {
  const { data, error, isLoading } = useSWR([graphUrl(id, range), refreshKey] as const, ([url]) =>
    request<GraphResponse>(url),
  );
  return { graph: data, error: error as Error | undefined, isLoading };
}

export function runCheck(id: string): Promise<RunResult> {
  return request<RunResult>(`${BASE}/run/check/${encodeURIComponent(id)}`, { method: 'POST' });
}
