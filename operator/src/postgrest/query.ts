import { emptyNode, type NodeOptions, type OrderTerm, type ReadQuery } from './ast.js';
import { parseError } from './errors.js';
import { looksLikeOperation, parseLogic, parseOperation } from './filter.js';
import { isName, parseField, splitTopLevel, unquote } from './grammar.js';
import { rewriteSearchFilter } from './searchFilter.js';
import { parseSelect } from './select.js';

const MAX_INT = 2 ** 31 - 1;

function parseCount(value: string, what: string): number {
  if (!/^\d+$/.test(value) || Number(value) > MAX_INT) {
    throw parseError(`${what} must be a non-negative whole number, got "${value}"`);
  }
  return Number(value);
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value, 'order')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((term) => {
      // The field may carry a JSON path; modifiers follow the last '.' segments.
      const parts = term.split('.');
      const mods: string[] = [];
      while (
        parts.length > 1 &&
        ['asc', 'desc', 'nullsfirst', 'nullslast'].includes(parts[parts.length - 1] as string)
      ) {
        mods.unshift(parts.pop() as string);
      }
      const field = parseField(parts.join('.'));
      const direction = mods.includes('desc') ? 'desc' : 'asc';
      const nulls = mods.includes('nullsfirst')
        ? 'first'
        : mods.includes('nullslast')
          ? 'last'
          : undefined;
      return { field, direction, ...(nulls ? { nulls } : {}) } as OrderTerm;
    });
}

/** Splits `hypotheses.evidences.component_id` into the embed path and the column part. */
function splitPath(key: string): { path: string; last: string } {
  const arrow = key.indexOf('->');
  const head = arrow === -1 ? key : key.slice(0, arrow);
  const dot = head.lastIndexOf('.');
  if (dot === -1) return { path: '', last: key };
  return { path: key.slice(0, dot), last: key.slice(dot + 1) };
}

function validPath(path: string): void {
  if (path && !path.split('.').every(isName))
    throw parseError(`"${path}" is not a valid embed path`);
}

/**
 * Reads PostgREST query parameters into a ReadQuery. Every parameter is either reserved, a
 * filter, or (for RPC) an argument; nothing is ever spliced into SQL here.
 */
export function parseQuery(params: URLSearchParams, now = new Date()): ReadQuery {
  const query: ReadQuery = { select: [{ kind: 'star' }], nodes: new Map(), args: new Map() };
  const node = (path: string): NodeOptions => {
    validPath(path);
    let n = query.nodes.get(path);
    if (!n) query.nodes.set(path, (n = emptyNode()));
    return n;
  };
  const entries: [string, string][] = [];
  for (const [key, value] of params) {
    if (key === '') continue; // `?&a=1`, `&&` occur in real clients
    if (key.endsWith('.filter')) entries.push(...rewriteSearchFilter(key.slice(0, -7), value, now));
    else entries.push([key, value]);
  }
  let selectSeen = false;
  for (const [key, value] of entries) {
    if (key === 'select') {
      if (selectSeen) throw parseError('select may be given only once');
      selectSeen = true;
      query.select = parseSelect(value);
      continue;
    }
    if (key === 'on_conflict') {
      query.onConflict = value.split(',').map((c) => unquote(c.trim()));
      if (!query.onConflict.every(isName)) throw parseError('on_conflict must list column names');
      continue;
    }
    if (key === 'columns') {
      // postgrest-js quotes each name: columns="team_id","person_id".
      query.columns = value.split(',').map((c) => unquote(c.trim()));
      if (!query.columns.every(isName)) throw parseError('columns must list column names');
      continue;
    }
    const { path, last } = splitPath(key);
    if (last === 'order') {
      // Repeated order params: the last one wins, as clients that repeat it intend.
      node(path).order = parseOrder(value);
      continue;
    }
    if (last === 'limit') {
      node(path).limit = parseCount(value, 'limit');
      continue;
    }
    if (last === 'offset') {
      node(path).offset = parseCount(value, 'offset');
      continue;
    }
    const logic = /^(not\.)?(and|or)$/.exec(last);
    if (logic) {
      node(path).filters.push(parseLogic(logic[2] as 'and' | 'or', !!logic[1], value));
      continue;
    }
    if (path === '' && !looksLikeOperation(value) && !last.includes('->')) {
      if (!isName(last)) throw parseError(`"${key}" is not a valid parameter name`);
      query.args.set(last, value);
      continue;
    }
    // `embed=not.is.null` keeps only rows that have the embed; `embed=is.null` the opposite.
    const presence = /^(not\.)?is\.null$/i.exec(value);
    const field = parseField(last);
    const cond = parseOperation(field, value);
    if (presence && field.json.length === 0) {
      node(path).presence.set(last, !!presence[1]);
    }
    node(path).filters.push(cond);
  }
  return query;
}
