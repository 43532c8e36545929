import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { db } from '../../../api/db';

/**
 * The sidebar panels' reads, each the /api/db call docs/api/topology.md names for it, all built
 * through the one query builder (every value encoded).
 */

export interface LinkedConfig {
  component_id: string;
  config_id: string;
  configs: {
    id: string;
    type: string | null;
    name: string | null;
    config_class: string | null;
    deleted_at: string | null;
  } | null;
}

export interface ComponentIncident {
  id: string;
  title: string;
  type: string | null;
  status: string | null;
  severity: string | null;
  created_at: string;
}

export interface ComponentChange {
  id: string;
  config_id: string;
  name: string | null;
  type: string | null;
  config_class: string | null;
  change_type: string | null;
  severity: string | null;
  created_at: string;
}

export interface ComponentCheck {
  id: string;
  name: string;
  type: string | null;
  severity: string | null;
  status: string | null;
}

export interface TeamLink {
  team_id: string;
  component_id: string;
  team: { id: string; name: string; icon: string | null } | null;
}

export interface ComponentRun {
  id: string;
  status: string | null;
  created_at: string;
  start_time: string | null;
  playbooks: { id: string; name: string; title: string | null; icon: string | null } | null;
}

export interface ComponentInsight {
  analysis_id: string;
  config_id: string;
  name: string | null;
  type: string | null;
  config_class: string | null;
  analysis_type: string | null;
  severity: string | null;
  first_observed: string | null;
  last_observed: string | null;
}

export const CONFIG_SELECT =
  '*,configs!config_component_relationships_config_id_fkey(id,type,name,config_class,deleted_at)';
export const TEAM_SELECT = '*,team:team_id(id,name,icon)';
export const RUN_SELECT = 'id,status,created_at,start_time,playbooks(id,name,title,icon)';

/** Spec 002 §9: playbook runs and insights load 50 at a time. */
export const PANEL_PAGE_SIZE = 50;
/** Spec 002 §9 gives no size for changes; the doc's call reads the newest 50. */
export const CHANGES_LIMIT = 50;

export async function fetchLinkedConfigs(componentId: string): Promise<LinkedConfig[]> {
  const { data } = await db
    .from('config_component_relationships')
    .select(CONFIG_SELECT)
    .eq('component_id', componentId)
    .is('deleted_at', null)
    .throwOnError()
    .overrideTypes<LinkedConfig[], { merge: false }>();
  return data;
}

export async function fetchIncidents(componentId: string): Promise<ComponentIncident[]> {
  const { data } = await db
    .from('incidents_by_component')
    .select('*')
    .eq('component_id', componentId)
    .order('created_at', { ascending: false })
    .throwOnError()
    .overrideTypes<ComponentIncident[], { merge: false }>();
  return data;
}

export async function fetchChanges(componentId: string): Promise<ComponentChange[]> {
  const { data } = await db
    .from('changes_by_component')
    .select('*')
    .eq('component_id', componentId)
    .order('created_at', { ascending: false })
    .limit(CHANGES_LIMIT)
    .throwOnError()
    .overrideTypes<ComponentChange[], { merge: false }>();
  return data;
}

export async function fetchChecks(componentId: string): Promise<ComponentCheck[]> {
  const { data } = await db
    .from('checks_by_component')
    .select('*')
    .eq('component_id', componentId)
    .throwOnError()
    .overrideTypes<ComponentCheck[], { merge: false }>();
  return data;
}

export async function fetchTeams(componentId: string): Promise<TeamLink[]> {
  const { data } = await db
    .from('team_components')
    .select(TEAM_SELECT)
    .eq('component_id', componentId)
    .throwOnError()
    .overrideTypes<TeamLink[], { merge: false }>();
  return data;
}

export interface PanelPage<Row> {
  rows: Row[];
  total: number;
}

export async function fetchRuns(componentId: string, index: number) {
  const from = index * PANEL_PAGE_SIZE;
  const { data, count } = await db
    .from('playbook_runs')
    .select(RUN_SELECT, { count: 'exact' })
    .eq('component_id', componentId)
    .order('created_at', { ascending: false })
    .range(from, from + PANEL_PAGE_SIZE - 1)
    .throwOnError()
    .overrideTypes<ComponentRun[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export async function fetchInsights(componentId: string, index: number) {
  const from = index * PANEL_PAGE_SIZE;
  const { data, count } = await db
    .from('analysis_by_component')
    .select('*', { count: 'exact' })
    .eq('component_id', componentId)
    .range(from, from + PANEL_PAGE_SIZE - 1)
    .throwOnError()
    .overrideTypes<ComponentInsight[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

/** One panel's rows: read when the panel opens, again on the page's refresh. */
export function usePanelRows<Row>(
  name: string,
  componentId: string,
  fetcher: (componentId: string) => Promise<Row[]>,
) {
  const { data, error, isLoading } = useSWR(['topology/panel', name, componentId] as const, () =>
    fetcher(componentId),
  );
  return { rows: data, error: error as Error | undefined, isLoading };
}

/** A paged panel: 50 rows at a time, the next page on request (scrolling near the end). */
export function usePagedPanelRows<Row>(
  name: string,
  componentId: string,
  fetcher: (componentId: string, index: number) => Promise<PanelPage<Row>>,
) {
  const { data, error, isLoading, size, setSize } = useSWRInfinite(
    (index: number, previous: PanelPage<Row> | null) =>
      previous && previous.rows.length < PANEL_PAGE_SIZE
        ? null
        : (['topology/panel', name, componentId, index] as const),
    ([, , id, index]) => fetcher(id, index),
    { revalidateFirstPage: false },
  );
  const rows = data?.flatMap((page) => page.rows) ?? [];
  const total = data?.[0]?.total ?? 0;
  return {
    rows,
    total,
    hasMore: data !== undefined && rows.length < total,
    loadingMore: data !== undefined && size > data.length,
    error: error as Error | undefined,
    isLoading,
    loadMore: () => void setSize((n) => n + 1),
  };
}
