import {
  OPERATORS,
  type Condition,
  type Expr,
  type Field,
  type Logic,
  type Operator,
} from './ast.js';
import { parseError } from './errors.js';
import { parseField, splitTopLevel, unquote } from './grammar.js';

const FTS = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'true', 'false', 'unknown']);

/** True when a query value reads as `[not.]op.value`, i.e. the parameter is a filter. */
export function looksLikeOperation(value: string): boolean {
  const m = /^(?:not\.)?([a-z]+)(?:\([^)]*\))?\./.exec(value);
  return !!m && (OPERATORS as readonly string[]).includes(m[1] as string);
}

/** Parses `[not.]op[(lang)].value` (the right-hand side of a filter parameter). */
export function parseOperation(field: Field, text: string): Condition {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([A-Za-z_]+)\))?\.([\s\S]*)$/.exec(rest);
  if (!m) throw parseError(`"${text}" is not a filter: expected operator.value, e.g. eq.42`);
  const op = m[1] as Operator;
  if (!(OPERATORS as readonly string[]).includes(op)) {
    throw parseError(`unknown operator "${op}"`, `use one of ${OPERATORS.join(', ')}`);
  }
  if (m[2] && !FTS.has(op)) throw parseError(`operator ${op} takes no language`);
  const raw = m[3] as string;
  if (op === 'in') return { kind: 'cond', field, negate, op, value: parseInList(raw) };
  if (op === 'is') {
    const v = raw.toLowerCase();
    if (!IS_VALUES.has(v))
      throw parseError(`is.${raw} is not valid: use is.null, is.true, is.false or is.unknown`);
    return { kind: 'cond', field, negate, op, value: v };
  }
  return { kind: 'cond', field, negate, op, value: unquote(raw), ...(m[2] ? { lang: m[2] } : {}) };
}

/** `(a,"b,c",d)` -> ['a', 'b,c', 'd']; `()` -> []. */
export function parseInList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError(`in. expects a parenthesised list such as in.(1,2,3), got "${raw}"`);
  }
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner, 'in list').map((v) => unquote(v.trim()));
}

/**
 * `(a.eq.1,and(b.gt.2,c.lt.3),not.or(d.is.null,e.in.(1,2)))` as the value of `or=`/`and=`.
 */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): Logic {
  const text = value.trim();
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`${op}= expects a parenthesised list such as ${op}=(a.eq.1,b.eq.2)`, value);
  }
  const items = splitTopLevel(text.slice(1, -1), `${op} filter`).map((s) => s.trim());
  if (items.some((s) => s === '')) throw parseError(`empty condition in ${op}=`, value);
  return { kind: 'logic', op, negate, children: items.map(parseLogicItem) };
}

function parseLogicItem(item: string): Expr {
  const nested = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(item);
  if (nested) return parseLogic(nested[2] as 'and' | 'or', !!nested[1], nested[3] as string);
  // field.op.value where the field may hold a JSON path with no dots.
  const dot = item.indexOf('.');
  if (dot === -1) throw parseError(`"${item}" is not a condition: expected column.operator.value`);
  return parseOperation(parseField(item.slice(0, dot)), item.slice(dot + 1));
}
