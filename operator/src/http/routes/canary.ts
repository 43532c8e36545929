import { Router, type Request } from 'express';
import type pg from 'pg';
import { badRequest, HttpError, notFound } from '../../errors.js';
import type { HealthRef } from '../../controllers/engineRefs.js';
import { storedResult } from '../../health/storedResult.js';
import {
  checkDetail,
  graph,
  parseLabelSelector,
  statuses,
  writeSummary,
  type LabelRequirement,
} from '../../health/queries.js';
import { parseMinDuration, parseTime, TimeParseError } from '../../health/timeRange.js';
import { requirePermission } from '../authn.js';
import { UUID } from '../../ids.js';
import type { Principal } from '../../auth/identity.js';
import { can, denial, mayReachSome, type Action } from '../../auth/policy.js';
import { checkResources } from '../../auth/resources.js';
import { scopeFilter } from '../../auth/rowPolicy.js';
import { forbidden } from '../../errors.js';

/** The Health API of docs/api/canary.md. */
export function canaryRoutes(pool: pg.Pool, health: HealthRef): Router {
  const router = Router();
  const read = requirePermission('canaries', 'read');
  /**
   * One check, as the principal may see it: 404 when it does not exist, 403 (with the reason)
   * when an object-scoped Permission keeps it from them.
   */
  const checkFor = async (req: Request, principal: Principal, action: Action) => {
    const id = uuid(req.params.id as string, 'check id');
    const resources = await checkResources(pool, id);
    if (!resources) throw notFound(`check ${id} not found`);
    if (!can(principal, 'canaries', action, resources))
      throw forbidden(denial(principal, 'canaries', action, resources));
    return id;
  };

  router.get('/api/summary', read, async (req, res) => {
    const { start, end } = range(req, '1h');
    const labels = optional(req, 'labels');
    let requirements: LabelRequirement[] | undefined;
    try {
      requirements = labels === undefined ? undefined : parseLabelSelector(labels);
    } catch (error) {
      throw badRequest((error as Error).message);
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    // Streamed as built: no ETag hashing of a multi-megabyte body that changes every run anyway.
    await writeSummary(
      pool,
      {
        start,
        end,
        checkId: uuidParam(req, 'check_id'),
        canaryId: uuidParam(req, 'canary_id'),
        agentId: uuidParam(req, 'agent_id'),
        namespace: optional(req, 'namespace'),
        labels: requirements,
        includeDeleted: optional(req, 'include_deleted') === 'true',
        // Checks an object-scoped Permission hides are left out.
        where: (param) =>
          scopeFilter(
            res.locals.principal as Principal,
            'canaries',
            'read',
            'checks',
            [{ kind: 'check', column: 'id' }],
            'c',
            param,
          ),
      },
      (chunk) => res.write(chunk),
    );
    res.end();
  });

  router.get('/api/checks/:id', read, async (req, res) => {
    const id = await checkFor(req, res.locals.principal as Principal, 'read');
    const { start, end } = range(req, '1h');
    const detail = await checkDetail(pool, id, start, end);
    if (!detail) throw notFound(`check ${id} not found`);
    res.json(detail);
  });

  router.get('/api/checks/:id/statuses', read, async (req, res) => {
    const id = await checkFor(req, res.locals.principal as Principal, 'read');
    const startText = optional(req, 'start');
    const endText = optional(req, 'end');
    const status = optional(req, 'status');
    if (status !== undefined && status !== '0' && status !== '1') {
      throw badRequest('status must be 1 (healthy) or 0 (unhealthy)');
    }
    const durationText = optional(req, 'duration');
    const minDuration = durationText === undefined ? undefined : parseMinDuration(durationText);
    if (durationText !== undefined && minDuration === undefined) {
      throw badRequest('duration is allowed only in milli seconds & seconds');
    }
    const page = intParam(req, 'page', 0, 0, 1_000_000);
    const pageSize = intParam(req, 'pageSize', 50, 1, 500);
    res.json(
      await statuses(pool, id, {
        start: startText === undefined ? undefined : time(startText, 'start'),
        end: endText === undefined ? undefined : time(endText, 'end'),
        status: status === undefined ? undefined : status === '1',
        minDuration,
        page,
        pageSize,
      }),
    );
  });

  router.get('/api/checks/:id/graph', read, async (req, res) => {
    const id = await checkFor(req, res.locals.principal as Principal, 'read');
    const { start, end } = range(req, '1h');
    res.json(await graph(pool, id, start, end));
  });

  router.post('/run/check/:id', async (req, res) => {
    const principal = res.locals.principal as Principal;
    // Refused at once unless a role or some Permission could let this principal run a check.
    if (!mayReachSome(principal, 'canaries', 'run', ['check']))
      throw forbidden(denial(principal, 'canaries', 'run'));
    const id = await checkFor(req, principal, 'run');
    const { rows } = await pool.query('SELECT 1 FROM checks WHERE id = $1 AND deleted_at IS NULL', [
      id,
    ]);
    if (!rows.length) throw notFound(`check ${id} not found`);
    if (!health.engine) {
      throw new HttpError(
        503,
        'unavailable',
        'checks do not run on this replica (VIGIL_CONTROLLERS or VIGIL_HEALTH_CHECKS is off)',
      );
    }
    // With replicas, the one that owns the check's canary runs it (controllers/ownerRelay.ts).
    const ran = health.runNow ? await health.runNow(id) : undefined;
    const result = health.runNow
      ? ran && (await storedResult(pool, id, ran.time))
      : await health.engine.runCheckNow(id);
    if (!result) {
      throw new HttpError(
        409,
        'conflict',
        `check ${id} is not scheduled here (its canary may be paused, run by an agent, or just deleted)`,
      );
    }
    res.json({
      time: result.time,
      status: result.status,
      invalid: result.invalid,
      duration: result.duration,
      message: result.message,
      error: result.error,
    });
  });

  return router;
}

function optional(req: Request, name: string): string | undefined {
  const v = req.query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw badRequest(`${name} must be given once, as text`);
  return v;
}

function time(text: string, name: string): Date {
  try {
    return parseTime(text);
  } catch (error) {
    if (error instanceof TimeParseError) throw badRequest(`${name}: ${error.message}`);
    throw error;
  }
}

function range(req: Request, fallback: string) {
  const end = time(optional(req, 'end') ?? 'now', 'end');
  const start = time(optional(req, 'start') ?? fallback, 'start');
  if (start >= end) throw badRequest('start must be before end');
  if (end.getTime() - start.getTime() > 5 * 366 * 86_400_000 + 86_400_000) {
    throw badRequest('the range may span at most 5 years');
  }
  return { start, end };
}

function uuid(text: string, what: string): string {
  if (!UUID.test(text)) throw badRequest(`${what} "${text}" is not a UUID`);
  return text.toLowerCase();
}

function uuidParam(req: Request, name: string): string | undefined {
  const v = optional(req, name);
  return v === undefined ? undefined : uuid(v, name);
}

function intParam(req: Request, name: string, fallback: number, min: number, max: number) {
  const v = optional(req, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw badRequest(`${name} must be a whole number from ${min} to ${max}`);
  }
  return n;
}
