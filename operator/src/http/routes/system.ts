import { Router } from 'express';
import type pg from 'pg';
import type { Metrics } from '../metrics.js';

/** Probes and metrics: unauthenticated, for kubelets and Prometheus scrapers. */
export function systemRoutes(pool: pg.Pool, metrics: Metrics): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    try {
      await pool.query({ text: 'SELECT 1', query_timeout: 2000 } as never);
      res.json({ status: 'ok', database: 'reachable' });
    } catch (error) {
      req.log.warn({ err: error }, 'readiness check failed');
      res.status(503).json({ status: 'unavailable', database: (error as Error).message });
    }
  });
  router.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
