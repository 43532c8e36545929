import { Router, type Request } from 'express';
import type pg from 'pg';
import type { Principal } from '../../auth/identity.js';
import { badRequest, notFound } from '../../errors.js';
import { parseTime, TimeParseError } from '../../health/timeRange.js';
import { UUID } from '../../ids.js';
import { topologySnapshot } from '../../topology/snapshot.js';
import { requirePermission } from '../authn.js';

/** GET /api/snapshot/topology/{id} (docs/api/topology.md), mounted under /snapshot. */
export function snapshotRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get('/topology/:id', requirePermission('topologies', 'read'), async (req, res) => {
    const id = req.params.id as string;
    if (!UUID.test(id)) throw badRequest(`id must be a component id (a UUID), not "${id}"`);
    const end = time(req, 'end', 'now');
    const start = time(req, 'start', 'now-1d');
    if (start >= end) throw badRequest('start must be before end');
    const related = text(req, 'related') ?? 'false';
    if (related !== 'true' && related !== 'false')
      throw badRequest(`related must be true or false, not "${related}"`);
    const snapshot = await topologySnapshot(pool, res.locals.principal as Principal, {
      id: id.toLowerCase(),
      start,
      end,
      related: related === 'true',
    });
    if (!snapshot) throw notFound(`component ${id} not found`);
    const stamp = end.toISOString().replace(/[:.]/g, '-');
    const name = snapshot.name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'component';
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="topology-${name}-${stamp}.zip"`);
    try {
      await snapshot.write(res);
    } catch (error) {
      // The zip has started: a broken download is all that can tell the client.
      req.log.error({ err: error }, 'topology snapshot failed');
      res.destroy(error as Error);
    }
  });
  return router;
}

function text(req: Request, name: string): string | undefined {
  const v = req.query[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest(`${name} must be given once, as text`);
  return v;
}

function time(req: Request, name: string, fallback: string): Date {
  try {
    return parseTime(text(req, name) ?? fallback);
  } catch (error) {
    if (error instanceof TimeParseError) throw badRequest(`${name}: ${error.message}`);
    throw error;
  }
}
