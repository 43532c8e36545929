import type { Pool } from '../../operator/src/db/pool.js';

/**
 * The topology benchmark's data: 10,000 components in 4 trees (8 children per component for
 * three levels, the rest as leaves), properties and labels on all, and links on some.
 */
const FANOUT = [8, 8, 8, 0]; // children per component at levels 0..2; level 3 takes the rest
const ROOTS = 4;
const TOTAL = 10_000;

/** The tree, level by level, then its links; every statement set-based. */
export async function seed(pool: Pool, admin: string) {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO topologies (name, namespace) VALUES ('bench', 'default') RETURNING id`,
  );
  const topology = rows[0]?.id as string;
  const columns = `topology_id, external_id, name, type, status, health, parent_id, path, labels,
    properties, owner, log_selectors, status_reason, icon, is_leaf`;
  const values = (level: number) => `$1, 'L${level}-' || n, 'L${level}-' || n,
    (ARRAY['Cluster','Namespace','Service','Deployment','Pod'])[${level + 1}],
    (ARRAY['healthy','healthy','healthy','unhealthy','warning','info'])[1 + n % 6],
    (ARRAY['healthy','healthy','healthy','unhealthy','warning','info'])[1 + n % 6]`;
  const extra = (
    level: number,
  ) => `jsonb_build_object('level', '${level}', 'team', 't' || (n % 7), 'zone', 'z' || (n % 3)),
    jsonb_build_array(
      jsonb_build_object('name', 'cpu', 'value', n % 97, 'unit', 'millicores', 'headline', true),
      jsonb_build_object('name', 'memory', 'value', (n * 7) % 1024, 'unit', 'bytes'),
      jsonb_build_object('name', 'version', 'text', 'v' || (n % 5))),
    'owner-' || (n % 11),
    CASE WHEN n % 10 = 0 THEN '[{"name":"app"}]'::jsonb END,
    CASE WHEN n % 6 = 3 THEN 'probe failing' END, 'k8s', ${level === 4}`;
  await pool.query(
    `INSERT INTO components (${columns})
     SELECT ${values(0)}, NULL, '', ${extra(0)} FROM generate_series(1, ${ROOTS}) n`,
    [topology],
  );
  let count = ROOTS;
  for (let level = 1; level <= 4; level++) {
    const parents = (
      await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM components WHERE labels->>'level' = '${level - 1}'`,
      )
    ).rows[0]?.n as number;
    const per = FANOUT[level - 1] || Math.ceil((TOTAL - count) / parents);
    await pool.query(
      `INSERT INTO components (${columns})
       SELECT ${values(level)}, p.id, CASE WHEN p.path = '' THEN p.id::text ELSE p.path || '.' || p.id END, ${extra(level)}
       FROM (SELECT p.*, row_number() OVER (ORDER BY p.id) AS pn FROM components p
             WHERE p.labels->>'level' = '${level - 1}') p
       CROSS JOIN LATERAL (SELECT ((p.pn - 1) * ${per} + g)::int AS n FROM generate_series(1, ${per}) g) x
       WHERE x.n <= ${TOTAL - count}`,
      [topology],
    );
    count = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM components')).rows[0]
      ?.n as number;
  }
  // Links: checks on every 10th component, an open incident on every 100th, open insights on
  // the configs of every 20th, team ownership of every 50th, a relationship for every 100th.
  await pool.query(
    `WITH canary AS (INSERT INTO canaries (name, namespace, spec, source) VALUES ('bench', 'default', '{}', 'UI') RETURNING id),
     targets AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM components),
     made AS (
       INSERT INTO checks (canary_id, type, name, status)
       SELECT canary.id, 'http', 'check-' || t.n, CASE WHEN t.n % 40 = 0 THEN 'unhealthy' ELSE 'healthy' END
       FROM targets t, canary WHERE t.n % 10 = 0 RETURNING id, canary_id, name)
     INSERT INTO check_component_relationships (component_id, check_id, canary_id)
     SELECT t.id, m.id, m.canary_id FROM made m JOIN targets t ON 'check-' || t.n = m.name`,
  );
  await pool.query(
    `WITH targets AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM components),
     inc AS (
       INSERT INTO incidents (title, description, severity, type, status, created_by)
       SELECT 'incident ' || t.n, '', (ARRAY['low','medium','high'])[1 + t.n % 3], 'availability', 'open', $1
       FROM targets t WHERE t.n % 100 = 0 RETURNING id, title),
     hyp AS (
       INSERT INTO hypotheses (incident_id, type, title, status, created_by)
       SELECT id, 'root', title, 'possible', $1 FROM inc RETURNING id, title)
     INSERT INTO evidences (hypothesis_id, description, type, created_by, component_id)
     SELECT h.id, 'bench', 'topology', $1, t.id FROM hyp h JOIN targets t ON 'incident ' || t.n = h.title`,
    [admin],
  );
  await pool.query(
    `WITH targets AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM components),
     cfg AS (
       INSERT INTO config_items (name, type, config_class, config)
       SELECT 'config-' || t.n, 'Kubernetes::Pod', 'Pod', '{}' FROM targets t WHERE t.n % 20 = 0
       RETURNING id, name),
     linked AS (
       INSERT INTO config_component_relationships (component_id, config_id)
       SELECT t.id, c.id FROM cfg c JOIN targets t ON 'config-' || t.n = c.name RETURNING config_id)
     INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status)
     SELECT config_id, 'bench', 'security', 'medium', 'open' FROM linked`,
  );
  await pool.query(
    `WITH team AS (INSERT INTO teams (name, created_by) VALUES ('bench', $1) RETURNING id)
     INSERT INTO team_components (team_id, component_id)
     SELECT team.id, c.id FROM team, (SELECT id, row_number() OVER (ORDER BY id) AS n FROM components) c
     WHERE c.n % 50 = 0`,
    [admin],
  );
  await pool.query(
    `WITH leaves AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM components WHERE labels->>'level' = '4'),
     services AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM components WHERE labels->>'level' = '2')
     INSERT INTO component_relationships (component_id, relationship_id, selector_id)
     SELECT l.id, s.id, 'bench' FROM leaves l JOIN services s ON s.n = 1 + (l.n / 100) % 256
     WHERE l.n % 100 = 0`,
  );
  await pool.query('VACUUM ANALYZE');
  return count;
}

/**
 * The same columns of the same components, written by hand the cheapest way (links aggregated
 * once and joined), read with the driver's defaults: no walk, no tree, no summaries, no HTTP.
 */
export const RAW = `SELECT c.id, c.agent_id, c.topology_id, c.external_id, c.parent_id, c.config_id, c.name,
    c.text, c.topology_type, c.namespace, c.labels, c.hidden, c.silenced, c.status, c.health,
    c.description, c.lifecycle, c.tooltip, c.status_reason, c.icon, c.type, c.owner, c.properties,
    c.path, c.cost_per_minute::float8, c.cost_total_1d::float8, c.cost_total_7d::float8,
    c.cost_total_30d::float8, c.created_at, c.updated_at, c.log_selectors, tn.team_names,
    kids.children, ups.parents, cs.checks, inc.incidents, an.analysis
  FROM components c
  LEFT JOIN (SELECT tc.component_id, array_agg(t.name) AS team_names FROM team_components tc
    JOIN teams t ON t.id = tc.team_id GROUP BY 1) tn ON tn.component_id = c.id
  LEFT JOIN (SELECT relationship_id, array_agg(component_id) AS children FROM component_relationships
    WHERE deleted_at IS NULL GROUP BY 1) kids ON kids.relationship_id = c.id
  LEFT JOIN (SELECT component_id, array_agg(relationship_id) AS parents FROM component_relationships
    WHERE deleted_at IS NULL GROUP BY 1) ups ON ups.component_id = c.id
  LEFT JOIN check_summary_by_component cs ON cs.component_id = c.id
  LEFT JOIN incident_summary_by_component inc ON inc.id = c.id
  LEFT JOIN analysis_summary_by_component an ON an.id = c.id
  WHERE c.deleted_at IS NULL AND NOT c.hidden`;
