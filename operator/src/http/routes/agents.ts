import { Router } from 'express';
import type pg from 'pg';
import type { Principal } from '../../auth/identity.js';
import { digest, newSecret } from '../../auth/passwords.js';
import { badRequest, HttpError } from '../../errors.js';
import { requirePermission } from '../authn.js';

const NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const TOKEN_DAYS = 365;

/**
 * POST /api/agent/generate: registers a remote agent — an `agents` row, the agent's own person
 * (type agent) and a one-year access token it pushes with. The token is shown only in this answer.
 */
export function agentRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.post('/generate', requirePermission('agents', 'write'), async (req, res) => {
    const { name, properties } = (req.body ?? {}) as { name?: unknown; properties?: unknown };
    if (typeof name !== 'string' || !NAME.test(name)) {
      throw badRequest(
        'name is required: lower-case letters, digits and dashes, at most 63 characters',
      );
    }
    if (
      properties !== undefined &&
      (properties === null || typeof properties !== 'object' || Array.isArray(properties))
    ) {
      throw badRequest('properties must be an object of key/value labels');
    }
    const creator = (res.locals.principal as Principal).person.id;
    const token = newSecret('vgl_agent_');
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const taken = await client.query(
        'SELECT 1 FROM agents WHERE name = $1 AND deleted_at IS NULL',
        [name],
      );
      if (taken.rowCount)
        throw new HttpError(409, 'conflict', `an agent named ${name} exists already`);
      const username = `agent-${name}`;
      const person = await client.query<{ id: string }>(
        `INSERT INTO people (name, email, type) VALUES ($1, $2, 'agent') RETURNING id`,
        [username, `${username}@local`],
      );
      const personId = person.rows[0]?.id as string;
      await client.query(
        `INSERT INTO access_tokens (name, person_id, value, expires_at) VALUES ('agent', $1, $2, now() + make_interval(days => $3))`,
        [personId, digest(token), TOKEN_DAYS],
      );
      await client.query(
        `INSERT INTO agents (name, person_id, username, properties, created_by) VALUES ($1, $2, $3, $4, $5)`,
        [
          name,
          personId,
          username,
          { ...(properties as object | undefined), type: 'agent' },
          creator,
        ],
      );
      await client.query('COMMIT');
      req.log.info({ agent: name }, 'registered an agent');
      // As upstream: `id` is the agent's person id.
      res.status(201).json({ id: personId, username, access_token: token });
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  });
  return router;
}
