import { db } from '../../api/db';
import { request } from '../../api/fetcher';
import type { SortState } from '../../lib/tableRows';
import type { CatalogListState } from './catalogUrlState';
import {
  applyConditions,
  configSearchCondition,
  jsonKeyConditions,
  keyFilters,
  triStateConditions,
  type Condition,
} from '../../lib/queryFilters';
import { decodeTriState, toQueryFilter } from '../../lib/triState';

/** A row of the configs view as the catalog list selects it (spec 002 §3 'Config item'). */
export interface ConfigItem {
  id: string;
  name: string | null;
  type: string;
  config_class: string;
  status: string | null;
  health: string | null;
  icon?: string | null;
  labels: Record<string, unknown> | null;
  tags: Record<string, unknown> | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
  cost_per_minute: number | null;
  cost_total_1d: number | null;
  cost_total_7d: number | null;
  cost_total_30d: number | null;
  /** Changes in the last 7 days. */
  changes: number | null;
  /** Open insights of the last 7 days per analysis type. */
  analysis: Record<string, number> | null;
}

export const CONFIG_LIST_SELECT =
  'id,name,type,config_class,status,health,icon,labels,tags,created_at,updated_at,deleted_at,' +
  'cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis';

/** One group of POST /api/catalog/summary (docs/api/catalog.md). */
export interface SummaryRow {
  count: number;
  health?: Record<string, number> | null;
  created_at?: string | null;
  updated_at?: string | null;
  changes?: number | null;
  analysis?: Record<string, number> | null;
  cost_per_minute?: number | null;
  cost_total_30d?: number | null;
  /** The group's keys: type, config_class, name, or a tag key. */
  [key: string]: unknown;
}

export interface SummaryRequest {
  groupBy: string[];
  deleted: boolean;
  filter?: Record<string, string>;
  status?: string;
  health?: string;
  search?: string;
  changes: { since: string };
  analysis: { since: string };
  cost: '30d';
}

/**
 * The windows the groups count changes and insights in: the same 7 days the items' own counts
 * (the configs view) cover, so a group adds up to its items.
 */
export const SUMMARY_WINDOW = '7d';

/** Label filters as the summary takes them: per key a comma list, `!x` excluding. */
export function summaryLabelFilter(labels: string): Record<string, string> | undefined {
  const filters = keyFilters(decodeTriState(labels));
  if (filters.length === 0) return undefined;
  return Object.fromEntries(
    filters.map((f) => [f.key, [...f.include, ...f.exclude.map((v) => `!${v}`)].join(',')]),
  );
}

export function summaryRequest(
  state: CatalogListState,
  groupBy: string[],
  hideDeleted: boolean,
): SummaryRequest {
  const body: SummaryRequest = {
    groupBy,
    deleted: !hideDeleted,
    changes: { since: SUMMARY_WINDOW },
    analysis: { since: SUMMARY_WINDOW },
    cost: '30d',
  };
  const filter = summaryLabelFilter(state.labels);
  if (filter) body.filter = filter;
  const status = toQueryFilter(decodeTriState(state.status));
  if (status) body.status = status;
  const health = toQueryFilter(decodeTriState(state.health));
  if (health) body.health = health;
  if (state.search.trim()) body.search = state.search.trim();
  return body;
}

export async function fetchSummary(body: SummaryRequest): Promise<SummaryRow[]> {
  const rows = await request<SummaryRow[] | null>('/api/catalog/summary', {
    method: 'POST',
    body,
  });
  return rows ?? [];
}

/** The list's own filters as conditions on the configs view. */
export function listConditions(state: CatalogListState, hideDeleted: boolean): Condition[] {
  const out: Condition[] = [];
  if (hideDeleted) out.push({ op: 'isNull', column: 'deleted_at' });
  if (state.configType) out.push({ op: 'eq', column: 'type', value: state.configType });
  const search = configSearchCondition(state.search);
  if (search) out.push(search);
  out.push(...jsonKeyConditions('labels', state.labels));
  out.push(...jsonKeyConditions('tags', state.tags));
  out.push(...triStateConditions('status', state.status));
  out.push(...triStateConditions('health', state.health));
  if (state.agent) out.push({ op: 'eq', column: 'agent_id', value: state.agent });
  return out;
}

const ORDER_COLUMNS: Record<string, string> = { cost: 'cost_total_30d' };

export interface ConfigPage {
  rows: ConfigItem[];
  total: number;
}

/** GET /api/db/configs: one page of the list (or of a group), with the total. */
export async function fetchConfigPage(
  conditions: Condition[],
  sort: SortState,
  offset: number,
  limit: number,
): Promise<ConfigPage> {
  const query = applyConditions(
    db.from('configs').select(CONFIG_LIST_SELECT, { count: 'exact' }),
    conditions,
  );
  const column = ORDER_COLUMNS[sort.columnId] ?? sort.columnId;
  let ordered = query.order(column, { ascending: sort.direction === 'asc' });
  if (column !== 'name') ordered = ordered.order('name', { ascending: true });
  const { data, count } = await ordered
    .range(offset, offset + limit - 1)
    .throwOnError()
    .overrideTypes<ConfigItem[], { merge: false }>();
  return { rows: data, total: count ?? offset + data.length };
}
