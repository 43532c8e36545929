import crypto from 'node:crypto';
import { JSONPath } from 'jsonpath-plus';

/**
 * JSONPath as the scraper fields use it: a field is a JSONPath when it starts with `$` or `@`
 * (upstream writes both for the root), else a literal. Filter expressions are evaluated by the
 * library's own safe evaluator, never as JavaScript.
 */
export const isJsonPath = (field: string) => field.startsWith('$') || field.startsWith('@');

function normalise(path: string): string {
  return path.startsWith('@') ? `$${path.slice(1)}` : path;
}

export class JsonPathError extends Error {}

export function query(path: string, json: unknown): unknown[] {
  if (json === null || json === undefined || typeof json !== 'object') return [];
  try {
    return JSONPath({
      path: normalise(path),
      json: json as object,
      eval: 'safe',
      wrap: true,
    }) as unknown[];
  } catch (error) {
    throw new JsonPathError(`JSONPath ${path}: ${(error as Error).message}`);
  }
}

/** A field's value for one item: the first JSONPath match as text, or the literal itself. */
export function fieldValue(field: string | undefined, json: unknown): string | undefined {
  if (field === undefined || field === '') return undefined;
  if (!isJsonPath(field)) return field;
  const [first] = query(field, json);
  if (first === undefined || first === null) return undefined;
  return typeof first === 'object' ? JSON.stringify(first) : String(first);
}

type Match = { parent: Record<string, unknown> | unknown[]; parentProperty: string | number };

function matches(path: string, json: unknown): Match[] {
  if (json === null || json === undefined || typeof json !== 'object') return [];
  try {
    return (
      JSONPath({
        path: normalise(path),
        json: json as object,
        eval: 'safe',
        resultType: 'all',
      }) as (Match & {
        parent: unknown;
      })[]
    ).filter((m) => m.parent !== null && typeof m.parent === 'object');
  } catch (error) {
    throw new JsonPathError(`JSONPath ${path}: ${(error as Error).message}`);
  }
}

/** Removes every field the path matches (in place). */
export function removeAt(path: string, json: unknown): void {
  // Last first, so removing array elements does not shift the ones still to remove.
  for (const m of matches(path, json).reverse()) {
    if (Array.isArray(m.parent)) m.parent.splice(Number(m.parentProperty), 1);
    else Reflect.deleteProperty(m.parent, m.parentProperty);
  }
}

/** Replaces every field the path matches: `md5sum` hashes the value, anything else replaces it. */
export function maskAt(path: string, json: unknown, value: string): void {
  for (const m of matches(path, json)) {
    const key = m.parentProperty as never;
    const current = (m.parent as Record<string, unknown>)[key];
    (m.parent as Record<string, unknown>)[key] =
      value === 'md5sum'
        ? crypto
            .createHash('md5')
            .update(typeof current === 'string' ? current : JSON.stringify(current))
            .digest('hex')
        : value;
  }
}
