import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortState } from '../../lib/tableRows';

/**
 * What the Agents page keeps in its query string: `id` (the agent whose edit drawer is open),
 * `addAgent=true` (the create drawer), `sortBy`/`sortOrder`, `page` and `pageSize`. Defaults are
 * left out so a plain /agents is the default view.
 */
export interface AgentsUrlState {
  id: string;
  adding: boolean;
  sort: SortState;
  page: number;
  pageSize: number;
}

export type AgentsUrlPatch = Partial<AgentsUrlState>;

export const AGENTS_PAGE_SIZE = 50;
export const DEFAULT_AGENT_SORT: SortState = { columnId: 'created_at', direction: 'desc' };

/** Columns of agents_summary the server sorts by (server contract). */
export const AGENT_SORT_COLUMNS = [
  'name',
  'created_at',
  'updated_at',
  'last_seen',
  'last_received',
  'config_count',
  'checks_count',
  'config_scrapper_count',
  'playbook_runs_count',
] as const;

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value >= 1 ? value : fallback;
}

function sortOf(params: URLSearchParams): SortState {
  const by = params.get('sortBy');
  if (!by || !(AGENT_SORT_COLUMNS as readonly string[]).includes(by)) return DEFAULT_AGENT_SORT;
  return { columnId: by, direction: params.get('sortOrder') === 'asc' ? 'asc' : 'desc' };
}

export function parseAgentsParams(params: URLSearchParams): AgentsUrlState {
  return {
    id: params.get('id')?.trim() ?? '',
    adding: params.get('addAgent') === 'true',
    sort: sortOf(params),
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('pageSize'), AGENTS_PAGE_SIZE),
  };
}

/** The query string after `patch`; a new sort or page size starts again at page 1. */
export function applyAgentsPatch(params: URLSearchParams, patch: AgentsUrlPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  let restart = false;
  if (patch.sort) {
    const isDefault =
      patch.sort.columnId === DEFAULT_AGENT_SORT.columnId &&
      patch.sort.direction === DEFAULT_AGENT_SORT.direction;
    set('sortBy', isDefault ? '' : patch.sort.columnId);
    set('sortOrder', isDefault ? '' : patch.sort.direction);
    restart = true;
  }
  if (patch.pageSize !== undefined) {
    set('pageSize', patch.pageSize === AGENTS_PAGE_SIZE ? '' : String(patch.pageSize));
    restart = true;
  }
  if (restart) next.delete('page');
  else if (patch.page !== undefined) set('page', patch.page <= 1 ? '' : String(patch.page));
  if (patch.id !== undefined) set('id', patch.id);
  if (patch.adding !== undefined) set('addAgent', patch.adding ? 'true' : '');
  return next;
}

export function useAgentsUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseAgentsParams(params), [params]);
  const update = useCallback(
    (patch: AgentsUrlPatch) => setParams((current) => applyAgentsPatch(current, patch)),
    [setParams],
  );
  return { state, update };
}
