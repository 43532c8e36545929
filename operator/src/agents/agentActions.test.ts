import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../auth/firstAdmin.js';
import { createApp } from '../http/app.js';
import { PlaybookEngine } from '../playbooks/engine.js';
import { PLAYBOOK_COLUMNS, type PlaybookRow } from '../playbooks/match.js';
import { createRun } from '../playbooks/runs.js';
import type { ActionRunner } from '../playbooks/types.js';
import { eventually } from '../testing/testServer.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { ActionPuller } from './actionPuller.js';

/**
 * Playbook actions whose runsOn names an agent: the central engine hands them over and waits;
 * the agent claims them, runs them with its own runners and reports; the run goes on centrally.
 * Scripted runners stand in for the real actions on both sides (their own tests run them), and
 * say where they ran.
 */
const ADMIN = {
  email: 'admin@example.com',
  password: 'admin-password-1',
  token: 'vgl_actions_admin_token_00000000',
};
let central: TestDatabase;
let agentDb: TestDatabase;
let server: http.Server;
let url: string;
let engine: PlaybookEngine;
let token: string;

const runner =
  (where: string): ActionRunner =>
  async (spec, ctx) => {
    const script = String(spec.script ?? '');
    if (script.startsWith('fail')) return { status: 'failed', result: {}, error: `${where}: no` };
    if (script.startsWith('sleep'))
      return new Promise((resolve) =>
        ctx.signal.addEventListener('abort', () =>
          resolve({ status: 'failed', result: {}, error: 'killed' }),
        ),
      );
    return { status: 'completed', result: { stdout: `${script} on ${where}` } };
  };

beforeAll(async () => {
  [central, agentDb] = await Promise.all([startTestDatabase(), startTestDatabase()]);
  await ensureFirstAdmin(central.pool, silentLog, { ...ADMIN, dataDir: central.dataDir });
  server = http.createServer(
    createApp({ pool: central.pool, log: silentLog, config: { consoleDir: '/nonexistent' } }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const res = await fetch(`${url}/api/agent/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'edge' }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
  engine = new PlaybookEngine({
    pool: central.pool,
    log: silentLog,
    actions: { exec: runner('central') },
    mode: 'embedded',
    pollMs: 100,
  });
  await engine.start();
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  server?.close();
  await Promise.all([central?.close(), agentDb?.close()]);
});

function puller() {
  return new ActionPuller({
    pool: agentDb.pool,
    log: silentLog,
    upstream: url,
    token,
    intervalMs: 60_000,
    actions: { exec: runner('edge') },
    mode: 'embedded',
  });
}

async function run(spec: Record<string, unknown>) {
  const { rows } = await central.pool.query<PlaybookRow>(
    `INSERT INTO playbooks (name, namespace, title, spec, source)
     VALUES ('pb-' || gen_random_uuid(), 'default', 'Restart', $1, 'UI') RETURNING ${PLAYBOOK_COLUMNS}`,
    [spec],
  );
  const params = spec.parameters ? { params: { who: 'ops' } } : {};
  return createRun(central.pool, { playbook: rows[0] as PlaybookRow, ...params });
}

const status = async (runId: string) =>
  (
    await central.pool.query('SELECT status, agent_id, error FROM playbook_runs WHERE id = $1', [
      runId,
    ])
  ).rows[0] as { status: string; agent_id: string; error: string | null };
const actions = async (runId: string) =>
  (
    await central.pool.query(
      'SELECT name, status, result, error FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY id',
      [runId],
    )
  ).rows;
const reached = (runId: string, want: string) =>
  eventually(
    `run ${runId} ${want}`,
    async () => ((await status(runId)).status === want ? true : undefined),
    10_000,
    25,
  );

describe('playbook actions on an agent', () => {
  it('waits for the agent, which runs the templated action and reports; the run goes on here', async () => {
    const started = await run({
      runsOn: ['edge'],
      parameters: [{ name: 'who' }],
      actions: [
        { name: 'restart', exec: { script: 'restart for {{.params.who}}' } },
        { name: 'report', runsOn: ['local'], exec: { script: 'report' } },
      ],
    });
    await reached(started.run_id, 'waiting');
    const agentId = (await status(started.run_id)).agent_id;
    expect(agentId).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(await actions(started.run_id)).toEqual([
      { name: 'restart', status: 'waiting', result: null, error: null },
    ]);
    const p = puller();
    await p.poll();
    await p.settled();
    await reached(started.run_id, 'completed');
    expect(await actions(started.run_id)).toEqual([
      {
        name: 'restart',
        status: 'completed',
        result: { stdout: 'restart for ops on edge' },
        error: null,
      },
      { name: 'report', status: 'completed', result: { stdout: 'report on central' }, error: null },
    ]);
    // Counted as the agent's run.
    const listed = await central.pool.query(
      'SELECT playbook_runs_count::int AS n FROM agents_summary WHERE id = $1',
      [agentId],
    );
    expect(listed.rows[0].n).toBe(1);
  });

  it("records the agent's failure, and fails the run with it", async () => {
    const started = await run({
      runsOn: ['edge'],
      actions: [{ name: 'break', exec: { script: 'fail' } }],
    });
    await reached(started.run_id, 'waiting');
    const p = puller();
    await p.poll();
    await p.settled();
    await reached(started.run_id, 'failed');
    expect((await status(started.run_id)).error).toBe('action "break" failed: edge: no');
  });

  it('fails an action for an agent nobody registered, without waiting', async () => {
    const started = await run({
      runsOn: ['nowhere'],
      actions: [{ name: 'x', exec: { script: 'x' } }],
    });
    await reached(started.run_id, 'failed');
    expect((await actions(started.run_id))[0]).toMatchObject({
      status: 'failed',
      error: 'runsOn names agent nowhere, and no agent has that name',
    });
  });

  it('times out a run whose agent never answers, and refuses a late report', async () => {
    const started = await run({
      runsOn: ['edge'],
      timeout: '1s',
      actions: [{ name: 'slow', exec: { script: 'sleep' } }],
    });
    await reached(started.run_id, 'waiting');
    const claimed = await fetch(`${url}/api/upstream/playbook-actions/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const [action] = (await claimed.json()) as { id: string }[];
    await reached(started.run_id, 'timed_out');
    const late = await fetch(`${url}/api/upstream/playbook-actions/${action?.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'completed', result: {} }),
    });
    expect(late.status).toBe(409);
    // A person cannot claim an agent's actions.
    const person = await fetch(`${url}/api/upstream/playbook-actions/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(person.status).toBe(403);
  });
});
