import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AV, startSpecServer, type Row, type SpecServer } from './harness.testing.js';
import { ID } from './seed.testing.js';

/**
 * Incident list, detail, search, writes, by-resource lists and the Changelog (datamodel.md §5
 * "incidents list" … "history", spec 000 §7 "Incidents").
 */
let s: SpecServer;
beforeAll(async () => {
  s = await startSpecServer();
});
afterAll(async () => s?.close());

const alice = { id: ID.alice, name: 'Alice Smith', avatar: 'https://img/alice.png' };
const bob = { id: ID.bob, name: 'Bob Jones', avatar: null };
const carol = { id: ID.carol, name: 'Carol White', avatar: 'https://img/carol.png' };
const byTitle = (rows: Row[]) => [...rows].sort((a, b) => a.title.localeCompare(b.title));

describe('incident list (incident_summary)', () => {
  it('filters by title, severity, status and type, newest first, ignoring empty params', async () => {
    const res = await s.raw(
      'incident_summary?&title=ilike.*payments*&order=created_at.desc&severity=eq.high&status=eq.open&type=eq.availability',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      expect.objectContaining({
        id: ID.inc1,
        incident_id: 'INC-1',
        title: 'Payments API returning 500s',
        severity: 'high',
        type: 'availability',
        status: 'open',
        commander: { id: ID.bob, avatar: null, name: 'Bob Jones' },
        // People and team responders (team icon as avatar), the removed responder left out.
        responders: [
          { id: ID.dave, avatar: null, name: 'Dave Brown' },
          { id: ID.sre, avatar: 'sre-icon', name: 'SRE' },
        ],
        commenters: [bob, carol],
      }),
    ]);
  });

  it('lists every incident newest first, with an all-null commander where none is set', async () => {
    const { data } = await s.client
      .from('incident_summary')
      .select()
      .order('created_at', { ascending: false });
    expect((data as Row[]).map((r) => r.incident_id)).toEqual(['INC-1', 'INC-2', 'INC-3']);
    expect((data as Row[])[2]).toMatchObject({
      commander: { id: null, avatar: null, name: null },
      responders: [],
      commenters: [],
    });
  });

  it('filters by owner: created_by=eq.<person>', async () => {
    const { data, error } = await s.client
      .from('incident_summary')
      .select()
      .eq('created_by', ID.bob)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect((data as Row[]).map((r) => r.id)).toEqual([ID.inc2]);
  });

  it('answers the component filter on the list view with PGRST108, as PostgREST does', async () => {
    // The view has no evidence columns and the console selects no embed: a filter on an embed
    // path that is not selected is PostgREST's 400 PGRST108 (datamodel.md §5 quirk).
    const res = await s.raw(
      `incident_summary?order=created_at.desc&hypotheses.evidences.component_id=eq.${ID.apiServer}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'PGRST108',
      message: expect.stringContaining('hypotheses.evidences'),
    });
  });
});

describe('incident detail and searches (incidents)', () => {
  it('GET incidents?id=eq.X with hypotheses, evidences, comments, commander, communicator and responders', async () => {
    const { data, error } = await s.client
      .from('incidents')
      .select(
        `*,hypotheses(*,created_by(${AV}),evidences(*,created_by(${AV})),comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(id,${AV}),id)),commander:commander_id(${AV}),communicator_id(${AV}),responders(created_by(${AV}))`,
      )
      .eq('id', ID.inc1);
    expect(error).toBeNull();
    const [incident] = data as Row[];
    expect(incident).toMatchObject({
      id: ID.inc1,
      incident_id: 'INC-1',
      title: 'Payments API returning 500s',
      created_by: ID.alice,
      commander: bob,
      communicator_id: carol,
      responders: [{ created_by: alice }, { created_by: alice }, { created_by: alice }],
    });
    // `*` keeps commander_id as the uuid beside the aliased embed; the unaliased
    // communicator_id(...) embed takes over its column's key (the last duplicate key wins).
    expect(incident?.commander_id).toBe(ID.bob);
    const [badDeploy, pool] = byTitle(incident?.hypotheses as Row[]);
    expect(pool).toMatchObject({ id: ID.poolExhausted, parent_id: ID.badDeploy, created_by: bob });
    expect(pool?.evidences).toEqual([]);
    expect(pool?.comments).toEqual([]);
    expect(badDeploy).toMatchObject({ id: ID.badDeploy, type: 'root', created_by: alice });
    const evidences = (badDeploy?.evidences as Row[]).sort((a, b) => a.id.localeCompare(b.id));
    expect(evidences).toMatchObject([
      { id: ID.deployEvidence, type: 'config_change', created_by: alice },
      { id: ID.logEvidence, type: 'log', created_by: bob, evidence: { lines: expect.any(Array) } },
    ]);
    const comments = (badDeploy?.comments as Row[]).sort((a, b) => a.id.localeCompare(b.id));
    expect(comments).toEqual([
      {
        created_at: expect.any(String),
        comment: 'Rolling back to 1.4.1',
        external_created_by: null,
        responder_id: null,
        created_by: carol,
        id: ID.rollbackComment,
      },
      {
        created_at: expect.any(String),
        comment: 'OPS-42 created',
        external_created_by: 'jira-bot',
        responder_id: { team_id: expect.objectContaining({ id: ID.sre, name: 'SRE' }) },
        created_by: bob,
        id: ID.jiraComment,
      },
    ]);
  });

  it('filters through !inner embeds by the evidence component (incidents with params)', async () => {
    const select = `*,hypotheses!inner(*,created_by(${AV}),evidences!inner(id,evidence,type,component_id)),comments(id,created_by(${AV})),commander_id(${AV}),communicator_id(${AV}),responders(*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar),created_by(${AV}))`;
    const { data, error } = await s.client
      .from('incidents')
      .select(select)
      .eq('hypotheses.evidences.component_id', ID.apiServer)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const [incident] = data as Row[];
    expect(incident).toMatchObject({ id: ID.inc1, commander_id: bob, communicator_id: carol });
    // Only the hypothesis holding matching evidence, and only that evidence.
    expect(incident?.hypotheses).toEqual([
      expect.objectContaining({
        id: ID.badDeploy,
        created_by: alice,
        evidences: [
          {
            id: ID.deployEvidence,
            evidence: { comment: 'see diff' },
            type: 'config_change',
            component_id: ID.apiServer,
          },
        ],
      }),
    ]);
    expect(incident?.comments).toHaveLength(2);
    const responders = (incident?.responders as Row[]).sort((a, b) => a.id.localeCompare(b.id));
    expect(responders).toMatchObject([
      { id: ID.daveResponder, person: { id: ID.dave, name: 'Dave Brown' }, team: null },
      {
        id: ID.jiraResponder,
        person: null,
        team: { id: ID.sre, name: 'SRE', icon: 'sre-icon', spec: expect.any(Object) },
        created_by: alice,
      },
      { id: ID.removedResponder, deleted_at: expect.any(String) },
    ]);
    const db = await s.client
      .from('incidents')
      .select(select)
      .eq('hypotheses.evidences.component_id', ID.database);
    expect((db.data as Row[]).map((r) => r.id)).toEqual([ID.inc2]);
  });

  it('without the component filter lists incidents with or without hypotheses', async () => {
    const { data } = await s.client
      .from('incidents')
      .select(`*,hypotheses(*,created_by(${AV}),evidences(id,evidence,type,component_id))`)
      .eq('severity', 'low')
      .eq('type', 'security')
      .eq('status', 'resolved')
      .order('created_at', { ascending: false });
    expect(data).toEqual([expect.objectContaining({ id: ID.inc3, hypotheses: [] })]);
  });

  it('searches titles and lists recent incidents with their hypothesis ids and types', async () => {
    const search = await s.client
      .from('incidents')
      .select('*,hypotheses(id,type)')
      .order('created_at', { ascending: false })
      .ilike('title', '*database*');
    expect(search.data).toEqual([
      expect.objectContaining({ id: ID.inc2, hypotheses: [{ id: ID.slowQuery, type: 'root' }] }),
    ]);
    const recent = await s.raw(
      'incidents?order=created_at.desc&limit=10&select=*,hypotheses(id,type)',
    );
    const rows = (await recent.json()) as Row[];
    expect(rows.map((r) => r.id)).toEqual([ID.inc1, ID.inc2, ID.inc3]);
    expect(rows[0]?.hypotheses).toHaveLength(2);
  });
});

describe('incidents by resource', () => {
  it('GET incidents_by_component with type, status and component filters', async () => {
    const res = await s.raw(
      `incidents_by_component?order=created_at.desc&type=eq.availability&status=eq.open&component_id=eq.${ID.apiServer}`,
    );
    expect(await res.json()).toEqual([
      {
        title: 'Payments API returning 500s',
        id: ID.inc1,
        created_at: expect.any(String),
        type: 'availability',
        status: 'open',
        severity: 'high',
        component_id: ID.apiServer,
      },
    ]);
    const closed = await s.raw(
      `incidents_by_component?order=created_at.desc&status=eq.closed&component_id=eq.${ID.apiServer}`,
    );
    expect(await closed.json()).toEqual([]);
  });

  it('GET incidents_by_config with type, status and config filters', async () => {
    const { data } = await s.client
      .from('incidents_by_config')
      .select()
      .order('created_at', { ascending: false })
      .eq('type', 'availability')
      .eq('status', 'open')
      .eq('config_id', ID.deployment);
    expect(data).toEqual([expect.objectContaining({ id: ID.inc1, config_id: ID.deployment })]);
  });
});

describe('Changelog (incident_histories)', () => {
  const select = `*,evidence:evidences(id,description,type,components(id,name,icon),configs(id,name),config_changes(id,change_type),config_analysis(id,analyzer,message,analysis),checks(id,icon,name)),hypothesis:hypotheses(id,title),responder:responders(id,person:person_id(id,name,avatar),team:team_id(id,name,icon)),comment:comments(id,comment),created_by(id,name,avatar)`;

  it('lists the trigger-written history with every embed', async () => {
    const { data, error } = await s.client
      .from('incident_histories')
      .select(select)
      .eq('incident_id', ID.inc1)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    const rows = data as Row[];
    const types = rows.map((r) => r.type).sort();
    expect(types).toEqual([
      'evidence.created',
      'evidence.created',
      'evidence.done_definition_added',
      'hypothesis.created',
      'hypothesis.created',
      'incident.created',
      'responder.commented',
      'responder.created',
      'responder.created',
      'responder.created',
    ]);
    const created = rows.find((r) => r.type === 'incident.created');
    expect(created).toMatchObject({ description: 'INC-1', created_by: alice, evidence: null });
    const deploy = rows.find(
      (r) => r.type === 'evidence.created' && r.evidence_id === ID.deployEvidence,
    );
    expect(deploy?.evidence).toEqual({
      id: ID.deployEvidence,
      description: 'Image bumped minutes before errors',
      type: 'config_change',
      components: { id: ID.apiServer, name: 'payments-api', icon: 'pod' },
      configs: { id: ID.deployment, name: 'payments-api' },
      config_changes: { id: ID.changeDiff, change_type: 'diff' },
      config_analysis: null,
      checks: null,
    });
    expect(deploy?.hypothesis).toEqual({ id: ID.badDeploy, title: 'Bad deploy of payments-api' });
    const log = rows.find((r) => r.evidence_id === ID.logEvidence);
    expect(log?.evidence.checks).toEqual({ id: ID.apiHealth, icon: 'http', name: 'api-health' });
    const responders = rows.filter((r) => r.type === 'responder.created').map((r) => r.responder);
    expect(responders).toContainEqual({
      id: ID.daveResponder,
      person: { id: ID.dave, name: 'Dave Brown', avatar: null },
      team: null,
    });
    expect(responders).toContainEqual({
      id: ID.jiraResponder,
      person: null,
      team: { id: ID.sre, name: 'SRE', icon: 'sre-icon' },
    });
    const commented = rows.find((r) => r.type === 'responder.commented');
    expect(commented).toMatchObject({
      comment: { id: ID.jiraComment, comment: 'OPS-42 created' },
      created_by: bob,
    });
  });
});

describe('incident writes', () => {
  it('POST incidents?select=* answers 201 with the new incident and its display id', async () => {
    const { data, status, error } = await s.client
      .from('incidents')
      .insert({
        title: 'Checkout slow',
        description: 'Reported by support',
        severity: 'Low',
        type: 'availability',
        status: 'open',
        created_by: s.adminId,
        commander_id: ID.alice,
        communicator_id: ID.bob,
      })
      .select('*');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      expect.objectContaining({
        incident_id: 'INC-4',
        title: 'Checkout slow',
        severity: 'Low',
        created_by: s.adminId,
        commander_id: ID.alice,
        acknowledged: null,
        created_at: expect.any(String),
      }),
    ]);
    const missing = await s.client.from('incidents').insert({ title: 'x' }).select();
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({ code: '23502' });
  });

  it('PATCH incidents?id=eq.X {status} updates and records who changed it', async () => {
    const { data, status } = await s.client
      .from('incidents')
      .update({ status: 'mitigated' })
      .eq('id', ID.inc2)
      .select();
    expect(status).toBe(200);
    expect(data).toEqual([expect.objectContaining({ id: ID.inc2, status: 'mitigated' })]);
    const history = await s.client
      .from('incident_histories')
      .select('type,description,created_by(id,name,avatar)')
      .eq('incident_id', ID.inc2)
      .eq('type', 'incident.status_updated');
    // PostgREST passes the caller as request.jwt.claims, which the history trigger reads
    // (0006 via current_person_id()): the change is the admin's, not the incident creator's.
    expect(history.data).toEqual([
      {
        type: 'incident.status_updated',
        description: 'mitigated',
        created_by: { id: s.adminId, name: 'Admin', avatar: null },
      },
    ]);
  });

  it('PATCH incidents?id=eq.X {severity,type} changes only those fields', async () => {
    const res = await s.raw(`incidents?id=eq.${ID.inc3}`, {
      method: 'PATCH',
      body: { severity: 'critical', type: 'compliance' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      expect.objectContaining({ severity: 'critical', type: 'compliance', status: 'resolved' }),
    ]);
  });
});
