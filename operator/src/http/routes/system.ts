import { Router } from 'express';
import type pg from 'pg';
import type { Metrics } from '../metrics.js';

/** What /readyz asks besides the database: whether the LISTEN connection is up. */
export interface Listening {
  readonly listening: boolean;
}

const READY_TIMEOUT_MS = 2000;

/** Probes and metrics: unauthenticated, for kubelets and Prometheus scrapers. */
export function systemRoutes(pool: pg.Pool, metrics: Metrics, watches?: Listening): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Not ready while the database cannot be reached (restarting, failing over) or while the
  // change listener is down and reconnecting: watches and controllers would miss changes.
  router.get('/readyz', async (req, res) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      // The deadline covers getting a connection too (a vanished host does not refuse it).
      await Promise.race([
        pool.query({ text: 'SELECT 1', query_timeout: READY_TIMEOUT_MS } as pg.QueryConfig),
        new Promise((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error('the database did not answer within 2 s')),
            READY_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      req.log.warn({ err: error }, 'readiness check failed');
      res.status(503).json({ status: 'unavailable', database: (error as Error).message });
      return;
    } finally {
      clearTimeout(timer);
    }
    if (watches && !watches.listening) {
      res.status(503).json({
        status: 'unavailable',
        database: 'reachable',
        listeners: 'reconnecting',
      });
      return;
    }
    res.json({ status: 'ok', database: 'reachable' });
  });
  router.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
