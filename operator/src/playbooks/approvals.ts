import type pg from 'pg';
import { HttpError } from '../errors.js';
import { approvalIsAny, approvers, type PlaybookSpecView } from './spec.js';

/**
 * Approvals (crds.md §4.1): a run of a playbook with approvers waits in `pending_approval` until
 * `any` one approver, or `all` of the people (by e-mail) and teams (by name) listed, approved.
 * A person approves for themselves and for each listed team they belong to. The run's frozen
 * spec decides, so editing the playbook does not change who approves runs already waiting.
 */

export interface Approver {
  personId: string;
  email: string | null;
}

interface Pending {
  id: string;
  status: string;
  spec: PlaybookSpecView;
}

const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** The listed teams the person belongs to, by id. */
async function approverTeams(
  db: pg.PoolClient,
  personId: string,
  teams: readonly string[],
): Promise<string[]> {
  if (!teams.length) return [];
  const { rows } = await db.query<{ id: string }>(
    `SELECT t.id FROM teams t JOIN team_members m ON m.team_id = t.id
      WHERE m.person_id = $1 AND t.name = ANY($2) AND t.deleted_at IS NULL`,
    [personId, teams],
  );
  return rows.map((r) => r.id);
}

/** Whether the approvals recorded so far satisfy the spec. */
async function satisfied(
  db: pg.PoolClient,
  runId: string,
  spec: PlaybookSpecView,
): Promise<boolean> {
  const { people, teams } = approvers(spec);
  const { rows } = await db.query<{ emails: string[]; teams: string[] }>(
    `SELECT coalesce(array_agg(DISTINCT lower(p.email)) FILTER (WHERE p.email IS NOT NULL), '{}') AS emails,
            coalesce(array_agg(DISTINCT t.name) FILTER (WHERE t.name IS NOT NULL), '{}') AS teams
       FROM playbook_approvals a
       LEFT JOIN people p ON p.id = a.person_id
       LEFT JOIN teams t ON t.id = a.team_id
      WHERE a.run_id = $1`,
    [runId],
  );
  const got = rows[0] ?? { emails: [], teams: [] };
  const approvedPeople = people.filter((e) => got.emails.includes(e.toLowerCase()));
  const approvedTeams = teams.filter((t) => got.teams.includes(t));
  if (approvalIsAny(spec)) return approvedPeople.length + approvedTeams.length > 0;
  return approvedPeople.length === people.length && approvedTeams.length === teams.length;
}

/**
 * Records the approval and schedules the run once enough approvals are in. 409 when the run
 * is not waiting for approval or the person already approved; 403 when they are not an approver.
 */
export async function approveRun(
  pool: pg.Pool,
  runId: string,
  approver: Approver,
): Promise<{ status: string; approved: boolean }> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const { rows } = await db.query<Pending>(
      'SELECT id, status, spec FROM playbook_runs WHERE id = $1 FOR UPDATE',
      [runId],
    );
    const run = rows[0];
    if (!run) throw new HttpError(404, 'not_found', `playbook run ${runId} not found`);
    if (run.status !== 'pending_approval')
      throw conflict(`playbook run ${runId} is ${run.status}, not waiting for approval`);
    const { people, teams } = approvers(run.spec);
    const isPerson =
      !!approver.email && people.some((e) => e.toLowerCase() === approver.email?.toLowerCase());
    const viaTeams = await approverTeams(db, approver.personId, teams);
    if (!isPerson && !viaTeams.length)
      throw new HttpError(
        403,
        'forbidden',
        `you are not an approver of this run (approvers: ${[...people, ...teams.map((t) => `team ${t}`)].join(', ')})`,
      );
    const inserted = await db.query(
      `INSERT INTO playbook_approvals (run_id, person_id)
       VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [runId, approver.personId],
    );
    for (const team of viaTeams)
      await db.query(
        `INSERT INTO playbook_approvals (run_id, team_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [runId, team],
      );
    if (!inserted.rowCount && !viaTeams.length) throw conflict('you already approved this run');
    const approved = await satisfied(db, runId, run.spec);
    if (approved)
      await db.query(
        `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now() WHERE id = $1`,
        [runId],
      );
    await db.query('COMMIT');
    return { status: approved ? 'scheduled' : 'pending_approval', approved };
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/**
 * Cancels a run that has not ended; the executor, told through playbook_runs_cancel, kills the
 * processes of its running action. 409 when it already ended.
 */
export async function cancelRun(pool: pg.Pool, runId: string, by: string): Promise<void> {
  const { rows } = await pool.query<{ status: string }>(
    `WITH target AS (SELECT id, status FROM playbook_runs WHERE id = $1 FOR UPDATE)
     UPDATE playbook_runs r
        SET status = CASE WHEN t.status IN ('completed', 'failed', 'timed_out', 'cancelled') THEN t.status ELSE 'cancelled' END,
            end_time = CASE WHEN t.status IN ('completed', 'failed', 'timed_out', 'cancelled') THEN r.end_time ELSE now() END,
            error = CASE WHEN t.status IN ('completed', 'failed', 'timed_out', 'cancelled') THEN r.error ELSE $2 END
       FROM target t WHERE r.id = t.id
     RETURNING t.status`,
    [runId, `cancelled by ${by}`],
  );
  const before = rows[0]?.status;
  if (!before) throw new HttpError(404, 'not_found', `playbook run ${runId} not found`);
  if (['completed', 'failed', 'timed_out', 'cancelled'].includes(before))
    throw conflict(`playbook run ${runId} already ended (${before})`);
  await pool.query(
    `UPDATE playbook_run_actions SET status = 'skipped', end_time = now(), error = 'the run was cancelled'
      WHERE playbook_run_id = $1 AND status IN ('scheduled', 'sleeping', 'waiting')`,
    [runId],
  );
  await pool.query(`SELECT pg_notify('playbook_runs_cancel', $1)`, [runId]);
}
