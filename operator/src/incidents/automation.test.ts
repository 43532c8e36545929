import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Pool } from '../db/pool.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { IncidentAutomation } from './automation.js';
import { SYSTEM_PERSON } from './db.js';
import { runDefinitionsOfDone } from './definitionOfDone.js';
import { runIncidentRules } from './rules.js';

/**
 * The leader's incident automation against a real database: definition-of-done scripts and the
 * incident rule engine (spec 000 §2.4; incident_rules).
 */
let db: TestDatabase;
let alice: string;
let sre: string;
let canary: string;
beforeAll(async () => {
  db = await startTestDatabase();
  alice = await one(
    `INSERT INTO people (name, email) VALUES ('Alice', 'alice@example.com') RETURNING id`,
  );
  sre = await one(`INSERT INTO teams (name, created_by) VALUES ('SRE', $1) RETURNING id`, [alice]);
  canary = await one(
    `INSERT INTO canaries (name, namespace, spec, source) VALUES ('web', 'default', '{}', 'UI')
     RETURNING id`,
  );
}, 120_000);
afterAll(async () => db?.close());

async function q<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.pool.query(sql, params)).rows as T[];
}
async function one(sql: string, params: unknown[] = []): Promise<string> {
  return ((await q<{ id: string }>(sql, params))[0] as { id: string }).id;
}

let seq = 0;
async function check(status: string, extra: { type?: string; severity?: string } = {}) {
  seq++;
  return one(
    `INSERT INTO checks (canary_id, type, name, status, severity, labels)
     VALUES ($1, $2, $3, $4, $5, '{"env":"prod"}') RETURNING id`,
    [canary, extra.type ?? 'http', `check-${seq}`, status, extra.severity ?? 'high'],
  );
}
async function component(status: string) {
  seq++;
  return one(
    `INSERT INTO components (external_id, name, type, status) VALUES ($1, $1, 'Service', $2)
     RETURNING id`,
    [`svc-${seq}`, status],
  );
}
const setStatus = (table: 'checks' | 'components', id: string, status: string) =>
  q(`UPDATE ${table} SET status = $2 WHERE id = $1`, [id, status]);

async function incident(status = 'open') {
  const id = await one(
    `INSERT INTO incidents (title, description, severity, type, status, created_by)
     VALUES ('Checkout down', '', 'high', 'availability', $1, $2) RETURNING id`,
    [status, alice],
  );
  const hypothesis = await one(
    `INSERT INTO hypotheses (incident_id, type, title, status, created_by)
     VALUES ($1, 'root', 'Bad deploy', 'possible', $2) RETURNING id`,
    [id, alice],
  );
  return { id, hypothesis };
}

interface EvidenceFields {
  type: string;
  script?: string | null;
  check_id?: string;
  component_id?: string;
  done?: boolean;
}
const evidence = (hypothesis: string, e: EvidenceFields) =>
  one(
    `INSERT INTO evidences (hypothesis_id, type, description, definition_of_done, script,
       check_id, component_id, done, created_by)
     VALUES ($1, $2, 'item', true, $3, $4, $5, $6, $7) RETURNING id`,
    [hypothesis, e.type, e.script ?? null, e.check_id, e.component_id, e.done ?? null, alice],
  );

const evidenceRow = async (id: string) =>
  (
    await q<{ done: boolean | null; script_result: string | null; script_error: string | null }>(
      'SELECT done, script_result, script_error FROM evidences WHERE id = $1',
      [id],
    )
  )[0];
const statusOf = async (id: string) =>
  (await q<{ status: string }>('SELECT status FROM incidents WHERE id = $1', [id]))[0]?.status;
const automatedHistory = (id: string) =>
  q<{ description: string; created_by: string }>(
    `SELECT description, created_by FROM incident_histories
     WHERE incident_id = $1 AND type = 'incident_status.updated' ORDER BY created_at`,
    [id],
  );

describe('definition of done', () => {
  it('stores done from each script and resolves the incident once every item holds', async () => {
    const api = await check('healthy');
    const svc = await component('unhealthy');
    const { id, hypothesis } = await incident('mitigated');
    const onCheck = await evidence(hypothesis, {
      type: 'check',
      script: `check.status == 'healthy'`,
      check_id: api,
    });
    // The wizard's topology shortcut: the component's fields are top-level variables.
    const onComponent = await evidence(hypothesis, {
      type: 'topology',
      script: `status == 'healthy'`,
      component_id: svc,
    });

    await runDefinitionsOfDone(db.pool);
    expect(await evidenceRow(onCheck)).toEqual({
      done: true,
      script_result: 'true',
      script_error: null,
    });
    expect(await evidenceRow(onComponent)).toMatchObject({ done: false, script_result: 'false' });
    expect(await statusOf(id)).toBe('mitigated');

    await setStatus('components', svc, 'healthy');
    const pass = await runDefinitionsOfDone(db.pool);
    expect(await evidenceRow(onComponent)).toMatchObject({ done: true });
    expect(await statusOf(id)).toBe('resolved');
    expect(pass.resolved).toHaveLength(1);
    expect(await automatedHistory(id)).toEqual([
      {
        description: 'resolved: every definition-of-done item holds (2 items)',
        created_by: SYSTEM_PERSON,
      },
    ]);
  });

  it('records a script that does not compile or answers no boolean, and carries on', async () => {
    const api = await check('healthy');
    const broken = await incident();
    const badSyntax = await evidence(broken.hypothesis, {
      type: 'check',
      script: `check.status ==`,
      check_id: api,
    });
    const notBoolean = await evidence(broken.hypothesis, {
      type: 'check',
      script: 'check.name',
      check_id: api,
    });
    const noTarget = await evidence(broken.hypothesis, {
      type: 'topology',
      script: `component.status == 'healthy'`,
    });
    const fine = await incident();
    await evidence(fine.hypothesis, {
      type: 'check',
      script: `status == 'healthy'`,
      check_id: api,
    });

    const pass = await runDefinitionsOfDone(db.pool);
    expect(pass.errors).toBeGreaterThanOrEqual(3);
    expect(await evidenceRow(badSyntax)).toEqual({
      done: null,
      script_result: null,
      script_error: expect.stringMatching(/.+/),
    });
    expect((await evidenceRow(notBoolean))?.script_error).toMatch(/must answer true or false/);
    expect((await evidenceRow(noTarget))?.script_error).toMatch(/component/);
    expect(await statusOf(broken.id)).toBe('open');
    // The broken items did not stop the pass: the other incident was resolved.
    expect(await statusOf(fine.id)).toBe('resolved');

    // A fixed script clears its error.
    await q(`UPDATE evidences SET script = 'true' WHERE id = $1`, [badSyntax]);
    await runDefinitionsOfDone(db.pool);
    expect(await evidenceRow(badSyntax)).toEqual({
      done: true,
      script_result: 'true',
      script_error: null,
    });
  });

  it('an item whose script errors no longer holds, even if it was done before', async () => {
    const api = await check('healthy');
    const { id, hypothesis } = await incident();
    const item = await evidence(hypothesis, {
      type: 'check',
      script: 'check.missing_field',
      check_id: api,
      done: true,
    });
    await runDefinitionsOfDone(db.pool);
    expect(await evidenceRow(item)).toMatchObject({ done: true, script_error: expect.any(String) });
    expect(await statusOf(id)).toBe('open');
  });

  it('understands the default scripts "check healthy and age over 5m" and "analysis resolved"', async () => {
    const api = await check('healthy');
    const { id, hypothesis } = await incident();
    const item = await evidence(hypothesis, {
      type: 'check',
      script: 'Check healthy and age over 5m',
      check_id: api,
    });
    const at = (minutesAgo: number) =>
      q('UPDATE checks SET last_transition_time = $2 WHERE id = $1', [
        api,
        new Date(Date.now() - minutesAgo * 60_000),
      ]);
    await at(2);
    await runDefinitionsOfDone(db.pool);
    expect(await evidenceRow(item)).toMatchObject({ done: false, script_error: null });
    await at(10);
    await runDefinitionsOfDone(db.pool);
    expect(await evidenceRow(item)).toMatchObject({ done: true, script_error: null });
    expect(await statusOf(id)).toBe('resolved');

    const config = await one(
      `INSERT INTO config_items (config_class, type, name) VALUES ('Deployment',
       'Kubernetes::Deployment', 'api') RETURNING id`,
    );
    const analysis = await one(
      `INSERT INTO config_analysis (config_id, analyzer, status) VALUES ($1, 'trivy', 'open')
       RETURNING id`,
      [config],
    );
    const other = await incident();
    const onAnalysis = await one(
      `INSERT INTO evidences (hypothesis_id, type, description, definition_of_done, script,
         config_analysis_id, created_by)
       VALUES ($1, 'config_analysis', 'CVE', true, 'analysis resolved', $2, $3) RETURNING id`,
      [other.hypothesis, analysis, alice],
    );
    await runDefinitionsOfDone(db.pool);
    expect(await evidenceRow(onAnalysis)).toMatchObject({ done: false, script_error: null });
    await q(`UPDATE config_analysis SET status = 'resolved' WHERE id = $1`, [analysis]);
    await runDefinitionsOfDone(db.pool);
    expect(await statusOf(other.id)).toBe('resolved');
  });

  it('leaves manual definitions of done, and incidents no longer worked, to people', async () => {
    const api = await check('healthy');
    const manual = await incident();
    await evidence(manual.hypothesis, { type: 'comment', done: true });
    const closed = await incident('closed');
    const late = await evidence(closed.hypothesis, {
      type: 'check',
      script: `check.status == 'healthy'`,
      check_id: api,
    });
    const pending = await incident();
    await evidence(pending.hypothesis, { type: 'comment', done: false });
    await evidence(pending.hypothesis, {
      type: 'check',
      script: `check.status == 'healthy'`,
      check_id: api,
    });
    await runDefinitionsOfDone(db.pool);
    expect(await statusOf(manual.id)).toBe('open');
    expect(await evidenceRow(late)).toMatchObject({ done: null, script_result: null });
    // A manual item not yet done holds the incident open.
    expect(await statusOf(pending.id)).toBe('open');
  });
});

// Incident rules --------------------------------------------------------------------------------

async function rule(name: string, spec: unknown) {
  return one(
    `INSERT INTO incident_rules (name, spec, created_by) VALUES ($1, $2, $3) RETURNING id`,
    [name, spec, alice],
  );
}
const ruleIncidents = (ruleId: string) =>
  q<{ id: string; incident_id: string; title: string; status: string; severity: string }>(
    `SELECT id, incident_id, title, status, severity, type FROM incidents
     WHERE incident_rule_id = $1 ORDER BY created_at`,
    [ruleId],
  );
const jobs = (ruleId: string) =>
  q<{ status: string; name: string; success_count: number; details: Record<string, unknown> }>(
    `SELECT name, status, success_count, error_count, details FROM job_history
     WHERE resource_type = 'incident_rule' AND resource_id = $1 ORDER BY created_at`,
    [ruleId],
  );

/** Each test's rules only see the resources it made unhealthy: the others are healthy again. */
async function freshWorld() {
  await q(`UPDATE checks SET status = 'healthy'`);
  await q(`UPDATE components SET status = 'healthy'`);
  await q('UPDATE incident_rules SET deleted_at = now() WHERE deleted_at IS NULL');
}

describe('incident rules', () => {
  beforeEach(freshWorld);

  it('opens one incident per failing check, however many passes, and resolves it on recovery', async () => {
    const api = await check('unhealthy', { type: 'http', severity: 'critical' });
    const ruleId = await rule('api-down', {
      filter: {
        status: ['unhealthy'],
        type: ['http'],
        severity: ['critical'],
        labels: { env: 'prod' },
      },
      template: {
        title: '{{ .resource.name }} failing ({{ .rule.name }})',
        description: '{{ .resource.message }}',
        type: 'availability',
        severity: 'high',
      },
      responders: {
        person: ['alice@example.com'],
        team: ['SRE'],
        email: [{ to: 'oncall@example.com', subject: 'down', body: 'see incident' }],
      },
      autoResolve: { enabled: true },
    });

    await runIncidentRules(db.pool);
    await runIncidentRules(db.pool);
    const [opened, ...more] = await ruleIncidents(ruleId);
    expect(more).toEqual([]);
    expect(opened).toMatchObject({
      title: `check-${seq} failing (api-down)`,
      status: 'open',
      severity: 'high',
    });
    const evidences = await q(
      `SELECT e.type, e.check_id, e.definition_of_done, e.created_by FROM evidences e
       JOIN hypotheses h ON h.id = e.hypothesis_id WHERE h.incident_id = $1`,
      [opened?.id],
    );
    expect(evidences).toEqual([
      { type: 'check', check_id: api, definition_of_done: true, created_by: SYSTEM_PERSON },
    ]);
    const responders = await q(
      `SELECT type, person_id, team_id, properties FROM responders WHERE incident_id = $1
       ORDER BY type`,
      [opened?.id],
    );
    expect(responders).toEqual([
      {
        type: 'email',
        person_id: null,
        team_id: null,
        properties: {
          responderType: 'email',
          to: 'oncall@example.com',
          subject: 'down',
          body: 'see incident',
        },
      },
      { type: 'person', person_id: alice, team_id: null, properties: { responderType: 'person' } },
      { type: 'system', person_id: null, team_id: sre, properties: { responderType: 'team' } },
    ]);
    expect(await jobs(ruleId)).toEqual([
      expect.objectContaining({
        name: 'IncidentRuleRun',
        status: 'SUCCESS',
        success_count: 1,
        details: {
          summary: { matched: 1, opened: [opened?.incident_id], resolved: [], closed: [] },
        },
      }),
      expect.objectContaining({ status: 'SUCCESS', success_count: 0 }),
    ]);

    await setStatus('checks', api, 'healthy');
    await runIncidentRules(db.pool);
    expect(await statusOf(opened?.id as string)).toBe('resolved');
    expect(await automatedHistory(opened?.id as string)).toEqual([
      {
        description: `resolved by incident rule "api-down": check check-${seq} is healthy again`,
        created_by: SYSTEM_PERSON,
      },
    ]);
    const [item] = await q(
      `SELECT e.done FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
       WHERE h.incident_id = $1`,
      [opened?.id],
    );
    expect(item).toEqual({ done: true });

    // Failing again after its incident was resolved opens a new one.
    await setStatus('checks', api, 'unhealthy');
    await runIncidentRules(db.pool);
    expect((await ruleIncidents(ruleId)).map((i) => i.status)).toEqual(['resolved', 'open']);
  });

  it('matches by status, type, severity and labels only', async () => {
    await check('unhealthy', { type: 'tcp', severity: 'critical' });
    await check('unhealthy', { type: 'http', severity: 'low' });
    await check('healthy', { type: 'http', severity: 'critical' });
    await component('unhealthy');
    const ruleId = await rule('strict', {
      filter: { type: ['http'], severity: ['critical'] },
    });
    const other = await rule('wrong-labels', {
      filter: { resources: ['check'], labels: { env: 'staging' } },
    });
    await runIncidentRules(db.pool);
    expect(await ruleIncidents(ruleId)).toEqual([]);
    expect(await ruleIncidents(other)).toEqual([]);
  });

  it('opens incidents for unhealthy components with topology evidence, and keeps them open without autoResolve', async () => {
    const svc = await component('unhealthy');
    const ruleId = await rule('services', {
      filter: { resources: ['component'] },
      template: { type: 'reliability' },
    });
    await runIncidentRules(db.pool);
    const [opened] = await ruleIncidents(ruleId);
    expect(opened).toMatchObject({ title: `svc-${seq} is unhealthy`, severity: 'low' });
    const [item] = await q(
      `SELECT e.type, e.component_id FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
       WHERE h.incident_id = $1`,
      [opened?.id],
    );
    expect(item).toEqual({ type: 'topology', component_id: svc });
    await setStatus('components', svc, 'healthy');
    await runIncidentRules(db.pool);
    expect(await statusOf(opened?.id as string)).toBe('open');
  });

  it('waits for autoResolve.timeout of health, then autoClose.timeout after resolving', async () => {
    const api = await check('unhealthy');
    const ruleId = await rule('patient', {
      autoResolve: { enabled: true, timeout: '5m' },
      autoClose: { timeout: '1h' },
    });
    const t0 = new Date();
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    await runIncidentRules(db.pool, t0);
    const [opened] = await ruleIncidents(ruleId);
    const id = opened?.id as string;

    await setStatus('checks', api, 'healthy');
    await runIncidentRules(db.pool, at(1));
    await runIncidentRules(db.pool, at(4));
    expect(await statusOf(id)).toBe('open');
    // A relapse starts the wait again.
    await setStatus('checks', api, 'unhealthy');
    await runIncidentRules(db.pool, at(5));
    await setStatus('checks', api, 'healthy');
    await runIncidentRules(db.pool, at(7));
    await runIncidentRules(db.pool, at(11));
    expect(await statusOf(id)).toBe('open');
    await runIncidentRules(db.pool, at(12));
    expect(await statusOf(id)).toBe('resolved');

    await runIncidentRules(db.pool, new Date(Date.now() + 30 * 60_000));
    expect(await statusOf(id)).toBe('resolved');
    await runIncidentRules(db.pool, new Date(Date.now() + 61 * 60_000));
    expect(await statusOf(id)).toBe('closed');
    expect((await automatedHistory(id)).map((h) => h.description)).toEqual([
      `resolved by incident rule "patient": check check-${seq} is healthy again`,
      'closed by incident rule "patient": resolved for over 1h',
    ]);
  });

  it('records a broken rule as FAILED and a missing responder as WARNING, running the others', async () => {
    await check('unhealthy');
    const broken = await rule('broken', {
      filter: { status: 'unhealthy', resources: ['pods'] },
      template: { type: 'outage' },
      autoResolve: { timeout: 'soon' },
    });
    const partial = await rule('partial', { responders: { person: ['nobody@example.com'] } });
    const passes = await runIncidentRules(db.pool);
    expect(passes.map((p) => [p.rule, p.status])).toEqual([
      ['broken', 'FAILED'],
      ['partial', 'WARNING'],
    ]);
    expect(await jobs(broken)).toEqual([
      expect.objectContaining({
        status: 'FAILED',
        details: expect.objectContaining({
          errors: [
            'filter.resources: unknown pods (use check, component)',
            'template.type: unknown outage (use cost, availability, performance, security, integration, compliance, technicalDebt, reliability)',
            'autoResolve.timeout must be a duration such as 30s, 5m or 1h',
          ],
        }),
      }),
    ]);
    expect(await ruleIncidents(broken)).toEqual([]);
    expect(await jobs(partial)).toEqual([
      expect.objectContaining({
        status: 'WARNING',
        details: expect.objectContaining({
          errors: ['responders.person: no person "nobody@example.com"'],
        }),
      }),
    ]);
    expect(await ruleIncidents(partial)).toHaveLength(1);
  });

  it('runs rules by priority; breakOnMatch leaves a matched resource to that rule', async () => {
    await check('unhealthy');
    const late = await rule('a-late', { priority: 2 });
    const first = await rule('b-first', { priority: 1, breakOnMatch: true });
    await runIncidentRules(db.pool);
    expect(await ruleIncidents(first)).toHaveLength(1);
    expect(await ruleIncidents(late)).toEqual([]);
  });
});

describe('the automation loop', () => {
  it('runs passes on its schedule and stops cleanly', async () => {
    await freshWorld();
    await check('unhealthy');
    const ruleId = await rule('looped', {});
    const automation = new IncidentAutomation({
      pool: db.pool,
      log: silentLog,
      everyMs: 20,
      firstDelayMs: 0,
    });
    automation.start();
    const end = Date.now() + 10_000;
    while ((await jobs(ruleId)).length < 2 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await automation.stop();
    const after = (await jobs(ruleId)).length;
    expect(after).toBeGreaterThanOrEqual(2);
    expect(await ruleIncidents(ruleId)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await jobs(ruleId)).toHaveLength(after);
  });

  it('logs a failing pass and carries on', async () => {
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const down = {
      query: () => Promise.reject(new Error('connection refused')),
      connect: () => Promise.reject(new Error('connection refused')),
    } as unknown as Pool;
    await new IncidentAutomation({ pool: down, log }).runOnce();
    expect(warnings.map((w) => (JSON.parse(w) as { msg: string }).msg)).toEqual([
      'incident rules pass failed; will retry',
      'definition of done pass failed; will retry',
    ]);
  });
});
