import type pg from 'pg';
import { evaluate } from '../health/cel.js';
import type { EventContext } from './types.js';

export interface Silence {
  id: string;
  description: string | null;
  until: Date;
}

/**
 * The active silence (from <= now < until, not deleted) covering the event's resource: one
 * naming the resource itself (a check, its canary, a component it belongs to, the config), or an
 * ancestor when the silence is recursive, whose CEL `filter`, if any, holds for the event.
 * A filter that cannot be evaluated does not silence: better one message too many than none.
 */
export async function activeSilence(
  db: pg.Pool | pg.PoolClient,
  ctx: EventContext,
): Promise<Silence | undefined> {
  const { direct, ancestors } = ctx.silenceScope;
  const ids = (xs?: string[]) => xs ?? [];
  if (
    ![
      direct.check,
      direct.canary,
      direct.config,
      direct.component,
      ancestors.config,
      ancestors.component,
    ].some((xs) => xs?.length)
  )
    return undefined;
  const { rows } = await db.query<Silence & { filter: string | null }>(
    `SELECT id, description, until, filter FROM notification_silences
      WHERE deleted_at IS NULL AND "from" <= now() AND until > now()
        AND (check_id = ANY($1::uuid[]) OR canary_id = ANY($2::uuid[])
             OR config_id = ANY($3::uuid[]) OR component_id = ANY($4::uuid[])
             OR (recursive AND (config_id = ANY($5::uuid[]) OR component_id = ANY($6::uuid[]))))
      ORDER BY until DESC`,
    [
      ids(direct.check),
      ids(direct.canary),
      ids(direct.config),
      ids(direct.component),
      ids(ancestors.config),
      ids(ancestors.component),
    ],
  );
  return rows.find((s) => {
    if (!s.filter?.trim()) return true;
    try {
      return evaluate(s.filter, ctx.vars) === true;
    } catch {
      return false;
    }
  });
}
