import os from 'node:os';
import type pg from 'pg';
import type { Pool } from '../db/pool.js';
import { humanDuration } from '../health/cel.js';
import { renderTemplate } from '../template.js';
import { LIVE_STATUSES, moveIncident, SYSTEM_PERSON, transaction } from './db.js';
import {
  DEFAULT_TITLE,
  parseRuleSpec,
  type ParsedRule,
  type ResourceKind,
  type RuleSpec,
} from './ruleSpec.js';

/**
 * The incident rule engine: each pass, every rule (ruleSpec.ts has the spec) opens one incident
 * per failing check or component it matches, unless one of its incidents still being worked
 * already holds that resource as evidence. The evidence (a check or topology item in the
 * definition of done) is the link the next pass finds the incident by. When every resource of
 * such an incident is healthy again and autoResolve is on, the incident is resolved; autoClose
 * then closes it. Each rule's pass is one job_history row (resource_type incident_rule).
 */

interface RuleRow {
  id: string;
  name: string;
  spec: unknown;
}

/** A check or component a rule matched. */
export interface Resource {
  kind: ResourceKind;
  id: string;
  name: string;
  type: string | null;
  status: string;
  namespace: string | null;
  message: string | null;
  labels: Record<string, unknown>;
}

/** One resource held as evidence by one of the rule's incidents still being worked. */
interface Link {
  incident_id: string;
  display_id: string;
  evidence_id: string;
  kind: ResourceKind;
  resource_id: string;
  name: string | null;
  status: string | null;
  recovered_at: string | null;
}

export interface RulePass {
  ruleId: string;
  rule: string;
  status: 'SUCCESS' | 'WARNING' | 'FAILED';
  matched: number;
  /** Display ids of the incidents opened, resolved and closed. */
  opened: string[];
  resolved: string[];
  closed: string[];
  errors: string[];
}

/** Job history rows kept per rule: one is written every pass. */
const JOBS_KEPT_PER_RULE = 100;

const keyOf = (kind: ResourceKind, id: string) => `${kind}:${id}`;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs every rule once, in priority order. */
export async function runIncidentRules(pool: Pool, now = new Date()): Promise<RulePass[]> {
  const { rows } = await pool.query<RuleRow>(
    'SELECT id, name, spec FROM incident_rules WHERE deleted_at IS NULL ORDER BY name, id',
  );
  const rules = rows.map((row) => ({ row, parsed: parseRuleSpec(row.spec) }));
  // Stable: equal priorities keep the name order.
  rules.sort((a, b) => (a.parsed.spec?.priority ?? 0) - (b.parsed.spec?.priority ?? 0));
  const claimed = new Set<string>();
  const passes: RulePass[] = [];
  for (const { row, parsed } of rules) {
    passes.push(await runRecorded(pool, row, parsed, claimed, now));
  }
  return passes;
}

/** One rule's pass, recorded in job_history whatever happened. */
async function runRecorded(
  pool: Pool,
  rule: RuleRow,
  parsed: ParsedRule,
  claimed: Set<string>,
  now: Date,
): Promise<RulePass> {
  const started = new Date();
  const pass: RulePass = {
    ruleId: rule.id,
    rule: rule.name,
    status: 'SUCCESS',
    matched: 0,
    opened: [],
    resolved: [],
    closed: [],
    errors: [],
  };
  if (parsed.errors) {
    pass.errors.push(...parsed.errors);
    pass.status = 'FAILED';
  } else {
    try {
      await runRule(pool, rule, parsed.spec, claimed, now, pass);
      pass.status = pass.errors.length ? 'WARNING' : 'SUCCESS';
    } catch (error) {
      pass.errors.push(messageOf(error));
      pass.status = 'FAILED';
    }
  }
  await recordJob(pool, pass, started);
  return pass;
}

async function runRule(
  pool: Pool,
  rule: RuleRow,
  spec: RuleSpec,
  claimed: Set<string>,
  now: Date,
  pass: RulePass,
): Promise<void> {
  const links = await liveLinks(pool, rule.id);
  const held = new Set(links.map((l) => keyOf(l.kind, l.resource_id)));
  for (const resource of await matchingResources(pool, spec, now)) {
    const key = keyOf(resource.kind, resource.id);
    // An earlier rule with breakOnMatch took this resource.
    if (claimed.has(key)) continue;
    pass.matched++;
    if (spec.breakOnMatch) claimed.add(key);
    if (held.has(key)) continue;
    try {
      pass.opened.push(await openIncident(pool, rule, spec, resource, pass.errors));
      held.add(key);
    } catch (error) {
      pass.errors.push(`${resource.kind} ${resource.name}: ${messageOf(error)}`);
    }
  }
  if (spec.autoResolve) {
    pass.resolved = await autoResolve(pool, rule, spec.autoResolve.timeoutMs, links, now);
  }
  if (spec.autoClose) {
    pass.closed = await autoClose(pool, rule, spec.autoClose.timeoutMs, now);
  }
}

// Matching ----------------------------------------------------------------------------------------

async function matchingResources(pool: Pool, spec: RuleSpec, now: Date): Promise<Resource[]> {
  const found: Resource[] = [];
  if (spec.resources.includes('check')) found.push(...(await matchingChecks(pool, spec, now)));
  // Components have no severity: a severity filter leaves them out.
  if (spec.resources.includes('component') && spec.severity.length === 0) {
    found.push(...(await matchingComponents(pool, spec)));
  }
  return found;
}

/** Live (not deleted, not silenced) checks whose latest status the filter names. */
async function matchingChecks(pool: Pool, spec: RuleSpec, now: Date): Promise<Resource[]> {
  const failingSince = spec.ageMs ? new Date(now.getTime() - spec.ageMs) : null;
  const { rows } = await pool.query<Resource>(
    `SELECT 'check' AS kind, c.id, c.name, c.type, c.status, c.namespace,
       c.latest_message AS message, coalesce(c.labels, '{}') AS labels
     FROM checks c JOIN canaries ca ON ca.id = c.canary_id
     WHERE c.deleted_at IS NULL AND ca.deleted_at IS NULL AND c.silenced_at IS NULL
       AND c.status = ANY($1)
       AND (cardinality($2::text[]) = 0 OR lower(c.severity) = ANY($2))
       AND (cardinality($3::text[]) = 0 OR c.type = ANY($3))
       AND coalesce(c.labels, '{}') @> $4::jsonb
       AND ($5::timestamptz IS NULL OR c.last_transition_time IS NULL
         OR c.last_transition_time <= $5)
     ORDER BY c.name, c.id`,
    [spec.status, spec.severity, spec.types, JSON.stringify(spec.labels), failingSince],
  );
  return rows;
}

async function matchingComponents(pool: Pool, spec: RuleSpec): Promise<Resource[]> {
  const { rows } = await pool.query<Resource>(
    `SELECT 'component' AS kind, co.id, co.name, co.type, co.status, co.namespace,
       co.status_reason AS message, coalesce(co.labels, '{}') AS labels
     FROM components co
     WHERE co.deleted_at IS NULL AND NOT co.silenced AND co.status = ANY($1)
       AND (cardinality($2::text[]) = 0 OR co.type = ANY($2))
       AND coalesce(co.labels, '{}') @> $3::jsonb
     ORDER BY co.name, co.id`,
    [spec.status, spec.types, JSON.stringify(spec.labels)],
  );
  return rows;
}

/** The checks and components held as evidence by the rule's incidents still being worked. */
async function liveLinks(pool: Pool, ruleId: string): Promise<Link[]> {
  const { rows } = await pool.query<Link>(
    `SELECT i.id AS incident_id, i.incident_id AS display_id, e.id AS evidence_id,
       CASE WHEN e.check_id IS NOT NULL THEN 'check' ELSE 'component' END AS kind,
       coalesce(e.check_id, e.component_id) AS resource_id,
       coalesce(c.name, co.name) AS name, coalesce(c.status, co.status) AS status,
       e.properties ->> 'recoveredAt' AS recovered_at
     FROM incidents i
     JOIN hypotheses h ON h.incident_id = i.id
     JOIN evidences e ON e.hypothesis_id = h.id
     LEFT JOIN checks c ON c.id = e.check_id
     LEFT JOIN components co ON co.id = e.component_id
     WHERE i.incident_rule_id = $1 AND i.status = ANY($2)
       AND (e.check_id IS NOT NULL OR e.component_id IS NOT NULL)
     ORDER BY i.created_at, e.created_at`,
    [ruleId, LIVE_STATUSES],
  );
  return rows;
}

// Opening -----------------------------------------------------------------------------------------

/**
 * Opens one incident for a resource: the incident (from the template), a root hypothesis, the
 * resource as definition-of-done evidence, and the responders, all in one transaction.
 * Responders that cannot be found are reported in errors; the incident still opens.
 */
async function openIncident(
  pool: Pool,
  rule: RuleRow,
  spec: RuleSpec,
  resource: Resource,
  errors: string[],
): Promise<string> {
  const vars = { rule: { id: rule.id, name: rule.name }, resource, [resource.kind]: resource };
  const title =
    renderTemplate(spec.template.title, vars).trim() || renderTemplate(DEFAULT_TITLE, vars);
  const summary = `${resource.kind} ${resource.name} is ${resource.status}`;
  return transaction(pool, async (client) => {
    const incident = await insertOne<{ id: string; incident_id: string }>(
      client,
      `INSERT INTO incidents (title, description, type, severity, status, created_by,
         incident_rule_id)
       VALUES ($1, $2, $3, $4, 'open', $5, $6) RETURNING id, incident_id`,
      [
        title,
        renderTemplate(spec.template.description, vars),
        spec.template.type,
        spec.template.severity,
        SYSTEM_PERSON,
        rule.id,
      ],
    );
    const hypothesis = await insertOne<{ id: string }>(
      client,
      `INSERT INTO hypotheses (incident_id, type, title, status, created_by)
       VALUES ($1, 'root', $2, 'possible', $3) RETURNING id`,
      [incident.id, `${resource.name} is ${resource.status}`, SYSTEM_PERSON],
    );
    await client.query(
      `INSERT INTO evidences (hypothesis_id, type, description, check_id, component_id,
         definition_of_done, created_by, properties)
       VALUES ($1, $2, $3, $4, $5, true, $6, $7)`,
      [
        hypothesis.id,
        resource.kind === 'check' ? 'check' : 'topology',
        resource.message ? `${summary}: ${resource.message}` : summary,
        resource.kind === 'check' ? resource.id : null,
        resource.kind === 'component' ? resource.id : null,
        SYSTEM_PERSON,
        { incident_rule_id: rule.id },
      ],
    );
    await addResponders(client, incident.id, spec.responders, errors);
    return incident.incident_id;
  });
}

async function insertOne<T extends pg.QueryResultRow>(
  client: pg.PoolClient,
  sql: string,
  params: unknown[],
): Promise<T> {
  const { rows } = await client.query<T>(sql, params);
  return rows[0] as T;
}

/**
 * People and teams as the console adds them (a person responder; a team with responderType
 * team, nothing to send), and email responders with their fields for the delivery to template.
 */
async function addResponders(
  client: pg.PoolClient,
  incidentId: string,
  responders: RuleSpec['responders'],
  errors: string[],
): Promise<void> {
  const insert = (type: string, person: string | null, team: string | null, props: object) =>
    client.query(
      `INSERT INTO responders (incident_id, type, person_id, team_id, properties, created_by)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [incidentId, type, person, team, props, SYSTEM_PERSON],
    );
  for (const who of responders.person) {
    const id = await lookup(client, 'people', who);
    if (id) await insert('person', id, null, { responderType: 'person' });
    else errors.push(`responders.person: no person "${who}"`);
  }
  for (const name of responders.team) {
    const id = await lookup(client, 'teams', name);
    if (id) await insert('system', null, id, { responderType: 'team' });
    else errors.push(`responders.team: no team "${name}"`);
  }
  for (const email of responders.email) {
    await insert('email', null, null, { ...email, responderType: 'email' });
  }
}

/** A person by id, email or name; a team by id or name. Deleted ones are not found. */
async function lookup(
  client: pg.PoolClient,
  table: 'people' | 'teams',
  who: string,
): Promise<string | undefined> {
  const byEmail = table === 'people' ? 'OR lower(email) = lower($1)' : '';
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM ${table}
     WHERE deleted_at IS NULL AND (id::text = lower($1) OR name = $1 ${byEmail})
     ORDER BY id::text = lower($1) DESC, created_at LIMIT 1`,
    [who],
  );
  return rows[0]?.id;
}

// Resolving and closing ---------------------------------------------------------------------------

/**
 * Resolves each incident of the rule whose resources have all been healthy for timeoutMs. When
 * a resource was first seen healthy is kept on its evidence (properties.recoveredAt), so the
 * timeout spans passes and restarts; a relapse forgets it.
 */
async function autoResolve(
  pool: Pool,
  rule: RuleRow,
  timeoutMs: number,
  links: Link[],
  now: Date,
): Promise<string[]> {
  const resolved: string[] = [];
  for (const group of groupByIncident(links)) {
    if (!group.every((l) => l.status === 'healthy')) {
      await forgetRecovery(
        pool,
        group.filter((l) => l.recovered_at),
      );
      continue;
    }
    const since = await noteRecovery(pool, group, now);
    if (now.getTime() - since.getTime() < timeoutMs) continue;
    const first = group[0] as Link;
    const names = group.map((l) => `${l.kind} ${l.name ?? l.resource_id}`).join(', ');
    const why = `resolved by incident rule "${rule.name}": ${names} ${group.length > 1 ? 'are' : 'is'} healthy again`;
    const evidenceIds = group.map((l) => l.evidence_id);
    const moved = await moveIncident(pool, first.incident_id, 'resolved', LIVE_STATUSES, why, (c) =>
      c.query(
        `UPDATE evidences SET done = true, properties = properties - 'recoveredAt'
         WHERE id = ANY($1) AND definition_of_done`,
        [evidenceIds],
      ),
    );
    if (moved) resolved.push(first.display_id);
  }
  return resolved;
}

function groupByIncident(links: Link[]): Link[][] {
  const groups = new Map<string, Link[]>();
  for (const link of links) {
    groups.set(link.incident_id, [...(groups.get(link.incident_id) ?? []), link]);
  }
  return [...groups.values()];
}

/** Marks links not yet known to be healthy; returns when the last of them recovered. */
async function noteRecovery(pool: Pool, group: Link[], now: Date): Promise<Date> {
  const fresh = group.filter((l) => !l.recovered_at).map((l) => l.evidence_id);
  if (fresh.length) {
    await pool.query(
      `UPDATE evidences
       SET properties = coalesce(properties, '{}') || jsonb_build_object('recoveredAt', $2::text)
       WHERE id = ANY($1)`,
      [fresh, now.toISOString()],
    );
    return now;
  }
  return new Date(Math.max(...group.map((l) => Date.parse(l.recovered_at as string))));
}

async function forgetRecovery(pool: Pool, links: Link[]): Promise<void> {
  if (!links.length) return;
  await pool.query(
    `UPDATE evidences SET properties = properties - 'recoveredAt' WHERE id = ANY($1)`,
    [links.map((l) => l.evidence_id)],
  );
}

/** Closes the rule's incidents that have been resolved for timeoutMs. */
async function autoClose(pool: Pool, rule: RuleRow, timeoutMs: number, now: Date) {
  const { rows } = await pool.query<{ id: string; incident_id: string }>(
    `SELECT id, incident_id FROM incidents
     WHERE incident_rule_id = $1 AND status = 'resolved' AND resolved <= $2
     ORDER BY resolved`,
    [rule.id, new Date(now.getTime() - timeoutMs)],
  );
  const after = timeoutMs ? ` for over ${humanDuration(timeoutMs)}` : '';
  const why = `closed by incident rule "${rule.name}": resolved${after}`;
  const closed: string[] = [];
  for (const row of rows) {
    if (await moveIncident(pool, row.id, 'closed', ['resolved'], why)) closed.push(row.incident_id);
  }
  return closed;
}

// Job history -------------------------------------------------------------------------------------

async function recordJob(pool: Pool, pass: RulePass, started: Date): Promise<void> {
  const { ruleId, matched, opened, resolved, closed, errors } = pass;
  await pool.query(
    `INSERT INTO job_history (name, resource_type, resource_id, status, success_count,
       error_count, details, hostname, duration_millis, time_start, time_end)
     VALUES ('IncidentRuleRun', 'incident_rule', $1, $2, $3, $4, $5, $6, $7, $8, now())`,
    [
      ruleId,
      pass.status,
      opened.length + resolved.length + closed.length,
      errors.length,
      { summary: { matched, opened, resolved, closed }, ...(errors.length ? { errors } : {}) },
      os.hostname(),
      Date.now() - started.getTime(),
      started,
    ],
  );
  await pool.query(
    `DELETE FROM job_history WHERE id IN (
       SELECT id FROM job_history WHERE resource_type = 'incident_rule' AND resource_id = $1
       ORDER BY created_at DESC, id DESC OFFSET $2)`,
    [ruleId, JOBS_KEPT_PER_RULE],
  );
}
