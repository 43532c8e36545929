import { Router } from 'express';
import type pg from 'pg';
import type { Principal } from '../../auth/identity.js';
import { requirePermission } from '../authn.js';
import { badRequest, HttpError, notFound } from '../../errors.js';
import { LocalProperties, PROPERTY_NAME } from '../../properties/local.js';

/** The console's message (spec 002 §5), also the start of the API's answer. */
export const LOCAL_REFUSAL = 'Cannot edit local feature flags';
export const MISSING_DETAILS = 'please provide all details';

export interface PropertyRow {
  name: string;
  value: string;
  source: 'local' | 'db';
  type: string;
  description: string;
  created_by: { id: string; name: string; avatar: string | null } | null;
  created_at: string | null;
  updated_at: string | null;
}

const conflict = (message: string) => new HttpError(409, 'conflict', message);

function checkName(name: unknown): string {
  if (typeof name !== 'string' || !PROPERTY_NAME.test(name)) {
    throw badRequest('property name must be 1-100 letters, digits, dots, dashes or underscores');
  }
  return name;
}

function checkValue(value: unknown): string {
  if (typeof value !== 'string' || value.length > 4096) {
    throw badRequest('value is required and must be a string of at most 4096 characters');
  }
  return value;
}

/**
 * Feature flags and settings (docs/operations.md). GET lists them the way upstream's
 * /api/properties does: the local ones of VIGIL_PROPERTIES_FILE first (source `local`), then the
 * database's not shadowed by a local one (source `db`). Writes need write on `properties`
 * (admins by default) and are refused for local names: the file decides those.
 */
export function propertyRoutes(pool: pg.Pool, local = new LocalProperties()): Router {
  const router = Router();

  const refuseLocal = (name: string) => {
    if (local.get(name))
      throw conflict(
        `${LOCAL_REFUSAL}: ${name} is set in the properties file (VIGIL_PROPERTIES_FILE); change it there`,
      );
  };

  router.get('/', requirePermission('properties', 'read'), async (_req, res) => {
    const own = local.list();
    const names = own.map((p) => p.name);
    const { rows } = await pool.query<PropertyRow>(
      `SELECT p.name, p.value, 'db' AS source, '' AS type, '' AS description,
              CASE WHEN c.id IS NULL THEN NULL
                   ELSE json_build_object('id', c.id, 'name', c.name, 'avatar', c.avatar) END AS created_by,
              p.created_at, p.updated_at
         FROM properties p LEFT JOIN people c ON c.id = p.created_by
        WHERE p.deleted_at IS NULL AND NOT (p.name = ANY($1::text[]))
        ORDER BY p.name`,
      [names],
    );
    const locals: PropertyRow[] = own.map((p) => ({
      name: p.name,
      value: p.value,
      source: 'local',
      type: '',
      description: p.description,
      created_by: null,
      created_at: null,
      updated_at: null,
    }));
    res.json([...locals, ...rows]);
  });

  // Add: refused when the flag exists (edit it instead) or is local.
  router.post('/', requirePermission('properties', 'write'), async (req, res) => {
    const body = (req.body ?? {}) as { name?: unknown; value?: unknown };
    if (
      typeof body.name !== 'string' ||
      !body.name.trim() ||
      typeof body.value !== 'string' ||
      !body.value.trim()
    )
      throw badRequest(`${MISSING_DETAILS}: a feature flag needs a name and a value`);
    const name = checkName(body.name.trim());
    const value = checkValue(body.value);
    refuseLocal(name);
    const principal = res.locals.principal as Principal;
    const { rows } = await pool.query(
      `INSERT INTO properties (name, value, created_by) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE
         SET value = EXCLUDED.value, created_by = EXCLUDED.created_by, created_at = now(),
             deleted_at = NULL
         WHERE properties.deleted_at IS NOT NULL
       RETURNING name, value, created_by, created_at, updated_at`,
      [name, value, principal.person.id],
    );
    if (!rows[0]) throw conflict(`feature flag ${name} exists already: edit it instead`);
    res.status(201).json(rows[0]);
  });

  router.put('/:name', requirePermission('properties', 'write'), async (req, res) => {
    const name = checkName(req.params.name);
    const value = checkValue((req.body as { value?: unknown } | undefined)?.value);
    refuseLocal(name);
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
    const name = req.params.name as string;
    refuseLocal(name);
    const { rowCount } = await pool.query('DELETE FROM properties WHERE name = $1', [name]);
    if (!rowCount) throw notFound(`property ${name} does not exist`);
    res.status(204).end();
  });

  return router;
}
