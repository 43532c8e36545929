import type { ReadQuery } from './ast.js';
import type { Relation, RpcFunction } from './catalog.js';
import { PgrstError } from './errors.js';
import { planRead, type Plan } from './plan.js';
import { bind, ident, type SqlContext } from './sqlContext.js';

function unknownFunction(fn: string, args: string[]): PgrstError {
  return new PgrstError(
    404,
    'PGRST202',
    `Could not find the function public.${fn}(${args.join(', ')}) in the schema cache`,
    null,
    'Check the function name and its argument names',
  );
}

/** Named arguments, each a bind parameter that Postgres casts to the argument's type. */
function callSql(ctx: SqlContext, fn: RpcFunction, args: Map<string, unknown>): string {
  const known = new Set(fn.args.map((a) => a.name));
  const unknown = [...args.keys()].filter((k) => !known.has(k));
  const missing = fn.args.filter((a) => !a.hasDefault && !args.has(a.name)).map((a) => a.name);
  if (unknown.length || missing.length) throw unknownFunction(fn.name, [...args.keys()]);
  const list = [...args].map(([name, value]) => {
    const v = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
    return `${ident(name)} => ${bind(ctx, v)}`;
  });
  return `${ident(fn.name)}(${list.join(', ')})`;
}

export function planRpc(
  ctx: SqlContext,
  fn: RpcFunction,
  query: ReadQuery,
  args: Map<string, unknown>,
  page: { limit: number; offset: number },
): Plan & { scalar: boolean } {
  const call = callSql(ctx, fn, args);
  const relation: Relation | undefined =
    fn.returnsRelation ??
    (fn.returnsColumns
      ? {
          oid: 0,
          name: fn.name,
          kind: 'view',
          primaryKey: [],
          columns: new Map(
            fn.returnsColumns.map((c) => [
              c,
              { name: c, type: 'unknown', category: 'X', nullable: true, hasDefault: false },
            ]),
          ),
        }
      : undefined);
  if (!fn.returnsSet && !relation) {
    return {
      sql: `SELECT to_json(${call})::text AS body, 1 AS n`,
      params: ctx.params,
      scalar: true,
    };
  }
  if (!relation) {
    // SETOF a scalar type: an array of values.
    return {
      sql: `SELECT coalesce(json_agg(v), '[]'::json)::text AS body, count(*)::int AS n FROM ${call} v`,
      params: ctx.params,
      scalar: false,
    };
  }
  return { ...planRead(ctx, relation, query, page, call), scalar: false };
}
