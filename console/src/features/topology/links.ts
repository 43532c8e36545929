import { STATUS_FILTERS, type StatusFilter, type TopologyFilters } from './types';

/**
 * Query parameters a topology link does not carry over (spec 002 §2): the referer belongs to the
 * page being left, and a health filter chosen for one level would hide most of the next.
 */
const DROPPED_ON_NAVIGATION = ['refererId', 'status'] as const;

export interface TopologyLinkOptions {
  /** The component navigated from, when going down from a parent. */
  refererId?: string;
  /** Replaces the `type` filter (the type icon's link). */
  type?: string;
}

/**
 * `/topology` or `/topology/{id}` keeping the current query parameters except refererId and
 * status, and adding refererId when navigating from a parent (spec 002 §2).
 */
export function topologyHref(
  id: string | undefined,
  current: string | URLSearchParams,
  { refererId, type }: TopologyLinkOptions = {},
): string {
  const params = new URLSearchParams(current);
  for (const key of DROPPED_ON_NAVIGATION) params.delete(key);
  if (type !== undefined) params.set('type', type);
  if (refererId) params.set('refererId', refererId);
  const path = id ? `/topology/${encodeURIComponent(id)}` : '/topology';
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** 'View Logs': the logs page scoped to the component. */
export function logsHref(componentId: string): string {
  return `/logs?${new URLSearchParams({ topologyId: componentId }).toString()}`;
}

function isStatusFilter(value: string): value is StatusFilter {
  return (STATUS_FILTERS as readonly string[]).includes(value);
}

/**
 * The filters in the query string: `type` (a comma list, as the topology query takes it) and
 * `status` (healthy, unhealthy or warning; anything else shows every health).
 */
export function parseFilters(search: string | URLSearchParams): TopologyFilters {
  const params = new URLSearchParams(search);
  const types = (params.get('type') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const status = params.get('status')?.trim().toLowerCase() ?? '';
  return { types: [...new Set(types)], status: isStatusFilter(status) ? status : undefined };
}

/** The breadcrumb's ancestors: the ids in `path`, root first, without blanks or the component. */
export function ancestorIds(path: string | null | undefined, selfId: string): string[] {
  const ids = (path ?? '')
    .split('.')
    .map((id) => id.trim())
    .filter((id) => id && id !== selfId);
  return [...new Set(ids)];
}
