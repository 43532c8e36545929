/** The parsed form of a PostgREST request, independent of SQL. */

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface Field {
  name: string;
  json: JsonStep[];
}

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  kind: 'cond';
  field: Field;
  negate: boolean;
  op: Operator;
  /** A list for `in`, a single literal otherwise. */
  value: string | string[];
  /** Text-search configuration for the fts family: `fts(english)`. */
  lang?: string;
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Expr[];
}

export type Expr = Condition | Logic;

export interface ColumnItem {
  kind: 'column';
  field: Field;
  alias?: string;
  cast?: string;
}

export interface StarItem {
  kind: 'star';
}

export interface EmbedItem {
  kind: 'embed';
  target: string;
  alias?: string;
  hint?: string;
  join?: 'inner' | 'left';
  children: SelectItem[];
}

export type SelectItem = ColumnItem | StarItem | EmbedItem;

export interface OrderTerm {
  field: Field;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Filters, logic, order and paging for the root ('') or one embed path ('hypotheses.evidences'). */
export interface NodeOptions {
  filters: Expr[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  /** `embed=not.is.null` / `embed=is.null` on a child embed, by its output name. */
  presence: Map<string, boolean>;
}

export interface ReadQuery {
  select: SelectItem[];
  nodes: Map<string, NodeOptions>;
  /** Parameters that are neither reserved nor filters: RPC arguments. */
  args: Map<string, string>;
  onConflict?: string[];
  columns?: string[];
}

export function emptyNode(): NodeOptions {
  return { filters: [], order: [], presence: new Map() };
}
