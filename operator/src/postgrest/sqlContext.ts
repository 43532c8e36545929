import type { Catalog, Column, Relation } from './catalog.js';
import { PgrstError } from './errors.js';

/** Checks read access to a relation reached by the request (the root or an embed). */
export type Authorize = (relation: Relation, access: 'read' | 'write') => void;

/**
 * Object-scoped access to rows of a relation (alias), as a condition; undefined when every row
 * is reachable.
 */
export type RowFilter = (
  relation: Relation,
  alias: string,
  access: 'read' | 'write',
) => string | undefined;

/** Conditions every row a write touches or produces must meet, each with its refusal message. */
export type WriteChecks = (relation: Relation, alias: string) => { sql: string; message: string }[];

export interface SqlContext {
  catalog: Catalog;
  params: unknown[];
  authorize: Authorize;
  rowFilter?: RowFilter;
  /** Why a write touching rows the row filter leaves out is refused (names the Permissions). */
  rowRefusal?: (relation: Relation) => string;
  writeChecks?: WriteChecks;
  /** What a write does, as the policy's verbs: POST creates (and updates, when it merges). */
  writeVerbs?: readonly ('create' | 'update' | 'delete')[];
  hidden: (relation: Relation) => readonly string[];
  /** Columns read only through a masking SQL function (secrets inside URLs): column -> function. */
  masked?: (relation: Relation) => Readonly<Record<string, string>> | undefined;
  seq: number;
}

/** Every value the client sends becomes a bind parameter; this returns its placeholder. */
export function bind(ctx: SqlContext, value: unknown): string {
  ctx.params.push(value);
  return `$${ctx.params.length}`;
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function nextAlias(ctx: SqlContext): string {
  ctx.seq += 1;
  return `t${ctx.seq}`;
}

export function columnOf(ctx: SqlContext, relation: Relation, name: string): Column {
  const column = relation.columns.get(name);
  if (!column || ctx.hidden(relation).includes(name)) {
    throw new PgrstError(
      400,
      '42703',
      `column ${relation.name}.${name} does not exist`,
      null,
      `the columns of ${relation.name} are: ${visibleColumns(ctx, relation).join(', ')}`,
    );
  }
  return column;
}

export function visibleColumns(ctx: SqlContext, relation: Relation): string[] {
  const hidden = ctx.hidden(relation);
  return [...relation.columns.keys()].filter((c) => !hidden.includes(c));
}

/** A column as a query reads it: masked columns always through their masking function. */
export function columnSql(
  ctx: SqlContext,
  relation: Relation,
  alias: string,
  name: string,
): string {
  const raw = `${alias}.${ident(name)}`;
  const mask = ctx.masked?.(relation)?.[name];
  return mask ? `${mask}(${raw})` : raw;
}
