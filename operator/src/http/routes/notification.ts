import { Router } from 'express';
import type pg from 'pg';
import type { Principal } from '../../auth/identity.js';
import { compileError } from '../../health/cel.js';
import { badRequest, notFound } from '../../errors.js';
import { UUID } from '../../ids.js';
import { requirePermission } from '../authn.js';

const RESOURCES = [
  ['check_id', 'checks'],
  ['config_id', 'config_items'],
  ['component_id', 'components'],
  ['canary_id', 'canaries'],
] as const;

const UNIT_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  M: 30 * 86_400_000,
  y: 365 * 86_400_000,
};

/** `now`, `now+2h`, `now-30m`, `now+1d+6h`, or an RFC 3339 time; undefined when unreadable. */
export function parseTime(value: unknown, now = Date.now()): Date | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const s = value.trim();
  const math = /^now((?:[+-]\d+[smhdwMy])*)$/.exec(s);
  if (math) {
    let t = now;
    for (const [, sign, n, unit] of (math[1] ?? '').matchAll(/([+-])(\d+)([smhdwMy])/g))
      t += (sign === '-' ? -1 : 1) * Number(n) * (UNIT_MS[unit as string] as number);
    return new Date(t);
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(s)) return undefined;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * /api/notification: POST /silence {check_id | config_id | component_id | canary_id, from,
 * until, description, recursive, filter} (docs/api/notifications.md). Exactly one resource;
 * from and until as RFC 3339 or `now±N<unit>`; until after from; the filter must compile.
 */
export function notificationRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.post('/silence', requirePermission('notifications', 'create'), async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const given = RESOURCES.filter(
      ([k]) => body[k] !== undefined && body[k] !== null && body[k] !== '',
    );
    if (given.length !== 1)
      throw badRequest(
        'name exactly one resource to silence: check_id, config_id, component_id or canary_id',
      );
    const [[column, table]] = given as [(typeof RESOURCES)[number]];
    const id = body[column];
    if (typeof id !== 'string' || !UUID.test(id)) throw badRequest(`${column} must be a UUID`);
    const from = parseTime(body.from);
    const until = parseTime(body.until);
    if (!from) throw badRequest('from is required: an RFC 3339 time or now, now+1h, now-30m …');
    if (!until) throw badRequest('until is required: an RFC 3339 time or now+1h, now+1d …');
    if (until <= from) throw badRequest('until must be after from');
    const filter =
      typeof body.filter === 'string' && body.filter.trim() ? body.filter.trim() : null;
    if (filter) {
      const problem = compileError(filter);
      if (problem) throw badRequest(`filter: ${problem}`);
    }
    const { rows } = await pool.query<{ namespace: string | null }>(
      `SELECT ${table === 'config_items' ? "coalesce(tags ->> 'namespace', '')" : "coalesce(namespace, '')"} AS namespace
         FROM ${table} WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    const found = rows[0];
    if (!found) throw notFound(`${column.replace('_id', '')} ${id} not found`);
    const principal = res.locals.principal as Principal;
    await pool.query(
      `INSERT INTO notification_silences (namespace, description, "from", until, recursive, ${column},
         filter, source, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'UI', $8)`,
      [
        found.namespace ?? '',
        typeof body.description === 'string' ? body.description : null,
        from,
        until,
        body.recursive === true,
        id,
        filter,
        principal.person.id,
      ],
    );
    res.status(200).end();
  });
  return router;
}
