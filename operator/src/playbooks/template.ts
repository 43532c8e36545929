import { stringify as toYaml } from 'yaml';

/**
 * Playbook templating (crds.md §4.5): Go-template style `{{ … }}` and the shell-friendly
 * `$( … )`, over `config`, `check`, `component`, `playbook`, `run`, `params`, `request`, `env`,
 * `user` and `agent`, with `getAction "name"` and `getLastAction` for earlier actions.
 *
 * Only the part of Go templates people write in playbooks is read: field paths, a quoted
 * string, `index`, the two action functions and pipes into a few helpers. Anything else is a
 * TemplateError naming the expression, so a playbook fails with a reason instead of running a
 * script with a hole in it. `$( … )` is templated only when it starts with `.` or one of the
 * action functions, so shell command substitution (`$(date)`) in a script is left alone.
 */

export class TemplateError extends Error {
  override name = 'TemplateError';
}

/** What an earlier action left, as getAction/getLastAction return it. */
export interface ActionRecord {
  name: string;
  status: string;
  result: Record<string, unknown>;
  error?: string | null;
}

export interface TemplateContext {
  vars: Record<string, unknown>;
  /** Earlier actions of the run, oldest first. */
  actions?: readonly ActionRecord[];
}

const BLOCK =
  /\{\{-?\s*([\s\S]*?)\s*-?\}\}|\$\(\s*((?:\.|getAction\b|getLastAction\b)[^()]*(?:\([^()]*\)[^()]*)*)\)/g;

/** Renders one string; values that are objects render as JSON, missing ones as ''. */
export function render(text: string, ctx: TemplateContext): string {
  if (!text.includes('{{') && !text.includes('$(')) return text;
  return text.replace(BLOCK, (_, goExpr?: string, shellExpr?: string) =>
    show(evaluate((goExpr ?? shellExpr ?? '').trim(), ctx)),
  );
}

/** Renders every string inside a value (objects and arrays walked), keys left as written. */
export function renderDeep<T>(
  value: T,
  ctx: TemplateContext,
  skipKeys: ReadonlySet<string> = new Set(),
): T {
  if (typeof value === 'string') return render(value, ctx) as T;
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, ctx, skipKeys)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        skipKeys.has(k) ? v : renderDeep(v, ctx, skipKeys),
      ]),
    ) as T;
  }
  return value;
}

function show(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const FUNCTIONS: Record<string, (args: unknown[]) => unknown> = {
  toJSON: ([v]) => JSON.stringify(v ?? null),
  toJson: ([v]) => JSON.stringify(v ?? null),
  toYAML: ([v]) => toYaml(v ?? null).trimEnd(),
  toYaml: ([v]) => toYaml(v ?? null).trimEnd(),
  default: ([fallback, v]) => (v === undefined || v === null || v === '' ? fallback : v),
  upper: ([v]) => show(v).toUpperCase(),
  lower: ([v]) => show(v).toLowerCase(),
  trim: ([v]) => show(v).trim(),
  quote: ([v]) => JSON.stringify(show(v)),
  b64enc: ([v]) => Buffer.from(show(v)).toString('base64'),
  b64dec: ([v]) => Buffer.from(show(v), 'base64').toString('utf8'),
  index: ([v, ...keys]) => keys.reduce<unknown>((acc, k) => field(acc, String(k)), v),
  join: ([sep, v]) => (Array.isArray(v) ? v.map(show).join(show(sep)) : show(v)),
};

/** Evaluates one template expression: a pipeline of commands separated by `|`. */
export function evaluate(expression: string, ctx: TemplateContext): unknown {
  const stages = splitOutside(expression, '|');
  let value: unknown = undefined;
  stages.forEach((stage, i) => {
    const words = tokenize(stage.trim(), expression);
    if (!words.length) throw new TemplateError(`empty stage in "{{ ${expression} }}"`);
    const args = words.slice(1).map((w) => term(w, ctx, expression));
    if (i > 0) args.push(value);
    value = call(words[0] as string, args, ctx, expression, i === 0 && words.length === 1);
  });
  return value;
}

function call(
  head: string,
  args: unknown[],
  ctx: TemplateContext,
  expression: string,
  alone: boolean,
): unknown {
  if (head === 'getAction' || head.startsWith('getAction.')) {
    const [name, ...path] = args.length ? [args[0], ...head.split('.').slice(1)] : [undefined];
    return fieldPath(actionByName(ctx, name, expression), path);
  }
  if (head === 'getLastAction' || head.startsWith('getLastAction.')) {
    return fieldPath(lastAction(ctx), head.split('.').slice(1));
  }
  const fn = FUNCTIONS[head];
  if (fn) return fn(args);
  if (alone) return term(head, ctx, expression);
  throw new TemplateError(`unknown function "${head}" in "{{ ${expression} }}"`);
}

/** One argument: a path (`.a.b`), a quoted string, a number, or a parenthesised pipeline. */
function term(word: string, ctx: TemplateContext, expression: string): unknown {
  if (word.startsWith('(')) {
    const close = matchingParen(word);
    const inner = evaluate(word.slice(1, close), ctx);
    const rest = word.slice(close + 1);
    return rest ? fieldPath(inner, rest.split('.').filter(Boolean)) : inner;
  }
  if (word === '.') return ctx.vars;
  if (word.startsWith('.')) return fieldPath(ctx.vars, word.slice(1).split('.'));
  if (word.startsWith('$.')) return fieldPath(ctx.vars, word.slice(2).split('.'));
  if (/^"(?:[^"\\]|\\.)*"$/.test(word)) return JSON.parse(word) as string;
  if (/^`[^`]*`$/.test(word)) return word.slice(1, -1);
  if (/^-?\d+(\.\d+)?$/.test(word)) return Number(word);
  if (word === 'true' || word === 'false') return word === 'true';
  if (word === 'nil') return null;
  if (word === 'getLastAction' || word.startsWith('getLastAction.'))
    return fieldPath(lastAction(ctx), word.split('.').slice(1));
  throw new TemplateError(`cannot read "${word}" in "{{ ${expression} }}"`);
}

function actionByName(ctx: TemplateContext, name: unknown, expression: string): ActionRecord {
  const found = [...(ctx.actions ?? [])].reverse().find((a) => a.name === name);
  if (!found)
    throw new TemplateError(
      `getAction: no earlier action named "${String(name)}" in "{{ ${expression} }}"`,
    );
  return found;
}

function lastAction(ctx: TemplateContext): ActionRecord | undefined {
  const all = ctx.actions ?? [];
  return all[all.length - 1];
}

function field(v: unknown, key: string): unknown {
  if (v === undefined || v === null) return undefined;
  if (v instanceof Map) return v.get(key);
  if (typeof v === 'object') return (v as Record<string, unknown>)[key];
  return undefined;
}

function fieldPath(v: unknown, path: readonly string[]): unknown {
  return path.filter(Boolean).reduce<unknown>((acc, k) => field(acc, k), v);
}

function matchingParen(text: string): number {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' && text[i - 1] !== '\\') quoted = !quoted;
    if (quoted) continue;
    if (c === '(') depth++;
    if (c === ')' && --depth === 0) return i;
  }
  throw new TemplateError(`unbalanced parentheses in "${text}"`);
}

/** Splits on `sep` outside quotes and parentheses. */
function splitOutside(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' && text[i - 1] !== '\\') quoted = !quoted;
    if (quoted) continue;
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Words of a command: runs of non-space, with quoted strings and (…) groups kept whole. */
function tokenize(text: string, expression: string): string[] {
  const words: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text[i] as string)) {
      i++;
      continue;
    }
    let j = i;
    let depth = 0;
    let quoted = false;
    while (j < text.length) {
      const c = text[j] as string;
      if (c === '"' && text[j - 1] !== '\\') quoted = !quoted;
      else if (!quoted && c === '(') depth++;
      else if (!quoted && c === ')') depth--;
      else if (!quoted && depth === 0 && /\s/.test(c)) break;
      j++;
    }
    if (quoted || depth !== 0) throw new TemplateError(`unbalanced "{{ ${expression} }}"`);
    words.push(text.slice(i, j));
    i = j;
  }
  return words;
}
