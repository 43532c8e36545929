import { Router } from 'express';
import type pg from 'pg';
import { badRequest, HttpError, notFound } from '../../errors.js';
import { UUID } from '../../ids.js';
import type { TopologyEngine } from '../../topology/engine.js';
import { requirePermission } from '../authn.js';

/**
 * Build now: rebuilds a topology at once (or waits for the build already running) and answers
 * with what the build reported, as its job history records it.
 */
export function topologyBuildRoutes(pool: pg.Pool, topology: { engine?: TopologyEngine }): Router {
  const router = Router();
  router.post('/:id/build', requirePermission('topologies', 'run'), async (req, res) => {
    const id = req.params.id as string;
    if (!UUID.test(id)) throw badRequest(`topology id "${id}" is not a UUID`);
    const { rowCount } = await pool.query(
      'SELECT 1 FROM topologies WHERE id = $1 AND deleted_at IS NULL',
      [id],
    );
    if (!rowCount) throw notFound(`topology ${id} not found`);
    if (!topology.engine)
      throw new HttpError(
        503,
        'unavailable',
        'topologies are built on the leader; the topology engine is not running here',
      );
    const outcome = await topology.engine.buildNow(id);
    if (!outcome)
      throw new HttpError(
        409,
        'conflict',
        `topology ${id} is not scheduled here yet (it may have just been created); try again in a few seconds`,
      );
    res.json(outcome);
  });
  return router;
}
