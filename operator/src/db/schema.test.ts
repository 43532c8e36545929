import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';

// The data model of ../../migrations/0002.. on a real PostgreSQL: what the console and the
// controllers rely on (names, ids, triggers, views), asserted through plain SQL.

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => db?.close());

type Row = Record<string, unknown>;
async function q<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.pool.query<T>(sql, params)).rows;
}
async function one<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T> {
  const rows = await q<T>(sql, params);
  expect(rows).toHaveLength(1);
  return rows[0] as T;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const TABLES = [
  'agents',
  'teams',
  'team_members',
  'team_components',
  'connections',
  'permissions',
  'canaries',
  'checks',
  'check_statuses',
  'check_statuses_1h',
  'check_statuses_1d',
  'check_component_relationships',
  'check_config_relationships',
  'components',
  'component_relationships',
  'config_component_relationships',
  'topologies',
  'config_scrapers',
  'config_items',
  'config_changes',
  'config_analysis',
  'config_relationships',
  'incidents',
  'hypotheses',
  'evidences',
  'comments',
  'comment_responders',
  'responders',
  'incident_histories',
  'incident_relationships',
  'incident_rules',
  'severities',
  'playbooks',
  'playbook_runs',
  'playbook_run_actions',
  'playbook_approvals',
  'playbook_action_agent_data',
  'artifacts',
  'notifications',
  'notification_send_history',
  'notification_silences',
  'job_history',
  'event_queue',
  'logging_backends',
  'integrations',
  'saved_query',
  'resources',
  'resource_events',
];

// Every view datamodel.md §3 and the console's calls (§5) name.
const VIEWS = [
  'check_status_summary_hour',
  'check_status_summary_aged',
  'check_status_summary',
  'check_summary',
  'check_summary_for_config',
  'checks_by_component',
  'check_summary_by_component',
  'checks_by_config',
  'check_summary_by_config',
  'check_names',
  'check_labels',
  'check_statuses_5m',
  'check_size_summary',
  'canaries_with_status',
  'topology',
  'incident_summary_by_component',
  'analysis_summary_by_component',
  'analysis_by_component',
  'component_names',
  'component_names_all',
  'component_labels',
  'component_types',
  'components_with_logs',
  'changes_by_component',
  'config_item_summary_3d',
  'config_item_summary_7d',
  'config_item_summary_30d',
  'configs',
  'config_names',
  'config_detail',
  'config_types',
  'config_classes',
  'analyzer_types',
  'analysis_types',
  'change_types',
  'config_statuses',
  'config_tags',
  'config_labels',
  'config_summary',
  'config_class_summary',
  'config_analysis_analyzers',
  'config_analysis_items',
  'config_changes_by_types',
  'config_analysis_by_severity',
  'catalog_changes',
  'config_items_aws',
  'job_history_latest_status',
  'topologies_with_status',
  'teams_with_status',
  'config_scrapers_with_status',
  'integrations_with_status',
  'job_histories',
  'job_history_names',
  'agents_summary',
  'people_roles',
  'connections_list',
  'connection_details',
  'playbook_names',
  'playbooks_for_agent',
  'notifications_summary',
  'notification_send_history_summary',
  'event_queue_summary',
  'failed_events',
  'push_queue_summary',
  'incident_summary',
  'incidents_by_component',
  'incidents_by_config',
];

async function person(name: string): Promise<string> {
  const row = await one<{ id: string }>('INSERT INTO people (name) VALUES ($1) RETURNING id', [
    name,
  ]);
  return row.id;
}

async function canaryWithCheck(name: string): Promise<{ canary: string; check: string }> {
  const { id: canary } = await one<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, source) VALUES ($1, 'default', '{}', 'UI')
     RETURNING id`,
    [name],
  );
  const { id: check } = await one<{ id: string }>(
    `INSERT INTO checks (canary_id, type, name) VALUES ($1, 'http', $2) RETURNING id`,
    [canary, `${name}-check`],
  );
  return { canary, check };
}

// Runs first: the display ids come from a sequence that other tests would advance.
describe('incidents', () => {
  let alice: string;
  let incident: string;

  it('numbers incidents INC-1, INC-2 in creation order', async () => {
    alice = await person('Alice');
    const insert = `INSERT INTO incidents (title, created_by, severity, description, type, status)
      VALUES ($1, $2, 'high', 'd', 'availability', 'open') RETURNING id, incident_id`;
    const first = await one<{ id: string; incident_id: string }>(insert, ['API down', alice]);
    const second = await one<{ incident_id: string }>(insert, ['DB slow', alice]);
    expect(first.incident_id).toBe('INC-1');
    expect(second.incident_id).toBe('INC-2');
    incident = first.id;
  });

  it('writes a Changelog row for each thing added to an incident', async () => {
    const { id: hypothesis } = await one<{ id: string }>(
      `INSERT INTO hypotheses (created_by, incident_id, type, title, status)
       VALUES ($1, $2, 'root', 'bad deploy', 'possible') RETURNING id`,
      [alice, incident],
    );
    const { id: evidence } = await one<{ id: string }>(
      `INSERT INTO evidences (description, hypothesis_id, created_by, type, definition_of_done)
       VALUES ('pods restarting', $1, $2, 'log', true) RETURNING id`,
      [hypothesis, alice],
    );
    const { id: responder } = await one<{ id: string }>(
      `INSERT INTO responders (incident_id, type, person_id, created_by)
       VALUES ($1, 'person', $2, $2) RETURNING id`,
      [incident, alice],
    );
    const { id: comment } = await one<{ id: string }>(
      `INSERT INTO comments (created_by, comment, incident_id, responder_id)
       VALUES ($1, 'on it', $2, $3) RETURNING id`,
      [alice, incident, responder],
    );
    // A person's own comment is the comment thread, not a Changelog event.
    await q(`INSERT INTO comments (created_by, comment, incident_id) VALUES ($1, 'hi', $2)`, [
      alice,
      incident,
    ]);

    const history = await q(
      `SELECT type, description, hypothesis_id, evidence_id, responder_id, comment_id, created_by
       FROM incident_histories WHERE incident_id = $1 ORDER BY created_at, type`,
      [incident],
    );
    expect(history).toEqual([
      expect.objectContaining({
        type: 'incident.created',
        description: 'INC-1',
        created_by: alice,
      }),
      expect.objectContaining({
        type: 'hypothesis.created',
        description: 'possible',
        hypothesis_id: hypothesis,
      }),
      expect.objectContaining({
        type: 'evidence.created',
        hypothesis_id: hypothesis,
        evidence_id: evidence,
      }),
      expect.objectContaining({ type: 'evidence.done_definition_added', evidence_id: evidence }),
      expect.objectContaining({ type: 'responder.created', responder_id: responder }),
      expect.objectContaining({ type: 'responder.commented', comment_id: comment }),
    ]);
  });

  it('records status changes of incidents and hypotheses', async () => {
    await q(`UPDATE incidents SET status = 'investigating' WHERE id = $1`, [incident]);
    await q(`UPDATE incidents SET title = 'renamed' WHERE id = $1`, [incident]);
    await q(`UPDATE hypotheses SET status = 'proven' WHERE incident_id = $1`, [incident]);
    const rows = await q<{ type: string; description: string }>(
      `SELECT type, description FROM incident_histories
       WHERE incident_id = $1 AND type LIKE '%status_updated' ORDER BY created_at`,
      [incident],
    );
    expect(rows).toEqual([
      { type: 'incident.status_updated', description: 'investigating' },
      { type: 'hypothesis.status_updated', description: 'proven' },
    ]);
  });

  it('keeps the Changelog when a hypothesis and its evidence are deleted', async () => {
    const { id: hypothesis } = await one<{ id: string }>(
      'SELECT id FROM hypotheses WHERE incident_id = $1',
      [incident],
    );
    await q('DELETE FROM evidences WHERE hypothesis_id = $1', [hypothesis]);
    await q('DELETE FROM hypotheses WHERE id = $1', [hypothesis]);
    const { n } = await one<{ n: number }>(
      `SELECT count(*) AS n FROM incident_histories WHERE incident_id = $1 AND type = 'hypothesis.created'`,
      [incident],
    );
    expect(n).toBe(1);
  });

  it('lists incidents with their people as JSON and keeps the key columns', async () => {
    const row = await one<Row>(
      'SELECT id, created_by, commander, responders, commenters FROM incident_summary WHERE id = $1',
      [incident],
    );
    expect(row.created_by).toBe(alice);
    expect(row.commander).toEqual({ id: null, name: null, avatar: null });
    expect(row.responders).toEqual([{ id: alice, name: 'Alice', avatar: null }]);
    expect(row.commenters).toEqual([{ id: alice, name: 'Alice', avatar: null }]);
  });
});

describe('schema', () => {
  it('has every table and view, each selectable', async () => {
    for (const name of [...TABLES, ...VIEWS]) {
      await expect(q(`SELECT * FROM ${name} LIMIT 1`), name).resolves.toBeDefined();
    }
    const views = await q<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.views WHERE table_schema = 'public'`,
    );
    expect(views.map((v) => v.name)).toEqual(expect.arrayContaining(VIEWS));
  });

  it('has the local agent every agent_id defaults to, and the severity scale', async () => {
    expect(await q('SELECT id, name FROM agents')).toEqual([{ id: NIL_UUID, name: 'local' }]);
    const severities = await q('SELECT id, name FROM severities ORDER BY id');
    expect(severities.map((s) => s.name)).toEqual(['Critical', 'Blocker', 'High', 'Medium', 'Low']);
  });

  it('names the foreign keys the console embeds through', async () => {
    const names = (
      await q<{ conname: string }>(`SELECT conname FROM pg_constraint WHERE contype = 'f'`)
    ).map((r) => r.conname);
    expect(names).toEqual(
      expect.arrayContaining([
        'checks_canary_id_fkey',
        'checks_agent_id_fkey',
        'config_component_relationships_config_id_fkey',
        'config_component_relationships_component_id_fkey',
        'config_relationships_config_id_fkey',
        'config_relationships_related_id_fkey',
        'comments_incident_id_fkey',
        'people_team_id_fkey',
        'playbook_run_playbook_id_fkey',
        'notification_silence_check_id_fkey',
      ]),
    );
  });

  it('keeps base-table key columns in the views so embeds resolve through them', async () => {
    await q('SELECT id, created_by, commander_id FROM incident_summary');
    await q('SELECT id, person_id, team_id, created_by FROM notifications_summary');
    await q('SELECT id, canary_id, agent_id FROM check_summary');
    await q('SELECT config_id, id, canary_id FROM check_summary_for_config');
    await q('SELECT id, scraper_id, agent_id, created_by, parent_id FROM configs');
    await q('SELECT id, scraper_id, agent_id FROM config_detail');
    await q('SELECT id, agent_id, created_by FROM canaries_with_status');
    await q('SELECT id, agent_id, created_by FROM topologies_with_status');
    await q('SELECT id, agent_id, created_by FROM config_scrapers_with_status');
    await q('SELECT id, created_by FROM teams_with_status');
    await q('SELECT id, agent_id FROM job_histories');
    await q('SELECT id, person_id, created_by FROM agents_summary');
    await q('SELECT id, config_id, created_by, agent_id FROM catalog_changes');
    await q('SELECT config_id, component_id, analysis_id FROM analysis_by_component');
    await q('SELECT id, notification_id, person_id FROM notification_send_history_summary');
  });
});

describe('updated_at', () => {
  it('moves when a row changes, not on a no-op update', async () => {
    const { id, updated_at: created } = await one<{ id: string; updated_at: Date }>(
      `INSERT INTO teams (name, created_by) VALUES ('ops', $1) RETURNING id, updated_at`,
      [NIL_UUID],
    );
    await sleep(5);
    const same = await one<{ updated_at: Date }>(
      `UPDATE teams SET name = 'ops' WHERE id = $1 RETURNING updated_at`,
      [id],
    );
    expect(same.updated_at).toEqual(created);
    const changed = await one<{ updated_at: Date }>(
      `UPDATE teams SET icon = 'team' WHERE id = $1 RETURNING updated_at`,
      [id],
    );
    expect(changed.updated_at.getTime()).toBeGreaterThan(created.getTime());
  });

  it('treats only a spec change as an edit of a canary', async () => {
    const { canary } = await canaryWithCheck('edit-me');
    const before = await one<{ updated_at: Date }>(
      'SELECT updated_at FROM canaries WHERE id = $1',
      [canary],
    );
    await sleep(5);
    const labelled = await one<{ updated_at: Date }>(
      `UPDATE canaries SET labels = '{"a":"b"}' WHERE id = $1 RETURNING updated_at`,
      [canary],
    );
    expect(labelled.updated_at).toEqual(before.updated_at);
    const edited = await one<{ updated_at: Date }>(
      `UPDATE canaries SET spec = '{"interval": 30}' WHERE id = $1 RETURNING updated_at`,
      [canary],
    );
    expect(edited.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });
});

describe('health', () => {
  it('soft-deleting a canary soft-deletes its checks and their links', async () => {
    const { canary, check } = await canaryWithCheck('doomed');
    const { id: component } = await one<{ id: string }>(
      `INSERT INTO components (external_id, name, status) VALUES ('c', 'svc', 'healthy') RETURNING id`,
    );
    await q(
      `INSERT INTO check_component_relationships (component_id, check_id, canary_id)
       VALUES ($1, $2, $3)`,
      [component, check, canary],
    );
    // the console sends the literal string now()
    await q(`UPDATE canaries SET deleted_at = 'now()' WHERE id = $1`, [canary]);
    const row = await one<{ check_deleted: Date | null; link_deleted: Date | null }>(
      `SELECT c.deleted_at AS check_deleted, r.deleted_at AS link_deleted
       FROM checks c JOIN check_component_relationships r ON r.check_id = c.id WHERE c.id = $1`,
      [check],
    );
    expect(row.check_deleted).toBeInstanceOf(Date);
    expect(row.link_deleted).toBeInstanceOf(Date);
  });

  it('sets last_transition_time when the status changes, and only then', async () => {
    const { check } = await canaryWithCheck('flappy');
    const past = new Date('2024-01-01T00:00:00Z');
    await q(`UPDATE checks SET status = 'healthy', last_transition_time = $2 WHERE id = $1`, [
      check,
      past,
    ]);
    await q(`UPDATE checks SET status = 'healthy', last_runtime = now() WHERE id = $1`, [check]);
    const unchanged = await one<{ last_transition_time: Date }>(
      'SELECT last_transition_time FROM checks WHERE id = $1',
      [check],
    );
    expect(unchanged.last_transition_time).toEqual(past);
    const changed = await one<{ last_transition_time: Date }>(
      `UPDATE checks SET status = 'unhealthy' WHERE id = $1 RETURNING last_transition_time`,
      [check],
    );
    expect(changed.last_transition_time.getTime()).toBeGreaterThan(past.getTime());
  });

  it('folds new results into the rollups and the check, and publishes the transition to subscribers', async () => {
    await q(`INSERT INTO event_subscriptions (consumer, event) VALUES ('test', 'check.failed')`);
    const { check } = await canaryWithCheck('rolled');
    await q(
      `INSERT INTO check_statuses (check_id, time, status, duration, message) VALUES
         ($1, now() - interval '2 minutes', true, 100, 'ok'),
         ($1, now() - interval '1 minute', false, 300, 'timeout')`,
      [check],
    );
    const rollup = await one(
      'SELECT total, passed, failed, duration FROM check_statuses_1h WHERE check_id = $1',
      [check],
    );
    expect(rollup).toEqual({ total: 2, passed: 1, failed: 1, duration: 200 });
    const latest = await one(
      'SELECT status, latest_message, latest_duration FROM checks WHERE id = $1',
      [check],
    );
    expect(latest).toEqual({
      status: 'unhealthy',
      latest_message: 'timeout',
      latest_duration: 300,
    });
    const events = await q(`SELECT name FROM event_queue WHERE properties ->> 'id' = $1`, [check]);
    expect(events).toEqual([{ name: 'test:check.failed' }]);
    await q(`DELETE FROM event_subscriptions WHERE consumer = 'test'`);
  });

  it('check_summary takes uptime and latency from the hourly rollup of the last hour', async () => {
    const { check } = await canaryWithCheck('summarised');
    await q(
      `INSERT INTO check_statuses_1h (check_id, created_at, duration, total, passed, failed) VALUES
         ($1, date_trunc('hour', now()), 120, 10, 9, 1),
         ($1, date_trunc('hour', now()) - interval '5 hours', 999, 50, 0, 50)`,
      [check],
    );
    const row = await one<{ uptime: Row; latency: Row }>(
      'SELECT uptime, latency FROM check_summary WHERE id = $1',
      [check],
    );
    expect(row.uptime).toMatchObject({ passed: 9, failed: 1 });
    expect(row.latency).toMatchObject({ avg: 120, rolling1h: 120 });
  });
});

describe('catalog', () => {
  it('shows a new config at once and links it to its parent', async () => {
    const { id: parent } = await one<{ id: string }>(
      `INSERT INTO config_items (config_class, type, name) VALUES ('Cluster', 'Kubernetes::Cluster', 'prod')
       RETURNING id`,
    );
    const { id: child } = await one<{ id: string }>(
      `INSERT INTO config_items (config_class, type, parent_id) VALUES ('Node', 'Kubernetes::Node', $1)
       RETURNING id, name`,
      [parent],
    );
    const listed = await one('SELECT name, changes FROM configs WHERE id = $1', [child]);
    expect(listed).toEqual({ name: child.slice(-12), changes: 0 });
    const links = await q(
      'SELECT config_id, related_id, relation FROM config_relationships WHERE related_id = $1',
      [child],
    );
    expect(links).toEqual([{ config_id: parent, related_id: child, relation: 'hard' }]);
    const related = await q<{ id: string }>(
      `SELECT id FROM related_configs_recursive($1, 'outgoing') ORDER BY depth`,
      [parent],
    );
    expect(related.map((r) => r.id)).toEqual([parent, child]);
  });

  it('counts a repeated change instead of failing on it', async () => {
    const { id: config } = await one<{ id: string }>(
      `INSERT INTO config_items (config_class, type, name) VALUES ('Pod', 'Kubernetes::Pod', 'web')
       RETURNING id`,
    );
    const insert = `INSERT INTO config_changes (config_id, external_change_id, change_type, summary)
      VALUES ($1, 'evt-1', 'BackOff', $2)`;
    await q(insert, [config, 'first']);
    await q(insert, [config, 'second']);
    const changes = await q('SELECT count, summary FROM config_changes WHERE config_id = $1', [
      config,
    ]);
    expect(changes).toEqual([{ count: 2, summary: 'second' }]);
  });
});

describe('topology', () => {
  it('soft-deleting a component drops team ownership and soft-deletes its relationships', async () => {
    const insert = `INSERT INTO components (external_id, name, status) VALUES ($1, $1, 'healthy')
      RETURNING id`;
    const { id: parent } = await one<{ id: string }>(insert, ['parent']);
    const { id: child } = await one<{ id: string }>(insert, ['child']);
    const { id: team } = await one<{ id: string }>(
      `INSERT INTO teams (name, created_by) VALUES ('owners', $1) RETURNING id`,
      [NIL_UUID],
    );
    await q('INSERT INTO team_components (team_id, component_id) VALUES ($1, $2)', [team, child]);
    await q('INSERT INTO component_relationships (component_id, relationship_id) VALUES ($1, $2)', [
      child,
      parent,
    ]);
    expect(
      (await one<{ children: string[] }>('SELECT children FROM topology WHERE id = $1', [parent]))
        .children,
    ).toEqual([child]);

    await q(`UPDATE components SET deleted_at = now() WHERE id = $1`, [child]);
    expect(await q('SELECT * FROM team_components WHERE component_id = $1', [child])).toEqual([]);
    const link = await one<{ deleted_at: Date | null }>(
      'SELECT deleted_at FROM component_relationships WHERE component_id = $1',
      [child],
    );
    expect(link.deleted_at).toBeInstanceOf(Date);
    expect(
      (
        await one<{ children: string[] | null }>('SELECT children FROM topology WHERE id = $1', [
          parent,
        ])
      ).children,
    ).toBeNull();
  });
});

describe('event queue', () => {
  it('wakes listeners when an event is queued and does not queue a waiting event twice', async () => {
    const listener = await db.pool.connect();
    try {
      await listener.query('LISTEN event_queue_updates');
      const woken = new Promise<string | undefined>((resolve) =>
        listener.once('notification', (n) => resolve(n.payload)),
      );
      await q(`SELECT enqueue_event('test.ping', '{"id": 1}')`);
      expect(await woken).toBe('test.ping');
      await q(`UPDATE event_queue SET attempts = 3, error = 'boom' WHERE name = 'test.ping'`);
      await q(`SELECT enqueue_event('test.ping', '{"id": 1}')`);
      expect(await q(`SELECT attempts, error FROM event_queue WHERE name = 'test.ping'`)).toEqual([
        { attempts: 0, error: null },
      ]);
    } finally {
      await listener.query('UNLISTEN *');
      listener.release();
    }
  });
});

describe('connections', () => {
  it('keeps the stored secret when the masked value comes back', async () => {
    const { id } = await one<{ id: string }>(
      `INSERT INTO connections (name, type, username, password) VALUES ('db', 'postgres', 'app', 's3cret')
       RETURNING id`,
    );
    const shown = await one('SELECT username, password FROM connection_details WHERE id = $1', [
      id,
    ]);
    expect(shown).toEqual({ username: '***', password: '***' });
    await q(
      `UPDATE connections SET username = '***', password = '***', url = 'postgres://h' WHERE id = $1`,
      [id],
    );
    expect(await one('SELECT username, password FROM connections WHERE id = $1', [id])).toEqual({
      username: 'app',
      password: 's3cret',
    });
    await q(`UPDATE connections SET password = 'n3w' WHERE id = $1`, [id]);
    expect(await one('SELECT password FROM connections WHERE id = $1', [id])).toEqual({
      password: 'n3w',
    });
  });
});

describe('resources', () => {
  it('gives every write a new resourceVersion and bumps generation on spec changes', async () => {
    const created = await one<{ uid: string; resource_version: number; generation: number }>(
      `INSERT INTO resources (api_group, kind, namespace, name, spec)
       VALUES ('canaries.flanksource.com', 'Canary', 'default', 'web', '{"interval": 60}')
       RETURNING uid, resource_version, generation`,
    );
    const status = await one<{ resource_version: number; generation: number }>(
      `UPDATE resources SET status = '{"ready": true}' WHERE uid = $1 RETURNING resource_version, generation`,
      [created.uid],
    );
    expect(status.resource_version).toBeGreaterThan(created.resource_version);
    expect(status.generation).toBe(1);
    const spec = await one<{ resource_version: number; generation: number }>(
      `UPDATE resources SET spec = '{"interval": 30}' WHERE uid = $1 RETURNING resource_version, generation`,
      [created.uid],
    );
    expect(spec.resource_version).toBeGreaterThan(status.resource_version);
    expect(spec.generation).toBe(2);
  });
});
