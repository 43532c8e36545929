import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AV, startSpecServer, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * The incident detail's working parts: hypotheses, evidence, comments and responders
 * (datamodel.md §5 "hypotheses" … "responders", spec 000 §7 "Hypotheses" … "Responders").
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
  // Domain events are queued only for consumers that subscribed (ADR 0009): subscribe one.
  await s.db.pool.query(
    `INSERT INTO event_subscriptions (consumer, event)
     SELECT 'test', e FROM unnest($1::text[]) e`,
    [
      [
        'incident.dod.added',
        'incident.dod.passed',
        'incident.comment.added',
        'incident.responder.added',
        'incident.responder.removed',
      ],
    ],
  );
});
afterAll(async () => s?.close());

const alice = { id: ID.alice, name: 'Alice Smith', avatar: 'https://img/alice.png' };
const bob = { id: ID.bob, name: 'Bob Jones', avatar: null };
const carol = { id: ID.carol, name: 'Carol White', avatar: 'https://img/carol.png' };

/** Events the triggers enqueued for one row, for the test's consumer (the queue is exposed to admins). */
async function events(name: string, id: string): Promise<Row[]> {
  const { data } = await s.client
    .from('event_queue')
    .select()
    .eq('name', `test:${name}`)
    .eq('properties->>id', id);
  return data as Row[];
}

describe('hypotheses', () => {
  it('GET hypotheses?incident_id=eq.X&order=created_at.asc', async () => {
    const res = await s.raw(`hypotheses?incident_id=eq.${ID.inc1}&order=created_at.asc`);
    const rows = (await res.json()) as Row[];
    expect(rows.map((h) => [h.id, h.parent_id, h.type, h.status])).toEqual([
      [ID.badDeploy, null, 'root', 'likely'],
      [ID.poolExhausted, ID.badDeploy, 'factor', 'possible'],
    ]);
  });

  it('GET hypotheses?order=created_at.desc&title=ilike.*q*&incident_id=eq.X', async () => {
    const { data } = await s.client
      .from('hypotheses')
      .select()
      .order('created_at', { ascending: false })
      .ilike('title', '*POOL*')
      .eq('incident_id', ID.inc1);
    expect((data as Row[]).map((h) => h.title)).toEqual(['Connection pool exhausted']);
  });

  it('GET hypotheses?id=eq.X with comments (and their responder team) and evidences', async () => {
    const { data, error } = await s.client
      .from('hypotheses')
      .select(
        `id,comments(id,*,created_by(${AV}),responder_id(*,team_id(*))),evidences(id,*,created_by(${AV}))`,
      )
      .eq('id', ID.badDeploy);
    expect(error).toBeNull();
    const [h] = data as Row[];
    expect(Object.keys(h as Row)).toEqual(['id', 'comments', 'evidences']);
    const comments = (h?.comments as Row[]).sort((a, b) => a.id.localeCompare(b.id));
    expect(comments).toMatchObject([
      {
        id: ID.rollbackComment,
        comment: 'Rolling back to 1.4.1',
        created_by: carol,
        responder_id: null,
      },
      {
        id: ID.jiraComment,
        created_by: bob,
        responder_id: {
          id: ID.jiraResponder,
          type: 'jira',
          properties: { responderType: 'jira', project: 'OPS' },
          team_id: {
            id: ID.sre,
            name: 'SRE',
            spec: { responder_clients: { jira: { project: 'OPS' } } },
          },
        },
      },
    ]);
    const evidences = (h?.evidences as Row[]).sort((a, b) => a.id.localeCompare(b.id));
    expect(evidences).toMatchObject([
      { id: ID.deployEvidence, definition_of_done: true, created_by: alice },
      { id: ID.logEvidence, check_id: ID.apiHealth, created_by: bob },
    ]);
  });

  it('POST hypotheses with a client-made id answers 201 and records the Changelog', async () => {
    const id = '12000000-0000-4000-8000-0000000000aa';
    const { data, status, error } = await s.client
      .from('hypotheses')
      .insert({
        id,
        created_by: ID.carol,
        incident_id: ID.inc1,
        parent_id: ID.badDeploy,
        type: 'solution',
        title: 'Roll back to 1.4.1',
        status: 'possible',
      })
      .select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect((data as Row[])[0]).toMatchObject({ id, parent_id: ID.badDeploy, type: 'solution' });
    const history = await s.client
      .from('incident_histories')
      .select('type,description')
      .eq('hypothesis_id', id);
    expect(history.data).toEqual([{ type: 'hypothesis.created', description: 'possible' }]);
  });

  it('PATCH hypotheses?id=eq.X {status} and {title}', async () => {
    const id = '12000000-0000-4000-8000-0000000000aa';
    const status = await s.client
      .from('hypotheses')
      .update({ status: 'proven' })
      .eq('id', id)
      .select();
    expect(status.data).toEqual([expect.objectContaining({ status: 'proven' })]);
    const title = await s.raw(`hypotheses?id=eq.${id}`, {
      method: 'PATCH',
      body: { title: 'Rolled back to 1.4.1' },
    });
    expect(title.status).toBe(200);
    expect(await title.json()).toEqual([
      expect.objectContaining({ title: 'Rolled back to 1.4.1', status: 'proven' }),
    ]);
    const history = await s.client
      .from('incident_histories')
      .select('type,description')
      .eq('hypothesis_id', id)
      .eq('type', 'hypothesis.status_updated');
    expect(history.data).toEqual([{ type: 'hypothesis.status_updated', description: 'proven' }]);
  });
});

describe('evidences and comments', () => {
  let evidenceId: string;

  it('POST evidences with the undefined keys left out answers 201', async () => {
    const body = {
      config_id: undefined,
      config_analysis_id: ID.crashLoop,
      config_change_id: undefined,
      component_id: ID.apiServer,
      check_id: undefined,
      created_by: ID.bob,
      hypothesis_id: ID.poolExhausted,
      evidence: { comment: 'restarts every minute' },
      type: 'config_analysis',
      description: 'Pod crash-looping',
      properties: undefined,
      definition_of_done: false,
      done: false,
      script: undefined,
    };
    const { data, status, error } = await s.client.from('evidences').insert(body).select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    evidenceId = (data as Row[])[0]?.id as string;
    expect((data as Row[])[0]).toMatchObject({
      config_analysis_id: ID.crashLoop,
      config_id: null,
      definition_of_done: false,
      evidence: { comment: 'restarts every minute' },
    });
  });

  it('GET evidences?id=eq.X', async () => {
    const { data } = await s.client.from('evidences').select().eq('id', evidenceId);
    expect(data).toEqual([expect.objectContaining({ id: evidenceId, type: 'config_analysis' })]);
  });

  it('PATCH evidences?id=eq.X into the definition of done, then done, enqueues the DoD events', async () => {
    const dod = await s.client
      .from('evidences')
      .update({ definition_of_done: true, script: 'kubectl get pods' })
      .eq('id', evidenceId)
      .select();
    expect(dod.data).toEqual([
      expect.objectContaining({ definition_of_done: true, script: 'kubectl get pods' }),
    ]);
    const done = await s.client
      .from('evidences')
      .update({ done: true })
      .eq('id', evidenceId)
      .select();
    expect(done.data).toEqual([expect.objectContaining({ done: true })]);
    expect(await events('incident.dod.added', evidenceId)).toHaveLength(1);
    expect(await events('incident.dod.passed', evidenceId)).toHaveLength(1);
  });

  it('GET comments?select=*,created_by(AV)&hypothesis_id=eq.X&order=created_at.asc', async () => {
    const res = await s.raw(
      `comments?select=*,created_by(${AV})&hypothesis_id=eq.${ID.badDeploy}&order=created_at.asc`,
    );
    const rows = (await res.json()) as Row[];
    expect(rows.map((c) => [c.comment, c.created_by])).toEqual([
      ['Rolling back to 1.4.1', carol],
      ['OPS-42 created', bob],
    ]);
  });

  it('POST comments answers 201 and enqueues incident.comment.added', async () => {
    const { data, status } = await s.client
      .from('comments')
      .insert({
        created_by: ID.dave,
        incident_id: ID.inc1,
        hypothesis_id: ID.poolExhausted,
        comment: 'Pool size raised to 50',
      })
      .select();
    expect(status).toBe(201);
    const id = (data as Row[])[0]?.id as string;
    expect(await events('incident.comment.added', id)).toHaveLength(1);
  });
});

describe('responders', () => {
  const listSelect = '*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)';
  let responderId: string;

  it('POST responders?select=* answers 201 with the new responder', async () => {
    const res = await s.raw('responders?select=*', {
      method: 'POST',
      body: {
        type: 'person',
        incident_id: ID.inc2,
        created_by: ID.alice,
        team_id: null,
        person_id: ID.carol,
        properties: { responderType: 'person' },
      },
    });
    expect(res.status).toBe(201);
    const [row] = (await res.json()) as Row[];
    responderId = row?.id as string;
    expect(row).toMatchObject({ type: 'person', person_id: ID.carol, deleted_at: null });
    expect(await events('incident.responder.added', responderId)).toHaveLength(1);
  });

  it('GET responders?incident_id=eq.X&select=…&deleted_at=is.null leaves removed ones out', async () => {
    const res = await s.raw(
      `responders?incident_id=eq.${ID.inc1}&select=${listSelect}&deleted_at=is.null`,
    );
    const rows = ((await res.json()) as Row[]).sort((a, b) => a.id.localeCompare(b.id));
    expect(rows.map((r) => [r.id, r.person, r.team])).toEqual([
      [ID.daveResponder, { id: ID.dave, name: 'Dave Brown', avatar: null }, null],
      [
        ID.jiraResponder,
        null,
        {
          id: ID.sre,
          name: 'SRE',
          icon: 'sre-icon',
          spec: { responder_clients: { jira: { project: 'OPS' } } },
        },
      ],
    ]);
  });

  it('PATCH responders?id=eq.X {deleted_at:"now()"} removes the responder', async () => {
    const before = Date.now();
    const { data, status } = await s.client
      .from('responders')
      .update({ deleted_at: 'now()' })
      .eq('id', responderId)
      .select();
    expect(status).toBe(200);
    // The literal "now()" is cast by Postgres, so it is the server's current time.
    const deletedAt = Date.parse((data as Row[])[0]?.deleted_at as string);
    expect(Math.abs(deletedAt - before)).toBeLessThan(60_000);
    expect(await events('incident.responder.removed', responderId)).toHaveLength(1);
    const left = await s.client
      .from('responders')
      .select(listSelect)
      .eq('incident_id', ID.inc2)
      .is('deleted_at', null);
    expect(left.data).toEqual([]);
  });
});

describe('deleting hypotheses', () => {
  it('DELETE comments and evidences by hypothesis_id, then the hypotheses by quoted ids', async () => {
    const solution = '12000000-0000-4000-8000-0000000000aa';
    for (const table of ['comments', 'evidences']) {
      const res = await s.raw(`${table}?hypothesis_id=eq.${ID.poolExhausted}`, {
        method: 'DELETE',
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Row[]).length).toBeGreaterThan(0);
    }
    const one = await s.client.from('hypotheses').delete().eq('id', solution).select('id');
    expect(one.data).toEqual([{ id: solution }]);
    await s.raw(`comments?hypothesis_id=eq.${ID.badDeploy}`, { method: 'DELETE' });
    const evidences = await s.raw(`evidences?id=in.("${ID.deployEvidence}","${ID.logEvidence}")`, {
      method: 'DELETE',
    });
    expect(((await evidences.json()) as Row[]).map((e) => e.id).sort()).toEqual([
      ID.deployEvidence,
      ID.logEvidence,
    ]);
    // Parent and child in one statement: the self-reference is satisfied at its end.
    const res = await s.raw(`hypotheses?id=in.("${ID.badDeploy}","${ID.poolExhausted}")`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Row[]).map((h) => h.id).sort()).toEqual([
      ID.badDeploy,
      ID.poolExhausted,
    ]);
    // The Changelog keeps its entries, no longer linked to the deleted rows.
    const history = await s.client
      .from('incident_histories')
      .select('type,hypothesis_id')
      .eq('incident_id', ID.inc1)
      .eq('type', 'hypothesis.created');
    expect(history.data).toEqual(
      expect.arrayContaining([{ type: 'hypothesis.created', hypothesis_id: null }]),
    );
  });

  it('deletes a hypothesis with its evidence and comments in one statement (spec 000 §4.2)', async () => {
    const evidence = await s.client
      .from('evidences')
      .select('id')
      .eq('hypothesis_id', ID.slowQuery);
    expect(evidence.data?.length).toBeGreaterThan(0);
    const res = await s.raw(`hypotheses?id=eq.${ID.slowQuery}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const left = await s.client.from('evidences').select('id').eq('hypothesis_id', ID.slowQuery);
    expect(left.data).toEqual([]);
  });
});
