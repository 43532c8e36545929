import { Router } from 'express';
import type pg from 'pg';
import { Ingest, parseBatch, type PushingAgent } from '../../agents/ingest.js';
import type { Principal } from '../../auth/identity.js';
import { forbidden, unauthorized } from '../../errors.js';
import { requirePermission } from '../authn.js';

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
    const principal = res.locals.principal as Principal;
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
    const batch = parseBatch(req.body);
    const agent: PushingAgent = { id: row.id, name: row.name, labels: labelsOf(row.properties) };
    const result = await ingest.apply(agent, batch);
    res.json({
      ...result,
      agent: { id: row.id, name: row.name, properties: row.properties ?? {}, spec: row.spec },
    });
  });
  return router;
}

/** An agent's properties as labels: string values, without the `type: agent` marker. */
function labelsOf(properties: Record<string, unknown> | null): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(properties ?? {}))
    if (key !== 'type' && typeof value === 'string') labels[key] = value;
  return labels;
}
