import type { PermissionRule } from './policy.js';
import { normaliseObjectSelector, selectorProblems } from './scope.js';

/**
 * What a Permission resource's `spec.object` means to the policy module: a global object, or
 * selectors per kind. Shared by its reconciler (which stores it) and by admission on Vigil's
 * Kubernetes API (which checks the author holds what it grants).
 */
export interface PermissionTarget {
  global?: string;
  selector?: Record<string, Selector[]>;
  problem?: { reason: string; message: string };
}

/** Object lists of the Permission kind and the global object a lone `name: "*"` stands for. */
const GLOBAL: Record<string, string | undefined> = {
  configs: 'catalog',
  components: 'topology',
  playbooks: 'playbooks',
  connections: 'connection',
  canaries: 'canaries',
  checks: undefined,
};

/** Selector fields the policy module evaluates; others are accepted but cannot be honoured. */
const HONOURED = new Set([
  'id',
  'name',
  'namespace',
  'labelSelector',
  'tagSelector',
  'types',
  'health',
]);

type Selector = Record<string, unknown> & { name?: string };

/**
 * The object part: a global object, or selectors per kind (object-scoped). A selector field we
 * cannot evaluate fails closed: an allow grants nothing; a deny is kept without that field (so
 * it denies more, never less).
 */
export function permissionTarget(raw: unknown, deny: boolean): PermissionTarget {
  const object = (raw ?? {}) as Record<string, Selector[] | undefined>;
  const fail = (reason: string, message: string) => ({ problem: { reason, message } });
  const lists = Object.keys(GLOBAL).filter((key) => (object[key] ?? []).length > 0);
  if (lists.length === 0)
    return fail(
      'InvalidSpec',
      `spec.object needs at least one of ${Object.keys(GLOBAL).join(', ')} (views, scopes and mcp are not supported yet)`,
    );
  const only = lists[0] as string;
  const first = (object[only] ?? [])[0] as Selector;
  if (
    lists.length === 1 &&
    object[only]?.length === 1 &&
    first.name === '*' &&
    Object.keys(first).length === 1
  ) {
    const global = GLOBAL[only];
    if (global) return { global };
  }
  const problems = lists.flatMap((key) => selectorProblems(`spec.object.${key}`, object[key]));
  if (problems.length) return fail('InvalidSpec', problems.join('; '));
  const unsupported = lists.flatMap((key) =>
    (object[key] ?? []).flatMap((sel, i) =>
      Object.keys(sel)
        .filter((f) => !HONOURED.has(f) && sel[f] !== undefined)
        .map((f) => `spec.object.${key}[${i}].${f}`),
    ),
  );
  if (unsupported.length && !deny)
    return fail(
      'UnsupportedSelector',
      `${unsupported.join(', ')}: not supported yet, so this Permission grants nothing (use id, name, namespace, labelSelector, tagSelector, types or health)`,
    );
  const selector: Record<string, Selector[]> = {};
  for (const key of lists)
    selector[key] = (object[key] ?? []).map((sel) =>
      Object.fromEntries(Object.entries(sel).filter(([f]) => HONOURED.has(f))),
    );
  return { selector };
}

/** The rule a Permission spec stands for, or undefined when it grants nothing (invalid). */
export function permissionRuleOf(spec: unknown): PermissionRule | undefined {
  const s = (spec ?? {}) as { actions?: unknown; deny?: unknown; object?: unknown };
  const actions = Array.isArray(s.actions) ? s.actions.map(String) : [];
  const deny = s.deny === true;
  const target = permissionTarget(s.object, deny);
  if (!actions.length || target.problem) return undefined;
  const scope = normaliseObjectSelector(target.selector);
  return {
    action: actions.join(','),
    deny,
    object: target.global ?? null,
    ...(scope ? { scope } : {}),
  };
}
