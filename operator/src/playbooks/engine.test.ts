import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../auth/identity.js';
import { eventually } from '../testing/testServer.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { approveRun, cancelRun } from './approvals.js';
import { STOPPED_MESSAGE } from './drive.js';
import { PlaybookEngine } from './engine.js';
import { PLAYBOOK_COLUMNS, type PlaybookRow } from './match.js';
import { loadTarget } from './resources.js';
import { createRun } from './runs.js';
import type { ActionRunner } from './types.js';

/**
 * The playbook engine against a real PostgreSQL, with a scripted `exec` runner standing in for
 * the real actions (their own tests, and test/playbooks.e2e.ts, run them for real): statuses
 * and transitions, conditions, retries, delays, timeouts, cancels, restarts, approvals and
 * event triggers.
 *
 * The scripted runner reads its `script`: `print <text>`, `fail <error>`, `sleep <ms>` (until
 * aborted), `flaky <key> <n>` (fails n times, then succeeds).
 */
let db: TestDatabase;
let engine: PlaybookEngine;
const aborted: string[] = [];
const attempts = new Map<string, number>();

const exec: ActionRunner = async (spec, ctx) => {
  const [verb = '', ...rest] = String(spec.script ?? '').split(' ');
  const arg = rest.join(' ');
  if (verb === 'print') return { status: 'completed', result: { stdout: arg } };
  if (verb === 'fail') return { status: 'failed', result: {}, error: arg };
  if (verb === 'sleep')
    return new Promise((resolve) => {
      const t = setTimeout(
        () => resolve({ status: 'completed', result: { slept: arg } }),
        Number(arg),
      );
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(t);
        aborted.push(ctx.run.id);
        resolve({ status: 'failed', result: { stdout: 'partial' }, error: 'killed' });
      });
    });
  if (verb === 'flaky') {
    const [key = '', n = '0'] = rest;
    const seen = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, seen);
    return seen <= Number(n)
      ? { status: 'failed', result: {}, error: `attempt ${seen} failed` }
      : { status: 'completed', result: { attempts: seen } };
  }
  return { status: 'failed', result: {}, error: `unknown script ${verb}` };
};

function startEngine(): PlaybookEngine {
  const e = new PlaybookEngine({
    pool: db.pool,
    log: silentLog,
    actions: { exec },
    mode: 'embedded',
    pollMs: 100,
  });
  return e;
}

let counter = 0;
async function playbook(
  spec: Record<string, unknown>,
  name = `pb-${++counter}`,
): Promise<PlaybookRow> {
  const { rows } = await db.pool.query<PlaybookRow>(
    `INSERT INTO playbooks (name, namespace, title, spec, source) VALUES ($1, 'default', $1, $2, 'UI')
     RETURNING ${PLAYBOOK_COLUMNS}`,
    [name, spec],
  );
  return rows[0] as PlaybookRow;
}

interface RunState {
  status: string;
  error: string | null;
  actions: {
    name: string;
    status: string;
    error: string | null;
    result: Record<string, unknown> | null;
    retry_count: number;
  }[];
}

async function state(runId: string): Promise<RunState> {
  const run = await db.pool.query<{ status: string; error: string | null }>(
    'SELECT status, error FROM playbook_runs WHERE id = $1',
    [runId],
  );
  const actions = await db.pool.query<RunState['actions'][number]>(
    'SELECT name, status, error, result, retry_count FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY id',
    [runId],
  );
  return { ...(run.rows[0] as { status: string; error: string | null }), actions: actions.rows };
}

const ENDED = ['completed', 'failed', 'timed_out', 'cancelled'];
const ended = (runId: string, timeoutMs = 20_000) =>
  eventually(
    `run ${runId} to end`,
    async () => {
      const s = await state(runId);
      return ENDED.includes(s.status) ? s : undefined;
    },
    timeoutMs,
    25,
  );

async function run(
  spec: Record<string, unknown>,
  extra: Parameters<typeof createRun>[1] extends infer R ? Partial<R> : never = {},
) {
  const p = await playbook(spec);
  return createRun(db.pool, { playbook: p, ...extra });
}

let configId: string;

beforeAll(async () => {
  db = await startTestDatabase();
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO config_items (config_class, type, name, tags, labels, health)
     VALUES ('Deployment', 'Kubernetes::Deployment', 'web', '{"namespace":"prod"}', '{"app":"web"}', 'healthy') RETURNING id`,
  );
  configId = rows[0]?.id as string;
  engine = startEngine();
  await engine.start();
});
afterAll(async () => {
  await engine?.stop();
  await db?.close();
});

describe('runs', () => {
  it('runs actions in order, templating each from the resource, parameters and earlier actions', async () => {
    const p = await playbook({
      configs: [{ types: ['Kubernetes::Deployment'] }],
      parameters: [{ name: 'replicas', default: '2' }],
      actions: [
        { name: 'first', exec: { script: 'print {{.config.name}}x$(.params.replicas)' } },
        { name: 'second', exec: { script: 'print {{ (getAction "first").result.stdout }}!' } },
      ],
    });
    const target = await loadTarget(db.pool, { kind: 'config', id: configId });
    const started = await createRun(db.pool, { playbook: p, target, params: { replicas: '4' } });
    expect(started.status).toBe('scheduled');
    const s = await ended(started.run_id);
    expect(s.status).toBe('completed');
    expect(s.actions.map((a) => [a.name, a.status, a.result?.stdout])).toEqual([
      ['first', 'completed', 'webx4'],
      ['second', 'completed', 'webx4!'],
    ]);
    const changes = await db.pool.query<{ change_type: string }>(
      `SELECT change_type FROM config_changes WHERE config_id = $1 AND details ->> 'run_id' = $2 ORDER BY created_at, change_type`,
      [configId, started.run_id],
    );
    expect(changes.rows.map((r) => r.change_type).sort()).toEqual(
      ['PlaybookCompleted', 'PlaybookScheduled', 'PlaybookStarted'].sort(),
    );
  });

  it('skips actions whose if is false and fails the run naming the first failed action', async () => {
    const started = await run({
      actions: [
        { name: 'break', exec: { script: 'fail disk full' } },
        { name: 'next', exec: { script: 'print never' } },
        { name: 'cleanup', if: 'failure()', exec: { script: 'print cleaned' } },
        {
          name: 'report',
          if: 'always()',
          exec: { script: 'print {{ getLastAction.result.stdout }}' },
        },
      ],
    });
    const s = await ended(started.run_id);
    expect(s.status).toBe('failed');
    expect(s.error).toBe('action "break" failed: disk full');
    expect(s.actions.map((a) => [a.name, a.status])).toEqual([
      ['break', 'failed'],
      ['next', 'skipped'],
      ['cleanup', 'completed'],
      ['report', 'completed'],
    ]);
    expect(s.actions[3]?.result?.stdout).toBe('cleaned');
  });

  it('retries a failed action with a new attempt each time', async () => {
    const started = await run({
      actions: [
        { name: 'flaky', retry: { limit: 2, duration: '50ms' }, exec: { script: 'flaky k1 2' } },
      ],
    });
    const s = await ended(started.run_id);
    expect(s.status).toBe('completed');
    expect(s.actions.map((a) => [a.status, a.retry_count])).toEqual([
      ['failed', 0],
      ['failed', 1],
      ['completed', 2],
    ]);
  });

  it('sleeps through a delay', async () => {
    const started = await run({
      actions: [{ name: 'later', delay: '1s', exec: { script: 'print woke' } }],
    });
    await eventually('the run to sleep', async () =>
      (await state(started.run_id)).status === 'sleeping' ? true : undefined,
    );
    const s = await ended(started.run_id);
    expect(s.status).toBe('completed');
  });

  it('fails an action at its timeout, and times the run out at its own', async () => {
    const action = await ended(
      (
        await run({
          actions: [{ name: 'slow', timeout: '200ms', exec: { script: 'sleep 10000' } }],
        })
      ).run_id,
    );
    expect(action.status).toBe('failed');
    expect(action.actions[0]?.error).toBe('timed out after 200ms');
    expect(action.actions[0]?.result?.stdout).toBe('partial');

    const started = await run({
      timeout: '1s',
      actions: [
        { name: 'slow', exec: { script: 'sleep 10000' } },
        { name: 'after', if: 'always()', exec: { script: 'print no' } },
      ],
    });
    const s = await ended(started.run_id);
    expect(s.status).toBe('timed_out');
    expect(s.error).toBe('the run exceeded its timeout of 1s');
    expect(s.actions.map((a) => a.name)).toEqual(['slow']);
    expect(aborted).toContain(started.run_id);
  });

  it('cancels a running action', async () => {
    const started = await run({ actions: [{ name: 'slow', exec: { script: 'sleep 10000' } }] });
    await eventually('the action to run', async () =>
      (await state(started.run_id)).actions[0]?.status === 'running' ? true : undefined,
    );
    await cancelRun(db.pool, started.run_id, 'tester');
    const s = await ended(started.run_id);
    expect(s.status).toBe('cancelled');
    expect(s.error).toBe('cancelled by tester');
    await eventually('the action to stop', async () =>
      (await state(started.run_id)).actions[0]?.status === 'failed' ? true : undefined,
    );
    expect((await state(started.run_id)).actions[0]?.error).toBe('the run was cancelled');
    await expect(cancelRun(db.pool, started.run_id, 'tester')).rejects.toMatchObject({
      status: 409,
    });
  });

  it('refuses bad parameters with one sentence each', async () => {
    await expect(
      run(
        {
          parameters: [{ name: 'n', required: true, properties: { max: 3 } }],
          actions: [{ name: 'a', exec: { script: 'print' } }],
        },
        { params: { n: '9' } },
      ),
    ).rejects.toMatchObject({ status: 400, message: 'n: must be at most 3' });
  });
});

describe('restarts', () => {
  it('fails the action a stopped Vigil was running, and the run goes on to its end', async () => {
    await engine.stop();
    const started = await run({
      actions: [
        { name: 'interrupted', exec: { script: 'print x' } },
        { name: 'after', exec: { script: 'print y' } },
        { name: 'notify', if: 'always()', exec: { script: 'print told' } },
      ],
    });
    // What a process killed mid-action leaves behind.
    await db.pool.query(
      `UPDATE playbook_runs SET status = 'running', start_time = now() WHERE id = $1`,
      [started.run_id],
    );
    await db.pool.query(
      `INSERT INTO playbook_run_actions (playbook_run_id, name, status, start_time) VALUES ($1, 'interrupted', 'running', now())`,
      [started.run_id],
    );
    engine = startEngine();
    await engine.start();
    const s = await ended(started.run_id);
    expect(s.status).toBe('failed');
    expect(s.actions.map((a) => [a.name, a.status, a.error])).toEqual([
      ['interrupted', 'failed', STOPPED_MESSAGE],
      ['after', 'skipped', null],
      ['notify', 'completed', null],
    ]);
  });
});

describe('approvals', () => {
  async function people() {
    const n = ++counter;
    const alice = await createPerson(db.pool, {
      name: 'Alice',
      email: `alice${n}@x.test`,
      password: 'password-123',
      roles: ['editor'],
    });
    const bob = await createPerson(db.pool, {
      name: 'Bob',
      email: `bob${n}@x.test`,
      password: 'password-123',
      roles: ['editor'],
    });
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO teams (name, created_by) VALUES ($1, $2) RETURNING id`,
      [`ops${n}`, alice.id],
    );
    await db.pool.query('INSERT INTO team_members (team_id, person_id) VALUES ($1, $2)', [
      rows[0]?.id,
      bob.id,
    ]);
    return { alice, bob, team: `ops${n}` };
  }

  it('waits for any one approver', async () => {
    const { alice, bob } = await people();
    const started = await run({
      approval: { type: 'any', approvers: { people: [alice.email, bob.email] } },
      actions: [{ name: 'a', exec: { script: 'print approved' } }],
    });
    expect(started.status).toBe('pending_approval');
    await new Promise((r) => setTimeout(r, 300));
    expect((await state(started.run_id)).status).toBe('pending_approval');
    expect(
      await approveRun(db.pool, started.run_id, { personId: bob.id, email: bob.email }),
    ).toEqual({
      status: 'scheduled',
      approved: true,
    });
    expect((await ended(started.run_id)).status).toBe('completed');
  });

  it('waits for all: a person and a team', async () => {
    const { alice, bob, team } = await people();
    const stranger = await createPerson(db.pool, {
      name: 'Eve',
      email: `eve${counter}@x.test`,
      password: 'password-123',
      roles: ['admin'],
    });
    const started = await run({
      approval: { approvers: { people: [alice.email], teams: [team] } },
      actions: [{ name: 'a', exec: { script: 'print approved' } }],
    });
    await expect(
      approveRun(db.pool, started.run_id, { personId: stranger.id, email: stranger.email }),
    ).rejects.toMatchObject({ status: 403 });
    expect(
      (await approveRun(db.pool, started.run_id, { personId: alice.id, email: alice.email }))
        .status,
    ).toBe('pending_approval');
    await expect(
      approveRun(db.pool, started.run_id, { personId: alice.id, email: alice.email }),
    ).rejects.toMatchObject({ status: 409 });
    await new Promise((r) => setTimeout(r, 300));
    expect((await state(started.run_id)).status).toBe('pending_approval');
    expect(
      (await approveRun(db.pool, started.run_id, { personId: bob.id, email: bob.email })).status,
    ).toBe('scheduled');
    expect((await ended(started.run_id)).status).toBe('completed');
  });
});

describe('event triggers', () => {
  it('starts a run for a failing check whose labels and filter match, and not for others', async () => {
    const p = await playbook({
      on: {
        canary: [{ event: 'failed', labels: { team: 'web' }, filter: 'check.type == "http"' }],
      },
      actions: [{ name: 'repair', exec: { script: 'print {{.check.name}}' } }],
    });
    await engine.triggers.refresh();
    const canary = await db.pool.query<{ id: string }>(
      `INSERT INTO canaries (name, namespace, spec, source) VALUES ('trig', 'default', '{}', 'UI') RETURNING id`,
    );
    const check = async (name: string, labels: Record<string, string>, type = 'http') =>
      (
        await db.pool.query<{ id: string }>(
          `INSERT INTO checks (canary_id, name, type, labels, status) VALUES ($1, $2, $3, $4, 'healthy') RETURNING id`,
          [canary.rows[0]?.id, name, type, labels],
        )
      ).rows[0]?.id as string;
    const matching = await check('api', { team: 'web' });
    const otherTeam = await check('db', { team: 'data' });
    const otherType = await check('ping', { team: 'web' }, 'icmp');
    for (const id of [matching, otherTeam, otherType])
      await db.pool.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [id]);
    await engine.triggers.drain();
    const runs = await db.pool.query<{ id: string; check_id: string }>(
      'SELECT id, check_id FROM playbook_runs WHERE playbook_id = $1',
      [p.id],
    );
    expect(runs.rows.map((r) => r.check_id)).toEqual([matching]);
    const s = await ended(runs.rows[0]?.id as string);
    expect(s.actions[0]?.result?.stdout).toBe('api');
  });
});
