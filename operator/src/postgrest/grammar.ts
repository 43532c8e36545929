import { parseError } from './errors.js';
import type { Field, JsonStep } from './ast.js';

/**
 * Splits `a,b(c,d),"e,f"` at top-level commas, keeping parentheses and double-quoted strings
 * intact. Throws on unbalanced input so a malformed query is a 400, never a guess.
 */
export function splitTopLevel(input: string, what: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] as string;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < input.length) current += input[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) throw parseError(`unbalanced parentheses in ${what}`, input);
    } else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (quoted) throw parseError(`unterminated double quote in ${what}`, input);
  if (depth !== 0) throw parseError(`unbalanced parentheses in ${what}`, input);
  parts.push(current);
  return parts;
}

/** `"a \"b\""` -> `a "b"`; unquoted values are returned as they are. */
export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** `labels->>team`, `data->a->0->>b`: a column name with an optional JSON path. */
export function parseField(input: string): Field {
  const text = input.trim();
  const first = text.search(/->/);
  const name = first === -1 ? text : text.slice(0, first);
  if (!NAME.test(name)) throw parseError(`"${name}" is not a valid column name`, input);
  const json: JsonStep[] = [];
  let rest = first === -1 ? '' : text.slice(first);
  while (rest) {
    const m = /^(->>|->)([^-]*(?:-(?!>)[^-]*)*)/.exec(rest);
    if (!m || !m[2]) throw parseError(`invalid JSON path in "${input}"`);
    json.push({ arrow: m[1] as JsonStep['arrow'], key: unquote(m[2]) });
    rest = rest.slice(m[0].length);
  }
  return { name, json };
}

/** The key a JSON path yields in the output: the last path element, as PostgREST does. */
export function fieldKey(field: Field): string {
  return field.json.length ? (field.json[field.json.length - 1] as JsonStep).key : field.name;
}

export function isName(value: string): boolean {
  return NAME.test(value);
}
