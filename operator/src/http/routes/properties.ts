import { Router } from 'express';
import type pg from 'pg';
import type { Principal } from '../../auth/identity.js';
import { requirePermission } from '../authn.js';
import { badRequest, notFound } from '../../errors.js';

const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Feature flags and settings. GET lists them the way upstream's /api/properties does; writes
 * need write on `properties`.
 */
export function propertyRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.get('/', requirePermission('properties', 'read'), async (_req, res) => {
    const { rows } = await pool.query(
      `SELECT name, value, 'db' AS source, '' AS type, '' AS description
         FROM properties WHERE deleted_at IS NULL ORDER BY name`,
    );
    res.json(rows);
  });

  router.put('/:name', requirePermission('properties', 'write'), async (req, res) => {
    const name = req.params.name as string;
    if (!NAME.test(name)) {
      throw badRequest('property name must be 1-100 letters, digits, dots, dashes or underscores');
    }
    const value = (req.body as { value?: unknown } | undefined)?.value;
    if (typeof value !== 'string' || value.length > 4096) {
      throw badRequest('value is required and must be a string of at most 4096 characters');
    }
    const principal = res.locals.principal as Principal;
    const { rows } = await pool.query(
      `INSERT INTO properties (name, value, created_by) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, deleted_at = NULL
       RETURNING name, value, created_by, created_at, updated_at`,
      [name, value, principal.person.id],
    );
    res.json(rows[0]);
  });

  router.delete('/:name', requirePermission('properties', 'write'), async (req, res) => {
    const { rowCount } = await pool.query('DELETE FROM properties WHERE name = $1', [
      req.params.name,
    ]);
    if (!rowCount) throw notFound(`property ${req.params.name} does not exist`);
    res.status(204).end();
  });

  return router;
}
