import type pg from 'pg';
import { evaluate } from '../health/cel.js';
import { durationMs } from '../playbooks/spec.js';
import { loadEventContext } from './eventContext.js';
import { groupKeyOf } from './grouping.js';
import { activeSilence, type Silence } from './silences.js';
import type { EventContext, RuleRow, SendPayload } from './types.js';

/** Columns of a rule the engine reads. */
export const RULE_COLUMNS = `id, name, namespace, events, title, template, filter, properties,
  person_id, team_id, playbook_id, custom_services, repeat_interval, wait_for, group_by,
  group_by_interval, inhibitions, fallback, fallback_delay`;

/** Events whose point is a health state, which waitFor re-checks before sending. */
const HEALTH_EVENT =
  /^(check\.(passed|failed)|component\.[a-z]+|config\.(healthy|unhealthy|warning|degraded|unknown))$/;

/** `incident.status.open` is asked for as itself, `incident.status.*`, `incident.*` or `*`. */
export function patternsOf(event: string): string[] {
  const parts = event.split('.');
  const out = [event, '*'];
  for (let i = 1; i < parts.length; i++) out.push(`${parts.slice(0, i).join('.')}.*`);
  return out;
}

export interface QueuedEventView {
  name: string;
  properties: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Decides, for every live rule that asks for the event, what happens to it — and records that
 * as a notification_send_history row through `db` (the event's own claim transaction, so the
 * decision and the event's removal commit together: exactly once):
 *
 * - the rule's filter is false: nothing (the rule is not about this event);
 * - the filter cannot be evaluated: `error`, with the CEL error;
 * - an active silence covers the resource: `silenced`, naming the silence;
 * - an inhibition: a related resource was already notified: `inhibited`;
 * - the same rule, resource and event was sent within repeatInterval: `repeat-interval`;
 * - waitFor on a health event: `pending` until then, re-checked by the dispatcher;
 * - otherwise `pending`, due now, for the dispatcher to send.
 *
 * Suppressed repeats bump `count` of the newest matching row instead of adding one per event.
 * Answers how many rules the event reached.
 */
export async function decideEvent(
  db: pg.PoolClient,
  event: QueuedEventView,
  baseUrl: string,
): Promise<number> {
  const { rows: rules } = await db.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM notifications
      WHERE deleted_at IS NULL AND events && $1::text[] ORDER BY created_at`,
    [patternsOf(event.name)],
  );
  if (rules.length === 0) return 0;
  const ctx = await loadEventContext(db, event.name, event.properties, event.createdAt, baseUrl);
  const payload: SendPayload = {
    event: event.name,
    properties: event.properties,
    eventTime: event.createdAt.toISOString(),
  };
  if (!ctx) {
    const id = typeof event.properties.id === 'string' ? event.properties.id : undefined;
    if (!id) return 0;
    for (const rule of rules)
      await insertRow(db, rule, event.name, id, 'skipped', {
        reason: 'what the event was about no longer exists',
        payload,
      });
    return rules.length;
  }
  const silence = await activeSilence(db, ctx);
  for (const rule of rules) await decideRule(db, rule, ctx, payload, silence);
  return rules.length;
}

async function decideRule(
  db: pg.PoolClient,
  rule: RuleRow,
  ctx: EventContext,
  payload: SendPayload,
  silence: Silence | undefined,
): Promise<void> {
  if (rule.filter?.trim()) {
    let verdict: unknown;
    try {
      verdict = evaluate(rule.filter, ctx.vars);
    } catch (error) {
      const message = `filter: ${(error as Error).message}`;
      await insertRow(db, rule, ctx.event, ctx.resourceId, 'error', { error: message, payload });
      await db.query(`UPDATE notifications SET error = $2, error_at = now() WHERE id = $1`, [
        rule.id,
        message,
      ]);
      return;
    }
    if (verdict !== true) return;
  }
  if (silence) {
    const until = silence.until.toISOString();
    await bumpOrInsert(db, rule, ctx, 'silenced', {
      reason: `silenced${silence.description ? ` (${silence.description})` : ''} until ${until}`,
      silencedBy: silence.id,
    });
    return;
  }
  const inhibitedBy = await inhibition(db, rule, ctx);
  if (inhibitedBy) {
    await bumpOrInsert(db, rule, ctx, 'inhibited', { reason: inhibitedBy });
    return;
  }
  const repeatMs = durationMs(rule.repeat_interval ?? undefined);
  if (repeatMs) {
    const { rows } = await db.query<{ created_at: Date }>(
      `SELECT created_at FROM notification_send_history
        WHERE notification_id = $1 AND resource_id = $2 AND source_event = $3 AND status = 'sent'
          AND created_at > now() - $4 * interval '1 millisecond'
        ORDER BY created_at DESC LIMIT 1`,
      [rule.id, ctx.resourceId, ctx.event, repeatMs],
    );
    const last = rows[0];
    if (last) {
      await bumpOrInsert(db, rule, ctx, 'repeat-interval', {
        reason: `already sent at ${last.created_at.toISOString()}; repeats are held for ${rule.repeat_interval}`,
      });
      return;
    }
  }
  // The same event for the same resource still waiting to go out (a flap during waitFor, or a
  // burst before the dispatcher ran) is that notification again: counted on it, not repeated.
  const { rowCount: waiting } = await db.query(
    `UPDATE notification_send_history SET count = count + 1
      WHERE id = (SELECT id FROM notification_send_history
                   WHERE notification_id = $1 AND resource_id = $2 AND source_event = $3
                     AND status IN ('pending', 'evaluating-waitfor') AND attempts = 0
                     AND coalesce((payload ->> 'fallback')::boolean, false) = false
                   ORDER BY created_at DESC LIMIT 1)`,
    [rule.id, ctx.resourceId, ctx.event],
  );
  if (waiting) return;
  const waitSeconds = Number(rule.wait_for ?? 0);
  if (waitSeconds > 0 && HEALTH_EVENT.test(ctx.event)) {
    await insertRow(db, rule, ctx.event, ctx.resourceId, 'pending', {
      payload: { ...payload, waitFor: true, groupKey: groupKeyOf(rule.group_by, ctx) },
      notBeforeMs: waitSeconds * 1000,
      reason: `waiting ${waitSeconds}s before checking health again`,
    });
    return;
  }
  await insertRow(db, rule, ctx.event, ctx.resourceId, 'pending', { payload });
}

/**
 * An inhibition of the rule that applies: the event's config is of a `to` type and a related
 * config of the `from` type (within depth, in the direction given; hard links only unless soft)
 * was notified by this rule within the repeat interval, or waitFor, or the last hour.
 */
async function inhibition(
  db: pg.PoolClient,
  rule: RuleRow,
  ctx: EventContext,
): Promise<string | undefined> {
  if (ctx.kind !== 'config' || !ctx.configType || !Array.isArray(rule.inhibitions))
    return undefined;
  const windowMs =
    durationMs(rule.repeat_interval ?? undefined) ??
    (Number(rule.wait_for ?? 0) > 0 ? Number(rule.wait_for) * 1000 : 3_600_000);
  for (const inh of rule.inhibitions) {
    if (!inh || !Array.isArray(inh.to) || !inh.to.includes(ctx.configType)) continue;
    const { rows } = await db.query<{ name: string; type: string }>(
      `SELECT c.name, c.type FROM config_items c
        WHERE c.type = $4 AND c.id IN (
          SELECT r.id FROM related_config_ids_recursive($1, $2, $3, $5, $5) r)
          AND EXISTS (SELECT 1 FROM notification_send_history h
                       WHERE h.notification_id = $6 AND h.resource_id = c.id
                         AND h.status IN ('sent', 'pending', 'evaluating-waitfor')
                         AND h.created_at > now() - $7 * interval '1 millisecond')
        LIMIT 1`,
      [
        ctx.resourceId,
        inh.direction ?? 'all',
        inh.depth ?? 5,
        inh.from,
        inh.soft ? 'both' : 'hard',
        rule.id,
        windowMs,
      ],
    );
    const by = rows[0];
    if (by) return `inhibited: ${by.type} ${by.name}, related to it, was already notified`;
  }
  return undefined;
}

interface RowExtras {
  reason?: string;
  error?: string;
  payload?: SendPayload;
  notBeforeMs?: number;
  silencedBy?: string;
}

async function insertRow(
  db: pg.PoolClient,
  rule: Pick<RuleRow, 'id' | 'person_id'>,
  event: string,
  resourceId: string,
  status: string,
  x: RowExtras,
): Promise<void> {
  await db.query(
    `INSERT INTO notification_send_history
       (notification_id, source_event, resource_id, status, reason, error, payload, not_before,
        silenced_by, person_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + $8 * interval '1 millisecond', $9, $10)`,
    [
      rule.id,
      event,
      resourceId,
      status,
      x.reason ?? null,
      x.error ?? null,
      x.payload ? JSON.stringify(x.payload) : null,
      x.notBeforeMs ?? 0,
      x.silencedBy ?? null,
      rule.person_id,
    ],
  );
}

/** A suppressed repeat bumps the newest row like it (same rule, resource, event, status). */
async function bumpOrInsert(
  db: pg.PoolClient,
  rule: RuleRow,
  ctx: EventContext,
  status: string,
  x: RowExtras,
): Promise<void> {
  const { rowCount } = await db.query(
    `UPDATE notification_send_history SET count = count + 1, created_at = now(), reason = $5,
            silenced_by = coalesce($6, silenced_by)
      WHERE id = (SELECT id FROM notification_send_history
                   WHERE notification_id = $1 AND resource_id = $2 AND source_event = $3
                     AND status = $4 AND created_at > now() - interval '24 hours'
                   ORDER BY created_at DESC LIMIT 1)`,
    [rule.id, ctx.resourceId, ctx.event, status, x.reason ?? null, x.silencedBy ?? null],
  );
  if (!rowCount) await insertRow(db, rule, ctx.event, ctx.resourceId, status, x);
}
