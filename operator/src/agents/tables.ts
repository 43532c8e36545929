import type pg from 'pg';

/**
 * What an agent pushes, table by table, in the order it is pushed: a row's parents (a check's
 * canary, a change's config item) are always sent before it. Both sides read the columns from
 * the database (the same migrations made both), so a new column travels without code here.
 */
export interface PushTable {
  name: PushTableName;
  /** The columns that identify a row: an update when they match, else an insert. */
  key: readonly string[];
  /** The table has agent_id: it is set to the pushing agent, and another's rows are refused. */
  owned: boolean;
  /** References to rows the agent must own (pushed before), by column → table. */
  refs: Readonly<Record<string, PushTableName>>;
  /** A reference to the same table (a tree): sent parents first, and kept only if present. */
  parent?: string;
  /** labels gets the agent's properties (the labels added to everything it creates). */
  labels?: boolean;
  /** Rows are only inserted (results): read past a cursor rather than flagged. */
  appendOnly?: boolean;
  /** The order rows leave the agent in (parents first). */
  order: string;
}

const TABLES = [
  { name: 'canaries', key: ['id'], owned: true, refs: {}, labels: true, order: 'created_at' },
  {
    name: 'checks',
    key: ['id'],
    owned: true,
    refs: { canary_id: 'canaries' },
    labels: true,
    order: 'created_at',
  },
  {
    name: 'check_statuses',
    key: ['check_id', 'time'],
    owned: false,
    refs: { check_id: 'checks' },
    appendOnly: true,
    order: 'created_at, check_id, time',
  },
  { name: 'config_scrapers', key: ['id'], owned: true, refs: {}, order: 'created_at' },
  {
    name: 'config_items',
    key: ['id'],
    owned: true,
    refs: { scraper_id: 'config_scrapers' },
    parent: 'parent_id',
    labels: true,
    // path lists the ancestors: a shorter path is nearer the root.
    order: "length(coalesce(path, '')), created_at",
  },
  {
    name: 'config_changes',
    key: ['id'],
    owned: false,
    refs: { config_id: 'config_items' },
    order: 'created_at',
  },
  {
    name: 'config_analysis',
    key: ['id'],
    owned: false,
    refs: { config_id: 'config_items' },
    order: 'first_observed',
  },
  {
    name: 'config_relationships',
    key: ['related_id', 'config_id', 'relation'],
    owned: false,
    refs: { config_id: 'config_items', related_id: 'config_items' },
    order: 'created_at',
  },
  { name: 'topologies', key: ['id'], owned: true, refs: {}, labels: true, order: 'created_at' },
  {
    name: 'components',
    key: ['id'],
    owned: true,
    refs: { topology_id: 'topologies', config_id: 'config_items' },
    parent: 'parent_id',
    labels: true,
    order: "length(coalesce(path, '')), created_at",
  },
  {
    name: 'config_component_relationships',
    key: ['component_id', 'config_id'],
    owned: false,
    refs: { component_id: 'components', config_id: 'config_items' },
    order: 'created_at',
  },
  {
    name: 'check_component_relationships',
    key: ['component_id', 'check_id', 'canary_id', 'selector_id'],
    owned: false,
    refs: { component_id: 'components', check_id: 'checks', canary_id: 'canaries' },
    order: 'created_at',
  },
  {
    name: 'check_config_relationships',
    key: ['config_id', 'check_id', 'canary_id', 'selector_id'],
    owned: false,
    refs: { config_id: 'config_items', check_id: 'checks', canary_id: 'canaries' },
    order: 'created_at',
  },
  { name: 'job_history', key: ['id'], owned: true, refs: {}, order: 'created_at' },
] as const satisfies readonly PushTable[];

export const PUSH_TABLES: readonly PushTable[] = TABLES;

export type PushTableName =
  | 'canaries'
  | 'checks'
  | 'check_statuses'
  | 'config_scrapers'
  | 'config_items'
  | 'config_changes'
  | 'config_analysis'
  | 'config_relationships'
  | 'topologies'
  | 'components'
  | 'config_component_relationships'
  | 'check_component_relationships'
  | 'check_config_relationships'
  | 'job_history';

export const PUSH_TABLE: ReadonlyMap<string, PushTable> = new Map(
  PUSH_TABLES.map((t) => [t.name, t]),
);

/**
 * Columns that do not travel: the agent id (the central Vigil sets it), the push flag, and
 * references to people, who exist only in the agent's own database.
 */
const LOCAL_ONLY = new Set(['agent_id', 'is_pushed', 'created_by']);

export interface PushedColumn {
  name: string;
  /** The column's default when it may not be null: a row that leaves it out gets it. */
  fallback?: string;
}

/** The pushed columns of each table, from the database's own catalog. */
export async function pushedColumns(db: pg.Pool): Promise<Map<PushTableName, PushedColumn[]>> {
  const { rows } = await db.query<{ table_name: PushTableName; columns: PushedColumn[] }>(
    `SELECT table_name, json_agg(json_build_object('name', column_name,
         'fallback', CASE WHEN is_nullable = 'NO' THEN column_default END)
       ORDER BY ordinal_position) AS columns
       FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ANY($1) AND is_generated = 'NEVER'
      GROUP BY table_name`,
    [PUSH_TABLES.map((t) => t.name)],
  );
  return new Map(rows.map((r) => [r.table_name, r.columns.filter((c) => !LOCAL_ONLY.has(c.name))]));
}
