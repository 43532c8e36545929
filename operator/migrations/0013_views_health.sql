-- Health views (datamodel.md §3.1). All plain views: nothing waits for a refresh.
-- Views keep the base tables' key columns (id, canary_id, check_id, agent_id, created_by...)
-- unchanged so the PostgREST layer can embed through the base-table FKs.

-- Per check over the raw results of the last hour: latency percentiles and pass/fail counts.
-- Bounded by the hour (an index range per check), for callers that want exact percentiles.
CREATE VIEW check_status_summary_hour AS
  SELECT s.check_id,
    percentile_disc(0.99) WITHIN GROUP (ORDER BY s.duration) AS p99,
    percentile_disc(0.95) WITHIN GROUP (ORDER BY s.duration) AS p95,
    percentile_disc(0.50) WITHIN GROUP (ORDER BY s.duration) AS p50,
    avg(s.duration) AS mean,
    count(*) FILTER (WHERE s.status) AS passed,
    count(*) FILTER (WHERE NOT s.status) AS failed,
    max(s.time) AS last_check,
    max(s.time) FILTER (WHERE s.status) AS last_pass,
    max(s.time) FILTER (WHERE NOT s.status) AS last_fail
  FROM check_statuses s
  WHERE s.time > now() - interval '1 hour'
  GROUP BY s.check_id;

-- Checks idle for more than an hour: their single newest result, which checks already holds.
CREATE VIEW check_status_summary_aged AS
  SELECT c.id AS check_id,
    c.latest_duration AS p99, c.latest_duration AS p95, c.latest_duration AS p50,
    c.latest_duration::numeric AS mean,
    (c.status = 'healthy')::int::bigint AS passed,
    (c.status = 'unhealthy')::int::bigint AS failed,
    c.last_runtime AS last_check,
    CASE WHEN c.status = 'healthy' THEN c.last_runtime END AS last_pass,
    CASE WHEN c.status = 'unhealthy' THEN c.last_runtime END AS last_fail
  FROM checks c
  WHERE c.deleted_at IS NULL AND c.last_runtime IS NOT NULL
    AND c.last_runtime <= now() - interval '1 hour';

CREATE VIEW check_status_summary AS
  SELECT * FROM check_status_summary_hour
  UNION ALL
  SELECT * FROM check_status_summary_aged;

-- The Health page and /api/canary/api/summary. Uptime, average latency and the last pass/fail
-- come from the hourly rollup buckets that overlap the last 60 minutes (so between one and two
-- hours of runs), never from raw results; a check with no runs in them falls back to its newest
-- result, kept on checks. The rollup keeps averages only, so p50/p95/p97/p99 are NULL here
-- (check_status_summary_hour has exact ones); rolling1h is the hour's average.
CREATE VIEW check_summary AS
  SELECT c.id, c.canary_id,
    jsonb_build_object(
      'passed', coalesce(r.passed, (c.status = 'healthy')::int, 0),
      'failed', coalesce(r.failed, (c.status = 'unhealthy')::int, 0),
      'last_pass', coalesce(r.last_pass, CASE WHEN c.status = 'healthy' THEN c.last_runtime END),
      'last_fail', coalesce(r.last_fail, CASE WHEN c.status = 'unhealthy' THEN c.last_runtime END)
    ) AS uptime,
    jsonb_build_object(
      'p99', NULL, 'p97', NULL, 'p95', NULL, 'p50', NULL,
      'avg', coalesce(r.avg_duration, c.latest_duration),
      'rolling1h', coalesce(r.avg_duration, c.latest_duration)
    ) AS latency,
    c.last_transition_time, c.type, c.icon, c.name, c.status, c.description, c.namespace,
    ca.namespace AS canary_namespace, ca.name AS canary_name,
    -- the canary's labels, overridden by the check's own
    coalesce(ca.labels, '{}') || coalesce(c.labels, '{}') AS labels,
    c.severity, c.owner, c.last_runtime, c.created_at, c.updated_at, c.deleted_at, c.silenced_at,
    c.agent_id, c.next_runtime, c.latest_message, c.latest_duration
  FROM checks c
  JOIN canaries ca ON ca.id = c.canary_id
  LEFT JOIN LATERAL (
    SELECT sum(h.passed) AS passed, sum(h.failed) AS failed,
      round(sum(h.duration::numeric * h.total) / nullif(sum(h.total), 0)) AS avg_duration,
      max(h.last_pass) AS last_pass, max(h.last_fail) AS last_fail
    FROM check_statuses_1h h
    WHERE h.check_id = c.id AND h.created_at > now() - interval '2 hours'
    HAVING sum(h.total) > 0
  ) r ON true;

CREATE VIEW check_summary_for_config AS
  SELECT r.config_id, cs.*
  FROM check_config_relationships r
  JOIN check_summary cs ON cs.id = r.check_id
  WHERE r.deleted_at IS NULL;

CREATE VIEW checks_by_component AS
  SELECT r.component_id, c.id, c.type, c.name, c.severity, c.status
  FROM check_component_relationships r
  JOIN checks c ON c.id = r.check_id
  WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL;

CREATE VIEW check_summary_by_component AS
  SELECT component_id, jsonb_object_agg(coalesce(status, 'unknown'), n) AS checks
  FROM (
    SELECT component_id, status, count(*) AS n FROM checks_by_component GROUP BY 1, 2
  ) t
  GROUP BY component_id;

CREATE VIEW checks_by_config AS
  SELECT r.config_id, c.id, c.type, c.name, c.severity, c.status, c.icon, c.last_runtime
  FROM check_config_relationships r
  JOIN checks c ON c.id = r.check_id
  WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL;

CREATE VIEW check_summary_by_config AS
  SELECT config_id, jsonb_object_agg(coalesce(status, 'unknown'), n) AS checks
  FROM (SELECT config_id, status, count(*) AS n FROM checks_by_config GROUP BY 1, 2) t
  GROUP BY config_id;

CREATE VIEW check_names AS
  SELECT id, canary_id, type, name, status
  FROM checks
  WHERE deleted_at IS NULL AND silenced_at IS NULL
  ORDER BY name;

CREATE VIEW check_labels AS
  SELECT DISTINCT l.key, l.value
  FROM checks c, jsonb_each_text(c.labels) l
  WHERE c.deleted_at IS NULL AND jsonb_typeof(c.labels) = 'object';

-- Five-minute buckets of the last day, from raw results (callers filter by check_id).
CREATE VIEW check_statuses_5m AS
  SELECT check_id,
    date_bin('5 minutes', time, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS created_at,
    count(*) AS total_checks,
    count(*) FILTER (WHERE status) AS passed,
    count(*) FILTER (WHERE NOT status) AS failed,
    sum(duration) AS total_duration
  FROM check_statuses
  WHERE time > now() - interval '1 day'
  GROUP BY 1, 2;

-- Storage used by each check's raw results. Reads every result: for occasional diagnosis only.
CREATE VIEW check_size_summary AS
  SELECT c.canary_id, c.id,
    min(s.time) AS min_time, max(s.time) AS max_time, count(s.*) AS count,
    coalesce(sum(pg_column_size(s.*)), 0) AS size,
    round(avg(pg_column_size(s.*))) AS avg_size
  FROM checks c
  LEFT JOIN check_statuses s ON s.check_id = c.id
  GROUP BY c.canary_id, c.id;

-- The newest job run of one resource and its last failure, as the job_* columns of the
-- settings lists. SQL and STABLE, so the planner inlines it into each view.
CREATE FUNCTION latest_job(p_resource_type text, p_resource_id text)
RETURNS TABLE (
  job_name text,
  job_success_count integer,
  job_error_count integer,
  job_details jsonb,
  job_hostname text,
  job_duration_millis integer,
  job_resource_type text,
  job_status text,
  job_time_start timestamptz,
  job_time_end timestamptz,
  job_created_at timestamptz,
  job_last_failed timestamptz
) LANGUAGE sql STABLE AS $$
  SELECT j.name, j.success_count, j.error_count, j.details, j.hostname, j.duration_millis,
    j.resource_type, j.status, j.time_start, j.time_end, j.created_at,
    (SELECT max(f.time_start) FROM job_history f
      WHERE f.resource_type = p_resource_type AND f.resource_id = p_resource_id
        AND f.status = 'FAILED')
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (
    SELECT * FROM job_history h
    WHERE h.resource_type = p_resource_type AND h.resource_id = p_resource_id
    ORDER BY h.created_at DESC, h.id DESC
    LIMIT 1
  ) j ON true
$$;

-- Health checks settings list. Upstream omits spec, updated_at and agent_id and matches jobs of
-- any resource type; here the columns are there and only canary jobs count.
CREATE VIEW canaries_with_status AS
  SELECT c.id, c.name, c.namespace,
    (c.spec ->> 'interval') AS "interval",
    (c.spec ->> 'schedule') AS schedule,
    c.labels, c.annotations, c.source, c.spec, c.agent_id, c.created_by, c.created_at,
    c.updated_at, c.deleted_at,
    (SELECT max(k.last_runtime) FROM checks k WHERE k.canary_id = c.id) AS last_runtime,
    j.*,
    jsonb_build_object('id', a.id, 'name', a.name) AS agent
  FROM canaries c
  LEFT JOIN agents a ON a.id = c.agent_id
  LEFT JOIN LATERAL latest_job('canary', c.id::text) j ON true
  WHERE c.deleted_at IS NULL;
