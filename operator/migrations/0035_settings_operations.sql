-- Teams, jobs, feature flags, event queue and integrations (issue: settings and operations).

-- integrations
-- The integrations list names who created each row. The view is a UNION, which has no FK for
-- the console to embed created_by through, so the creator ({id, name, avatar}) is a column of
-- its own; the other columns stay as 0017 made them.
CREATE OR REPLACE VIEW integrations_with_status AS
  SELECT i.*,
    (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar)
       FROM people p WHERE p.id = i.created_by) AS creator
  FROM (
    SELECT s.id, s.name, NULL::text AS namespace, s.description, 'scrapers' AS integration_type,
      s.source, s.agent_id, s.created_at, s.updated_at, s.deleted_at, s.created_by,
      s.job_name, s.job_success_count, s.job_error_count, s.job_details, s.job_hostname,
      s.job_duration_millis, s.job_resource_type, s.job_status, s.job_time_start, s.job_time_end,
      s.job_created_at, s.job_last_failed, s.agent
    FROM config_scrapers_with_status s
    UNION ALL
    SELECT t.id, t.name, t.namespace, '', 'topologies',
      t.source, t.agent_id, t.created_at, t.updated_at, t.deleted_at, t.created_by,
      t.job_name, t.job_success_count, t.job_error_count, t.job_details, t.job_hostname,
      t.job_duration_millis, t.job_resource_type, t.job_status, t.job_time_start, t.job_time_end,
      t.job_created_at, t.job_last_failed, t.agent
    FROM topologies_with_status t
    UNION ALL
    SELECT l.id, l.name, NULL, '', 'logging_backends',
      l.source, l.agent_id, l.created_at, l.updated_at, l.deleted_at, l.created_by,
      '', 0, 0, NULL, '', 0, '', '', NULL, NULL, NULL, NULL,
      jsonb_build_object('id', a.id, 'name', a.name)
    FROM logging_backends l
    LEFT JOIN agents a ON a.id = coalesce(l.agent_id, '00000000-0000-0000-0000-000000000000')
    WHERE l.deleted_at IS NULL
  ) i;
-- end integrations


-- teams
-- A deleted team keeps its row (soft delete), so its name stays taken under UNIQUE (name): a
-- team deleted by mistake could not be made again under its name. Names are unique among live
-- teams only; every lookup by name already skips deleted teams.
ALTER TABLE teams DROP CONSTRAINT teams_name_key;
CREATE UNIQUE INDEX teams_name_key ON teams (name) WHERE deleted_at IS NULL;
-- end teams
