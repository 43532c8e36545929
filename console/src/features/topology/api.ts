import useSWR from 'swr';
import { db } from '../../api/db';
import { request } from '../../api/fetcher';
import { ancestorIds } from './links';
import type { TopologyAnswer, TopologyComponent } from './types';

/** GET /api/canary/api/topology with the parameters given (every value encoded). */
export const topologyPath = (params: URLSearchParams) =>
  `/api/canary/api/topology?${params.toString()}`;

export function useTopology(params: URLSearchParams | undefined) {
  const path = params ? topologyPath(params) : null;
  const { data, error, isLoading, isValidating, mutate } = useSWR<TopologyAnswer>(
    path,
    (key: string) => request<TopologyAnswer>(key),
  );
  return { answer: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** What a failed read says: the server's message, else a generic line (spec 002 §8). */
export function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : 'Something went wrong';
}

export interface Crumb {
  id: string;
  name: string;
}

interface NameRow {
  id: string;
  name: string;
  text: string | null;
  path: string | null;
}

async function fetchNameRows(ids: readonly string[]): Promise<Map<string, NameRow>> {
  if (ids.length === 0) return new Map();
  const { data } = await db
    .from('components')
    .select('id,name,text,path')
    .in('id', [...ids])
    .throwOnError()
    .overrideTypes<NameRow[], { merge: false }>();
  return new Map(data.map((row) => [row.id, row]));
}

/**
 * The breadcrumb's levels above a component, root first, with their names. A component reached
 * from a parent outside its own path (a relationship, `refererId`) shows that parent's path.
 */
export async function fetchCrumbs(
  component: Pick<TopologyComponent, 'id' | 'path'>,
  refererId: string | undefined,
): Promise<Crumb[]> {
  let ids = ancestorIds(component.path, component.id);
  if (refererId && refererId !== component.id && !ids.includes(refererId)) {
    const referer = (await fetchNameRows([refererId])).get(refererId);
    if (referer) {
      ids = [...ancestorIds(referer.path, referer.id), referer.id].filter(
        (id) => id !== component.id,
      );
    }
  }
  const rows = await fetchNameRows(ids);
  return ids.map((id) => {
    const row = rows.get(id);
    return { id, name: row?.text?.trim() || row?.name || id };
  });
}

export function useCrumbs(
  component: Pick<TopologyComponent, 'id' | 'path'> | undefined,
  refererId: string | undefined,
) {
  const { data } = useSWR(
    component
      ? (['topology/crumbs', component.id, component.path ?? '', refererId ?? ''] as const)
      : null,
    ([, id, path, referer]) => fetchCrumbs({ id, path }, referer || undefined),
  );
  return data;
}
