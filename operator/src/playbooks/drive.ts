import type pg from 'pg';
import type { Logger } from 'pino';
import type { ConnectionFields } from '../health/types.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { storeArtifacts } from './artifacts.js';
import { agentIdByName, runsOnAgent } from './agentActions.js';
import { recordRunChange } from './changes.js';
import { evaluateExpression, shouldRun } from './conditions.js';
import { loadTarget, type LoadedTarget, type TargetKind } from './resources.js';
import {
  actionKind,
  DEFAULT_RUN_TIMEOUT_MS,
  durationMs,
  literalEnv,
  type ActionDef,
  type PlaybookSpecView,
  type RetrySpec,
} from './spec.js';
import { renderDeep, TemplateError, type ActionRecord } from './template.js';
import type { ActionContext, ActionResult, ActionRunner } from './types.js';

/**
 * Drives one claimed run (status `running`) from where it stands to its end or its next wait
 * (crds.md §4.4, §4.6). Each action of the frozen spec, in order:
 *
 * 1. its `if` (default `success()`) decides: false → `skipped`;
 * 2. a `delay` puts the action `sleeping` and the run `sleeping` until it is due;
 * 3. it runs `running` → `completed` or `failed`, with its fields templated, bounded by its own
 *    `timeout`, the run's deadline, a cancel and Vigil stopping — whichever comes first;
 * 4. a failure with `retry` left schedules a new attempt (a new action row, `retry_count` + 1)
 *    and the run waits `retrying`.
 *
 * The run ends `completed` when no action's last attempt failed, else `failed` naming the first
 * that did; `timed_out` past its timeout; `cancelled` is written by the cancel call itself.
 * Every write to the run is guarded by `status = 'running'`, so a cancel that lands meanwhile
 * is never overwritten.
 */

export interface RunRow {
  id: string;
  playbook_id: string;
  spec: PlaybookSpecView;
  start_time: Date;
  parameters: Record<string, unknown> | null;
  request: Record<string, unknown> | null;
  created_by: string | null;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  timeout_ms: number | string | null;
}

export interface Drive {
  pool: pg.Pool;
  log: Logger;
  actions: Record<string, ActionRunner>;
  sandbox?: Sandbox;
  mode: 'embedded' | 'cluster';
  publicUrl?: string;
  kubeconfig?: ActionContext['kubeconfig'];
  notifyEndpoints?: ActionContext['notifyEndpoints'];
  /** Aborted with 'cancel' or 'stopping'. */
  signal: AbortSignal;
  connection(ref: string, namespace: string): Promise<ConnectionFields | undefined>;
  /** Asks the executor to look for due runs again at this time (ms since epoch). */
  wakeAt(at: number): void;
}

interface ActionRow {
  id: string;
  name: string;
  status: string;
  result: Record<string, unknown> | null;
  error: string | null;
  retry_count: number;
  scheduled_time: Date;
}

const FINAL = new Set(['completed', 'failed', 'skipped']);
export const TIMED_OUT_PREFIX = 'timed out after';
export const STOPPED_MESSAGE = 'Vigil stopped while this action was running; it was not run again';
/** How long a runner that ignores its abort signal is waited for before the run moves on. */
const ABORT_GRACE_MS = 5000;

interface Run {
  d: Drive;
  row: RunRow;
  playbook: { id: string; name: string; namespace: string; title: string };
  target?: LoadedTarget;
  vars: Record<string, unknown>;
  deadline: number;
  timeoutMs: number;
  rows: ActionRow[];
  done: ActionRecord[];
  timedOut: Set<string>;
}

export async function driveRun(d: Drive, row: RunRow, firstStart: boolean): Promise<void> {
  const run = await prepare(d, row);
  if (!run) return;
  if (firstStart && row.config_id)
    await recordRunChange(
      d.pool,
      row,
      run.playbook,
      'PlaybookStarted',
      `${run.playbook.title} started`,
    );
  for (const action of row.spec.actions) {
    if (d.signal.aborted) return interrupted(run);
    let latest = latestRow(run.rows, action.name);
    const agent = runsOnAgent(row.spec, action);
    if (latest && FINAL.has(latest.status)) {
      // An agent's failure arrives while the run waits: its retry is decided now.
      if (agent && latest.status === 'failed' && retriesLeft(action.retry, latest.retry_count))
        return retry(run, action, latest);
      remember(run, latest);
      continue;
    }
    if (Date.now() >= run.deadline) return timeOut(run, latest);
    if (!latest) {
      const verdict = decideStart(run, action);
      if (verdict.kind === 'skip' || verdict.kind === 'error') {
        remember(run, await insertAction(run, action.name, verdict));
        continue;
      }
      if (verdict.delayMs > 0) {
        const at = new Date(Date.now() + verdict.delayMs);
        await insertAction(run, action.name, { kind: 'sleeping', at });
        return sleep(run, at, 'sleeping');
      }
    } else if (latest.scheduled_time.getTime() > Date.now()) {
      return sleep(
        run,
        latest.scheduled_time,
        latest.status === 'sleeping' ? 'sleeping' : 'retrying',
      );
    }
    if (agent) {
      const handed = await delegate(run, action, agent, latest);
      if (handed === 'waiting') return;
      remember(run, handed);
      continue;
    }
    const outcome = await execute(run, action, latest);
    if (outcome === 'cancel' || outcome === 'stopping') return interrupted(run);
    if (outcome === 'deadline') return timeOut(run, undefined);
    latest = latestRow(run.rows, action.name) as ActionRow;
    if (latest.status === 'failed' && retriesLeft(action.retry, latest.retry_count))
      return retry(run, action, latest);
    remember(run, latest);
  }
  const failed = run.done.find((a) => a.status === 'failed');
  await finish(
    run,
    failed ? `action "${failed.name}" failed: ${failed.error ?? 'no reason given'}` : undefined,
  );
}

async function retry(run: Run, action: ActionDef, failed: ActionRow): Promise<void> {
  const at = new Date(Date.now() + retryWaitMs(action.retry as RetrySpec, failed.retry_count));
  await insertAction(run, action.name, { kind: 'retry', at, retryCount: failed.retry_count + 1 });
  return sleep(run, at, 'retrying');
}

/**
 * Hands the action to the agent it runs on (agentActions.ts): templated here, recorded
 * `waiting` for the agent, and the run waits until the agent reports — or until its deadline,
 * when the executor takes it up again to time it out. 'waiting' when handed over (or already
 * with the agent); the failed action when it cannot be.
 */
async function delegate(
  run: Run,
  action: ActionDef,
  agentName: string,
  pending: ActionRow | undefined,
): Promise<'waiting' | ActionRow> {
  const { d } = run;
  if (pending && (pending.status === 'waiting' || pending.status === 'running'))
    return waitForAgent(run, undefined);
  const agentId = await agentIdByName(d.pool, agentName);
  const prepared = agentId
    ? prepareAction(run, action)
    : { error: `runsOn names agent ${agentName}, and no agent has that name` };
  if ('error' in prepared) {
    const failed = pending ?? (await insertAction(run, action.name, { kind: 'running' }));
    await d.pool.query(
      `UPDATE playbook_run_actions SET status = 'failed', error = $2, start_time = coalesce(start_time, now()), end_time = now() WHERE id = $1`,
      [failed.id, prepared.error],
    );
    return { ...failed, status: 'failed', error: prepared.error };
  }
  const timeoutMs = Math.min(prepared.timeoutMs ?? Infinity, run.deadline - Date.now());
  const row = pending ?? (await insertAction(run, action.name, { kind: 'running' }));
  await d.pool.query(
    `UPDATE playbook_run_actions SET status = 'waiting', agent_id = $2, start_time = NULL WHERE id = $1`,
    [row.id, agentId],
  );
  row.status = 'waiting';
  await d.pool.query(
    `INSERT INTO playbook_action_agent_data (action_id, playbook_id, run_id, spec, env)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (action_id) DO UPDATE SET spec = EXCLUDED.spec, env = EXCLUDED.env`,
    [
      row.id,
      run.row.playbook_id,
      run.row.id,
      { kind: prepared.kind, fields: prepared.spec, timeoutMs: Math.max(1000, timeoutMs) },
      literalEnv(run.row.spec),
    ],
  );
  return waitForAgent(run, agentId);
}

async function waitForAgent(run: Run, agentId: string | undefined): Promise<'waiting'> {
  const set = agentId ? `status = 'waiting', agent_id = $2` : `status = 'waiting'`;
  if (await setRunning(run, set, agentId ? [agentId] : [])) run.d.wakeAt(run.deadline);
  return 'waiting';
}

async function prepare(d: Drive, row: RunRow): Promise<Run | undefined> {
  const { rows } = await d.pool.query<{
    playbook: Run['playbook'];
    user: { name: string; email: string | null } | null;
  }>(
    `SELECT json_build_object('id', p.id, 'name', p.name, 'namespace', p.namespace, 'title', p.title) AS playbook,
            (SELECT json_build_object('name', u.name, 'email', u.email) FROM people u WHERE u.id = $2) AS user
       FROM playbooks p WHERE p.id = $1`,
    [row.playbook_id, row.created_by],
  );
  const info = rows[0];
  const timeoutMs = Number(row.timeout_ms) || DEFAULT_RUN_TIMEOUT_MS;
  const base: Omit<Run, 'playbook' | 'vars'> = {
    d,
    row,
    deadline: row.start_time.getTime() + timeoutMs,
    timeoutMs,
    rows: [],
    done: [],
    timedOut: new Set(),
  };
  if (!info) {
    await finish(
      { ...base, playbook: { id: row.playbook_id, name: '', namespace: '', title: '' }, vars: {} },
      'the playbook was deleted',
    );
    return undefined;
  }
  const kind: TargetKind | undefined = row.config_id
    ? 'config'
    : row.component_id
      ? 'component'
      : row.check_id
        ? 'check'
        : undefined;
  const id = row.config_id ?? row.component_id ?? row.check_id;
  const target = kind && id ? await loadTarget(d.pool, { kind, id }) : undefined;
  const env = literalEnv(row.spec);
  const vars = {
    ...(target ? { [target.kind]: target.view } : {}),
    playbook: info.playbook,
    run: { id: row.id, start_time: row.start_time.toISOString(), parameters: row.parameters ?? {} },
    params: row.parameters ?? {},
    request: row.request ?? {},
    env,
    user: info.user ?? {},
    agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
  };
  const actions = await d.pool.query<ActionRow>(
    `SELECT id, name, status, result, error, retry_count, scheduled_time
       FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY id`,
    [row.id],
  );
  return { ...base, playbook: info.playbook, target, vars, rows: actions.rows };
}

function latestRow(rows: readonly ActionRow[], name: string): ActionRow | undefined {
  let latest: ActionRow | undefined;
  for (const r of rows)
    if (r.name === name && (!latest || r.retry_count >= latest.retry_count)) latest = r;
  return latest;
}

function remember(run: Run, row: ActionRow): void {
  run.done.push({ name: row.name, status: row.status, result: row.result ?? {}, error: row.error });
  if (row.status === 'failed' && row.error?.startsWith(TIMED_OUT_PREFIX))
    run.timedOut.add(row.name);
}

type StartVerdict =
  { kind: 'run'; delayMs: number } | { kind: 'skip' } | { kind: 'error'; error: string };

function decideStart(run: Run, action: ActionDef): StartVerdict {
  const so = { actions: run.done, timedOut: run.timedOut };
  try {
    if (!shouldRun(action.if, run.vars, so)) return { kind: 'skip' };
  } catch (error) {
    return { kind: 'error', error: `if: ${(error as Error).message}` };
  }
  if (action.delay === undefined || action.delay === null || action.delay === '')
    return { kind: 'run', delayMs: 0 };
  let delayMs = durationMs(action.delay);
  if (delayMs === undefined && typeof action.delay === 'string') {
    try {
      const value = evaluateExpression(action.delay, run.vars, so);
      delayMs = typeof value === 'number' ? value : durationMs(value);
    } catch (error) {
      return { kind: 'error', error: `delay: ${(error as Error).message}` };
    }
  }
  if (delayMs === undefined)
    return {
      kind: 'error',
      error: `delay "${String(action.delay)}" is neither a duration (such as 5m) nor a CEL expression giving one`,
    };
  return { kind: 'run', delayMs };
}

type NewAction =
  | { kind: 'skip' }
  | { kind: 'error'; error: string }
  | { kind: 'sleeping'; at: Date }
  | { kind: 'retry'; at: Date; retryCount: number }
  | { kind: 'running' };

async function insertAction(run: Run, name: string, what: NewAction): Promise<ActionRow> {
  const [status, at, error, retryCount, started, ended] =
    what.kind === 'skip'
      ? ['skipped', null, null, 0, false, true]
      : what.kind === 'error'
        ? ['failed', null, what.error, 0, true, true]
        : what.kind === 'sleeping'
          ? ['sleeping', what.at, null, 0, false, false]
          : what.kind === 'retry'
            ? ['scheduled', what.at, null, what.retryCount, false, false]
            : ['running', null, null, 0, true, false];
  const { rows } = await run.d.pool.query<ActionRow>(
    `INSERT INTO playbook_run_actions (playbook_run_id, name, status, scheduled_time, start_time, end_time, error, retry_count)
     VALUES ($1, $2, $3, coalesce($4, now()), CASE WHEN $5 THEN now() END, CASE WHEN $6 THEN now() END, $7, $8)
     RETURNING id, name, status, result, error, retry_count, scheduled_time`,
    [run.row.id, name, status, at, started, ended, error, retryCount],
  );
  const row = rows[0] as ActionRow;
  run.rows.push(row);
  return row;
}

/** Runs one action; answers what stopped it early, if anything. */
async function execute(
  run: Run,
  action: ActionDef,
  pending: ActionRow | undefined,
): Promise<'done' | 'cancel' | 'stopping' | 'deadline'> {
  const { d } = run;
  let row: ActionRow;
  if (pending) {
    await d.pool.query(
      `UPDATE playbook_run_actions SET status = 'running', start_time = now() WHERE id = $1`,
      [pending.id],
    );
    row = pending;
    row.status = 'running';
  } else row = await insertAction(run, action.name, { kind: 'running' });

  const { result: outcome, stopped } = await attempt(run, action);
  // What the action printed before it was stopped is kept; the reason replaces its error.
  const why =
    stopped === 'stopping'
      ? STOPPED_MESSAGE
      : stopped === 'cancel'
        ? 'the run was cancelled'
        : stopped === 'deadline'
          ? `the run exceeded its timeout of ${human(run.timeoutMs)}`
          : undefined;
  const result: ActionResult = why ? { ...outcome, status: 'failed', error: why } : outcome;

  const artifacts = result.artifacts?.length
    ? await storeArtifacts(d.pool, row.id, result.artifacts)
    : undefined;
  const stored = artifacts?.skipped.length
    ? { ...result.result, artifactsSkipped: artifacts.skipped }
    : result.result;
  await d.pool.query(
    `UPDATE playbook_run_actions SET status = $2, result = $3, error = $4, end_time = now() WHERE id = $1`,
    [row.id, result.status, stored, result.error ?? null],
  );
  row.status = result.status;
  row.result = stored;
  row.error = result.error ?? null;
  return stopped ?? 'done';
}

const failure = (error: string): ActionResult => ({ status: 'failed', result: {}, error });

/** The action's kind, its templated fields and its timeout; or why it cannot run. */
function prepareAction(
  run: Run,
  action: ActionDef,
):
  | { kind: string; spec: Record<string, unknown>; timeoutMs: number | undefined }
  | { error: string } {
  const kind = actionKind(action);
  const runner = kind ? run.d.actions[kind] : undefined;
  if (!kind || !runner)
    return {
      error: `action kind "${kind ?? '(none)'}" does not run here; Vigil runs ${Object.keys(run.d.actions).join(', ')} actions`,
    };
  const hasTimeout =
    action.timeout !== undefined && action.timeout !== null && action.timeout !== '';
  const timeoutMs = hasTimeout ? durationMs(action.timeout) : undefined;
  if (hasTimeout && timeoutMs === undefined)
    return { error: `timeout "${String(action.timeout)}" is not a duration such as 30s or 5m` };
  try {
    const spec = renderDeep((action[kind] ?? {}) as Record<string, unknown>, {
      vars: run.vars,
      actions: run.done,
    });
    return { kind, spec, timeoutMs };
  } catch (error) {
    if (error instanceof TemplateError) return { error: `template: ${error.message}` };
    throw error;
  }
}

/** Finds the runner, templates the fields, and runs it within its limits. */
async function attempt(
  run: Run,
  action: ActionDef,
): Promise<{ result: ActionResult; stopped?: 'cancel' | 'stopping' | 'deadline' }> {
  const prepared = prepareAction(run, action);
  if ('error' in prepared) return { result: failure(prepared.error) };
  const runner = run.d.actions[prepared.kind] as ActionRunner;
  return runWithLimits(run, runner, prepared.spec, prepared.timeoutMs);
}

/**
 * Calls the runner with one signal that fires on the action's timeout, the run's deadline, a
 * cancel or Vigil stopping, and says which fired. A runner that ignores the signal is given a
 * few seconds, then left behind (its result, if it ever comes, is dropped).
 */
async function runWithLimits(
  run: Run,
  runner: ActionRunner,
  spec: Record<string, unknown>,
  timeoutMs: number | undefined,
): Promise<{ result: ActionResult; stopped?: 'cancel' | 'stopping' | 'deadline' }> {
  const { d } = run;
  const limit = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const untilDeadline = run.deadline - Date.now();
  const abortIn = (ms: number, reason: string) =>
    timers.push(setTimeout(() => limit.abort(reason), Math.max(0, ms)));
  if (timeoutMs !== undefined && timeoutMs < untilDeadline) abortIn(timeoutMs, 'timeout');
  else abortIn(untilDeadline, 'deadline');
  const onStop = () => limit.abort(d.signal.reason);
  if (d.signal.aborted) onStop();
  else d.signal.addEventListener('abort', onStop, { once: true });

  const ctx: ActionContext = {
    signal: limit.signal,
    pool: d.pool,
    log: d.log,
    ...(d.sandbox ? { sandbox: d.sandbox } : {}),
    connection: (ref) => d.connection(ref, run.playbook.namespace),
    mode: d.mode,
    run: {
      id: run.row.id,
      playbook: run.playbook,
      parameters: run.row.parameters ?? {},
      ...(run.target ? { [run.target.kind]: run.target.view } : {}),
    },
    ...(d.publicUrl ? { publicUrl: d.publicUrl } : {}),
    ...(d.kubeconfig ? { kubeconfig: d.kubeconfig } : {}),
    ...(d.notifyEndpoints ? { notifyEndpoints: d.notifyEndpoints } : {}),
  };
  const work = Promise.resolve()
    .then(() => runner(spec, ctx))
    .catch((error: unknown): ActionResult => failure((error as Error).message || String(error)));
  const abandoned = new Promise<ActionResult>((resolve) => {
    limit.signal.addEventListener('abort', () => {
      const t = setTimeout(
        () => resolve(failure('the action did not stop when asked')),
        ABORT_GRACE_MS,
      );
      t.unref();
      timers.push(t);
    });
  });
  try {
    const result = await Promise.race([work, abandoned]);
    const reason = limit.signal.reason as string | undefined;
    if (!limit.signal.aborted) return { result };
    if (reason === 'timeout')
      return {
        result: {
          ...result,
          status: 'failed',
          error: `${TIMED_OUT_PREFIX} ${human(timeoutMs ?? 0)}`,
        },
      };
    return { result, stopped: reason === 'cancel' || reason === 'stopping' ? reason : 'deadline' };
  } finally {
    for (const t of timers) clearTimeout(t);
    d.signal.removeEventListener('abort', onStop);
  }
}

function human(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

function retriesLeft(retry: RetrySpec | undefined, retryCount: number): boolean {
  const limit = Number(retry?.limit ?? 0);
  return Number.isFinite(limit) && retryCount < limit;
}

/** duration × multiplier^n ± jitter% (crds.md §4.4); 10 s when no duration is given. */
export function retryWaitMs(retry: RetrySpec, n: number, random = Math.random): number {
  const base = durationMs(retry.duration) ?? 10_000;
  const multiplier = Number(retry.exponent?.multiplier ?? 1) || 1;
  const wait = base * multiplier ** n;
  const jitter = Math.min(100, Math.max(0, Number(retry.jitter ?? 0))) / 100;
  return Math.max(0, Math.round(wait * (1 + jitter * (2 * random() - 1))));
}

async function setRunning(run: Run, set: string, params: unknown[]): Promise<boolean> {
  const { rowCount } = await run.d.pool.query(
    `UPDATE playbook_runs SET ${set} WHERE id = $1 AND status = 'running'`,
    [run.row.id, ...params],
  );
  return (rowCount ?? 0) > 0;
}

async function sleep(run: Run, at: Date, status: 'sleeping' | 'retrying'): Promise<void> {
  if (await setRunning(run, 'status = $2, scheduled_time = $3', [status, at]))
    run.d.wakeAt(at.getTime());
}

/** Cancelled (the cancel call wrote the run) or Vigil stopping (the run is picked up again). */
async function interrupted(run: Run): Promise<void> {
  if (run.d.signal.reason === 'stopping')
    await setRunning(run, `status = 'scheduled', scheduled_time = now()`, []);
}

async function timeOut(run: Run, pending: ActionRow | undefined): Promise<void> {
  const error = `the run exceeded its timeout of ${human(run.timeoutMs)}`;
  if (pending)
    await run.d.pool.query(
      `UPDATE playbook_run_actions SET status = 'skipped', end_time = now(), error = $2 WHERE id = $1`,
      [pending.id, error],
    );
  if (await setRunning(run, `status = 'timed_out', end_time = now(), error = $2`, [error]))
    await changeAtEnd(run, 'timed_out', error);
}

async function finish(run: Run, error: string | undefined): Promise<void> {
  const status = error ? 'failed' : 'completed';
  if (await setRunning(run, 'status = $2, end_time = now(), error = $3', [status, error ?? null]))
    await changeAtEnd(run, status, error);
}

async function changeAtEnd(run: Run, status: string, error: string | undefined): Promise<void> {
  if (!run.row.config_id || !run.playbook.name) return;
  const type = status === 'completed' ? 'PlaybookCompleted' : 'PlaybookFailed';
  const summary =
    status === 'completed'
      ? `${run.playbook.title} completed`
      : `${run.playbook.title} ${status === 'timed_out' ? 'timed out' : 'failed'}: ${error ?? ''}`;
  await recordRunChange(run.d.pool, run.row, run.playbook, type, summary);
}
