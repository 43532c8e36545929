import { NOT_A_NUMBER, REQUIRED } from '../../../lib/formRules';
import type { Parameter } from '../types';
import { parseBytes, parseDuration, parseMillicores, parseNumber } from './units';

/**
 * The launch form's client-side checks, mirroring the server's (docs/api/playbooks.md, spec 001
 * §5) so the Run button can wait for a valid form. The server stays the authority: where the
 * client cannot be sure (a regex's flavour), it lets the value through and shows the server's 400.
 */

export const atMost = (max: number | string) => `This field must be at most ${max}`;
export const atLeastMin = (min: number | string) => `This field must be at least ${min}`;
export const minChars = (n: number) => `This field must be at least ${n} characters`;
export const maxChars = (n: number) => `This field must be at most ${n} characters`;
export const noMatch = (regex: string) => `This field must match ${regex}`;
export const NOT_DNS1123 =
  "This field must be a lowercase DNS name: letters, digits, '-' and '.', beginning and ending with a letter or digit";
export const NOT_DURATION = 'This field must be a duration, such as 30s, 5m or 1h';
export const NOT_BYTES = 'This field must be a size, such as 512Mi or 1G';
export const NOT_MILLICORES = 'This field must be CPU in millicores, such as 500m or 2';
export const NOT_AN_OPTION = 'This field must be one of the options';

const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1123_MAX = 253;

export interface ListOption {
  label: string;
  value: string;
}

/** A parameter's `properties`, read leniently: YAML may give numbers as text and the reverse. */
export interface ParamProps {
  options: ListOption[];
  multiline: boolean;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  format?: string;
  min?: string;
  max?: string;
  language?: string;
  size?: string;
  filter?: unknown;
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string'
    ? v
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : undefined;
const count = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

function optionsOf(value: unknown): ListOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((o: unknown) => {
    if (typeof o === 'string') return [{ label: o, value: o }];
    if (typeof o !== 'object' || o === null) return [];
    const { label, value: v } = o as Record<string, unknown>;
    const val = text(v) ?? text(label);
    return val === undefined ? [] : [{ label: text(label) ?? val, value: val }];
  });
}

export function paramProps(param: Parameter): ParamProps {
  const p = param.properties ?? {};
  return {
    options: optionsOf(p.options),
    multiline: p.multiline === true || p.multiline === 'true',
    minLength: count(p.minLength),
    maxLength: count(p.maxLength),
    regex: text(p.regex) || undefined,
    format: text(p.format) || undefined,
    min: text(p.min),
    max: text(p.max),
    language: text(p.language) || undefined,
    size: text(p.size) || undefined,
    filter: p.filter,
  };
}

/** What a value is checked as: the parameter's type, or for text its format. */
export type ValueKind = 'text' | 'number' | 'duration' | 'bytes' | 'millicores' | 'dns1123';

export function valueKind(param: Parameter): ValueKind {
  const type = param.type ?? 'text';
  if (type === 'duration' || type === 'bytes' || type === 'millicores') return type;
  if (type !== 'text' && type !== 'secret') return 'text';
  const { format, min, max } = paramProps(param);
  if (format === 'bytes' || format === 'millicores' || format === 'dns1123') return format;
  if (format === 'number' || min !== undefined || max !== undefined) return 'number';
  return 'text';
}

const PARSERS: Record<
  'number' | 'duration' | 'bytes' | 'millicores',
  (t: string) => number | undefined
> = {
  number: parseNumber,
  duration: parseDuration,
  bytes: parseBytes,
  millicores: parseMillicores,
};
const NOT_VALID = {
  number: NOT_A_NUMBER,
  duration: NOT_DURATION,
  bytes: NOT_BYTES,
  millicores: NOT_MILLICORES,
};

function checkAmount(kind: keyof typeof PARSERS, value: string, props: ParamProps) {
  const parse = PARSERS[kind];
  const amount = parse(value);
  if (amount === undefined) return NOT_VALID[kind];
  // A bound the client cannot read is left to the server.
  const min = props.min === undefined ? undefined : parse(props.min);
  const max = props.max === undefined ? undefined : parse(props.max);
  if (min !== undefined && amount < min) return atLeastMin(props.min ?? min);
  if (max !== undefined && amount > max) return atMost(props.max ?? max);
  return undefined;
}

function matches(regex: string, value: string): boolean {
  try {
    return new RegExp(regex).test(value);
  } catch {
    return true;
  }
}

/** The first problem of one value, or undefined when it may be sent. */
export function validateParam(param: Parameter, value: string | undefined): string | undefined {
  const v = value ?? '';
  const type = param.type ?? 'text';
  if (type === 'checkbox') return undefined;
  if (v.trim() === '') return param.required ? REQUIRED : undefined;
  const props = paramProps(param);
  if (type === 'list') {
    return props.options.length > 0 && !props.options.some((o) => o.value === v)
      ? NOT_AN_OPTION
      : undefined;
  }
  if (props.minLength !== undefined && v.length < props.minLength) return minChars(props.minLength);
  if (props.maxLength !== undefined && v.length > props.maxLength) return maxChars(props.maxLength);
  const kind = valueKind(param);
  if (kind === 'dns1123') {
    if (v.length > DNS1123_MAX || !DNS1123.test(v)) return NOT_DNS1123;
  } else if (kind !== 'text') {
    const problem = checkAmount(kind, v, props);
    if (problem) return problem;
  }
  if (props.regex && !matches(props.regex, v)) return noMatch(props.regex);
  return undefined;
}

export type ParamValues = Record<string, string>;

/** Every problem of the form, keyed by parameter name. */
export function validateParams(params: readonly Parameter[], values: ParamValues) {
  const errors: Record<string, string> = {};
  for (const param of params) {
    const problem = validateParam(param, values[param.name]);
    if (problem) errors[param.name] = problem;
  }
  return errors;
}

/** The form's first values: each templated default; checkboxes are 'true' or 'false'. */
export function initialValues(params: readonly Parameter[]): ParamValues {
  return Object.fromEntries(
    params.map((p) => {
      const value = p.default ?? '';
      return [p.name, p.type === 'checkbox' ? String(value.trim() === 'true') : value];
    }),
  );
}

/** What POST /api/playbook/run gets: blank values are left out so their defaults apply. */
export function runParams(params: readonly Parameter[], values: ParamValues): ParamValues {
  return Object.fromEntries(
    params.flatMap((p) => {
      const value = values[p.name] ?? '';
      return value.trim() === '' ? [] : [[p.name, value]];
    }),
  );
}
