import type { Condition, Expr, Field, OrderTerm } from './ast.js';
import type { Relation } from './catalog.js';
import { parseError } from './errors.js';
import { bind, columnOf, columnSql, type SqlContext } from './sqlContext.js';

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'IS DISTINCT FROM',
};
const PATTERN: Record<string, string> = { like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*' };
const TSQUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** `alias."col"->$1->>$2`: JSON keys are bound, array indexes are validated integers. */
export function fieldSql(ctx: SqlContext, relation: Relation, alias: string, field: Field): string {
  columnOf(ctx, relation, field.name);
  let sql = columnSql(ctx, relation, alias, field.name);
  for (const step of field.json) {
    const key = /^-?\d{1,9}$/.test(step.key) ? step.key : `${bind(ctx, step.key)}::text`;
    sql = `${sql}${step.arrow}${key}`;
  }
  return sql;
}

function isText(relation: Relation, field: Field): boolean {
  if (field.json.length) return field.json[field.json.length - 1]?.arrow === '->>';
  return relation.columns.get(field.name)?.category === 'S';
}

function conditionSql(ctx: SqlContext, relation: Relation, alias: string, c: Condition): string {
  const expr = fieldSql(ctx, relation, alias, c.field);
  let sql: string;
  if (c.op === 'is') {
    sql = `${expr} IS ${c.value === 'null' ? 'NULL' : (c.value as string).toUpperCase()}`;
  } else if (c.op === 'in') {
    const list = c.value as string[];
    sql = list.length === 0 ? 'false' : `${expr} = ANY(${bind(ctx, list)})`;
  } else if (PATTERN[c.op]) {
    // Non-text columns are compared by their text form, so `id=like.01*` works instead of failing.
    const lhs = isText(relation, c.field) ? expr : `(${expr})::text`;
    const value =
      c.op === 'like' || c.op === 'ilike' ? (c.value as string).replace(/\*/g, '%') : c.value;
    sql = `${lhs} ${PATTERN[c.op]} ${bind(ctx, value)}`;
  } else if (TSQUERY[c.op]) {
    const config = c.lang ? `${bind(ctx, c.lang)}::regconfig, ` : '';
    const column = relation.columns.get(c.field.name);
    const vector =
      column?.type === 'tsvector' && c.field.json.length === 0
        ? expr
        : `to_tsvector(${config}${expr})`;
    sql = `${vector} @@ ${TSQUERY[c.op]}(${config}${bind(ctx, c.value)})`;
  } else {
    const op = COMPARISON[c.op];
    if (!op) throw parseError(`operator ${c.op} is not supported here`);
    sql = `${expr} ${op} ${bind(ctx, c.value)}`;
  }
  return c.negate ? `NOT (${sql})` : sql;
}

export function exprSql(ctx: SqlContext, relation: Relation, alias: string, e: Expr): string {
  if (e.kind === 'cond') return conditionSql(ctx, relation, alias, e);
  const parts = e.children.map((child) => exprSql(ctx, relation, alias, child));
  const sql = `(${parts.join(e.op === 'and' ? ' AND ' : ' OR ')})`;
  return e.negate ? `NOT ${sql}` : sql;
}

export function orderSql(
  ctx: SqlContext,
  relation: Relation,
  alias: string,
  terms: OrderTerm[],
): string {
  if (terms.length === 0) return '';
  const parts = terms.map((t) => {
    const nulls = t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : '';
    return `${fieldSql(ctx, relation, alias, t.field)} ${t.direction.toUpperCase()}${nulls}`;
  });
  return ` ORDER BY ${parts.join(', ')}`;
}
