import type pg from 'pg';
import { checkResources } from '../auth/resources.js';
import type { ResourceAttrs } from '../auth/scope.js';
import { UUID } from '../ids.js';

/** What a run is about: a config item, a component or a check (or nothing). */
export type TargetKind = 'config' | 'component' | 'check';
export interface Target {
  kind: TargetKind;
  id: string;
}

export interface LoadedTarget extends Target {
  /** The row as templates and CEL see it (`.config.name`, `check.type`, …). */
  view: Record<string, unknown>;
  /** What Permissions and playbook selectors weigh (a check comes with its canary). */
  attrs: ResourceAttrs[];
}

const COLUMN: Record<TargetKind, string> = {
  config: 'config_id',
  component: 'component_id',
  check: 'check_id',
};
export const targetColumn = (kind: TargetKind) => COLUMN[kind];

/**
 * The one target named by a request body or query (`config_id`, `component_id`, `check_id`);
 * more than one, or an id that is not a UUID, is the caller's error (a sentence to show).
 */
export function targetOf(body: Record<string, unknown>): Target | undefined | string {
  const given = (Object.keys(COLUMN) as TargetKind[])
    .map((kind) => ({ kind, id: body[COLUMN[kind]] }))
    .filter((t) => t.id !== undefined && t.id !== null && t.id !== '');
  if (given.length > 1) return 'give at most one of config_id, component_id and check_id';
  const t = given[0];
  if (!t) return undefined;
  if (typeof t.id !== 'string' || !UUID.test(t.id))
    return `${COLUMN[t.kind]} "${String(t.id)}" is not a UUID`;
  return { kind: t.kind, id: t.id };
}

/** Loads the target; undefined when it does not exist (or was deleted). */
export async function loadTarget(
  db: pg.Pool | pg.PoolClient,
  target: Target,
  opts: { includeDeleted?: boolean } = {},
): Promise<LoadedTarget | undefined> {
  const live = (alias: string) => (opts.includeDeleted ? 'true' : `${alias}.deleted_at IS NULL`);
  if (target.kind === 'check') {
    const { rows } = await db.query<{ view: Record<string, unknown> }>(
      `SELECT to_jsonb(c) || jsonb_build_object('canary_name', ca.name) AS view
         FROM checks c JOIN canaries ca ON ca.id = c.canary_id
        WHERE c.id = $1 AND ${live('c')}`,
      [target.id],
    );
    const row = rows[0];
    if (!row) return undefined;
    const attrs = await checkResources(db as pg.Pool, target.id);
    return { ...target, view: row.view, attrs: attrs ?? [] };
  }
  if (target.kind === 'config') {
    const { rows } = await db.query<{ view: Record<string, unknown> }>(
      `SELECT to_jsonb(c) AS view FROM config_items c WHERE c.id = $1 AND ${live('c')}`,
      [target.id],
    );
    const view = rows[0]?.view;
    if (!view) return undefined;
    const tags = (view.tags ?? {}) as Record<string, string>;
    return {
      ...target,
      view,
      attrs: [
        {
          kind: 'config',
          id: target.id,
          name: view.name as string | null,
          namespace: tags.namespace ?? null,
          labels: view.labels as Record<string, string> | null,
          tags,
          type: view.type as string | null,
          health: view.health as string | null,
        },
      ],
    };
  }
  const { rows } = await db.query<{ view: Record<string, unknown> }>(
    `SELECT to_jsonb(c) AS view FROM components c WHERE c.id = $1 AND ${live('c')}`,
    [target.id],
  );
  const view = rows[0]?.view;
  if (!view) return undefined;
  return {
    ...target,
    view,
    attrs: [
      {
        kind: 'component',
        id: target.id,
        name: view.name as string | null,
        namespace: view.namespace as string | null,
        labels: view.labels as Record<string, string> | null,
        type: view.type as string | null,
        health: (view.health ?? view.status) as string | null,
      },
    ],
  };
}

/** The template variables a run's target contributes (`config`, `component` or `check`). */
export function targetVars(target: LoadedTarget | undefined): Record<string, unknown> {
  return target ? { [target.kind]: target.view } : {};
}
