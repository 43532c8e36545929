import { badRequest } from './status.js';

/**
 * Kubernetes label and field selectors, compiled to SQL over the resources table with bound
 * values: `a=b,c!=d,e in (x,y),f notin (z),g,!h` and `metadata.name=x,metadata.namespace!=y`.
 */
export interface SqlPart {
  sql: string[];
  params: unknown[];
}

function splitSelector(input: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of input) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

const KEY =
  /^([a-z0-9A-Z]([a-z0-9A-Z._-]*[a-z0-9A-Z])?\/)?[a-z0-9A-Z]([a-z0-9A-Z._-]*[a-z0-9A-Z])?$/;

export function labelSelectorSql(selector: string, part: SqlPart): void {
  const bind = (v: unknown) => {
    part.params.push(v);
    return `$${part.params.length}`;
  };
  for (const term of splitSelector(selector)) {
    let m: RegExpExecArray | null;
    if ((m = /^(\S+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(term))) {
      const [, key, op, list] = m as unknown as [string, string, string, string];
      if (!KEY.test(key))
        throw badRequest(`unable to parse requirement: invalid label key "${key}"`);
      const values = list
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      const cond = `labels->>${bind(key)} = ANY(${bind(values)}::text[])`;
      part.sql.push(op === 'in' ? cond : `NOT coalesce(${cond}, false)`);
    } else if ((m = /^([^!=\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(term))) {
      const [, key, op, value] = m as unknown as [string, string, string, string];
      if (!KEY.test(key))
        throw badRequest(`unable to parse requirement: invalid label key "${key}"`);
      part.sql.push(
        op === '!='
          ? `labels->>${bind(key)} IS DISTINCT FROM ${bind(value)}`
          : `labels->>${bind(key)} = ${bind(value)}`,
      );
    } else if ((m = /^!(\S+)$/.exec(term))) {
      part.sql.push(`NOT (labels ? ${bind(m[1])})`);
    } else if (KEY.test(term)) {
      part.sql.push(`labels ? ${bind(term)}`);
    } else {
      throw badRequest(`unable to parse requirement: "${term}" is not a valid label selector`);
    }
  }
}

export function fieldSelectorSql(selector: string, part: SqlPart): void {
  const bind = (v: unknown) => {
    part.params.push(v);
    return `$${part.params.length}`;
  };
  for (const term of splitSelector(selector)) {
    const m = /^([a-zA-Z.]+)\s*(==|=|!=)\s*(.*)$/.exec(term);
    if (!m) throw badRequest(`invalid field selector "${term}"`);
    const column =
      m[1] === 'metadata.name' ? 'name' : m[1] === 'metadata.namespace' ? 'namespace' : undefined;
    if (!column) throw badRequest(`field label not supported: ${m[1]}`);
    part.sql.push(`${column} ${m[2] === '!=' ? '<>' : '='} ${bind(m[3])}`);
  }
}

/** The same label selector evaluated in memory, for watch events. */
export function matchesLabels(
  selector: string | undefined,
  labels: Record<string, string> | undefined,
): boolean {
  if (!selector) return true;
  const l = labels ?? {};
  return splitSelector(selector).every((term) => {
    let m: RegExpExecArray | null;
    if ((m = /^(\S+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(term))) {
      const values = (m[3] as string).split(',').map((v) => v.trim());
      const hit = (m[1] as string) in l && values.includes(l[m[1] as string] as string);
      return m[2] === 'in' ? hit : !hit;
    }
    if ((m = /^([^!=\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(term)))
      return m[2] === '!=' ? l[m[1] as string] !== m[3] : l[m[1] as string] === m[3];
    if ((m = /^!(\S+)$/.exec(term))) return !((m[1] as string) in l);
    return term in l;
  });
}

export function matchesFields(
  selector: string | undefined,
  meta: { name: string; namespace?: string },
): boolean {
  if (!selector) return true;
  return splitSelector(selector).every((term) => {
    const m = /^([a-zA-Z.]+)\s*(==|=|!=)\s*(.*)$/.exec(term);
    if (!m) return false;
    const actual =
      m[1] === 'metadata.name'
        ? meta.name
        : m[1] === 'metadata.namespace'
          ? (meta.namespace ?? '')
          : undefined;
    return m[2] === '!=' ? actual !== m[3] : actual === m[3];
  });
}
