import type { Catalog, Column, Relation } from './catalog.js';
import { PgrstError } from './errors.js';

/** Checks read access to a relation reached by the request (the root or an embed). */
export type Authorize = (relation: Relation, access: 'read' | 'write') => void;

export interface SqlContext {
  catalog: Catalog;
  params: unknown[];
  authorize: Authorize;
  hidden: (relation: Relation) => readonly string[];
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
