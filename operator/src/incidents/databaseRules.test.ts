import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSpecServer,
  type Row,
  type SpecServer,
} from '../postgrest/spec-calls/harness.testing.js';
import { ID } from '../postgrest/spec-calls/seed.testing.js';
import { moveIncident, SYSTEM_PERSON } from './db.js';

/**
 * The incident rules migration 0021 puts in the database: status transitions (spec 000 §4.1),
 * every Changelog event kind (§3), and hypothesis deletes that take their comments, evidence and
 * child hypotheses along (§4.2) — straight in SQL and through /api/db, which the console uses.
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
}, 120_000);
afterAll(async () => s?.close());

const q = async <T extends Row = Row>(sql: string, params: unknown[] = []) =>
  (await s.db.pool.query<T>(sql, params)).rows;

interface PgFailure {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

async function newIncident(status: string) {
  const [row] = await q<{ id: string; incident_id: string }>(
    `INSERT INTO incidents (title, description, severity, type, status, created_by)
     VALUES ('Checkout down', '', 'high', 'availability', $1, $2) RETURNING id, incident_id`,
    [status, ID.alice],
  );
  return row as { id: string; incident_id: string };
}

/** The error of an UPDATE to `to`, or undefined when it went through. */
async function move(id: string, to: string): Promise<PgFailure | undefined> {
  try {
    await q('UPDATE incidents SET status = $2 WHERE id = $1', [id, to]);
    return undefined;
  } catch (error) {
    return error as PgFailure;
  }
}

// Spec 000 §4.1, plus investigating -> open: the header's Reopen button (§2.4).
const NEXT: Record<string, string[]> = {
  new: ['open', 'investigating', 'mitigated', 'resolved', 'closed'],
  open: ['investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['mitigated', 'resolved', 'closed', 'open'],
  mitigated: ['resolved', 'closed', 'open'],
  resolved: ['closed', 'open'],
  closed: ['open'],
};
const STATUSES = Object.keys(NEXT);
const moves = STATUSES.flatMap((from) =>
  STATUSES.filter((to) => to !== from).map((to) => [from, to]),
);
const allowed = moves.filter(([from, to]) => NEXT[from as string]?.includes(to as string));
const refused = moves.filter(([from, to]) => !NEXT[from as string]?.includes(to as string));

describe('incident status transitions', () => {
  it('covers every pair of statuses: 19 allowed, 11 refused', () => {
    expect(allowed).toHaveLength(19);
    expect(refused).toHaveLength(11);
  });

  it.each(allowed)('allows %s -> %s and records it in the Changelog', async (from, to) => {
    const incident = await newIncident(from as string);
    expect(await move(incident.id, to as string)).toBeUndefined();
    const [row] = await q('SELECT status FROM incidents WHERE id = $1', [incident.id]);
    expect(row?.status).toBe(to);
    const history = await q(
      `SELECT type, description FROM incident_histories
       WHERE incident_id = $1 AND type = 'incident.status_updated'`,
      [incident.id],
    );
    expect(history).toEqual([{ type: 'incident.status_updated', description: to }]);
  });

  it.each(refused)('refuses %s -> %s with a message naming the way out', async (from, to) => {
    const incident = await newIncident(from as string);
    const error = await move(incident.id, to as string);
    expect(error?.code).toBe('23514');
    if (from === 'closed') {
      expect(error).toMatchObject({
        message: `incident ${incident.incident_id} is closed: it can only be reopened`,
        detail: `A closed incident cannot move to ${to}.`,
        hint: 'Reopen it (status open) first.',
      });
    } else {
      expect(error).toMatchObject({
        message: `incident ${incident.incident_id} cannot move from ${from} to ${to}`,
        detail: `A ${from} incident can move to ${NEXT[from as string]?.join(', ')}.`,
      });
    }
    const [row] = await q('SELECT status FROM incidents WHERE id = $1', [incident.id]);
    expect(row?.status).toBe(from);
    const history = await q(
      `SELECT 1 FROM incident_histories WHERE incident_id = $1 AND type = 'incident.status_updated'`,
      [incident.id],
    );
    expect(history).toEqual([]);
  });

  it('keeps the current status of a closed incident and edits its other fields', async () => {
    const incident = await newIncident('closed');
    expect(await move(incident.id, 'closed')).toBeUndefined();
    await q(`UPDATE incidents SET severity = 'low', type = 'security' WHERE id = $1`, [
      incident.id,
    ]);
    const [row] = await q('SELECT status, severity FROM incidents WHERE id = $1', [incident.id]);
    expect(row).toEqual({ status: 'closed', severity: 'low' });
  });

  it('refuses an unknown status on create and on update', async () => {
    const created = await newIncident('cancelled').catch((e: unknown) => e as PgFailure);
    expect(created).toMatchObject({
      code: '23514',
      message: expect.stringMatching(/^incident INC-\d+ cannot have status "cancelled"$/),
      detail: 'The statuses are new, open, investigating, mitigated, resolved, closed.',
    });
    const incident = await newIncident('open');
    expect(await move(incident.id, 'Resolved')).toMatchObject({
      code: '23514',
      message: `incident ${incident.incident_id} cannot have status "Resolved"`,
    });
  });

  it('keeps resolved and closed in step with the status, and clears them on reopen', async () => {
    const incident = await newIncident('open');
    const times = async () =>
      (await q('SELECT resolved, closed FROM incidents WHERE id = $1', [incident.id]))[0];
    await move(incident.id, 'resolved');
    expect(await times()).toEqual({ resolved: expect.any(Date), closed: null });
    await move(incident.id, 'closed');
    expect(await times()).toEqual({ resolved: expect.any(Date), closed: expect.any(Date) });
    await move(incident.id, 'open');
    expect(await times()).toEqual({ resolved: null, closed: null });
  });
});

describe('status transitions through /api/db', () => {
  it('answers a refused PATCH with 400 and the message, details and hint', async () => {
    const incident = await newIncident('closed');
    const res = await s.raw(`incidents?id=eq.${incident.id}`, {
      method: 'PATCH',
      body: { status: 'investigating' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: '23514',
      message: `incident ${incident.incident_id} is closed: it can only be reopened`,
      details: 'A closed incident cannot move to investigating.',
      hint: 'Reopen it (status open) first.',
    });
  });

  it('lets the header Reopen a closed incident and Close an open one', async () => {
    const incident = await newIncident('closed');
    for (const status of ['open', 'closed']) {
      const { data, error } = await s.client
        .from('incidents')
        .update({ status })
        .eq('id', incident.id)
        .select('status');
      expect(error).toBeNull();
      expect(data).toEqual([{ status }]);
    }
    const history = await q(
      `SELECT description, created_by FROM incident_histories
       WHERE incident_id = $1 AND type = 'incident.status_updated' ORDER BY created_at, description`,
      [incident.id],
    );
    expect(history).toEqual([
      { description: 'open', created_by: s.adminId },
      { description: 'closed', created_by: s.adminId },
    ]);
  });
});

describe('Changelog event kinds (spec 000 §3)', () => {
  it('writes a history row of every kind in the transaction that made the change', async () => {
    const incident = await newIncident('open');
    const [hypothesis] = await q<{ id: string }>(
      `INSERT INTO hypotheses (incident_id, type, title, status, created_by)
       VALUES ($1, 'root', 'Bad deploy', 'possible', $2) RETURNING id`,
      [incident.id, ID.bob],
    );
    await q(`UPDATE hypotheses SET status = 'likely' WHERE id = $1`, [hypothesis?.id]);
    const [responder] = await q<{ id: string }>(
      `INSERT INTO responders (incident_id, type, team_id, properties, created_by)
       VALUES ($1, 'jira', $2, '{"responderType":"jira"}', $3) RETURNING id`,
      [incident.id, ID.sre, ID.alice],
    );
    const [evidence] = await q<{ id: string }>(
      `INSERT INTO evidences (hypothesis_id, type, description, created_by)
       VALUES ($1, 'log', 'errors', $2) RETURNING id`,
      [hypothesis?.id, ID.bob],
    );
    await q('UPDATE evidences SET definition_of_done = true WHERE id = $1', [evidence?.id]);
    const [comment] = await q<{ id: string }>(
      `INSERT INTO comments (incident_id, hypothesis_id, responder_id, comment, created_by)
       VALUES ($1, $2, $3, 'OPS-7 opened', $4) RETURNING id`,
      [incident.id, hypothesis?.id, responder?.id, ID.bob],
    );
    await move(incident.id, 'mitigated');
    await moveIncident(s.db.pool, incident.id, 'resolved', ['mitigated'], 'resolved: tested');

    const rows = await q(
      `SELECT type, description, created_by, hypothesis_id, evidence_id, responder_id, comment_id
       FROM incident_histories WHERE incident_id = $1`,
      [incident.id],
    );
    const byType = (type: string) => rows.filter((r) => r.type === type);
    expect(rows.map((r) => r.type).sort()).toEqual([
      'evidence.created',
      'evidence.done_definition_added',
      'hypothesis.created',
      'hypothesis.status_updated',
      'incident.created',
      'incident.status_updated',
      'incident_status.updated',
      'responder.commented',
      'responder.created',
    ]);
    expect(byType('incident.created')[0]).toMatchObject({ description: incident.incident_id });
    expect(byType('hypothesis.status_updated')[0]).toMatchObject({
      description: 'likely',
      hypothesis_id: hypothesis?.id,
    });
    expect(byType('evidence.done_definition_added')[0]).toMatchObject({
      evidence_id: evidence?.id,
    });
    expect(byType('responder.created')[0]).toMatchObject({ responder_id: responder?.id });
    expect(byType('responder.commented')[0]).toMatchObject({ comment_id: comment?.id });
    expect(byType('incident.status_updated')[0]).toMatchObject({ description: 'mitigated' });
    // The automation's change: the System person's, saying why.
    expect(byType('incident_status.updated')[0]).toMatchObject({
      description: 'resolved: tested',
      created_by: SYSTEM_PERSON,
    });
  });

  it('writes nothing when a refused change rolls back, and no reason outlives its transaction', async () => {
    const incident = await newIncident('closed');
    await expect(
      moveIncident(s.db.pool, incident.id, 'resolved', ['closed'], 'resolved: no'),
    ).rejects.toMatchObject({ code: '23514' });
    await moveIncident(s.db.pool, incident.id, 'open', ['closed'], 'open: reopened by a test');
    await move(incident.id, 'investigating');
    const rows = await q(
      `SELECT type, description FROM incident_histories
       WHERE incident_id = $1 AND type <> 'incident.created' ORDER BY created_at, type`,
      [incident.id],
    );
    expect(rows).toEqual([
      { type: 'incident_status.updated', description: 'open: reopened by a test' },
      { type: 'incident.status_updated', description: 'investigating' },
    ]);
  });
});

describe('deleting hypotheses (spec 000 §4.2)', () => {
  /** root -> factor -> solution, each with an evidence and a comment (one sent to a responder). */
  async function tree() {
    const incident = await newIncident('open');
    const ids: string[] = [];
    for (const type of ['root', 'factor', 'solution']) {
      const [h] = await q<{ id: string }>(
        `INSERT INTO hypotheses (incident_id, parent_id, type, title, status, created_by)
         VALUES ($1, $2, $3, $3, 'possible', $4) RETURNING id`,
        [incident.id, ids.at(-1) ?? null, type, ID.alice],
      );
      const id = h?.id as string;
      ids.push(id);
      await q(
        `INSERT INTO evidences (hypothesis_id, type, description, created_by)
         VALUES ($1, 'log', 'lines', $2)`,
        [id, ID.alice],
      );
      const [c] = await q<{ id: string }>(
        `INSERT INTO comments (incident_id, hypothesis_id, comment, created_by)
         VALUES ($1, $2, 'see logs', $3) RETURNING id`,
        [incident.id, id, ID.alice],
      );
      const [r] = await q<{ id: string }>(
        `INSERT INTO responders (incident_id, type, person_id, created_by)
         VALUES ($1, 'person', $2, $2) RETURNING id`,
        [incident.id, ID.dave],
      );
      await q('INSERT INTO comment_responders (comment_id, responder_id) VALUES ($1, $2)', [
        c?.id,
        r?.id,
      ]);
    }
    return { incident, ids };
  }

  const left = async (ids: string[]) =>
    (
      await q(
        `SELECT (SELECT count(*) FROM hypotheses WHERE id = ANY($1))::int AS hypotheses,
           (SELECT count(*) FROM evidences WHERE hypothesis_id = ANY($1))::int AS evidences,
           (SELECT count(*) FROM comments WHERE hypothesis_id = ANY($1))::int AS comments`,
        [ids],
      )
    )[0];

  it('DELETE hypotheses?id=eq.<root> removes the whole tree with its comments and evidence', async () => {
    const { incident, ids } = await tree();
    const res = await s.raw(`hypotheses?id=eq.${ids[0]}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Row[]).map((h) => h.id)).toEqual([ids[0]]);
    expect(await left(ids)).toEqual({ hypotheses: 0, evidences: 0, comments: 0 });
    // The Changelog keeps its entries, no longer linked to the deleted rows.
    const history = await q(
      `SELECT count(*)::int AS n, count(hypothesis_id)::int AS linked FROM incident_histories
       WHERE incident_id = $1 AND type = 'hypothesis.created'`,
      [incident.id],
    );
    expect(history).toEqual([{ n: 3, linked: 0 }]);
  });

  it('deleting a factor keeps its parent and removes its solution', async () => {
    const { ids } = await tree();
    await q('DELETE FROM hypotheses WHERE id = $1', [ids[1]]);
    expect(await left([ids[0] as string])).toEqual({ hypotheses: 1, evidences: 1, comments: 1 });
    expect(await left(ids.slice(1))).toEqual({ hypotheses: 0, evidences: 0, comments: 0 });
  });

  it('still deletes parent and child named in one statement', async () => {
    const { ids } = await tree();
    const res = await s.raw(`hypotheses?id=in.("${ids[0]}","${ids[1]}")`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await left(ids)).toEqual({ hypotheses: 0, evidences: 0, comments: 0 });
  });
});
