import { decodeTriState, splitTriState, type TriStateMap } from './triState';

/**
 * Filters for the /api/db query builder. Values always reach postgrest-js as values; the only
 * strings assembled here are `or=(…)`/`in.(…)` lists, where every value is double-quoted.
 */

/** A value inside or=(…) or in.(…), double-quoted so commas, dots and parentheses stay literal. */
export function quoted(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

export const quotedList = (values: readonly string[]) => `(${values.map(quoted).join(',')})`;

export type Condition =
  | { op: 'eq'; column: string; value: string }
  | { op: 'in'; column: string; values: string[] }
  | { op: 'isNull'; column: string }
  | { op: 'notIn'; column: string; values: string[] }
  | { op: 'or'; filter: string };

/** What a postgrest-js filter builder offers; each method returns the builder itself. */
interface Filterable {
  eq(column: string, value: string): unknown;
  in(column: string, values: readonly string[]): unknown;
  is(column: string, value: null): unknown;
  not(column: string, operator: string, value: string): unknown;
  or(filters: string): unknown;
}

function applyOne(q: Filterable, c: Condition): Filterable {
  switch (c.op) {
    case 'eq':
      return q.eq(c.column, c.value) as Filterable;
    case 'in':
      return q.in(c.column, c.values) as Filterable;
    case 'isNull':
      return q.is(c.column, null) as Filterable;
    case 'notIn':
      return q.not(c.column, 'in', quotedList(c.values)) as Filterable;
    case 'or':
      return q.or(c.filter) as Filterable;
  }
}

/**
 * The conditions added to a postgrest-js builder. Typed loosely inside: checking a builder's
 * deeply generic type against an interface makes TypeScript give up (TS2589).
 */
export function applyConditions<Q>(query: Q, conditions: Condition[]): Q {
  return conditions.reduce(applyOne, query as unknown as Filterable) as unknown as Q;
}

// Inside or=(…) a condition is split at its first dot, so a JSON key with dots cannot go there.
const LOGIC_SAFE = /^[a-z_]+(->>[\w\-/]+)?$/;

/** Rows whose column is one of `values`. */
export function includeCondition(column: string, values: string[]): Condition {
  return values.length === 1 && values[0] !== undefined
    ? { op: 'eq', column, value: values[0] }
    : { op: 'in', column, values };
}

/**
 * Rows whose column is none of `values`; rows without a value stay (a label someone does not
 * have is not one they excluded), except for JSON keys that cannot be written inside or=(…).
 */
export function excludeCondition(column: string, values: string[]): Condition {
  if (!LOGIC_SAFE.test(column)) return { op: 'notIn', column, values };
  return { op: 'or', filter: `${column}.is.null,${column}.not.in.${quotedList(values)}` };
}

/** Include/exclude filter (encoded tri-state) on one column. */
export function triStateConditions(column: string, encoded: string): Condition[] {
  const { include, exclude } = splitTriState(decodeTriState(encoded));
  const out: Condition[] = [];
  if (include.length > 0) out.push(includeCondition(column, include));
  if (exclude.length > 0) out.push(excludeCondition(column, exclude));
  return out;
}

/** 'key:value' (the items of the label and tag dropdowns) split at the first colon or '='. */
export function splitPair(pair: string): { key: string; value: string } {
  const at = pair.search(/[:=]/);
  return at === -1
    ? { key: pair, value: '' }
    : { key: pair.slice(0, at), value: pair.slice(at + 1) };
}

export const joinPair = (key: string, value: string) => `${key}:${value}`;

export interface KeyFilter {
  key: string;
  include: string[];
  exclude: string[];
}

/** A label or tag tri-state as include/exclude values per key, in the order first chosen. */
export function keyFilters(map: TriStateMap): KeyFilter[] {
  const byKey = new Map<string, KeyFilter>();
  for (const [pair, state] of Object.entries(map)) {
    const { key, value } = splitPair(pair);
    if (!key) continue;
    const entry = byKey.get(key) ?? { key, include: [], exclude: [] };
    byKey.set(key, entry);
    if (state === 1) entry.include.push(value);
    else if (state === -1) entry.exclude.push(value);
  }
  return [...byKey.values()];
}

/** Label or tag conditions on a JSON column (`labels->>key`). */
export function jsonKeyConditions(column: 'labels' | 'tags', encoded: string): Condition[] {
  return keyFilters(decodeTriState(encoded)).flatMap((f) => {
    const field = `${column}->>${f.key}`;
    const out: Condition[] = [];
    if (f.include.length > 0) out.push(includeCondition(field, f.include));
    if (f.exclude.length > 0) out.push(excludeCondition(field, f.exclude));
    return out;
  });
}

/** The catalog text search: name, type, description or namespace contain it, any case. */
export function configSearchCondition(text: string): Condition | undefined {
  const term = text.trim();
  if (!term) return undefined;
  const pattern = quoted(`*${term}*`);
  const filter = ['name', 'type', 'description', 'namespace']
    .map((column) => `${column}.ilike.${pattern}`)
    .join(',');
  return { op: 'or', filter };
}
