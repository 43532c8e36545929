-- Incident views (datamodel.md §3.6) and the per-component incident counts the topology uses.

-- The incident list: one row per incident with its commander, responders and commenters as JSON
-- (not a count table). Besides upstream's columns it keeps created_by, commander_id,
-- communicator_id and incident_rule_id, so the list can be filtered by owner and embed people.
-- Removed (soft-deleted) responders are left out; upstream still lists them.
CREATE VIEW incident_summary AS
  SELECT i.id, i.incident_id, i.title, i.severity, i.type, i.status, i.created_at, i.updated_at,
    i.created_by, i.commander_id, i.communicator_id, i.incident_rule_id,
    i.acknowledged, i.resolved, i.closed,
    jsonb_build_object('id', cmd.id, 'avatar', cmd.avatar, 'name', cmd.name) AS commander,
    (SELECT coalesce(jsonb_agg(x.actor ORDER BY x.id), '[]') FROM (
      SELECT DISTINCT p.id, jsonb_build_object('id', p.id, 'avatar', p.avatar, 'name', p.name) AS actor
      FROM responders r JOIN people p ON p.id = r.person_id
      WHERE r.incident_id = i.id AND r.deleted_at IS NULL
      UNION
      SELECT DISTINCT t.id, jsonb_build_object('id', t.id, 'avatar', t.icon, 'name', t.name)
      FROM responders r JOIN teams t ON t.id = r.team_id
      WHERE r.incident_id = i.id AND r.deleted_at IS NULL
    ) x) AS responders,
    (SELECT coalesce(jsonb_agg(x.actor ORDER BY x.id), '[]') FROM (
      SELECT DISTINCT p.id, jsonb_build_object('id', p.id, 'avatar', p.avatar, 'name', p.name) AS actor
      FROM comments c JOIN people p ON p.id = c.created_by
      WHERE c.incident_id = i.id
    ) x) AS commenters
  FROM incidents i
  LEFT JOIN people cmd ON cmd.id = i.commander_id;

-- Incidents reached through their hypotheses' evidence.
CREATE VIEW incidents_by_component AS
  SELECT DISTINCT i.title, i.id, i.created_at, i.type, i.status, i.severity, e.component_id
  FROM incidents i
  JOIN hypotheses h ON h.incident_id = i.id
  JOIN evidences e ON e.hypothesis_id = h.id
  WHERE e.component_id IS NOT NULL;

CREATE VIEW incidents_by_config AS
  SELECT DISTINCT i.title, i.id, i.created_at, i.type, i.status, i.severity, e.config_id
  FROM incidents i
  JOIN hypotheses h ON h.incident_id = i.id
  JOIN evidences e ON e.hypothesis_id = h.id
  WHERE e.config_id IS NOT NULL;

-- Open incidents (neither resolved nor closed) per component: {type: {severity: count}}.
CREATE VIEW incident_summary_by_component AS
  WITH counts AS (
    SELECT b.component_id, b.type, b.severity, count(*) AS n
    FROM incidents_by_component b
    JOIN incidents i ON i.id = b.id
    WHERE i.resolved IS NULL AND i.closed IS NULL
    GROUP BY 1, 2, 3
  )
  SELECT component_id AS id, jsonb_object_agg(type, by_severity) AS incidents
  FROM (
    SELECT component_id, type, jsonb_object_agg(severity, n) AS by_severity
    FROM counts GROUP BY 1, 2
  ) t
  GROUP BY component_id;
