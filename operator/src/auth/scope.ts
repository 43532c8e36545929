import { matchRequirements, parseLabelSelector, SelectorError } from '../labelSelector.js';
import { UUID } from '../ids.js';

/**
 * Object-scoped Permissions: a Permission may name resources instead of a global object, by id,
 * name (with `*` globs), namespace, labels, tags, types or health. This module holds the
 * selector shape and its in-memory evaluation; postgrest/rowPolicy.ts compiles the same
 * selectors to SQL so that /api/db lists are filtered by the database.
 */
export const SCOPE_KINDS = [
  'config',
  'component',
  'canary',
  'check',
  'playbook',
  'connection',
] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/** The keys of a Permission's `spec.object` (and of `permissions.object_selector`) per kind. */
export const SELECTOR_KEYS: Record<string, ScopeKind> = {
  configs: 'config',
  components: 'component',
  canaries: 'canary',
  checks: 'check',
  playbooks: 'playbook',
  connections: 'connection',
};

export interface ResourceSelector {
  id?: string;
  name?: string;
  namespace?: string;
  labelSelector?: string;
  tagSelector?: string;
  types?: string[];
  health?: string;
}

export type ObjectSelector = Partial<Record<ScopeKind, ResourceSelector[]>>;

/** What a request knows of the resource it touches. */
export interface ResourceAttrs {
  kind: ScopeKind;
  id: string;
  name?: string | null;
  namespace?: string | null;
  labels?: Record<string, string> | null;
  tags?: Record<string, string> | null;
  type?: string | null;
  health?: string | null;
}

/** A check belongs to its canary: Permissions on the canary apply to its checks as well. */
export const PARENT_KIND: Partial<Record<ScopeKind, ScopeKind>> = { check: 'canary' };

/** `*` matches any run of characters; everything else literally. */
export function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/** A selector with no field names nothing (it never matches, for allow and deny alike). */
export function isEmptySelector(s: ResourceSelector): boolean {
  return (
    !s.id &&
    !s.name &&
    !s.namespace &&
    !s.labelSelector &&
    !s.tagSelector &&
    !(s.types && s.types.length) &&
    !s.health
  );
}

/** Every field given must match (AND); a selector list matches when one selector does (OR). */
export function selectorMatches(s: ResourceSelector, r: ResourceAttrs): boolean {
  if (isEmptySelector(s)) return false;
  if (s.id && s.id !== r.id) return false;
  if (s.name && s.name !== '*' && !globToRegExp(s.name).test(r.name ?? '')) return false;
  if (s.namespace && s.namespace !== (r.namespace ?? '')) return false;
  if (s.types?.length && !s.types.includes(r.type ?? '')) return false;
  if (s.health) {
    const wanted = s.health.split(',').map((h) => h.trim());
    if (!wanted.includes(r.health ?? '')) return false;
  }
  try {
    if (s.labelSelector && !matchRequirements(parseLabelSelector(s.labelSelector), r.labels))
      return false;
    if (s.tagSelector && !matchRequirements(parseLabelSelector(s.tagSelector), r.tags))
      return false;
  } catch (error) {
    // A selector that cannot be read matches nothing; its Permission reports why.
    if (error instanceof SelectorError) return false;
    throw error;
  }
  return true;
}

/** Problems with a selector a person can act on (for Permission conditions and 400 answers). */
export function selectorProblems(key: string, selectors: unknown): string[] {
  if (!Array.isArray(selectors)) return [`${key} must be a list of selectors`];
  const problems: string[] = [];
  selectors.forEach((raw, i) => {
    const s = (raw ?? {}) as ResourceSelector;
    const at = `${key}[${i}]`;
    if (isEmptySelector(s))
      problems.push(
        `${at} names nothing: give id, name, namespace, labelSelector, tagSelector, types or health`,
      );
    if (s.id && !UUID.test(s.id)) problems.push(`${at}.id must be a UUID`);
    for (const field of ['labelSelector', 'tagSelector'] as const) {
      const value = s[field];
      if (!value) continue;
      try {
        parseLabelSelector(value);
      } catch (error) {
        if (!(error instanceof SelectorError)) throw error;
        problems.push(`${at}.${field}: ${error.message}`);
      }
    }
  });
  return problems;
}

/** The object selector kept in the database: only the keys we know, as lists. */
export function normaliseObjectSelector(raw: unknown): ObjectSelector | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const out: ObjectSelector = {};
  for (const [key, kind] of Object.entries(SELECTOR_KEYS)) {
    const list = (raw as Record<string, unknown>)[key] ?? (raw as Record<string, unknown>)[kind];
    if (Array.isArray(list) && list.length) out[kind] = list as ResourceSelector[];
  }
  return Object.keys(out).length ? out : undefined;
}
