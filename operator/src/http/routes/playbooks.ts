import { Router, type Request, type RequestHandler } from 'express';
import type pg from 'pg';
import type { Principal } from '../../auth/identity.js';
import { denial, mayActOnSome, mayReachSome } from '../../auth/policy.js';
import { RowPolicyError, scopeFilter } from '../../auth/rowPolicy.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { UUID } from '../../ids.js';
import { SCOPES } from '../../postgrest/exposure.js';
import { refusal, type PlaybookVerb } from '../../playbooks/access.js';
import { approveRun, cancelRun } from '../../playbooks/approvals.js';
import {
  applicable,
  livePlaybooks,
  PLAYBOOK_COLUMNS,
  type PlaybookRow,
} from '../../playbooks/match.js';
import { createRun, paramsFor, requireTarget } from '../../playbooks/runs.js';
import { targetOf, targetVars, type LoadedTarget, type Target } from '../../playbooks/resources.js';
import { requirePermission } from '../authn.js';

/**
 * /api/playbook (docs/api/playbooks.md): which playbooks apply to a resource, their parameters,
 * starting runs, following them, approving and cancelling. Every decision about who may do what
 * is the policy module's (playbooks/access.ts); the engine (playbooks/executor.ts) runs them.
 */
export function playbookRoutes(pool: pg.Pool): Router {
  const router = Router();
  // Someone no Permission lets run (approve, cancel) any playbook anywhere is refused before
  // anything is looked up; the rest is decided per playbook and resource (access.ts).
  const mayEver =
    (verb: PlaybookVerb): RequestHandler =>
    (_req, res, next) => {
      const principal = res.locals.principal as Principal;
      if (!mayActOnSome(principal, 'playbooks', verb, ['playbook', 'config', 'component', 'check']))
        throw forbidden(denial(principal, 'playbooks', verb));
      next();
    };

  router.get('/list', requirePermission('playbooks', 'read'), async (req, res) => {
    const target = requiredTarget(req.query as Record<string, unknown>);
    const loaded = await requireTarget(pool, target);
    const principal = res.locals.principal as Principal;
    const all = applicable(await livePlaybooks(pool), loaded as LoadedTarget, targetVars(loaded));
    const runnable = all.filter((p) => !refusal(principal, 'run', p, loaded));
    res.json(
      runnable.map((p) => ({
        id: p.id,
        name: p.name,
        namespace: p.namespace,
        title: p.title || p.name,
        icon: p.icon,
        category: p.category,
        description: p.description,
        parameters: p.spec.parameters ?? [],
      })),
    );
  });

  router.post('/run', mayEver('run'), async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const playbook = await playbookById(pool, body.id);
    const target = await requireTarget(pool, optionalTarget(body));
    const principal = res.locals.principal as Principal;
    const refused = refusal(principal, 'run', playbook, target);
    if (refused) throw forbidden(refused);
    const params = body.params ?? {};
    if (typeof params !== 'object' || Array.isArray(params) || params === null)
      throw badRequest('params must be an object of parameter names to values');
    const started = await createRun(pool, {
      playbook,
      target,
      params: params as Record<string, unknown>,
      createdBy: principal.person.id,
    });
    res.status(201).json(started);
  });

  router.post('/run/approve/:id', mayEver('approve'), async (req, res) => {
    const run = await runFor(pool, req.params.id as string);
    const principal = res.locals.principal as Principal;
    const refused = refusal(principal, 'approve', run.playbook, run.target);
    if (refused) throw forbidden(refused);
    res.json(
      await approveRun(pool, run.id, {
        personId: principal.person.id,
        email: principal.person.email,
      }),
    );
  });

  router.post('/run/cancel/:id', mayEver('cancel'), async (req, res) => {
    const run = await runFor(pool, req.params.id as string);
    const principal = res.locals.principal as Principal;
    const refused = refusal(principal, 'cancel', run.playbook, run.target);
    if (refused) throw forbidden(refused);
    await cancelRun(pool, run.id, principal.person.email ?? principal.person.name);
    res.json({ status: 'cancelled' });
  });

  router.post('/run/:id/rerun', mayEver('run'), async (req, res) => {
    const run = await runFor(pool, req.params.id as string);
    const principal = res.locals.principal as Principal;
    const refused = refusal(principal, 'run', run.playbook, run.target);
    if (refused) throw forbidden(refused);
    const started = await createRun(pool, {
      playbook: run.playbook,
      target: run.target,
      params: run.parameters ?? {},
      createdBy: principal.person.id,
      parentId: run.id,
    });
    res.status(201).json(started);
  });

  router.get('/run/:id', async (req, res) =>
    res.json(await runView(pool, req, res.locals.principal as Principal, true)),
  );
  router.get('/run/:id/status', async (req, res) =>
    res.json(await runView(pool, req, res.locals.principal as Principal, false)),
  );

  router.post('/:id/params', requirePermission('playbooks', 'read'), async (req, res) => {
    const playbook = await playbookById(pool, req.params.id);
    const target = await requireTarget(
      pool,
      optionalTarget((req.body ?? {}) as Record<string, unknown>),
    );
    res.json({ params: paramsFor(playbook, target) });
  });

  return router;
}

function optionalTarget(body: Record<string, unknown>): Target | undefined {
  const t = targetOf(body);
  if (typeof t === 'string') throw badRequest(t);
  return t;
}

function requiredTarget(query: Record<string, unknown>): Target {
  const t = optionalTarget(query);
  if (!t) throw badRequest('give one of config_id, component_id or check_id');
  return t;
}

async function playbookById(pool: pg.Pool, id: unknown): Promise<PlaybookRow> {
  if (typeof id !== 'string' || !id) throw badRequest('id (the playbook to run) is required');
  if (!UUID.test(id)) throw badRequest(`playbook id "${id}" is not a UUID`);
  const { rows } = await pool.query<PlaybookRow>(
    `SELECT ${PLAYBOOK_COLUMNS} FROM playbooks WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  const playbook = rows[0];
  if (!playbook) throw notFound(`playbook ${id} not found`);
  return playbook;
}

interface RunInfo {
  id: string;
  parameters: Record<string, unknown> | null;
  playbook: PlaybookRow;
  target?: LoadedTarget;
}

/** A run with its playbook (even if deleted since) and its resource, for the policy checks. */
async function runFor(pool: pg.Pool, id: string): Promise<RunInfo> {
  if (!UUID.test(id)) throw notFound(`playbook run ${id} not found`);
  const { rows } = await pool.query<{
    id: string;
    parameters: Record<string, unknown> | null;
    config_id: string | null;
    component_id: string | null;
    check_id: string | null;
    playbook: PlaybookRow;
  }>(
    `SELECT r.id, r.parameters, r.config_id, r.component_id, r.check_id,
            json_build_object('id', p.id, 'name', p.name, 'namespace', p.namespace, 'title', p.title,
              'icon', p.icon, 'category', p.category, 'description', p.description, 'spec', p.spec,
              'deleted', p.deleted_at IS NOT NULL) AS playbook
       FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id WHERE r.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound(`playbook run ${id} not found`);
  const target: Target | undefined = row.config_id
    ? { kind: 'config', id: row.config_id }
    : row.component_id
      ? { kind: 'component', id: row.component_id }
      : row.check_id
        ? { kind: 'check', id: row.check_id }
        : undefined;
  const loaded = target ? await requireTarget(pool, target).catch(() => undefined) : undefined;
  return { id: row.id, parameters: row.parameters, playbook: row.playbook, target: loaded };
}

/** GET run/{id}: the run with its actions, artifacts and approvals, if the caller may read it. */
async function runView(
  pool: pg.Pool,
  req: Request,
  principal: Principal,
  full: boolean,
): Promise<unknown> {
  const scopes = SCOPES.playbook_runs ?? [];
  if (
    !mayReachSome(
      principal,
      'playbook_runs',
      'read',
      scopes.map((s) => s.kind),
    )
  )
    throw forbidden(denial(principal, 'playbook_runs', 'read'));
  const id = req.params.id as string;
  if (!UUID.test(id)) throw notFound(`playbook run ${id} not found`);
  const params: unknown[] = [id];
  let visible: string | undefined;
  try {
    visible = scopeFilter(principal, 'playbook_runs', 'read', 'playbook_runs', scopes, 'r', (v) => {
      params.push(v);
      return `$${params.length}`;
    });
  } catch (error) {
    if (error instanceof RowPolicyError)
      throw forbidden(denial(principal, 'playbook_runs', 'read'));
    throw error;
  }
  const detail = full
    ? `,
       'actions', coalesce((SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'status', a.status,
            'start_time', a.start_time, 'end_time', a.end_time, 'scheduled_time', a.scheduled_time,
            'result', a.result, 'error', a.error, 'retry_count', a.retry_count,
            'artifacts', coalesce((SELECT json_agg(json_build_object('id', f.id, 'filename', f.filename,
                 'path', f.path, 'content_type', f.content_type, 'size', f.size) ORDER BY f.path)
               FROM artifacts f WHERE f.playbook_run_action_id = a.id AND f.deleted_at IS NULL), '[]'))
            ORDER BY a.id)
          FROM playbook_run_actions a WHERE a.playbook_run_id = r.id), '[]'),
       'approvals', coalesce((SELECT json_agg(json_build_object('person_id', ap.person_id, 'team_id', ap.team_id,
            'created_at', ap.created_at, 'person', (SELECT json_build_object('id', pp.id, 'name', pp.name, 'email', pp.email)
              FROM people pp WHERE pp.id = ap.person_id),
            'team', (SELECT json_build_object('id', t.id, 'name', t.name) FROM teams t WHERE t.id = ap.team_id))
            ORDER BY ap.created_at)
          FROM playbook_approvals ap WHERE ap.run_id = r.id), '[]'),
       'playbook', (SELECT json_build_object('id', p.id, 'name', p.name, 'title', p.title, 'icon', p.icon)
          FROM playbooks p WHERE p.id = r.playbook_id)`
    : '';
  const { rows } = await pool.query<{ body: Record<string, unknown>; visible: boolean }>(
    `SELECT json_build_object('id', r.id, 'playbook_id', r.playbook_id, 'status', r.status,
              'parameters', r.parameters, 'error', r.error, 'created_at', r.created_at,
              'start_time', r.start_time, 'end_time', r.end_time, 'scheduled_time', r.scheduled_time,
              'config_id', r.config_id, 'component_id', r.component_id, 'check_id', r.check_id,
              'created_by', r.created_by, 'parent_id', r.parent_id,
              'timeout', extract(epoch FROM r.timeout)${detail}) AS body,
            ${visible ?? 'true'} AS visible
       FROM playbook_runs r WHERE r.id = $1`,
    params,
  );
  const row = rows[0];
  // A run the caller may not see is as absent as one that does not exist.
  if (!row || !row.visible) throw notFound(`playbook run ${id} not found`);
  return row.body;
}
