import type { CheckResult, CheckSpec } from '../../types.js';
import { resultFrom } from '../../types.js';

/**
 * Reading a check spec (crds.md §1.3, JSON field names). A spec that cannot be used throws a
 * SpecError, which the runners turn into an invalid result; everything else is a probe failure.
 */
export class SpecError extends Error {}

/** A probe failure with a message meant for the person reading the check result. */
export class ProbeError extends Error {}

/** An EnvVar value ({value}) or a plain string. `valueFrom` must have been resolved already. */
export function envValue(raw: unknown, field: string): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (typeof raw === 'object') {
    const v = raw as { value?: unknown; valueFrom?: unknown };
    if (typeof v.value === 'string') return v.value;
    if (v.value === undefined && v.valueFrom === undefined) return undefined;
    if (v.value === undefined) {
      throw new SpecError(`${field}.valueFrom was not resolved to a value before the check ran`);
    }
  }
  throw new SpecError(`${field} must be a string`);
}

export function str(spec: CheckSpec, field: string): string | undefined {
  const v = envValue(spec[field], field);
  return v === '' ? undefined : v;
}

/** A non-negative number (a numeric string is accepted); `fallback` when unset. */
export function num(spec: CheckSpec, field: string, fallback: number): number {
  const raw = spec[field];
  if (raw === undefined || raw === null || raw === '') return fallback;
  const v = typeof raw === 'string' ? Number(raw.trim()) : raw;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
    throw new SpecError(`${field} must be a number ≥ 0, got ${JSON.stringify(raw)}`);
  }
  return v;
}

export function bool(spec: CheckSpec, field: string): boolean {
  const raw = spec[field];
  if (raw === undefined || raw === null) return false;
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new SpecError(`${field} must be true or false, got ${JSON.stringify(raw)}`);
}

/** A list of {name, value} (EnvVar) entries such as http `headers` and `env`. */
export function nameValues(spec: CheckSpec, field: string): { name: string; value: string }[] {
  const raw = spec[field];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new SpecError(`${field} must be a list of {name, value}`);
  return raw.map((item: unknown, i) => {
    const entry = (item ?? {}) as { name?: unknown };
    if (typeof entry.name !== 'string' || entry.name === '') {
      throw new SpecError(`${field}[${i}].name is required`);
    }
    return { name: entry.name, value: envValue(item, `${field}[${i}]`) ?? '' };
  });
}

/** Whether the check has a `test` (crds.md §1.2), which changes how some failures count. */
export function hasTest(spec: CheckSpec): boolean {
  const t = spec.test;
  if (typeof t === 'string') return t.trim() !== '';
  if (t === null || typeof t !== 'object') return false;
  return Object.values(t).some((v) => typeof v === 'string' && v.trim() !== '');
}

export const cancelledResult = (start: Date): CheckResult =>
  resultFrom(start, false, { error: 'cancelled' });

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/** Milliseconds since a performance.now() mark, for the `duration` of a result (≥ 1). */
export const durationSince = (t0: number): number =>
  Math.max(1, Math.round(performance.now() - t0));

/** `{{.name}}` / `{{ .name }}` substitution (a Go-template subset) from {name, value} pairs. */
export function renderTemplate(
  text: string,
  vars: ReadonlyMap<string, string>,
  field: string,
): string {
  return text.replace(/\{\{-?\s*(.*?)\s*-?\}\}/g, (_all, expr: string) => {
    const m = /^\.([A-Za-z_][\w]*)$/.exec(expr);
    if (!m?.[1]) {
      throw new SpecError(
        `${field}: unsupported template expression {{ ${expr} }}; only {{ .name }} of env is supported`,
      );
    }
    const value = vars.get(m[1]);
    if (value === undefined) {
      throw new SpecError(`${field}: {{ .${m[1]} }} is not defined in env`);
    }
    return value;
  });
}

const abortSubscribers = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `fn` once when `signal` aborts (at once if it already has); returns the unsubscriber.
 * Many probes share a run's signal, so it gets one listener that fans out, not one per probe.
 */
export function onAbort(signal: AbortSignal, fn: () => void): () => void {
  if (signal.aborted) {
    fn();
    return () => undefined;
  }
  let subscribers = abortSubscribers.get(signal);
  if (!subscribers) {
    const set = new Set<() => void>();
    abortSubscribers.set(signal, set);
    signal.addEventListener(
      'abort',
      () => {
        abortSubscribers.delete(signal);
        for (const f of set) f();
      },
      { once: true },
    );
    subscribers = set;
  }
  const set = subscribers;
  set.add(fn);
  return () => {
    set.delete(fn);
  };
}
