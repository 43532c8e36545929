import type pg from 'pg';
import { createPerson } from '../auth/identity.js';

/**
 * Components seeded straight into the tables, for the topology query, route and snapshot tests:
 *
 *   payments (Service, unhealthy; team=pay, owner alice, replicas 3)
 *     api (Deployment, healthy; check unhealthy)
 *       api-pod-1 (Pod, healthy; check healthy)
 *       api-pod-2 (Pod, unhealthy; owned by team payments; open incident availability/high)
 *     db (Database, warning; replicas 1; config with an open security/medium insight)
 *       db-pod (Pod, healthy, marked hidden)
 *     worker (also a relationship child of payments)
 *   billing (Service, healthy; team=bill, replicas 5)
 *     worker (Deployment, info)
 *       worker-pod (Pod, healthy)
 *   chain-00 … chain-12 (Chain, healthy): each the parent of the next
 *   loop-a (Loop, healthy) → loop-b (Loop, healthy), and loop-a a relationship child of loop-b
 */
export interface Fixture {
  ids: Record<string, string>;
  admin: string;
}

export async function seedTopology(pool: pg.Pool): Promise<Fixture> {
  const ids: Record<string, string> = {};
  const one = async (text: string, values: unknown[] = []) =>
    (await pool.query<{ id: string }>(text, values)).rows[0]?.id as string;
  const admin = (
    await createPerson(pool, {
      name: 'Topology Admin',
      email: 'topology-admin@fixture.test',
      password: 'password-1',
      roles: ['admin'],
    })
  ).id;
  const topology = await one(
    `INSERT INTO topologies (name, namespace) VALUES ('shop', 'default') RETURNING id`,
  );
  const component = async (
    name: string,
    parent: string | undefined,
    type: string,
    status: string,
    extra: { labels?: object; owner?: string; properties?: object[]; hidden?: boolean } = {},
  ) => {
    ids[name] = await one(
      `INSERT INTO components (topology_id, external_id, name, type, status, health, parent_id,
         labels, owner, properties, hidden, path, log_selectors, status_reason)
       VALUES ($1, $2, $2, $3, $4, $4, $5, $6, $7, $8, $9,
         coalesce((SELECT CASE WHEN p.path IS NULL OR p.path = '' THEN p.id::text ELSE p.path || '.' || p.id END
           FROM components p WHERE p.id = $5), ''), $10, $11)
       RETURNING id`,
      [
        topology,
        name,
        type,
        status,
        parent ? ids[parent] : null,
        extra.labels ?? null,
        extra.owner ?? null,
        extra.properties ? JSON.stringify(extra.properties) : null,
        extra.hidden ?? false,
        type === 'Service' ? JSON.stringify([{ name: 'app', labels: { app: name } }]) : null,
        status === 'unhealthy' ? `${name} is failing` : null,
      ],
    );
  };
  await component('payments', undefined, 'Service', 'unhealthy', {
    labels: { team: 'pay' },
    owner: 'alice',
    properties: [{ name: 'replicas', value: 3, headline: true }],
  });
  await component('api', 'payments', 'Deployment', 'healthy');
  await component('api-pod-1', 'api', 'Pod', 'healthy');
  await component('api-pod-2', 'api', 'Pod', 'unhealthy');
  await component('db', 'payments', 'Database', 'warning', {
    properties: [{ name: 'replicas', value: 1 }],
  });
  await component('db-pod', 'db', 'Pod', 'healthy', { hidden: true });
  await component('billing', undefined, 'Service', 'healthy', {
    labels: { team: 'bill' },
    properties: [{ name: 'replicas', value: 5 }],
  });
  await component('worker', 'billing', 'Deployment', 'info');
  await component('worker-pod', 'worker', 'Pod', 'healthy');
  for (let i = 0; i <= 12; i++) {
    const name = `chain-${String(i).padStart(2, '0')}`;
    await component(
      name,
      i ? `chain-${String(i - 1).padStart(2, '0')}` : undefined,
      'Chain',
      'healthy',
    );
  }
  await component('loop-a', undefined, 'Loop', 'healthy');
  await component('loop-b', 'loop-a', 'Loop', 'healthy');
  const relate = (child: string, parent: string) =>
    pool.query(
      `INSERT INTO component_relationships (component_id, relationship_id, selector_id) VALUES ($1, $2, 'test')`,
      [ids[child], ids[parent]],
    );
  await relate('worker', 'payments');
  await relate('loop-a', 'loop-b');

  ids.team = await one(
    `INSERT INTO teams (name, created_by) VALUES ('payments', $1) RETURNING id`,
    [admin],
  );
  await pool.query(`INSERT INTO team_components (team_id, component_id) VALUES ($1, $2)`, [
    ids.team,
    ids['api-pod-2'],
  ]);

  const canary = await one(
    `INSERT INTO canaries (name, namespace, spec, source) VALUES ('shop', 'default', '{}', 'UI') RETURNING id`,
  );
  const check = async (name: string, status: string, componentName: string) => {
    ids[`check:${name}`] = await one(
      `INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', $2, $3) RETURNING id`,
      [canary, name, status],
    );
    await pool.query(
      `INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES ($1, $2, $3)`,
      [ids[componentName], ids[`check:${name}`], canary],
    );
    await pool.query(
      `INSERT INTO check_statuses (check_id, time, status, duration, message)
       VALUES ($1, now() - interval '1 hour', $2, 12, 'ok'), ($1, now() - interval '3 days', true, 9, 'old')`,
      [ids[`check:${name}`], status === 'healthy'],
    );
  };
  await check('api-http', 'unhealthy', 'api');
  await check('pod-http', 'healthy', 'api-pod-1');

  const incident = await one(
    `INSERT INTO incidents (title, description, severity, type, status, created_by)
     VALUES ('Pods crash', '', 'high', 'availability', 'open', $1) RETURNING id`,
    [admin],
  );
  ids.incident = incident;
  const hypothesis = await one(
    `INSERT INTO hypotheses (incident_id, type, title, status, created_by)
     VALUES ($1, 'root', 'OOM', 'possible', $2) RETURNING id`,
    [incident, admin],
  );
  await pool.query(
    `INSERT INTO evidences (hypothesis_id, description, type, created_by, component_id)
     VALUES ($1, 'pod restarts', 'topology', $2, $3)`,
    [hypothesis, admin, ids['api-pod-2']],
  );

  ids.config = await one(
    `INSERT INTO config_items (name, type, config_class, config, tags)
     VALUES ('payments-db', 'Postgres::Database', 'Database', '{}', '{"cluster":"eu"}') RETURNING id`,
  );
  await pool.query(
    `INSERT INTO config_component_relationships (component_id, config_id) VALUES ($1, $2)`,
    [ids.db, ids.config],
  );
  await pool.query(
    `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, summary, status)
     VALUES ($1, 'tls', 'security', 'medium', 'weak cipher', 'open'),
            ($1, 'old', 'security', 'high', 'fixed long ago', 'resolved')`,
    [ids.config],
  );
  await pool.query(
    `INSERT INTO config_changes (config_id, change_type, severity, summary, source, created_at)
     VALUES ($1, 'diff', 'info', 'max_connections 100 -> 200', 'test', now() - interval '2 hours'),
            ($1, 'diff', 'info', 'older change', 'test', now() - interval '5 days')`,
    [ids.config],
  );

  ids.playbook = await one(
    `INSERT INTO playbooks (name, spec, source) VALUES ('restart', '{}', 'UI') RETURNING id`,
  );
  await pool.query(
    `INSERT INTO playbook_runs (playbook_id, component_id, status) VALUES ($1, $2, 'completed'), ($1, $2, 'failed')`,
    [ids.playbook, ids.payments],
  );
  return { ids, admin };
}
