import type { ResourceKind } from './types';

/** The resource selectors of a playbook's spec, by the kind of resource each picks. */
const SELECTOR_KEYS: readonly [key: 'configs' | 'components' | 'checks', kind: ResourceKind][] = [
  ['configs', 'config'],
  ['components', 'component'],
  ['checks', 'check'],
];

/**
 * The kinds of resource a playbook runs against: those its `configs`, `components` or `checks`
 * selectors name. None means it runs on its own, without a resource.
 */
export function selectorKinds(spec: unknown): ResourceKind[] {
  if (typeof spec !== 'object' || spec === null) return [];
  const s = spec as Record<string, unknown>;
  return SELECTOR_KEYS.filter(
    ([key]) => Array.isArray(s[key]) && (s[key] as unknown[]).length > 0,
  ).map(([, kind]) => kind);
}

const ARTICLE: Record<ResourceKind, string> = {
  config: 'a config',
  component: 'a component',
  check: 'a check',
};

/** 'Runs from a config or a check: open it there.' */
export function runsFromText(kinds: readonly ResourceKind[]): string {
  const names = kinds.map((k) => ARTICLE[k]);
  const list =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
  return `Runs from ${list ?? 'a resource'}: start it from that resource's Playbooks menu.`;
}
