import type { Pool } from '../db/pool.js';
import { LIVE_STATUSES, moveIncident } from './db.js';
import {
  runScript,
  scriptVariables,
  type ScriptOutcome,
  type Target,
  type TargetName,
} from './scripts.js';

/**
 * Definition-of-done automation (spec 000 §2.4): every scripted definition-of-done evidence of
 * an incident still being worked is evaluated against its target and its `done` stored; an
 * incident whose every item then holds is resolved, the Changelog saying so.
 */

interface ItemRow {
  id: string;
  script: string;
  done: boolean | null;
  script_result: string | null;
  script_error: string | null;
  evidence: Target & { type: string };
  check_row: Target | null;
  component_row: Target | null;
  config_row: Target | null;
  analysis_row: Target | null;
  change_row: Target | null;
}

export interface DefinitionOfDonePass {
  evaluated: number;
  changed: number;
  errors: number;
  /** Display ids of the incidents resolved. */
  resolved: string[];
}

// Each target as the JSON object its script sees (scripts.ts lists the fields).
const ITEMS_SQL = `
  SELECT e.id, e.script, e.done, e.script_result, e.script_error,
    jsonb_build_object('id', e.id, 'type', e.type, 'description', e.description,
      'evidence', e.evidence, 'properties', e.properties) AS evidence,
    CASE WHEN c.id IS NOT NULL THEN jsonb_build_object('id', c.id, 'name', c.name,
      'type', c.type, 'status', c.status, 'severity', c.severity,
      'labels', coalesce(c.labels, '{}'), 'namespace', c.namespace, 'message', c.latest_message,
      'last_runtime', c.last_runtime, 'last_transition_time', c.last_transition_time,
      'deleted_at', c.deleted_at) END AS check_row,
    CASE WHEN co.id IS NOT NULL THEN jsonb_build_object('id', co.id, 'name', co.name,
      'type', co.type, 'status', co.status, 'health', co.health,
      'labels', coalesce(co.labels, '{}'), 'namespace', co.namespace,
      'status_reason', co.status_reason, 'updated_at', co.updated_at,
      'deleted_at', co.deleted_at) END AS component_row,
    CASE WHEN ci.id IS NOT NULL THEN jsonb_build_object('id', ci.id, 'name', ci.name,
      'type', ci.type, 'config_class', ci.config_class, 'status', ci.status,
      'health', ci.health, 'ready', ci.ready, 'labels', coalesce(ci.labels, '{}'),
      'tags', coalesce(ci.tags, '{}'), 'updated_at', ci.updated_at,
      'deleted_at', ci.deleted_at) END AS config_row,
    CASE WHEN a.id IS NOT NULL THEN jsonb_build_object('id', a.id, 'analyzer', a.analyzer,
      'analysis_type', a.analysis_type, 'severity', a.severity, 'status', a.status,
      'message', a.message, 'summary', a.summary, 'first_observed', a.first_observed,
      'last_observed', a.last_observed) END AS analysis_row,
    CASE WHEN ch.id IS NOT NULL THEN jsonb_build_object('id', ch.id,
      'change_type', ch.change_type, 'severity', ch.severity, 'summary', ch.summary,
      'created_at', ch.created_at) END AS change_row
  FROM evidences e
  JOIN hypotheses h ON h.id = e.hypothesis_id
  JOIN incidents i ON i.id = h.incident_id
  LEFT JOIN checks c ON c.id = e.check_id
  LEFT JOIN components co ON co.id = e.component_id
  LEFT JOIN config_items ci ON ci.id = e.config_id
  LEFT JOIN config_analysis a ON a.id = e.config_analysis_id
  LEFT JOIN config_changes ch ON ch.id = e.config_change_id
  WHERE e.definition_of_done AND e.script IS NOT NULL AND btrim(e.script) <> ''
    AND i.status = ANY($1)
  ORDER BY e.id`;

export async function runDefinitionsOfDone(
  pool: Pool,
  now = new Date(),
): Promise<DefinitionOfDonePass> {
  const { rows } = await pool.query<ItemRow>(ITEMS_SQL, [LIVE_STATUSES]);
  const pass: DefinitionOfDonePass = {
    evaluated: rows.length,
    changed: 0,
    errors: 0,
    resolved: [],
  };
  for (const row of rows) {
    const outcome = runScript(row.script, scriptVariables(subjectOf(row), now));
    if ('error' in outcome) pass.errors++;
    if (await storeOutcome(pool, row, outcome)) pass.changed++;
  }
  pass.resolved = await resolveIncidentsDone(pool);
  return pass;
}

function subjectOf(row: ItemRow) {
  const targets: Partial<Record<TargetName, Target | null>> = {
    check: row.check_row,
    component: row.component_row,
    config: row.config_row,
    analysis: row.analysis_row,
    change: row.change_row,
  };
  return { evidence: row.evidence, targets };
}

/**
 * Writes done, script_result and script_error, only when one changed (each write fires the
 * definition-of-done events). A script error keeps the last `done`: a broken script says
 * nothing about the target.
 */
async function storeOutcome(pool: Pool, row: ItemRow, outcome: ScriptOutcome): Promise<boolean> {
  const failed = 'error' in outcome;
  const done = failed ? row.done : outcome.done;
  const result = failed ? row.script_result : outcome.result;
  const error = failed ? outcome.error : null;
  if (done === row.done && result === row.script_result && error === row.script_error) return false;
  const { rowCount } = await pool.query(
    `UPDATE evidences SET done = $2, script_result = $3, script_error = $4
     WHERE id = $1 AND definition_of_done`,
    [row.id, done, result, error],
  );
  return rowCount === 1;
}

/**
 * Resolves every incident still being worked whose definition of done holds: it has at least
 * one automatic (scripted) item, and every item is done, scripted ones without an error. A
 * definition of done made only of manual items is left to people.
 */
export async function resolveIncidentsDone(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string; incident_id: string; items: number }>(
    `SELECT i.id, i.incident_id, count(*)::int AS items
     FROM incidents i
     JOIN hypotheses h ON h.incident_id = i.id
     JOIN evidences e ON e.hypothesis_id = h.id AND e.definition_of_done
     WHERE i.status = ANY($1)
     GROUP BY i.id, i.incident_id
     HAVING bool_or(btrim(coalesce(e.script, '')) <> '')
       AND bool_and(e.done IS TRUE
         AND (btrim(coalesce(e.script, '')) = '' OR e.script_error IS NULL))`,
    [LIVE_STATUSES],
  );
  const resolved: string[] = [];
  for (const row of rows) {
    const items = row.items === 1 ? '1 item' : `${row.items} items`;
    const why = `resolved: every definition-of-done item holds (${items})`;
    if (await moveIncident(pool, row.id, 'resolved', LIVE_STATUSES, why)) {
      resolved.push(row.incident_id);
    }
  }
  return resolved;
}
