import type pg from 'pg';
import type { ActionDef, PlaybookSpecView } from './spec.js';

/**
 * Actions that run on an agent (crds.md: `runsOn`, on the action or the whole playbook). The
 * central Vigil templates the action, records it `waiting` for that agent and puts the run in
 * `waiting`; the agent claims it with its next pull, runs it with its own runners, connections
 * and cluster, and reports the outcome — which puts the run back in line here.
 */

const LOCAL = new Set(['', 'local']);

/** The agent an action runs on: its own runsOn first, else the playbook's; none for local. */
export function runsOnAgent(spec: PlaybookSpecView, action: ActionDef): string | undefined {
  for (const list of [action.runsOn, (spec as { runsOn?: unknown }).runsOn]) {
    if (!Array.isArray(list) || !list.length) continue;
    const name = list.find((n): n is string => typeof n === 'string' && !LOCAL.has(n));
    // A list naming only `local` keeps the action here.
    return name;
  }
  return undefined;
}

export async function agentIdByName(pool: pg.Pool, name: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ id: string }>(
    'SELECT id FROM agents WHERE name = $1 AND deleted_at IS NULL',
    [name],
  );
  return rows[0]?.id;
}

/** What an agent is given to run: the action's kind and its templated fields. */
export interface AgentAction {
  id: string;
  name: string;
  run_id: string;
  playbook_id: string;
  spec: { kind: string; fields: Record<string, unknown>; timeoutMs: number };
  env: Record<string, unknown> | null;
  run: {
    parameters: Record<string, unknown>;
    playbook: { name: string; namespace: string; title: string };
  };
}

/** Hands an agent up to `limit` of its waiting actions, marking them running (never twice). */
export async function claimAgentActions(
  pool: pg.Pool,
  agentId: string,
  limit: number,
): Promise<AgentAction[]> {
  const { rows } = await pool.query<AgentAction>(
    `WITH picked AS (
       SELECT a.id FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id
        WHERE a.agent_id = $1 AND a.status = 'waiting' AND r.status = 'waiting'
        ORDER BY a.scheduled_time LIMIT $2 FOR UPDATE OF a SKIP LOCKED),
     claimed AS (
       UPDATE playbook_run_actions a SET status = 'running', start_time = now()
         FROM picked WHERE a.id = picked.id RETURNING a.id, a.name, a.playbook_run_id)
     SELECT c.id, c.name, c.playbook_run_id AS run_id, d.playbook_id, d.spec, d.env,
            json_build_object('parameters', coalesce(r.parameters, '{}'),
              'playbook', json_build_object('name', p.name, 'namespace', p.namespace,
                'title', coalesce(p.title, p.name))) AS run
       FROM claimed c JOIN playbook_action_agent_data d ON d.action_id = c.id
       JOIN playbook_runs r ON r.id = c.playbook_run_id JOIN playbooks p ON p.id = r.playbook_id`,
    [agentId, limit],
  );
  return rows;
}

export interface AgentOutcome {
  status: 'completed' | 'failed';
  result: Record<string, unknown>;
  error?: string | null;
}

/**
 * Records what the agent reports for an action it claimed, and schedules its run to go on.
 * False when the action is not this agent's, or not running (already reported, or its run
 * ended meanwhile — a cancel or a timeout wrote it).
 */
export async function reportAgentAction(
  pool: pg.Pool,
  agentId: string,
  actionId: string,
  outcome: AgentOutcome,
): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ run_id: string }>(
      `UPDATE playbook_run_actions SET status = $3, result = $4, error = $5, end_time = now()
        WHERE id = $1 AND agent_id = $2 AND status = 'running'
        RETURNING playbook_run_id AS run_id`,
      [actionId, agentId, outcome.status, outcome.result, outcome.error ?? null],
    );
    const runId = rows[0]?.run_id;
    if (runId) {
      await client.query(
        `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now()
          WHERE id = $1 AND status = 'waiting'`,
        [runId],
      );
      await client.query(`SELECT pg_notify('playbook_runs_due', $1)`, [runId]);
    }
    await client.query('COMMIT');
    return Boolean(runId);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
