-- Catalog views (datamodel.md §3.3). Plain views: a config is listed the moment it is inserted.
-- Per-row figures are scalar subqueries so that a query which does not select them (a count, a
-- name list) does not compute them.

-- Upstream's config_item_summary_{3d,7d,30d} materialized views, as views: per config, changes
-- in the window and open analyses per analysis type.
CREATE VIEW config_item_summary_3d AS
  SELECT ci.id AS config_id,
    (SELECT count(*) FROM config_changes cc
      WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '3 days') AS config_changes_count,
    (SELECT jsonb_object_agg(t.analysis_type, t.n) FROM (
      SELECT coalesce(a.analysis_type, '') AS analysis_type, count(*) AS n FROM config_analysis a
      WHERE a.config_id = ci.id AND a.status = 'open' AND a.first_observed > now() - interval '3 days'
      GROUP BY 1) t) AS config_analysis_type_counts
  FROM config_items ci;

CREATE VIEW config_item_summary_7d AS
  SELECT ci.id AS config_id,
    (SELECT count(*) FROM config_changes cc
      WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days') AS config_changes_count,
    (SELECT jsonb_object_agg(t.analysis_type, t.n) FROM (
      SELECT coalesce(a.analysis_type, '') AS analysis_type, count(*) AS n FROM config_analysis a
      WHERE a.config_id = ci.id AND a.status = 'open' AND a.first_observed > now() - interval '7 days'
      GROUP BY 1) t) AS config_analysis_type_counts
  FROM config_items ci;

CREATE VIEW config_item_summary_30d AS
  SELECT ci.id AS config_id,
    (SELECT count(*) FROM config_changes cc
      WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '30 days') AS config_changes_count,
    (SELECT jsonb_object_agg(t.analysis_type, t.n) FROM (
      SELECT coalesce(a.analysis_type, '') AS analysis_type, count(*) AS n FROM config_analysis a
      WHERE a.config_id = ci.id AND a.status = 'open' AND a.first_observed > now() - interval '30 days'
      GROUP BY 1) t) AS config_analysis_type_counts
  FROM config_items ci;

-- The catalog list. Upstream inner-joins the 7d materialized summary, which hides a new config
-- until the next refresh; here changes/analysis are computed per row. Deleted configs are kept
-- (the console filters deleted_at=is.null), as upstream.
CREATE VIEW configs AS
  SELECT ci.id, ci.scraper_id, ci.config_class, ci.external_id, ci.type, ci.name,
    ci.tags ->> 'namespace' AS namespace,
    ci.description, ci.source, ci.labels, ci.tags, ci.created_by, ci.created_at, ci.updated_at,
    ci.deleted_at, ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d,
    ci.agent_id, ci.status, ci.health, ci.ready, ci.path, ci.parent_id, ci.icon,
    ci.last_scraped_time,
    (SELECT count(*) FROM config_changes cc
      WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days') AS changes,
    (SELECT jsonb_object_agg(t.analysis_type, t.n) FROM (
      SELECT coalesce(a.analysis_type, '') AS analysis_type, count(*) AS n FROM config_analysis a
      WHERE a.config_id = ci.id AND a.status = 'open' AND a.first_observed > now() - interval '7 days'
      GROUP BY 1) t) AS analysis
  FROM config_items ci;

CREATE VIEW config_items_aws AS
  SELECT c.*,
    c.labels ->> 'zone' AS zone,
    c.labels ->> 'region' AS region,
    c.labels ->> 'account' AS account
  FROM configs c
  WHERE c.type LIKE 'AWS::%';

CREATE VIEW config_names AS
  SELECT id, type, external_id, name FROM config_items ORDER BY name;

-- The config detail page: the row plus the counts on its tab badges and its components.
CREATE VIEW config_detail AS
  SELECT ci.*,
    jsonb_build_object(
      'relationships', (
        SELECT count(*) FROM config_relationships r
        WHERE (r.config_id = ci.id OR r.related_id = ci.id) AND r.deleted_at IS NULL),
      'analysis', (
        SELECT count(*) FROM config_analysis a
        WHERE a.config_id = ci.id
          AND coalesce(a.last_observed, a.first_observed) > now() - interval '2 days'),
      -- its own changes and those of the configs downstream of it
      'changes', (
        SELECT count(*) FROM config_changes cc
        WHERE cc.created_at > now() - interval '2 days'
          AND (cc.config_id = ci.id OR cc.config_id IN (
            SELECT r.related_id FROM config_relationships r
            WHERE r.config_id = ci.id AND r.deleted_at IS NULL))),
      'playbook_runs', (
        SELECT count(*) FROM playbook_runs p
        WHERE p.config_id = ci.id AND p.created_at > now() - interval '30 days'),
      'checks', (
        SELECT count(*) FROM check_config_relationships r
        WHERE r.config_id = ci.id AND r.deleted_at IS NULL)
    ) AS summary,
    (SELECT coalesce(jsonb_agg(jsonb_build_object(
        'id', c.id, 'name', c.name, 'icon', c.icon, 'type', c.type, 'status', c.status,
        'health', c.health) ORDER BY c.name), '[]')
      FROM config_component_relationships r JOIN components c ON c.id = r.component_id
      WHERE r.config_id = ci.id AND r.deleted_at IS NULL AND c.deleted_at IS NULL) AS components
  FROM config_items ci;

-- Value lists for filters.
CREATE VIEW config_types AS
  SELECT DISTINCT type FROM config_items WHERE deleted_at IS NULL ORDER BY type;
CREATE VIEW config_classes AS
  SELECT DISTINCT config_class FROM config_items WHERE deleted_at IS NULL ORDER BY config_class;
CREATE VIEW config_statuses AS
  SELECT DISTINCT status FROM config_items
  WHERE deleted_at IS NULL AND status IS NOT NULL ORDER BY status;
CREATE VIEW analyzer_types AS
  SELECT DISTINCT analyzer FROM config_analysis ORDER BY analyzer;
CREATE VIEW analysis_types AS
  SELECT DISTINCT analysis_type FROM config_analysis
  WHERE analysis_type IS NOT NULL ORDER BY analysis_type;
CREATE VIEW config_analysis_analyzers AS
  SELECT DISTINCT analyzer FROM config_analysis WHERE status = 'open' ORDER BY analyzer;

-- config_changes is large: walk the change_type index one distinct value at a time instead of
-- scanning every change.
CREATE VIEW change_types AS
  WITH RECURSIVE t (change_type) AS (
    (SELECT change_type FROM config_changes WHERE change_type IS NOT NULL
      ORDER BY change_type LIMIT 1)
    UNION ALL
    SELECT (SELECT c.change_type FROM config_changes c
             WHERE c.change_type > t.change_type ORDER BY c.change_type LIMIT 1)
    FROM t WHERE t.change_type IS NOT NULL
  )
  SELECT change_type FROM t WHERE change_type IS NOT NULL;

CREATE VIEW config_tags AS
  SELECT DISTINCT t.key, t.value
  FROM config_items ci, jsonb_each_text(ci.tags) t
  WHERE ci.deleted_at IS NULL AND jsonb_typeof(ci.tags) = 'object';

CREATE VIEW config_labels AS
  SELECT DISTINCT l.key, l.value
  FROM config_items ci, jsonb_each_text(ci.labels) l
  WHERE ci.deleted_at IS NULL AND jsonb_typeof(ci.labels) = 'object';

-- Per config type: open analyses by type and by severity, changes of the last 30 days, counts
-- and summed costs of the non-deleted configs.
CREATE VIEW config_summary AS
  WITH items AS (
    SELECT type, max(created_at) AS created_at, max(updated_at) AS updated_at,
      count(*) AS total_configs,
      sum(cost_per_minute) AS cost_per_minute, sum(cost_total_1d) AS cost_total_1d,
      sum(cost_total_7d) AS cost_total_7d, sum(cost_total_30d) AS cost_total_30d
    FROM config_items WHERE deleted_at IS NULL GROUP BY type
  ),
  open_analysis AS (
    SELECT ci.type, a.analysis_type, a.severity
    FROM config_analysis a JOIN config_items ci ON ci.id = a.config_id
    WHERE a.status = 'open' AND ci.deleted_at IS NULL
  ),
  by_analysis_type AS (
    SELECT type, jsonb_object_agg(analysis_type, n) AS analysis FROM (
      SELECT type, coalesce(analysis_type, '') AS analysis_type, count(*) AS n
      FROM open_analysis GROUP BY 1, 2) t
    GROUP BY type
  ),
  by_severity AS (
    SELECT type, jsonb_object_agg(severity, n) AS severity FROM (
      SELECT type, coalesce(severity, '') AS severity, count(*) AS n
      FROM open_analysis GROUP BY 1, 2) t
    GROUP BY type
  ),
  changes AS (
    SELECT ci.type, count(*) AS changes
    FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
    WHERE cc.created_at > now() - interval '30 days' AND ci.deleted_at IS NULL
    GROUP BY ci.type
  )
  SELECT i.type, i.created_at, i.updated_at, a.analysis, s.severity,
    coalesce(c.changes, 0) AS changes, i.total_configs,
    i.cost_per_minute, i.cost_total_1d, i.cost_total_7d, i.cost_total_30d
  FROM items i
  LEFT JOIN by_analysis_type a ON a.type = i.type
  LEFT JOIN by_severity s ON s.type = i.type
  LEFT JOIN changes c ON c.type = i.type;

-- Per config class, deleted configs included (as upstream).
CREATE VIEW config_class_summary AS
  WITH items AS (
    SELECT config_class, count(*) AS total_configs,
      sum(cost_per_minute) AS cost_per_minute, sum(cost_total_1d) AS cost_total_1d,
      sum(cost_total_7d) AS cost_total_7d, sum(cost_total_30d) AS cost_total_30d
    FROM config_items GROUP BY config_class
  ),
  analysis AS (
    SELECT config_class, jsonb_object_agg(analysis_type, n) AS analysis FROM (
      SELECT ci.config_class, coalesce(a.analysis_type, '') AS analysis_type, count(*) AS n
      FROM config_analysis a JOIN config_items ci ON ci.id = a.config_id
      WHERE a.status = 'open' GROUP BY 1, 2) t
    GROUP BY config_class
  ),
  changes AS (
    SELECT ci.config_class, count(*) AS changes
    FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
    WHERE cc.created_at > now() - interval '30 days'
    GROUP BY ci.config_class
  )
  SELECT i.config_class, a.analysis, coalesce(c.changes, 0) AS changes, i.total_configs,
    i.cost_per_minute, i.cost_total_1d, i.cost_total_7d, i.cost_total_30d
  FROM items i
  LEFT JOIN analysis a ON a.config_class = i.config_class
  LEFT JOIN changes c ON c.config_class = i.config_class;

CREATE VIEW config_analysis_items AS
  SELECT a.*, ci.type AS config_type, ci.config_class
  FROM config_analysis a JOIN config_items ci ON ci.id = a.config_id;

CREATE VIEW config_changes_by_types AS
  SELECT ci.type, count(*) AS change_count
  FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
  WHERE cc.created_at > now() - interval '30 days'
  GROUP BY ci.type;

CREATE VIEW config_analysis_by_severity AS
  SELECT ci.type, a.severity, count(*) AS analysis_count
  FROM config_analysis a JOIN config_items ci ON ci.id = a.config_id
  WHERE a.first_observed > now() - interval '30 days'
  GROUP BY ci.type, a.severity;

-- Backing view of /api/catalog/changes.
CREATE VIEW catalog_changes AS
  SELECT cc.id, cc.config_id, ci.name, ci.type, ci.config_class, ci.tags, cc.external_created_by,
    cc.created_at, cc.severity, cc.change_type, cc.source, cc.summary, cc.created_by, cc.count,
    cc.first_observed, ci.agent_id, cc.external_change_id, ci.deleted_at AS config_deleted_at
  FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id;
