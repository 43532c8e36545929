-- Topology views (datamodel.md §3.2).

-- Severity order used when listing insights, most severe first.
CREATE FUNCTION severity_rank(severity text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE lower(severity)
    WHEN 'critical' THEN 1 WHEN 'blocker' THEN 2 WHEN 'high' THEN 3
    WHEN 'medium' THEN 4 WHEN 'low' THEN 5 WHEN 'info' THEN 6 ELSE 7
  END
$$;

-- Open insights of the non-deleted configs linked to each component. Upstream counts every
-- analysis whatever its status, which keeps resolved insights on the topology cards forever.
CREATE VIEW analysis_summary_by_component AS
  WITH counts AS (
    SELECT r.component_id, coalesce(a.analysis_type, '') AS analysis_type,
      coalesce(a.severity, '') AS severity, count(*) AS n
    FROM config_component_relationships r
    JOIN config_items ci ON ci.id = r.config_id
    JOIN config_analysis a ON a.config_id = ci.id
    WHERE r.deleted_at IS NULL AND ci.deleted_at IS NULL AND a.status = 'open'
    GROUP BY 1, 2, 3
  )
  SELECT component_id AS id, jsonb_object_agg(analysis_type, by_severity) AS analysis
  FROM (
    SELECT component_id, analysis_type, jsonb_object_agg(severity, n) AS by_severity
    FROM counts GROUP BY 1, 2
  ) t
  GROUP BY component_id;

-- config_id is the analysis's foreign key (not ci.id), so the console can embed its config.
CREATE VIEW analysis_by_component AS
  SELECT a.config_id, ci.name, ci.config_class, ci.type, a.analysis_type, a.first_observed,
    a.last_observed, a.created_by, a.id AS analysis_id, a.severity, r.component_id
  FROM config_component_relationships r
  JOIN config_items ci ON ci.id = r.config_id
  JOIN config_analysis a ON a.config_id = ci.id
  WHERE r.deleted_at IS NULL AND ci.deleted_at IS NULL AND a.status = 'open'
  ORDER BY severity_rank(a.severity), ci.name;

-- Changes of the configs linked to each component, newest first. id is the change's id.
CREATE VIEW changes_by_component AS
  SELECT cc.id, cc.config_id, ci.name, ci.config_class, ci.type, cc.change_type, cc.created_at,
    cc.created_by, cc.id AS change_id, cc.severity, r.component_id,
    ci.deleted_at AS config_deleted_at
  FROM config_component_relationships r
  JOIN config_items ci ON ci.id = r.config_id
  JOIN config_changes cc ON cc.config_id = ci.id
  WHERE r.deleted_at IS NULL
  ORDER BY cc.created_at DESC;

CREATE VIEW component_names AS
  SELECT id, path, external_id, type, name, created_at, updated_at, icon, parent_id
  FROM components
  WHERE deleted_at IS NULL AND NOT hidden
  ORDER BY name, external_id;

CREATE VIEW component_names_all AS
  SELECT id, path, external_id, type, name, created_at, updated_at, icon, parent_id, deleted_at
  FROM components
  ORDER BY name, external_id;

CREATE VIEW component_labels AS
  SELECT DISTINCT l.key, l.value
  FROM components c, jsonb_each_text(c.labels) l
  WHERE c.deleted_at IS NULL AND jsonb_typeof(c.labels) = 'object';

CREATE VIEW component_types AS
  SELECT DISTINCT type FROM components WHERE deleted_at IS NULL AND type IS NOT NULL ORDER BY type;

CREATE VIEW components_with_logs AS
  SELECT id, name, agent_id, icon, type
  FROM components
  WHERE deleted_at IS NULL AND log_selectors IS NOT NULL AND log_selectors <> '[]'::jsonb;

-- Backing view of the topology query: every non-deleted component with its logs, check and
-- incident and insight counts, owning teams, and its relationship children and parents
-- (component_relationships: component_id is the child, relationship_id the parent).
CREATE VIEW topology AS
  SELECT c.*,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('name', l ->> 'name')), '[]')
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(c.log_selectors) = 'array'
                                     THEN c.log_selectors ELSE '[]' END) l) AS logs,
    (SELECT s.checks FROM check_summary_by_component s WHERE s.component_id = c.id) AS checks,
    (SELECT array_agg(t.name ORDER BY t.name) FROM team_components tc
      JOIN teams t ON t.id = tc.team_id
      WHERE tc.component_id = c.id AND t.deleted_at IS NULL) AS team_names,
    (SELECT s.incidents FROM incident_summary_by_component s WHERE s.id = c.id) AS incidents,
    (SELECT s.analysis FROM analysis_summary_by_component s WHERE s.id = c.id) AS analysis,
    (SELECT array_agg(r.component_id) FROM component_relationships r
      WHERE r.relationship_id = c.id AND r.deleted_at IS NULL) AS children,
    (SELECT array_agg(r.relationship_id) FROM component_relationships r
      WHERE r.component_id = c.id AND r.deleted_at IS NULL) AS parents
  FROM components c
  WHERE c.deleted_at IS NULL;
