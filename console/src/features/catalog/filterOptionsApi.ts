import useSWR from 'swr';
import { db } from '../../api/db';
import type { TriStateItem } from '../../components/TriStateFilter/TriStateFilter';
import { joinPair } from '../../lib/queryFilters';

/** Spec 002 §9: labels are cached for 60 seconds, catalog queries for 5 minutes. */
export const LABELS_CACHE_MS = 60_000;
export const CATALOG_CACHE_MS = 5 * 60_000;

async function column(view: string, name: string): Promise<string[]> {
  const { data } = await db
    .from(view)
    .select(name)
    .order(name, { ascending: true })
    .throwOnError()
    .overrideTypes<Record<string, string | null>[], { merge: false }>();
  return [...new Set(data.map((row) => row[name]).filter((v): v is string => !!v))];
}

async function pairs(view: 'config_labels' | 'config_tags'): Promise<TriStateItem[]> {
  const { data } = await db
    .from(view)
    .select('key,value')
    .order('key', { ascending: true })
    .order('value', { ascending: true })
    .throwOnError()
    .overrideTypes<{ key: string; value: string | null }[], { merge: false }>();
  return data.map((p) => ({
    value: joinPair(p.key, p.value ?? ''),
    label: `${p.key}: ${p.value ?? ''}`,
  }));
}

function useList<T>(key: string, load: () => Promise<T[]>, cacheMs = CATALOG_CACHE_MS): T[] {
  const { data } = useSWR(['catalog/options', key], load, { dedupingInterval: cacheMs });
  return data ?? [];
}

export const useConfigTypes = () => useList('types', () => column('config_types', 'type'));
export const useConfigStatuses = () =>
  useList('statuses', () => column('config_statuses', 'status'));
export const useChangeTypes = () =>
  useList('change types', () => column('change_types', 'change_type'));
export const useAnalyzers = () =>
  useList('analyzers', () => column('config_analysis_analyzers', 'analyzer'));
export const useConfigLabels = () =>
  useList('labels', () => pairs('config_labels'), LABELS_CACHE_MS);
export const useConfigTags = () => useList('tags', () => pairs('config_tags'));

/** Distinct tag keys: each is a grouping option (`<key>__tag`). */
export function tagKeys(tags: readonly TriStateItem[]): string[] {
  return [...new Set(tags.map((t) => t.value.slice(0, t.value.indexOf(':'))))].filter(Boolean);
}

/** Items this Vigil scraped itself carry the nil agent id. */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export interface AgentOption {
  id: string;
  name: string;
}

/**
 * The agents items can come from, this Vigil ('local') first. Without read on agents the call
 * fails and only 'local' is left, which the list does not offer as a filter.
 */
export function useAgentOptions(): AgentOption[] {
  const agents = useList('agents', async () => {
    const { data } = await db
      .from('agents')
      .select('id,name')
      .is('deleted_at', null)
      .order('name', { ascending: true })
      .throwOnError()
      .overrideTypes<AgentOption[], { merge: false }>();
    return data;
  });
  return [{ id: LOCAL_AGENT_ID, name: 'local' }, ...agents.filter((a) => a.id !== LOCAL_AGENT_ID)];
}

export interface ComponentOption {
  id: string;
  name: string;
}

export const useComponents = () =>
  useList('components', async () => {
    const { data } = await db
      .from('component_names')
      .select('id,name')
      .order('name', { ascending: true })
      .throwOnError()
      .overrideTypes<ComponentOption[], { merge: false }>();
    return data;
  });
