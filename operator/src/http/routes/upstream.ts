import { Router } from 'express';
import type pg from 'pg';
import { Ingest, parseBatch, type PushingAgent } from '../../agents/ingest.js';
import type { Principal } from '../../auth/identity.js';
import { badRequest, forbidden, HttpError, unauthorized } from '../../errors.js';
import { claimAgentActions, reportAgentAction } from '../../playbooks/agentActions.js';
import { requirePermission } from '../authn.js';
import { UUID } from '../../ids.js';

interface AgentRow {
  id: string;
  name: string;
  properties: Record<string, unknown> | null;
  spec: Record<string, unknown>;
  deleted: boolean;
}

/**
 * POST /api/upstream/push: where agents push what they run (docs/agents.md). Only an agent's
 * token reaches it (the agent role holds agent_push and nothing else), and the rows are written
 * as that agent's. An empty push is the agent's heartbeat. The answer carries the agent's
 * settings as kept here, so an edit in the console reaches the agent with its next push.
 */
export function upstreamRoutes(pool: pg.Pool): Router {
  const router = Router();
  const ingest = new Ingest(pool);
  router.post('/push', requirePermission('agent_push', 'create'), async (req, res) => {
    const row = await pushingAgent(pool, res.locals.principal as Principal);
    // Telemetry (pushTelemetry on): the agent's version and host, kept on its row.
    const { telemetry, ...tables } = (req.body ?? {}) as Record<string, unknown>;
    const batch = parseBatch(tables);
    const agent: PushingAgent = { id: row.id, name: row.name, labels: labelsOf(row.properties) };
    const result = await ingest.apply(agent, batch);
    if (telemetry !== undefined) await recordTelemetry(pool, row, telemetry);
    res.json({
      ...result,
      agent: { id: row.id, name: row.name, properties: row.properties ?? {}, spec: row.spec },
    });
  });

  // Playbook actions whose runsOn names this agent (playbooks/agentActions.ts).
  router.post(
    '/playbook-actions/claim',
    requirePermission('agent_push', 'update'),
    async (req, res) => {
      const agent = await pushingAgent(pool, res.locals.principal as Principal);
      const limit = Number((req.body as { limit?: unknown } | undefined)?.limit ?? 5);
      if (!Number.isInteger(limit) || limit < 1 || limit > 50)
        throw badRequest('limit must be a whole number from 1 to 50');
      res.json(await claimAgentActions(pool, agent.id, limit));
    },
  );
  router.post(
    '/playbook-actions/:id',
    requirePermission('agent_push', 'update'),
    async (req, res) => {
      const agent = await pushingAgent(pool, res.locals.principal as Principal);
      const id = String(req.params.id);
      if (!UUID.test(id)) throw badRequest(`${id} is not an action id`);
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (body.status !== 'completed' && body.status !== 'failed')
        throw badRequest('status must be completed or failed');
      const result = body.result ?? {};
      if (typeof result !== 'object' || result === null || Array.isArray(result))
        throw badRequest('result must be an object');
      if (body.error !== undefined && body.error !== null && typeof body.error !== 'string')
        throw badRequest('error must be text');
      const accepted = await reportAgentAction(pool, agent.id, id, {
        status: body.status,
        result: result as Record<string, unknown>,
        error: (body.error as string | null | undefined) ?? null,
      });
      if (!accepted)
        throw new HttpError(
          409,
          'conflict',
          'this action is not running on this agent: its run was cancelled or timed out, or it was reported already',
        );
      res.json({ accepted: true });
    },
  );
  return router;
}

async function recordTelemetry(pool: pg.Pool, agent: AgentRow, telemetry: unknown) {
  const t = (telemetry ?? {}) as { version?: unknown; hostname?: unknown };
  if (typeof t.version !== 'string' || typeof t.hostname !== 'string')
    throw badRequest('telemetry must be {version, hostname, queued}');
  const wanted = (agent.spec as { pushTelemetry?: { enabled?: boolean } }).pushTelemetry?.enabled;
  if (!wanted) return;
  await pool.query('UPDATE agents SET version = $2, hostname = $3 WHERE id = $1', [
    agent.id,
    t.version.slice(0, 100),
    t.hostname.slice(0, 255),
  ]);
}

/** The agent whose token made the request; 403 for a person's token, 401 once deleted. */
async function pushingAgent(pool: pg.Pool, principal: Principal): Promise<AgentRow> {
  const { rows } = await pool.query<AgentRow>(
    `SELECT id, name, properties, spec, deleted_at IS NOT NULL AS deleted FROM agents
      WHERE person_id = $1 ORDER BY deleted_at DESC NULLS FIRST LIMIT 1`,
    [principal.person.id],
  );
  const row = rows[0];
  if (!row) throw forbidden("only an agent's access token can push: this token is not one");
  // Its tokens expired with it; a principal cached moments before must not outlive that.
  if (row.deleted)
    throw unauthorized(`agent ${row.name} was deleted: register it again for a new token`);
  return row;
}

/** An agent's properties as labels: string values, without the `type: agent` marker. */
function labelsOf(properties: Record<string, unknown> | null): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(properties ?? {}))
    if (key !== 'type' && typeof value === 'string') labels[key] = value;
  return labels;
}
