import { createTwoFilesPatch } from 'diff';
import { sortKeys } from './identity.js';

/**
 * What changed between two versions of an item's config: a unified diff of the pretty-printed
 * JSON (what people read), a JSON merge patch (RFC 7396: what machines apply) and the changed
 * leaf paths (the change's summary). Undefined when nothing changed.
 */
export interface ConfigDiff {
  diff: string;
  patch: unknown;
  paths: string[];
  summary: string;
}

export function pretty(value: unknown): string {
  return typeof value === 'string' ? value : `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

/** RFC 7396: objects merge key by key, `null` deletes, anything else replaces. */
export function mergePatch(before: unknown, after: unknown): unknown {
  if (!isObject(before) || !isObject(after)) return after === undefined ? null : after;
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(before)) if (!(key in after)) patch[key] = null;
  for (const [key, value] of Object.entries(after)) {
    if (!(key in before)) patch[key] = value;
    else if (!equal(before[key], value)) patch[key] = mergePatch(before[key], value);
  }
  return patch;
}

/** Leaf paths that differ, in `a.b[0].c` form. */
export function changedPaths(before: unknown, after: unknown, at = ''): string[] {
  if (equal(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => changedPaths(before[k], after[k], at ? `${at}.${k}` : k));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return before.flatMap((v, i) => changedPaths(v, after[i], `${at}[${i}]`));
  }
  return [at || '.'];
}

const MAX_SUMMARY_PATHS = 5;

export function configDiff(before: unknown, after: unknown): ConfigDiff | undefined {
  if (equal(before, after)) return undefined;
  const paths = changedPaths(before, after);
  const diff = createTwoFilesPatch('before', 'after', pretty(before), pretty(after), '', '', {
    context: 3,
  });
  const shown = paths.slice(0, MAX_SUMMARY_PATHS).join(', ');
  const more =
    paths.length > MAX_SUMMARY_PATHS ? ` and ${paths.length - MAX_SUMMARY_PATHS} more` : '';
  return { diff, patch: mergePatch(before, after), paths, summary: `${shown}${more}` };
}
