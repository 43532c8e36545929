/** The Relationships tab's toggles (spec 002 'Relationships'), kept in the page's query. */
export interface RelationshipOptions {
  view: 'graph' | 'table';
  outgoing: boolean;
  incoming: boolean;
  /** Soft links too (relation 'both'), not only parent/child ones (relation 'hard'). */
  soft: boolean;
  /** Deleted configs too. */
  deleted: boolean;
  direction: GraphDirection;
  edges: EdgeStyle;
}

export type GraphDirection = 'TB' | 'LR';
export type EdgeStyle = 'curved' | 'straight' | 'step';

export const EDGE_STYLES: readonly { value: EdgeStyle; label: string }[] = [
  { value: 'curved', label: 'Curved' },
  { value: 'straight', label: 'Straight' },
  { value: 'step', label: 'Step' },
];

/**
 * Every relationship the badge counts is shown at first: both directions, soft links too; the
 * deleted are left out (spec 002 §7: hideDeleted defaults to true).
 */
export const DEFAULT_OPTIONS: RelationshipOptions = {
  view: 'graph',
  outgoing: true,
  incoming: true,
  soft: true,
  deleted: false,
  direction: 'LR',
  edges: 'curved',
};

const FLAGS = ['outgoing', 'incoming', 'soft', 'deleted'] as const;

function flag(params: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = params.get(name);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

export function parseOptions(params: URLSearchParams): RelationshipOptions {
  const view = params.get('view');
  const direction = params.get('direction');
  const edges = params.get('edges');
  return {
    view: view === 'table' || view === 'graph' ? view : DEFAULT_OPTIONS.view,
    outgoing: flag(params, 'outgoing', DEFAULT_OPTIONS.outgoing),
    incoming: flag(params, 'incoming', DEFAULT_OPTIONS.incoming),
    soft: flag(params, 'soft', DEFAULT_OPTIONS.soft),
    deleted: flag(params, 'deleted', DEFAULT_OPTIONS.deleted),
    direction: direction === 'TB' || direction === 'LR' ? direction : DEFAULT_OPTIONS.direction,
    edges: EDGE_STYLES.some((s) => s.value === edges)
      ? (edges as EdgeStyle)
      : DEFAULT_OPTIONS.edges,
  };
}

/** The query with `patch` applied; defaults are left out so plain links stay plain. */
export function applyOptions(
  params: URLSearchParams,
  patch: Partial<RelationshipOptions>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const merged = { ...parseOptions(params), ...patch };
  for (const key of ['view', 'direction', 'edges', ...FLAGS] as const) {
    const value = merged[key];
    if (value === DEFAULT_OPTIONS[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** related_configs_recursive's type_filter for the direction toggles; null when both are off. */
export function typeFilter(
  options: Pick<RelationshipOptions, 'outgoing' | 'incoming'>,
): 'all' | 'outgoing' | 'incoming' | null {
  if (options.outgoing && options.incoming) return 'all';
  if (options.outgoing) return 'outgoing';
  if (options.incoming) return 'incoming';
  return null;
}
