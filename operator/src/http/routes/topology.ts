import { Router } from 'express';
import type pg from 'pg';
import type { Principal } from '../../auth/identity.js';
import { writeTopology } from '../../topology/query.js';
import { parseTopologyParams } from '../../topology/queryParams.js';
import { requirePermission } from '../authn.js';

/** GET /api/canary/api/topology (docs/api/topology.md), mounted under /canary. */
export function topologyRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get('/api/topology', requirePermission('topologies', 'read'), async (req, res) => {
    const params = parseTopologyParams(req.query as Record<string, unknown>);
    const subject = res.locals.principal as Principal;
    // Written as built, in chunks: no ETag hashing, no answer of megabytes held as one string.
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    await writeTopology(pool, subject, params, (chunk) => res.write(chunk));
    res.end();
  });
  return router;
}
