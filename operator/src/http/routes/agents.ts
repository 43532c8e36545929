import { Router } from 'express';
import type pg from 'pg';
import { parseAgentProperties, parseAgentSpec } from '../../agents/spec.js';
import type { Principal } from '../../auth/identity.js';
import { digest, newSecret } from '../../auth/passwords.js';
import { badRequest, HttpError, notFound } from '../../errors.js';
import { requirePermission } from '../authn.js';
import { LOCAL_AGENT_ID, UUID } from '../../ids.js';

const NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const TOKEN_DAYS = 365;
const ROW = `id, name, properties, spec, person_id, created_by, created_at, updated_at, last_seen, last_received`;

/**
 * Remote agents (docs/agents.md): POST /api/agent/generate registers one — an `agents` row, the
 * agent's own machine user and a one-year access token it pushes with, shown only in that
 * answer; PATCH /api/agent/{id} changes its labels and settings (never its name); DELETE
 * /api/agent/{id}?cleanup=true removes it, and with cleanup everything it pushed.
 */
export function agentRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.post('/generate', requirePermission('agents', 'write'), async (req, res) => {
    const body = (req.body ?? {}) as { name?: unknown; properties?: unknown; spec?: unknown };
    const { name } = body;
    if (typeof name !== 'string' || !NAME.test(name)) {
      throw badRequest(
        'name is required: lower-case letters, digits and dashes, at most 63 characters',
      );
    }
    const properties = parseAgentProperties(body.properties);
    const spec = parseAgentSpec(body.spec);
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
      const agent = await client.query<{ id: string }>(
        `INSERT INTO agents (name, person_id, username, properties, spec, created_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [name, personId, username, { ...properties, type: 'agent' }, spec, creator],
      );
      await client.query('COMMIT');
      req.log.info({ agent: name }, 'registered an agent');
      // As upstream: `id` is the agent's person id.
      res.status(201).json({
        id: personId,
        agent_id: agent.rows[0]?.id,
        name,
        username,
        access_token: token,
      });
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  });

  router.patch('/:id', requirePermission('agents', 'write'), async (req, res) => {
    const id = agentId(String(req.params.id));
    const body = (req.body ?? {}) as Record<string, unknown>;
    const current = await pool.query<{
      name: string;
      properties: Record<string, unknown> | null;
      spec: object;
    }>('SELECT name, properties, spec FROM agents WHERE id = $1 AND deleted_at IS NULL', [id]);
    const agent = current.rows[0];
    if (!agent) throw notFound(`no agent with id ${id}`);
    if (body.name !== undefined && body.name !== agent.name)
      throw badRequest("an agent's name cannot be changed");
    const properties =
      body.properties === undefined
        ? agent.properties
        : { ...parseAgentProperties(body.properties), type: 'agent' };
    const spec = body.spec === undefined ? agent.spec : parseAgentSpec(body.spec);
    const { rows } = await pool.query(
      `UPDATE agents SET properties = $2, spec = $3, updated_at = now() WHERE id = $1 RETURNING ${ROW}`,
      [id, properties, spec],
    );
    req.log.info({ agent: agent.name }, 'updated an agent');
    res.json(rows[0]);
  });

  router.delete('/:id', requirePermission('agents', 'write'), async (req, res) => {
    const id = agentId(String(req.params.id));
    const cleanup = req.query.cleanup;
    if (cleanup !== undefined && cleanup !== 'true' && cleanup !== 'false')
      throw badRequest('cleanup must be true or false');
    // The soft-delete trigger expires the agent's tokens and, with cleanup, removes its rows.
    const { rows } = await pool.query<{ name: string }>(
      `UPDATE agents SET cleanup = $2, deleted_at = now() WHERE id = $1 AND deleted_at IS NULL
       RETURNING name`,
      [id, cleanup === 'true'],
    );
    if (!rows[0]) throw notFound(`no agent with id ${id}`);
    req.log.info({ agent: rows[0].name, cleanup: cleanup === 'true' }, 'deleted an agent');
    res.status(204).end();
  });
  return router;
}

/** The local agent (this Vigil, the nil id) is not a remote agent and cannot be changed. */
function agentId(value: string | undefined): string {
  if (!value || !UUID.test(value)) throw badRequest(`${value ?? ''} is not an agent id`);
  if (value === LOCAL_AGENT_ID)
    throw badRequest('the local agent is this Vigil: it cannot be changed');
  return value;
}
