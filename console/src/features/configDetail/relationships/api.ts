import useSWR from 'swr';
import { db } from '../../../api/db';
import { typeFilter, type RelationshipOptions } from './options';

/** A row of rpc/related_configs_recursive (datamodel §3.7; spec 002 'Config relationship item'). */
export interface RelatedConfig {
  id: string;
  name: string | null;
  type: string;
  config_class?: string | null;
  /** The configs this one links to (config_id -> related_id), among the links walked. */
  related_ids: string[] | null;
  tags: Record<string, unknown> | null;
  changes: number | null;
  health: string | null;
  status: string | null;
  deleted_at: string | null;
  updated_at: string | null;
  created_at: string;
  depth?: number | null;
}

/** How deep the walk goes, as the upstream UI asks (datamodel §5). */
export const MAX_DEPTH = 10;

/**
 * GET /api/db/rpc/related_configs_recursive: the config (depth 0) and every config reached in
 * the chosen directions. With neither direction there is nothing to ask.
 */
export async function fetchRelatedConfigs(
  configId: string,
  options: Pick<RelationshipOptions, 'outgoing' | 'incoming' | 'soft' | 'deleted'>,
): Promise<RelatedConfig[]> {
  const filter = typeFilter(options);
  if (!filter) return [];
  const relation = options.soft ? 'both' : 'hard';
  const { data } = await db
    .rpc(
      'related_configs_recursive',
      {
        config_id: configId,
        type_filter: filter,
        include_deleted_configs: options.deleted,
        max_depth: MAX_DEPTH,
        incoming_relation: relation,
        outgoing_relation: relation,
      },
      { get: true },
    )
    .throwOnError();
  // The client has no schema, so the function's rows are typed here.
  return (data ?? []) as RelatedConfig[];
}

export function useRelatedConfigs(configId: string, options: RelationshipOptions) {
  const { outgoing, incoming, soft, deleted } = options;
  const { data, error, isLoading, mutate } = useSWR(
    ['config-related', configId, outgoing, incoming, soft, deleted] as const,
    ([, id, o, i, s, d]) =>
      fetchRelatedConfigs(id, { outgoing: o, incoming: i, soft: s, deleted: d }),
    { keepPreviousData: true },
  );
  return { configs: data, error: error as Error | undefined, isLoading, mutate };
}

/** A user-made link (spec 002 'Config link': selector_id "manual" can be unlinked). */
export interface ManualLink {
  config_id: string;
  related_id: string;
  relation: string | null;
}

const LINK_SELECT = 'config_id,related_id,relation';

/**
 * The config's manual links in either direction. Two filtered reads instead of one `or=(…)`,
 * so no id is ever written into a filter string by hand.
 */
export async function fetchManualLinks(configId: string): Promise<ManualLink[]> {
  const read = (column: 'config_id' | 'related_id') =>
    db
      .from('config_relationships')
      .select(LINK_SELECT)
      .eq(column, configId)
      .eq('selector_id', 'manual')
      .is('deleted_at', null)
      .throwOnError()
      .overrideTypes<ManualLink[], { merge: false }>();
  const [from, to] = await Promise.all([read('config_id'), read('related_id')]);
  return [...from.data, ...to.data];
}

export function useManualLinks(configId: string) {
  const { data, error, mutate } = useSWR(['config-links', configId] as const, ([, id]) =>
    fetchManualLinks(id),
  );
  return { links: data, error: error as Error | undefined, mutate };
}

/** DELETE /api/db/config_relationships?config_id=eq.A&related_id=eq.B&selector_id=eq.manual */
export async function deleteManualLink(link: Pick<ManualLink, 'config_id' | 'related_id'>) {
  await db
    .from('config_relationships')
    .delete()
    .eq('config_id', link.config_id)
    .eq('related_id', link.related_id)
    .eq('selector_id', 'manual')
    .throwOnError();
}

/** The manual links between the config and one related config, either way round. */
export function linksWith(
  links: readonly ManualLink[] | undefined,
  configId: string,
  relatedId: string,
): ManualLink[] {
  return (links ?? []).filter(
    (l) =>
      (l.config_id === configId && l.related_id === relatedId) ||
      (l.related_id === configId && l.config_id === relatedId),
  );
}
