import type pg from 'pg';
import { isEmptySelector, selectorMatches, type ResourceSelector } from '../auth/scope.js';
import { CelError } from '../health/cel.js';
import { filterHolds } from './conditions.js';
import type { LoadedTarget, TargetKind } from './resources.js';
import { literalEnv, type PlaybookSpecView } from './spec.js';

/**
 * Which playbooks can run against a resource (crds.md §4.1): those whose `configs`,
 * `components` or `checks` selectors (for the resource's kind) match it, and whose `filters`
 * all hold. A selector with no fields matches every resource of its kind; a playbook with no
 * selector of any kind runs against nothing (only by itself, from the Playbooks page).
 */

export interface PlaybookRow {
  id: string;
  name: string;
  namespace: string;
  title: string;
  icon: string | null;
  category: string;
  description: string | null;
  spec: PlaybookSpecView;
}

const SELECTOR_FIELD: Record<TargetKind, 'configs' | 'components' | 'checks'> = {
  config: 'configs',
  component: 'components',
  check: 'checks',
};

export function selectorsFor(spec: PlaybookSpecView, kind: TargetKind): ResourceSelector[] {
  const list = spec[SELECTOR_FIELD[kind]];
  return Array.isArray(list) ? list.filter((s) => s && typeof s === 'object') : [];
}

export function hasSelectors(spec: PlaybookSpecView): boolean {
  return (['config', 'component', 'check'] as const).some((k) => selectorsFor(spec, k).length > 0);
}

/** Whether the playbook's selectors for the target's kind pick it. */
export function selectsTarget(spec: PlaybookSpecView, target: LoadedTarget): boolean {
  const self = target.attrs[0];
  if (!self) return false;
  return selectorsFor(spec, target.kind).some(
    (s) => isEmptySelector(s) || selectorMatches(s, self),
  );
}

/** The filters' verdict; a filter that cannot be evaluated is a reason, not a silent no. */
export function filtersVerdict(
  spec: PlaybookSpecView,
  vars: Record<string, unknown>,
): { ok: true } | { ok: false; reason: string } {
  for (const filter of spec.filters ?? []) {
    if (typeof filter !== 'string' || !filter.trim()) continue;
    try {
      if (!filterHolds(filter, vars)) return { ok: false, reason: `filter "${filter}" is false` };
    } catch (error) {
      const why = error instanceof CelError ? error.message : String(error);
      return { ok: false, reason: `filter "${filter}" cannot be evaluated: ${why}` };
    }
  }
  return { ok: true };
}

export const PLAYBOOK_COLUMNS = 'id, name, namespace, title, icon, category, description, spec';

export async function livePlaybooks(db: pg.Pool): Promise<PlaybookRow[]> {
  const { rows } = await db.query<PlaybookRow>(
    `SELECT ${PLAYBOOK_COLUMNS} FROM playbooks WHERE deleted_at IS NULL ORDER BY category, title, name`,
  );
  return rows;
}

/** The playbooks that apply to the target, in the order the console lists them. */
export function applicable(
  playbooks: readonly PlaybookRow[],
  target: LoadedTarget,
  baseVars: Record<string, unknown>,
): PlaybookRow[] {
  return playbooks.filter((p) => {
    if (!selectsTarget(p.spec, target)) return false;
    return filtersVerdict(p.spec, {
      ...baseVars,
      playbook: playbookVars(p),
      env: literalEnv(p.spec),
    }).ok;
  });
}

/** The playbook as templates and CEL see it. */
export function playbookVars(p: PlaybookRow): Record<string, unknown> {
  return {
    id: p.id,
    name: p.name,
    namespace: p.namespace,
    title: p.title,
    category: p.category,
    description: p.description,
  };
}
