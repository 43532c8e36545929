import type pg from 'pg';
import type { Exposure } from './exposure.js';

/**
 * A small schema with every relationship shape PostgREST knows: many-to-one, one-to-many,
 * self-reference, many-to-many through a junction, a view exposing base-table keys, functions.
 */
export const FIXTURE_SQL = `
CREATE TABLE f_people (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL, email text UNIQUE, secret text);
CREATE TABLE f_teams (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL);
CREATE TABLE f_team_members (team_id uuid REFERENCES f_teams(id), person_id uuid REFERENCES f_people(id), PRIMARY KEY (team_id, person_id));
CREATE TABLE f_incidents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  status text NOT NULL DEFAULT 'open',
  severity text,
  n integer,
  labels jsonb,
  tags text[],
  created_by uuid NOT NULL REFERENCES f_people(id),
  commander_id uuid REFERENCES f_people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE TABLE f_hypotheses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES f_incidents(id),
  parent_id uuid REFERENCES f_hypotheses(id),
  title text NOT NULL,
  created_by uuid REFERENCES f_people(id)
);
CREATE TABLE f_evidences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  hypothesis_id uuid NOT NULL REFERENCES f_hypotheses(id),
  component text,
  type text NOT NULL
);
CREATE VIEW f_incident_list AS
  SELECT i.id, i.title, i.status, i.created_by, p.name AS creator FROM f_incidents i JOIN f_people p ON p.id = i.created_by;
CREATE FUNCTION f_search(q text) RETURNS SETOF f_incidents LANGUAGE sql STABLE AS
  $$ SELECT * FROM f_incidents WHERE title ILIKE '%' || q || '%' $$;
CREATE FUNCTION f_add(a integer, b integer DEFAULT 1) RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT a + b $$;
CREATE FUNCTION f_touch(incident uuid) RETURNS integer LANGUAGE sql VOLATILE AS
  $$ UPDATE f_incidents SET n = coalesce(n, 0) + 1 WHERE id = incident RETURNING n $$;
`;

export const fixtureExposure = (name: string): Exposure | undefined => {
  if (name === 'f_people') return { object: 'database', writeOnly: ['secret'] };
  if (name === 'f_incident_list') return { object: 'incident', readOnly: true };
  if (name === 'f_teams' || name === 'f_team_members') return { object: 'database' };
  if (name.startsWith('f_')) return { object: 'incident' };
  return undefined;
};

export const fixtureFunctionExposure = (name: string): Exposure | undefined =>
  name.startsWith('f_') ? { object: 'incident' } : undefined;

export interface Seed {
  alice: string;
  bob: string;
  team: string;
  incidents: string[];
  hypotheses: string[];
}

export async function seedFixture(pool: pg.Pool): Promise<Seed> {
  await pool.query(FIXTURE_SQL);
  const people = await pool.query<{ id: string }>(
    `INSERT INTO f_people (name, email, secret) VALUES ('Alice', 'alice@x', 's3cret-a'), ('Bob', 'bob@x', 's3cret-b') RETURNING id`,
  );
  const [alice, bob] = people.rows.map((r) => r.id) as [string, string];
  const team = (
    await pool.query<{ id: string }>(`INSERT INTO f_teams (name) VALUES ('SRE') RETURNING id`)
  ).rows[0]?.id as string;
  await pool.query('INSERT INTO f_team_members VALUES ($1, $2)', [team, alice]);
  const incidents: string[] = [];
  for (let i = 1; i <= 12; i++) {
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO f_incidents (title, status, severity, n, labels, tags, created_by, commander_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() - make_interval(mins => $4)) RETURNING id`,
      [
        `incident ${i}${i === 3 ? ' database down' : ''}`,
        i % 3 === 0 ? 'closed' : 'open',
        i % 2 === 0 ? 'high' : 'low',
        i,
        { team: i % 2 === 0 ? 'sre' : 'dev', 'app.kubernetes.io/name': `app${i}` },
        i === 1 ? ['a', 'b'] : ['c'],
        i % 2 === 0 ? alice : bob,
        i === 1 ? bob : null,
      ],
    );
    incidents.push(rows[0]?.id as string);
  }
  const h1 = (
    await pool.query<{ id: string }>(
      `INSERT INTO f_hypotheses (incident_id, title, created_by) VALUES ($1, 'root cause', $2) RETURNING id`,
      [incidents[0], alice],
    )
  ).rows[0]?.id as string;
  const h2 = (
    await pool.query<{ id: string }>(
      `INSERT INTO f_hypotheses (incident_id, parent_id, title) VALUES ($1, $2, 'factor') RETURNING id`,
      [incidents[0], h1],
    )
  ).rows[0]?.id as string;
  await pool.query(
    `INSERT INTO f_evidences (hypothesis_id, component, type) VALUES ($1, 'db', 'log'), ($2, 'web', 'config')`,
    [h1, h2],
  );
  return { alice, bob, team, incidents, hypotheses: [h1, h2] };
}
