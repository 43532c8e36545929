-- Views behind the settings, jobs, agents, connections, playbooks, notifications and event-queue
-- pages (datamodel.md §3.4, §3.5). job_* columns come from latest_job() (0013).

CREATE VIEW topologies_with_status AS
  SELECT t.*, j.*, jsonb_build_object('id', a.id, 'name', a.name) AS agent
  FROM topologies t
  LEFT JOIN agents a ON a.id = t.agent_id
  LEFT JOIN LATERAL latest_job('topology', t.id::text) j ON true
  WHERE t.deleted_at IS NULL;

-- Deleted teams stay listed (the console filters deleted_at=is.null), as upstream.
CREATE VIEW teams_with_status AS
  SELECT t.*, j.*
  FROM teams t
  LEFT JOIN LATERAL latest_job('team', t.id::text) j ON true;

CREATE VIEW config_scrapers_with_status AS
  SELECT s.*, j.*, jsonb_build_object('id', a.id, 'name', a.name) AS agent
  FROM config_scrapers s
  LEFT JOIN agents a ON a.id = s.agent_id
  LEFT JOIN LATERAL latest_job('config_scraper', s.id::text) j ON true
  WHERE s.deleted_at IS NULL;

-- The integrations page: scrapers, topologies and log backends in one list. A UNION has no FK
-- relationships for embedding (created_by stays a plain uuid here). Log backends have no jobs.
-- Upstream lists deleted log backends; every part here is limited to non-deleted rows.
CREATE VIEW integrations_with_status AS
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
  WHERE l.deleted_at IS NULL;

-- Newest run per resource. Reads all of job_history; prefer latest_job() for one resource.
CREATE VIEW job_history_latest_status AS
  SELECT * FROM (
    SELECT j.*,
      row_number() OVER (PARTITION BY j.resource_id ORDER BY j.created_at DESC, j.id DESC) AS rn
    FROM job_history j
  ) t
  WHERE rn = 1;

-- Job history page: each run with the name of what it ran for and its agent. Upstream only
-- names components for resource_type 'components' (plural); both spellings are accepted here.
CREATE VIEW job_histories AS
  SELECT j.*,
    coalesce(CASE j.resource_type
      WHEN 'canary' THEN (SELECT c.name FROM canaries c WHERE c.id = try_uuid(j.resource_id))
      WHEN 'check' THEN (SELECT c.name FROM checks c WHERE c.id = try_uuid(j.resource_id))
      WHEN 'topology' THEN (SELECT t.name FROM topologies t WHERE t.id = try_uuid(j.resource_id))
      WHEN 'component' THEN (SELECT c.name FROM components c WHERE c.id = try_uuid(j.resource_id))
      WHEN 'components' THEN (SELECT c.name FROM components c WHERE c.id = try_uuid(j.resource_id))
      WHEN 'config_scraper' THEN
        (SELECT s.name FROM config_scrapers s WHERE s.id = try_uuid(j.resource_id))
      WHEN 'team' THEN (SELECT t.name FROM teams t WHERE t.id = try_uuid(j.resource_id))
      WHEN 'notification' THEN
        (SELECT n.name FROM notifications n WHERE n.id = try_uuid(j.resource_id))
      WHEN 'incident_rule' THEN
        (SELECT r.name FROM incident_rules r WHERE r.id = try_uuid(j.resource_id))
      WHEN 'playbook' THEN (SELECT p.name FROM playbooks p WHERE p.id = try_uuid(j.resource_id))
    END, j.resource_id) AS resource_name,
    jsonb_build_object('id', a.id, 'name', a.name) AS agent
  FROM job_history j
  LEFT JOIN agents a ON a.id = j.agent_id;

-- Distinct job names, walking the name index one value at a time (job_history is large).
CREATE VIEW job_history_names AS
  WITH RECURSIVE n (name) AS (
    (SELECT name FROM job_history WHERE name IS NOT NULL ORDER BY name LIMIT 1)
    UNION ALL
    SELECT (SELECT j.name FROM job_history j WHERE j.name > n.name ORDER BY j.name LIMIT 1)
    FROM n WHERE n.name IS NOT NULL
  )
  SELECT name FROM n WHERE name IS NOT NULL;

-- Agents list with what each one reported (deleted rows included, as upstream).
-- config_scrapper_count keeps upstream's spelling: the console reads that key.
CREATE VIEW agents_summary AS
  SELECT a.*,
    (SELECT count(*) FROM config_items c WHERE c.agent_id = a.id) AS config_count,
    (SELECT count(*) FROM config_scrapers s WHERE s.agent_id = a.id) AS config_scrapper_count,
    (SELECT count(*) FROM checks c WHERE c.agent_id = a.id) AS checks_count,
    (SELECT count(*) FROM playbook_runs p WHERE p.agent_id = a.id) AS playbook_runs_count
  FROM agents a
  WHERE a.deleted_at IS NULL;

-- Notification services that are addressed by a shoutrrr URL (slack://..., smtp://...).
CREATE FUNCTION connection_category(url text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN lower(split_part(url, '://', 1)) IN (
    'bark', 'discord', 'generic', 'googlechat', 'gotify', 'hangouts', 'ifttt', 'join',
    'lark', 'mattermost', 'matrix', 'ntfy', 'opsgenie', 'pushbullet', 'pushover', 'rocketchat',
    'signal', 'slack', 'smtp', 'teams', 'telegram', 'zulip'
  ) THEN 'notification' END
$$;

-- Connection pickers: no secrets at all.
CREATE VIEW connections_list AS
  SELECT id, name, namespace, type, connection_category(url) AS category, created_by, created_at,
    updated_at
  FROM connections
  WHERE deleted_at IS NULL;

-- Connection detail: secrets masked as '***' (the value the update trigger of 0002 keeps), unless
-- they are only references to where the secret lives, or empty.
CREATE FUNCTION mask_secret(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value IS NULL OR value = '' OR value ~ '^(secret|configmap|helm|serviceaccount)://'
    THEN value
    ELSE '***'
  END
$$;

CREATE VIEW connection_details AS
  SELECT id, name, namespace, type, source, properties, insecure_tls, created_by, created_at,
    updated_at, connection_category(url) AS category,
    mask_secret(username) AS username, mask_secret(password) AS password,
    mask_secret(certificate) AS certificate
  FROM connections
  WHERE deleted_at IS NULL;

CREATE VIEW playbook_names AS
  SELECT id, title, name, namespace, description, category,
    coalesce(icon, spec ->> 'icon') AS icon
  FROM playbooks
  WHERE deleted_at IS NULL
  ORDER BY name;

-- Which playbooks each agent runs (spec.runsOn holds agent names).
CREATE VIEW playbooks_for_agent AS
  SELECT a.name AS agent_name, a.person_id, a.id AS agent_id, array_agg(p.id) AS playbook_ids
  FROM playbooks p
  CROSS JOIN LATERAL jsonb_array_elements_text(
    CASE WHEN jsonb_typeof(p.spec -> 'runsOn') = 'array' THEN p.spec -> 'runsOn' ELSE '[]' END
  ) AS runs_on(agent_name)
  JOIN agents a ON a.name = runs_on.agent_name AND a.deleted_at IS NULL
  WHERE p.deleted_at IS NULL
  GROUP BY a.id, a.name, a.person_id;

-- Notification rules with their send statistics. Deviations from upstream, both visible to a
-- user: avg_duration_ms averages every send (upstream: failed sends only), and `sent` counts
-- sends that really went out (status sent, or no status and no error) rather than every
-- error-free row, which upstream also counts for silenced and repeat-interval skips.
CREATE VIEW notifications_summary AS
  SELECT n.id, n.name, coalesce(n.namespace, '') AS namespace, n.error, n.title, n.events,
    n.filter, n.person_id, n.team_id, n.custom_services, n.created_at, n.updated_at,
    n.created_by, n.source, n.repeat_interval, n.wait_for,
    (SELECT count(*) FROM event_queue q
      WHERE q.name = 'notification.send' AND q.properties ->> 'notification_id' = n.id::text
        AND coalesce(q.attempts, 0) < 4) AS pending,
    h.avg_duration_ms, coalesce(h.failed, 0) AS failed, coalesce(h.sent, 0) AS sent,
    h.most_common_error
  FROM notifications n
  LEFT JOIN LATERAL (
    SELECT round(avg(s.duration_millis), 2) AS avg_duration_ms,
      count(*) FILTER (WHERE s.error IS NOT NULL) AS failed,
      count(*) FILTER (WHERE s.error IS NULL AND coalesce(s.status, 'sent') = 'sent') AS sent,
      mode() WITHIN GROUP (ORDER BY s.error) AS most_common_error
    FROM notification_send_history s
    WHERE s.notification_id = n.id
  ) h ON true
  WHERE n.deleted_at IS NULL;

-- Send history with what it was about. One SELECT rather than upstream's UNION of four joins,
-- so notification_id and person_id keep their FK relationships for embedding, and sends for
-- other events (playbooks...) are not dropped.
CREATE VIEW notification_send_history_summary AS
  SELECT s.*,
    CASE split_part(s.source_event, '.', 1)
      WHEN 'config' THEN 'config' WHEN 'component' THEN 'component'
      WHEN 'check' THEN 'check' WHEN 'canary' THEN 'canary'
    END AS resource_type,
    CASE split_part(s.source_event, '.', 1)
      WHEN 'config' THEN (SELECT jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type,
          'config_class', c.config_class) FROM config_items c WHERE c.id = s.resource_id)
      WHEN 'component' THEN (SELECT jsonb_build_object('id', c.id, 'name', c.name, 'icon', c.icon)
          FROM components c WHERE c.id = s.resource_id)
      WHEN 'check' THEN (SELECT jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type,
          'status', c.status, 'icon', c.icon) FROM checks c WHERE c.id = s.resource_id)
      WHEN 'canary' THEN (SELECT jsonb_build_object('id', c.id, 'name', c.name)
          FROM canaries c WHERE c.id = s.resource_id)
    END AS resource
  FROM notification_send_history s;

-- Event queue status page, per event name.
CREATE VIEW event_queue_summary AS
  SELECT name,
    count(*) AS pending,
    count(*) FILTER (WHERE error IS NOT NULL) AS failed,
    round(avg(attempts), 2) AS average_attempts,
    min(created_at) FILTER (WHERE error IS NOT NULL) AS first_failure,
    max(last_attempt) AS last_failure,
    mode() WITHIN GROUP (ORDER BY error) AS most_common_error
  FROM event_queue
  GROUP BY name;

CREATE VIEW failed_events AS
  SELECT name,
    count(DISTINCT error) AS unique_errors,
    round(avg(attempts), 2) AS average_attempts,
    count(*) AS total_failed_events,
    mode() WITHIN GROUP (ORDER BY error) AS most_common_error
  FROM event_queue
  WHERE error IS NOT NULL AND created_at > now() - interval '7 days'
  GROUP BY name;

-- Rows an agent has not pushed upstream yet, per table. Counts whole tables: diagnosis only.
CREATE VIEW push_queue_summary AS
  SELECT 'artifacts' AS "table", count(*) AS count FROM artifacts WHERE NOT is_pushed
  UNION ALL SELECT 'canaries', count(*) FROM canaries WHERE NOT is_pushed
  UNION ALL SELECT 'check_component_relationships', count(*)
    FROM check_component_relationships WHERE NOT is_pushed
  UNION ALL SELECT 'check_config_relationships', count(*)
    FROM check_config_relationships WHERE NOT is_pushed
  UNION ALL SELECT 'check_statuses', count(*) FROM check_statuses WHERE NOT is_pushed
  UNION ALL SELECT 'checks', count(*) FROM checks WHERE NOT is_pushed
  UNION ALL SELECT 'component_relationships', count(*)
    FROM component_relationships WHERE NOT is_pushed
  UNION ALL SELECT 'components', count(*) FROM components WHERE NOT is_pushed
  UNION ALL SELECT 'config_analysis', count(*) FROM config_analysis WHERE NOT is_pushed
  UNION ALL SELECT 'config_changes', count(*) FROM config_changes WHERE NOT is_pushed
  UNION ALL SELECT 'config_component_relationships', count(*)
    FROM config_component_relationships WHERE NOT is_pushed
  UNION ALL SELECT 'config_items', count(*) FROM config_items WHERE NOT is_pushed
  UNION ALL SELECT 'config_relationships', count(*) FROM config_relationships WHERE NOT is_pushed
  UNION ALL SELECT 'config_scrapers', count(*) FROM config_scrapers WHERE NOT is_pushed
  UNION ALL SELECT 'job_history', count(*) FROM job_history WHERE NOT is_pushed
  UNION ALL SELECT 'playbook_run_actions', count(*) FROM playbook_run_actions WHERE NOT is_pushed
  UNION ALL SELECT 'topologies', count(*) FROM topologies WHERE NOT is_pushed;
