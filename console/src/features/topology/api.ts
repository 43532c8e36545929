import useSWR from 'swr';
import { db } from '../../api/db';
import type { ChildComponent, StatusFilter, TopologyComponent, TopologyFilters } from './types';

/** The columns a card needs from the `topology` view. */
const CARD_COLUMNS = 'id,name,text,type,icon,status,health,external_id,parent_id,path,properties';
const CHILD_COLUMNS = 'id,name,text,type,icon,status,health,parent_id';

/** Cards per 'Load more' step. */
export const PAGE_SIZE = 24;

/**
 * At most this many children are read for the cards on screen, per query. A card lists only a
 * few of them; the full list is the zoomed-in page, which is paged itself.
 */
export const CHILDREN_LIMIT = 500;

const NEEDS_ATTENTION = ['unhealthy', 'warning'] as const;

/**
 * A health filter as PostgREST logic: `health` when set, else `status` — the same fallback the
 * card uses (health.ts). Only the fixed STATUS_FILTERS values reach this string.
 */
function healthIn(values: readonly StatusFilter[]): string {
  const list = values.join(',');
  return `health.in.(${list}),and(health.is.null,status.in.(${list}))`;
}

export interface ComponentList {
  rows: TopologyComponent[];
  /** How many components match in all, for 'Load more'. */
  total: number;
}

export interface ListQuery {
  /** The component whose children are listed; undefined lists the root components. */
  parentId: string | undefined;
  filters: TopologyFilters;
  limit: number;
}

/**
 * GET /topology: the root components (parent_id is null) or the direct children of one, not
 * hidden or deleted, filtered by type and health, by name, the first `limit` of them. A type
 * filter without a parent matches components at any depth.
 */
export async function fetchComponentList({
  parentId,
  filters,
  limit,
}: ListQuery): Promise<ComponentList> {
  let query = db
    .from('topology')
    .select(CARD_COLUMNS, { count: 'exact' })
    .is('deleted_at', null)
    .eq('hidden', false);
  // The type icon on any card leads to /topology?type=…, so without an id a type filter looks
  // through the whole topology (a pod's type would match no root); otherwise only the roots.
  if (parentId !== undefined) query = query.eq('parent_id', parentId);
  else if (filters.types.length === 0) query = query.is('parent_id', null);
  if (filters.types.length === 1) query = query.eq('type', filters.types[0] as string);
  else if (filters.types.length > 1) query = query.in('type', filters.types);
  if (filters.status) query = query.or(healthIn([filters.status]));
  const { data, count } = await query
    .order('name', { ascending: true })
    .order('id', { ascending: true })
    .range(0, limit - 1)
    .throwOnError()
    .overrideTypes<TopologyComponent[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

/** GET /topology?id=eq.{id}: the zoomed-in component; undefined when absent or deleted. */
export async function fetchComponent(id: string): Promise<TopologyComponent | undefined> {
  const { data } = await db
    .from('topology')
    .select(CARD_COLUMNS)
    .eq('id', id)
    .is('deleted_at', null)
    .throwOnError()
    .overrideTypes<TopologyComponent[], { merge: false }>();
  return data[0];
}

/**
 * The visible children of the given cards. Two reads: the unhealthy and warning ones, then any;
 * a card lists its unhealthy children first, so they must not be the ones the limit cuts off.
 */
export async function fetchChildren(parentIds: readonly string[]): Promise<ChildComponent[]> {
  if (parentIds.length === 0) return [];
  const childrenOf = () =>
    db
      .from('topology')
      .select(CHILD_COLUMNS)
      .in('parent_id', [...parentIds])
      .is('deleted_at', null)
      .eq('hidden', false);
  const [attention, any] = await Promise.all([
    childrenOf()
      .or(healthIn(NEEDS_ATTENTION))
      .order('name', { ascending: true })
      .limit(CHILDREN_LIMIT)
      .throwOnError()
      .overrideTypes<ChildComponent[], { merge: false }>(),
    childrenOf()
      .order('name', { ascending: true })
      .limit(CHILDREN_LIMIT)
      .throwOnError()
      .overrideTypes<ChildComponent[], { merge: false }>(),
  ]);
  const byId = new Map<string, ChildComponent>();
  for (const child of [...attention.data, ...any.data]) byId.set(child.id, child);
  return [...byId.values()];
}

/** The breadcrumb's ancestor names in one read of /components, deleted ones included. */
export async function fetchComponentNames(ids: readonly string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const { data } = await db
    .from('components')
    .select('id,name,text')
    .in('id', [...ids])
    .throwOnError()
    .overrideTypes<{ id: string; name: string; text: string | null }[], { merge: false }>();
  return Object.fromEntries(data.map((c) => [c.id, c.text?.trim() || c.name]));
}

const asError = (error: unknown) => error as Error | undefined;

/** What a failed read says: PostgREST's message, else a generic line (spec 002 §8). */
export function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : 'Something went wrong';
}

export function useComponent(id: string | undefined) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    id ? (['topology/component', id] as const) : null,
    ([, key]) => fetchComponent(key),
  );
  return { component: data, error: asError(error), isLoading, isValidating, mutate };
}

/**
 * One list of cards. 'Load more' asks again with a larger limit and keeps the cards on screen
 * meanwhile; moving to another level or filter does not, so no stale cards show under it.
 */
export function useComponentList(query: ListQuery) {
  const list = JSON.stringify({ parentId: query.parentId, filters: query.filters });
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['topology/list', JSON.stringify(query)] as const,
    async () => ({ list, ...(await fetchComponentList(query)) }),
    { keepPreviousData: true },
  );
  const current = data?.list === list ? data : undefined;
  return {
    list: current,
    error: asError(error),
    isLoading: isLoading || (!current && isValidating),
    isValidating,
    mutate,
  };
}

export interface ChildrenByParent {
  /** The cards these children were read for; a card outside it is still loading. */
  parentIds: ReadonlySet<string>;
  children: ChildComponent[];
}

export function useChildren(parentIds: readonly string[] | undefined) {
  const { data, error, isValidating, mutate } = useSWR(
    parentIds && parentIds.length > 0
      ? (['topology/children', [...parentIds].sort().join(',')] as const)
      : null,
    async ([, key]): Promise<ChildrenByParent> => {
      const ids = key.split(',');
      return { parentIds: new Set(ids), children: await fetchChildren(ids) };
    },
    // After 'Load more' the earlier cards keep their children while the new ones load.
    { keepPreviousData: true },
  );
  return { children: data, error: asError(error), isValidating, mutate };
}

export function useComponentNames(ids: readonly string[]) {
  const { data, error } = useSWR(
    ids.length > 0 ? (['topology/names', ids.join(',')] as const) : null,
    () => fetchComponentNames(ids),
  );
  return { names: data, error: asError(error) };
}
