import type pg from 'pg';
import { HttpError } from '../errors.js';
import { recordRunChange } from './changes.js';
import { TemplateError } from './template.js';
import {
  filtersVerdict,
  hasSelectors,
  playbookVars,
  selectsTarget,
  type PlaybookRow,
} from './match.js';
import {
  checkParams,
  parametersWithDefaults,
  referenceParams,
  type ParameterView,
} from './params.js';
import {
  loadTarget,
  targetColumn,
  targetVars,
  type LoadedTarget,
  type Target,
} from './resources.js';
import { literalEnv, needsApproval, runTimeoutMs, specProblems } from './spec.js';

/**
 * Starting runs (crds.md §4.6). Every way in — the console, a trigger, a webhook, a schedule,
 * a rerun — comes through createRun, which checks the playbook, the target and the parameters
 * and writes the run with a frozen copy of the spec. Who may start it is the caller's check
 * (see access.ts): triggers and webhooks start runs as the playbook itself.
 */

export const ENDED = ['completed', 'failed', 'timed_out', 'cancelled'] as const;
export const ENDED_SQL = `('completed', 'failed', 'timed_out', 'cancelled')`;

export interface RunRequest {
  playbook: PlaybookRow;
  target?: LoadedTarget;
  params?: Record<string, unknown>;
  /** The person who started it (absent for triggers, webhooks and schedules). */
  createdBy?: string;
  /** A webhook's request, as templates see it. */
  request?: Record<string, unknown>;
  /** The run this one repeats (Rerun). */
  parentId?: string;
  /**
   * Started by an event, a webhook or a schedule: the playbook's `on` chose the resource, so
   * its `configs` / `components` / `checks` selectors (which say where people may run it by
   * hand) are not asked.
   */
  triggered?: boolean;
}

export interface StartedRun {
  run_id: string;
  starts_at: string;
  status: 'scheduled' | 'pending_approval';
}

const invalid = (message: string) => new HttpError(400, 'invalid', message);

/** Template variables available before a run exists (parameter defaults, filters). */
export function baseVars(
  playbook: PlaybookRow,
  target: LoadedTarget | undefined,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...targetVars(target),
    playbook: playbookVars(playbook),
    env: literalEnv(playbook.spec),
    ...extra,
  };
}

/** The playbook's parameters with defaults rendered for the target; a bad template is 400. */
export function paramsFor(
  playbook: PlaybookRow,
  target: LoadedTarget | undefined,
  given: Record<string, unknown> = {},
): ParameterView[] {
  try {
    return parametersWithDefaults(playbook.spec, baseVars(playbook, target), given);
  } catch (error) {
    if (error instanceof TemplateError) throw invalid(`parameter defaults: ${error.message}`);
    throw error;
  }
}

/** Loads the target a request names; 404 when it does not exist. */
export async function requireTarget(
  pool: pg.Pool,
  target: Target | undefined,
): Promise<LoadedTarget | undefined> {
  if (!target) return undefined;
  const loaded = await loadTarget(pool, target);
  if (!loaded) throw new HttpError(404, 'not_found', `${target.kind} ${target.id} not found`);
  return loaded;
}

async function missingReferences(
  pool: pg.Pool,
  params: readonly ParameterView[],
  values: Record<string, unknown>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const p of referenceParams(params)) {
    const value = values[p.name];
    if (value === undefined) continue;
    const ids = Array.isArray(value)
      ? value.map(String)
      : String(value)
          .split(',')
          .map((s) => s.trim());
    const sql: Record<string, string> = {
      config: `SELECT count(*)::int AS n FROM config_items WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      configs: `SELECT count(*)::int AS n FROM config_items WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      check: `SELECT count(*)::int AS n FROM checks WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      component: `SELECT count(*)::int AS n FROM components WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      people: `SELECT count(*)::int AS n FROM people WHERE (id::text = ANY($1) OR email = ANY($1)) AND deleted_at IS NULL`,
      team: `SELECT count(*)::int AS n FROM teams WHERE (id::text = ANY($1) OR name = ANY($1)) AND deleted_at IS NULL`,
    };
    const query = sql[p.type];
    if (!query) continue;
    const { rows } = await pool.query<{ n: number }>(query, [ids]);
    if ((rows[0]?.n ?? 0) < new Set(ids).size)
      problems.push(
        `${p.name}: no ${p.type === 'configs' ? 'config' : p.type} "${ids.join(', ')}"`,
      );
  }
  return problems;
}

/**
 * Checks and writes a run. Refusals are HttpErrors a person can act on: 400 with one sentence
 * per bad parameter, 400 when the playbook does not apply to the target or its filters say no.
 */
export async function createRun(pool: pg.Pool, req: RunRequest): Promise<StartedRun> {
  const { playbook, target } = req;
  const problems = specProblems(playbook.spec);
  if (problems.length)
    throw invalid(`playbook ${playbook.name} cannot run: ${problems.join('; ')}`);
  if (target && !req.triggered && !selectsTarget(playbook.spec, target))
    throw invalid(
      hasSelectors(playbook.spec)
        ? `playbook ${playbook.name} does not apply to ${target.kind} ${String(target.view.name ?? target.id)} (its ${target.kind} selectors do not match it)`
        : `playbook ${playbook.name} runs on its own, not against a ${target.kind}`,
    );
  const vars = baseVars(playbook, target, req.request ? { request: req.request } : {});
  const verdict = filtersVerdict(playbook.spec, vars);
  if (!verdict.ok) throw invalid(`playbook ${playbook.name} does not run here: ${verdict.reason}`);
  const params = paramsFor(playbook, target, req.params);
  const checked = checkParams(params, req.params ?? {});
  checked.problems.push(...(await missingReferences(pool, params, checked.values)));
  if (checked.problems.length) throw invalid(checked.problems.join('; '));

  const status = needsApproval(playbook.spec) ? 'pending_approval' : 'scheduled';
  const { rows } = await pool.query<{ id: string; scheduled_time: Date }>(
    `INSERT INTO playbook_runs (playbook_id, spec, status, created_by, ${target ? `${targetColumn(target.kind)}, ` : ''}
       parameters, request, timeout, parent_id)
     VALUES ($1, $2, $3, $4, ${target ? '$9, ' : ''}$5, $6, make_interval(secs => $7::double precision / 1000), $8)
     RETURNING id, scheduled_time`,
    [
      playbook.id,
      playbook.spec,
      status,
      req.createdBy ?? null,
      checked.values,
      req.request ?? null,
      runTimeoutMs(playbook.spec),
      req.parentId ?? null,
      ...(target ? [target.id] : []),
    ],
  );
  const run = rows[0] as { id: string; scheduled_time: Date };
  if (target?.kind === 'config')
    await recordRunChange(
      pool,
      { id: run.id, config_id: target.id, created_by: req.createdBy ?? null },
      playbook,
      'PlaybookScheduled',
      `${playbook.title || playbook.name} ${status === 'pending_approval' ? 'is waiting for approval' : 'was scheduled'}`,
    );
  return { run_id: run.id, starts_at: run.scheduled_time.toISOString(), status };
}
