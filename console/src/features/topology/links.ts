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

/** The breadcrumb's ancestors: the ids in `path`, root first, without blanks or the component. */
export function ancestorIds(path: string | null | undefined, selfId: string): string[] {
  const ids = (path ?? '')
    .split('.')
    .map((id) => id.trim())
    .filter((id) => id && id !== selfId);
  return [...new Set(ids)];
}

/** The Checks panel's link: the Health page with the check's drawer open. */
export const checkHref = (checkId: string) =>
  `/health?${new URLSearchParams({ checkId }).toString()}`;

/** The topology spec editor's list (spec 001 'Spec editors'). */
export const TOPOLOGIES_PATH = '/settings/topologies';

/** The Details panel's link to the Topology resource the component was built from. */
export const topologySpecHref = (topologyId: string) =>
  `${TOPOLOGIES_PATH}/${encodeURIComponent(topologyId)}`;

export const catalogHref = (configId: string) => `/catalog/${encodeURIComponent(configId)}`;
export const playbookRunHref = (runId: string) => `/playbooks/runs/${encodeURIComponent(runId)}`;
export const teamHref = (teamId: string) => `/settings/teams/${encodeURIComponent(teamId)}`;
