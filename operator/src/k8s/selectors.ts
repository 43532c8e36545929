import {
  matchRequirements,
  parseLabelSelector,
  requirementsSql,
  SelectorError,
  type Requirement,
} from '../labelSelector.js';
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

export function labelSelectorSql(selector: string, part: SqlPart): void {
  const bind = (v: unknown) => {
    part.params.push(v);
    return `$${part.params.length}`;
  };
  part.sql.push(...requirementsSql(parse(selector), 'labels', bind));
}

function parse(selector: string): Requirement[] {
  try {
    return parseLabelSelector(selector);
  } catch (error) {
    if (error instanceof SelectorError)
      throw badRequest(`unable to parse requirement: ${error.message}`);
    throw error;
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
  return matchRequirements(parse(selector), labels);
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
