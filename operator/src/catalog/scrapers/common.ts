import { errorText } from '../../health/runners/sql.js';
import type { ScraperOutput } from '../types.js';

/**
 * What the http, sql and exec scrapers share: reading EnvVar fields and turning what went wrong
 * into the sentences of `errors`. A scraper throws ScrapeError for a spec or source it cannot
 * use; `guarded` turns that (and anything unexpected) into an error instead of a throw.
 */
export class ScrapeError extends Error {}

/** Runs a scraper body; a throw becomes the only error of an empty output. */
export async function guarded(work: () => Promise<ScraperOutput>): Promise<ScraperOutput> {
  try {
    return await work();
  } catch (err) {
    return { documents: [], errors: [errorText(err)] };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A single EnvVar field: its static value, or undefined when unset. Secrets named by `valueFrom`
 * are not looked up yet, so such a field is refused rather than sent empty.
 */
export function envField(raw: unknown, field: string): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (!isObject(raw)) throw new ScrapeError(`${field} must be a string or {value}`);
  if (raw.value !== undefined && raw.value !== null) return String(raw.value);
  if (raw.valueFrom !== undefined)
    throw new ScrapeError(
      `${field}.valueFrom is not supported by scrapers yet: give ${field}.value, or keep the secret in a connection and refer to it with connection://<namespace>/<name>`,
    );
  return undefined;
}

/** An EnvVar list (`env`, `headers`) as name -> value; see envField for `valueFrom`. */
export function envList(raw: unknown, field: string): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (!Array.isArray(raw)) throw new ScrapeError(`${field} must be a list of {name, value}`);
  const out: Record<string, string> = {};
  for (const [i, item] of raw.entries()) {
    const name = isObject(item) ? item.name : undefined;
    if (typeof name !== 'string' || name === '')
      throw new ScrapeError(`${field}[${i}] needs a name`);
    out[name] = envField(item, `${field}[${i}] (${name})`) ?? '';
  }
  return out;
}

/** Why the scrape's signal stopped the work: the engine's timeout or a cancel. */
export function stoppedText(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === 'TimeoutError'
    ? 'the scrape timed out'
    : 'the scrape was cancelled';
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

export { errorText, isObject };
