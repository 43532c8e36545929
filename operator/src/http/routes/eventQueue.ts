import { Router, type Request } from 'express';
import type pg from 'pg';
import { badRequest, notFound } from '../../errors.js';
import { UUID } from '../../ids.js';
import { requirePermission } from '../authn.js';

/** The most items one call names; more are retried by name. */
const MAX_IDS = 1000;

interface Target {
  name: string;
  ids: string[] | null;
}

function targetOf(req: Request): Target {
  const body = (req.body ?? {}) as { name?: unknown; ids?: unknown };
  if (typeof body.name !== 'string' || !body.name.trim() || body.name.length > 200)
    throw badRequest('name is required: the event name, as event_queue_summary lists it');
  if (body.ids === undefined || body.ids === null) return { name: body.name, ids: null };
  if (
    !Array.isArray(body.ids) ||
    !body.ids.length ||
    body.ids.length > MAX_IDS ||
    !body.ids.every((id) => typeof id === 'string' && UUID.test(id))
  )
    throw badRequest(`ids, when given, must be a list of 1 to ${MAX_IDS} event ids (UUIDs)`);
  return { name: body.name, ids: body.ids as string[] };
}

/**
 * The failed items of one event name (all, or the ids given), locked for the change. Items a
 * consumer is handling right now are skipped (SKIP LOCKED), never waited for: they are counted
 * as `busy` and left as they are.
 */
const FAILED = `matched AS (
    SELECT id FROM event_queue
     WHERE name = $1 AND error IS NOT NULL AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))),
  locked AS (
    SELECT id FROM event_queue WHERE id IN (SELECT id FROM matched) FOR UPDATE SKIP LOCKED)`;

function nothing(target: Target): never {
  throw notFound(
    target.ids
      ? `none of these events is a failed ${target.name} event`
      : `there is no failed ${target.name} event`,
  );
}

/**
 * /api/event-queue (docs/operations.md): the failed items of the event queue, retried or
 * discarded. Reading goes through /api/db (event_queue_summary, event_queue). Retrying needs
 * update on `event_queue`, discarding delete (admins by default).
 */
export function eventQueueRoutes(pool: pg.Pool): Router {
  const router = Router();

  // As enqueue_event() does for a repeated event: attempts start again from 0, the error and the
  // backoff are cleared, so the consumer takes it at once (woken by the notification).
  router.post('/retry', requirePermission('event_queue', 'update'), async (req, res) => {
    const target = targetOf(req);
    const { rows } = await pool.query<{ retried: number; matched: number }>(
      `WITH ${FAILED},
         done AS (
           UPDATE event_queue q
              SET attempts = 0, error = NULL, last_attempt = NULL, delay = NULL, created_at = now()
             FROM locked WHERE q.id = locked.id RETURNING q.id)
       SELECT (SELECT count(*) FROM done)::int AS retried,
              (SELECT count(*) FROM matched)::int AS matched`,
      [target.name, target.ids],
    );
    const { retried = 0, matched = 0 } = rows[0] ?? {};
    if (!matched) nothing(target);
    if (retried) await pool.query(`SELECT pg_notify('event_queue_updates', $1)`, [target.name]);
    res.json({ retried, busy: matched - retried });
  });

  router.post('/discard', requirePermission('event_queue', 'delete'), async (req, res) => {
    const target = targetOf(req);
    const { rows } = await pool.query<{ discarded: number; matched: number }>(
      `WITH ${FAILED},
         done AS (DELETE FROM event_queue q USING locked WHERE q.id = locked.id RETURNING q.id)
       SELECT (SELECT count(*) FROM done)::int AS discarded,
              (SELECT count(*) FROM matched)::int AS matched`,
      [target.name, target.ids],
    );
    const { discarded = 0, matched = 0 } = rows[0] ?? {};
    if (!matched) nothing(target);
    res.json({ discarded, busy: matched - discarded });
  });

  return router;
}
