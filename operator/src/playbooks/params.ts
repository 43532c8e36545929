import { UUID } from '../ids.js';
import { durationMs, type ParameterDef, type PlaybookSpecView } from './spec.js';
import { render, type TemplateContext, TemplateError } from './template.js';

/**
 * Parameters (crds.md §4.3): defaults templated against the resource in `dependsOn` order, and
 * the server's validation of what a person (or a trigger) gives. The form validates too, but
 * only this decides.
 */

export interface ParameterView extends ParameterDef {
  type: string;
  default?: string;
}

/** Parameters in an order where each comes after those it depends on; cycles are an error. */
export function inDependencyOrder(params: readonly ParameterDef[]): ParameterDef[] {
  const byName = new Map(params.map((p) => [p.name, p]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: ParameterDef[] = [];
  const visit = (p: ParameterDef, path: string[]) => {
    if (done.has(p.name)) return;
    if (visiting.has(p.name))
      throw new TemplateError(
        `parameters depend on each other in a cycle: ${[...path, p.name].join(' → ')}`,
      );
    visiting.add(p.name);
    for (const dep of p.dependsOn ?? []) {
      const d = byName.get(dep);
      if (!d)
        throw new TemplateError(`parameter "${p.name}" depends on unknown parameter "${dep}"`);
      visit(d, [...path, p.name]);
    }
    visiting.delete(p.name);
    done.add(p.name);
    out.push(p);
  };
  for (const p of params) visit(p, []);
  return out;
}

/**
 * Every parameter with its default rendered against the resource (and the parameters given or
 * defaulted before it), in the order they were written.
 */
export function parametersWithDefaults(
  spec: PlaybookSpecView,
  vars: Record<string, unknown>,
  given: Record<string, unknown> = {},
): ParameterView[] {
  const params = (spec.parameters ?? []).filter((p) => p && typeof p.name === 'string');
  const values: Record<string, unknown> = {};
  const rendered = new Map<string, string | undefined>();
  for (const p of inDependencyOrder(params)) {
    const ctx: TemplateContext = { vars: { ...vars, params: values } };
    const def = typeof p.default === 'string' ? render(p.default, ctx) : undefined;
    rendered.set(p.name, def);
    values[p.name] = given[p.name] ?? def;
  }
  return params.map((p) => ({ ...p, type: p.type ?? 'text', default: rendered.get(p.name) }));
}

const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const BYTES = /^(\d+(?:\.\d+)?)\s*(k|ki|m|mi|g|gi|t|ti|b)?$/i;
const BYTE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1e3,
  ki: 1024,
  m: 1e6,
  mi: 1024 ** 2,
  g: 1e9,
  gi: 1024 ** 3,
  t: 1e12,
  ti: 1024 ** 4,
};

/** `512Mi`, `1G`, `2048` → bytes. */
export function parseBytes(text: string): number | undefined {
  const m = BYTES.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * (BYTE_UNITS[(m[2] ?? '').toLowerCase()] ?? 1);
}

/** `500m` → 500, `1.5` (cores) → 1500. */
export function parseMillicores(text: string): number | undefined {
  const s = text.trim();
  if (/^\d+m$/.test(s)) return Number(s.slice(0, -1));
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s) * 1000;
  return undefined;
}

const asText = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

type Measure = (text: string) => number | undefined;
const MEASURES: Record<string, [Measure, string]> = {
  duration: [(t) => durationMs(t), 'a duration such as 30s, 5m or 1h'],
  bytes: [parseBytes, 'a size such as 512Mi or 2G'],
  millicores: [parseMillicores, 'CPU such as 500m or 1.5'],
};

function boundsProblem(
  p: ParameterDef,
  text: string,
  kind: string,
  measure: Measure,
): string | undefined {
  const value = measure(text);
  const [, example] = MEASURES[kind] as [Measure, string];
  if (value === undefined) return `must be ${example}`;
  for (const [key, cmp, word] of [
    ['min', (a: number, b: number) => a < b, 'least'],
    ['max', (a: number, b: number) => a > b, 'most'],
  ] as const) {
    const bound = p.properties?.[key];
    if (bound === undefined || bound === null || bound === '') continue;
    const limit = typeof bound === 'number' && kind !== 'duration' ? bound : measure(String(bound));
    if (limit !== undefined && cmp(value, limit)) return `must be at ${word} ${String(bound)}`;
  }
  return undefined;
}

function textProblem(p: ParameterDef, text: string): string | undefined {
  const props = p.properties ?? {};
  const min = Number(props.minLength);
  const max = Number(props.maxLength);
  if (Number.isFinite(min) && props.minLength !== undefined && text.length < min)
    return `must be at least ${min} characters`;
  if (Number.isFinite(max) && props.maxLength !== undefined && text.length > max)
    return `must be at most ${max} characters`;
  if (typeof props.regex === 'string' && props.regex) {
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${props.regex})$`);
    } catch {
      return `cannot be checked: its pattern ${props.regex} is not a valid regular expression`;
    }
    if (!re.test(text)) return `must match ${props.regex}`;
  }
  const format = props.format;
  if (format === 'dns1123' && (!DNS1123.test(text) || text.length > 253))
    return "must be a lowercase DNS name (letters, digits, '-' and '.')";
  if (format === 'bytes' || format === 'millicores')
    return boundsProblem(p, text, format, (MEASURES[format] as [Measure, string])[0]);
  if (typeof props.min === 'number' || typeof props.max === 'number') {
    const n = Number(text);
    if (!Number.isFinite(n)) return 'must be a number';
    if (typeof props.min === 'number' && n < props.min) return `must be at least ${props.min}`;
    if (typeof props.max === 'number' && n > props.max) return `must be at most ${props.max}`;
  }
  return undefined;
}

function listOptions(p: ParameterDef): string[] | undefined {
  const options = p.properties?.options;
  if (!Array.isArray(options) || !options.length) return undefined;
  return options.map((o) =>
    o && typeof o === 'object' ? asText((o as { value?: unknown }).value) : asText(o),
  );
}

/** The problem with one given value, or undefined when it is acceptable. */
function problemOf(p: ParameterDef, value: unknown): string | undefined {
  const type = p.type ?? 'text';
  if (type === 'checkbox') {
    const t = asText(value);
    return t === 'true' || t === 'false' ? undefined : 'must be true or false';
  }
  if (type === 'configs') {
    const ids = Array.isArray(value)
      ? value
      : asText(value)
          .split(',')
          .map((s) => s.trim());
    const bad = ids.find((id) => !UUID.test(asText(id)));
    return bad === undefined ? undefined : `"${asText(bad)}" is not a config id`;
  }
  const text = asText(value);
  if (type === 'config' || type === 'check' || type === 'component')
    return UUID.test(text) ? undefined : `must be the id of a ${type}`;
  if (type === 'list') {
    const options = listOptions(p);
    return !options || options.includes(text)
      ? undefined
      : `must be one of ${options.map((o) => `"${o}"`).join(', ')}`;
  }
  if (type === 'duration' || type === 'bytes' || type === 'millicores') {
    const [measure] = MEASURES[type] as [Measure, string];
    return boundsProblem(p, text, type, measure);
  }
  if (type === 'text' || type === 'code' || type === 'secret') return textProblem(p, text);
  return undefined;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export interface CheckedParams {
  values: Record<string, unknown>;
  /** One sentence per refused parameter: `name: reason`. */
  problems: string[];
}

/**
 * The values a run starts with: what was given, else the rendered default; each checked
 * against its type and properties. Unknown names are refused (a typo would silently do nothing).
 */
export function checkParams(
  params: readonly ParameterView[],
  given: Record<string, unknown>,
): CheckedParams {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  const known = new Set(params.map((p) => p.name));
  for (const name of Object.keys(given))
    if (!known.has(name)) problems.push(`${name}: the playbook has no parameter of this name`);
  for (const p of params) {
    const value = isEmpty(given[p.name]) ? p.default : given[p.name];
    if (isEmpty(value)) {
      if (p.required && p.type !== 'checkbox') problems.push(`${p.name}: is required`);
      else if (p.type === 'checkbox') values[p.name] = 'false';
      continue;
    }
    const problem = problemOf(p, value);
    if (problem) problems.push(`${p.name}: ${problem}`);
    else values[p.name] = value;
  }
  return { values, problems };
}

/** Parameters that refer to people, teams or resources, for the caller to check they exist. */
export function referenceParams(params: readonly ParameterView[]): ParameterView[] {
  return params.filter((p) =>
    ['config', 'configs', 'check', 'component', 'people', 'team'].includes(p.type),
  );
}
