import { errorText } from '../../health/runners/sql.js';
import type { ActionResult } from '../types.js';

/**
 * What the actions share: reading their fields (EnvVar values, lists of them), and turning what
 * went wrong into the `failed` result the engine records. An action throws ActionError for a spec
 * or target it cannot use; `guarded` turns that (and anything unexpected) into `failed`.
 */
export class ActionError extends Error {}

export const completed = (result: Record<string, unknown>): ActionResult => ({
  status: 'completed',
  result,
});

export const failed = (error: string, result: Record<string, unknown> = {}): ActionResult => ({
  status: 'failed',
  result,
  error,
});

/** Runs an action body; a throw becomes `failed` with its message. */
export async function guarded(work: () => Promise<ActionResult>): Promise<ActionResult> {
  try {
    return await work();
  } catch (err) {
    return failed(errorText(err));
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A single EnvVar field: its value, or undefined when unset. The engine templates `value`;
 * secrets named by `valueFrom` are not looked up for actions, so such a field is refused rather
 * than sent empty.
 */
export function envField(raw: unknown, field: string): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (!isObject(raw)) throw new ActionError(`${field} must be a string or {value}`);
  if (raw.value !== undefined && raw.value !== null) return String(raw.value);
  if (raw.valueFrom !== undefined)
    throw new ActionError(
      `${field}.valueFrom is not supported in playbook actions yet: give ${field}.value (a parameter or template works), or keep the secret in a connection and refer to it with connection://<namespace>/<name>`,
    );
  return undefined;
}

/** An EnvVar list (`env`, `headers`) as name -> value; see envField for `valueFrom`. */
export function envList(raw: unknown, field: string): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (!Array.isArray(raw)) throw new ActionError(`${field} must be a list of {name, value}`);
  const out: Record<string, string> = {};
  for (const [i, item] of raw.entries()) {
    const name = isObject(item) ? item.name : undefined;
    if (typeof name !== 'string' || name === '')
      throw new ActionError(`${field}[${i}] needs a name`);
    out[name] = envField(item, `${field}[${i}] (${name})`) ?? '';
  }
  return out;
}

/** An optional string field; anything else set there is an error naming it. */
export function text(spec: Record<string, unknown>, field: string): string | undefined {
  const v = spec[field];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v !== 'string') throw new ActionError(`${field} must be a string`);
  return v;
}

/** Sub-fields that are set: a non-empty value, list or object. */
export function setFields(spec: Record<string, unknown>, names: readonly string[]): string[] {
  return names.filter((name) => {
    const v = spec[name];
    if (v === undefined || v === null || v === '' || v === false) return false;
    if (Array.isArray(v)) return v.length > 0;
    return !(isObject(v) && Object.keys(v).length === 0);
  });
}

/** Why the action's signal stopped the work: its (or the run's) timeout, or a cancel. */
export function stoppedText(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  const name = reason && typeof reason === 'object' ? (reason as { name?: unknown }).name : '';
  return name === 'TimeoutError' ? 'the action timed out' : 'the action was cancelled';
}

/** The end of a text, where the reason for a failure usually is. */
export function tail(s: string, chars: number): string {
  const t = s.trim();
  return t.length > chars ? `…${t.slice(-chars)}` : t;
}

export { errorText };
