/**
 * Kubernetes label selectors (`a=b,c!=d,e in (x,y),f notin (z),g,!h`), parsed once and then
 * evaluated in memory or compiled to SQL over a jsonb column. /k8s list filters and the policy
 * module's resource selectors (labels and tags of Permission objects) share this one grammar.
 */
export type Requirement =
  | { key: string; op: 'in' | 'notin'; values: string[] }
  | { key: string; op: 'eq' | 'neq'; value: string }
  | { key: string; op: 'exists' | 'absent' };

export class SelectorError extends Error {}

function splitTerms(input: string): string[] {
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

function key(k: string): string {
  if (!KEY.test(k)) throw new SelectorError(`invalid label key "${k}"`);
  return k;
}

/** Parses a selector; throws SelectorError naming the term it cannot read. */
export function parseLabelSelector(selector: string): Requirement[] {
  return splitTerms(selector).map((term): Requirement => {
    let m: RegExpExecArray | null;
    if ((m = /^(\S+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(term))) {
      const values = (m[3] as string)
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      return { key: key(m[1] as string), op: m[2] as 'in' | 'notin', values };
    }
    if ((m = /^([^!=\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(term)))
      return { key: key(m[1] as string), op: m[2] === '!=' ? 'neq' : 'eq', value: m[3] as string };
    if ((m = /^!(\S+)$/.exec(term))) return { key: key(m[1] as string), op: 'absent' };
    if (KEY.test(term)) return { key: term, op: 'exists' };
    throw new SelectorError(`"${term}" is not a valid label selector`);
  });
}

/** Every requirement holds for these labels (an empty selector matches everything). */
export function matchRequirements(
  requirements: readonly Requirement[],
  labels: Record<string, string> | null | undefined,
): boolean {
  const l = labels ?? {};
  return requirements.every((r) => {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    const value = has ? String(l[r.key]) : undefined;
    switch (r.op) {
      case 'in':
        return has && r.values.includes(value as string);
      case 'notin':
        return !has || !r.values.includes(value as string);
      case 'eq':
        return value === r.value;
      case 'neq':
        return value !== r.value;
      case 'exists':
        return has;
      case 'absent':
        return !has;
    }
  });
}

/**
 * SQL conditions (to be AND-ed) for the requirements over a jsonb column expression; `bind`
 * returns the placeholder of a bound value.
 */
export function requirementsSql(
  requirements: readonly Requirement[],
  column: string,
  bind: (value: unknown) => string,
): string[] {
  return requirements.map((r) => {
    const value = () => `${column}->>${bind(r.key)}`;
    switch (r.op) {
      case 'in':
        return `${value()} = ANY(${bind(r.values)}::text[])`;
      case 'notin':
        return `NOT coalesce(${value()} = ANY(${bind(r.values)}::text[]), false)`;
      case 'eq':
        return `${value()} = ${bind(r.value)}`;
      case 'neq':
        return `${value()} IS DISTINCT FROM ${bind(r.value)}`;
      case 'exists':
        return `coalesce(${column} ? ${bind(r.key)}, false)`;
      case 'absent':
        return `NOT coalesce(${column} ? ${bind(r.key)}, false)`;
    }
  });
}
