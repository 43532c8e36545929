-- Health checks: canaries, their checks, check results with hourly/daily rollups, and the links
-- from checks to components and configs (datamodel.md §2.1).

CREATE TABLE canaries (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  namespace text NOT NULL,
  labels jsonb,
  annotations jsonb,
  spec jsonb NOT NULL,
  -- plain text, not the source enum: 'UI', 'kubernetes/<ns>/<name>', 'check=<id>', 'component/...'
  source text,
  is_pushed boolean NOT NULL DEFAULT false,
  created_at timestamptz DEFAULT now(),
  created_by uuid REFERENCES people (id),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX canaries_agent_id_name_namespace_source_key
  ON canaries (agent_id, name, namespace, source)
  WHERE deleted_at IS NULL AND agent_id = '00000000-0000-0000-0000-000000000000';
CREATE INDEX canaries_agent_id_idx ON canaries (agent_id);
CREATE INDEX canaries_source_idx ON canaries (source);
-- A canary is edited when its spec changes; status bookkeeping is not an edit.
CREATE TRIGGER canaries_updated_at BEFORE UPDATE ON canaries
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded('spec');

-- status, last_runtime, latest_message and latest_duration are the newest result, kept here so
-- that summaries never have to search check_statuses for it (see check_statuses_rollup below).
CREATE TABLE checks (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  type text NOT NULL,
  name text NOT NULL,
  namespace text,
  description text,
  icon text,
  spec jsonb,
  labels jsonb,
  owner text,
  severity text,
  category text,
  is_pushed boolean NOT NULL DEFAULT false,
  transformed boolean,
  last_runtime timestamptz,
  last_transition_time timestamptz,
  next_runtime timestamptz,
  silenced_at timestamptz,
  status text,
  latest_message text,
  latest_duration integer,
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  UNIQUE (canary_id, type, name, agent_id)
);
CREATE INDEX checks_agent_id_idx ON checks (agent_id);
CREATE TRIGGER checks_updated_at BEFORE UPDATE ON checks
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

-- last_transition_time = when status last changed. A writer that sets it explicitly (an agent
-- pushing its own history) is left alone.
CREATE FUNCTION checks_last_transition_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status IS NOT NULL AND NEW.last_transition_time IS NULL THEN
      NEW.last_transition_time := now();
    END IF;
  ELSIF NEW.status IS DISTINCT FROM OLD.status
        AND NEW.last_transition_time IS NOT DISTINCT FROM OLD.last_transition_time THEN
    NEW.last_transition_time := now();
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER checks_last_transition_time BEFORE INSERT OR UPDATE ON checks
  FOR EACH ROW EXECUTE FUNCTION checks_last_transition_time();

-- One row per run. status is a boolean (true = pass), duration in ms, time = when it ran.
-- The primary key (check_id, time) also serves "newest results of a check" (an index scan
-- backwards), so no separate (check_id, time DESC) index is kept on this, the hottest table.
CREATE TABLE check_statuses (
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  details jsonb,
  duration integer,
  error text,
  time timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  invalid boolean,
  message text,
  status boolean,
  severity text,
  is_pushed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (check_id, time)
);
-- Retention deletes by age; a BRIN index on the append-ordered time column is tiny.
CREATE INDEX check_statuses_time_brin_idx ON check_statuses USING brin (time);

-- Rollups: per check and hour/day (UTC), run counts and the average duration. Long time ranges
-- and check_summary read these instead of raw results. last_pass/last_fail (the newest passing
-- and failing run in the bucket) are Vigil's addition, so check_summary can show them without
-- reading raw results either.
CREATE TABLE check_statuses_1h (
  check_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  duration integer NOT NULL,
  total integer NOT NULL,
  passed integer NOT NULL,
  failed integer NOT NULL,
  last_pass timestamptz,
  last_fail timestamptz,
  PRIMARY KEY (check_id, created_at),
  CONSTRAINT check_statuses_aggr_check_id_fkey FOREIGN KEY (check_id)
    REFERENCES checks (id) ON DELETE CASCADE
);
CREATE INDEX check_statuses_1h_created_at_idx ON check_statuses_1h USING brin (created_at);

CREATE TABLE check_statuses_1d (
  check_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  duration integer NOT NULL,
  total integer NOT NULL,
  passed integer NOT NULL,
  failed integer NOT NULL,
  last_pass timestamptz,
  last_fail timestamptz,
  PRIMARY KEY (check_id, created_at),
  CONSTRAINT check_statuses_aggr_check_id_fkey FOREIGN KEY (check_id)
    REFERENCES checks (id) ON DELETE CASCADE
);
CREATE INDEX check_statuses_1d_created_at_idx ON check_statuses_1d USING brin (created_at);

-- Writers insert raw results only. Once per INSERT statement (a whole batch at a time) this
-- folds the new rows into the hourly and daily rollups and copies the newest result of each
-- check onto checks, so both are current the moment the results are committed. Only rows that
-- were really inserted are in the transition table, so ON CONFLICT DO NOTHING retries of the
-- same results are not counted twice.
CREATE FUNCTION check_statuses_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO check_statuses_1h AS r
      (check_id, created_at, duration, total, passed, failed, last_pass, last_fail)
    SELECT check_id, date_trunc('hour', time, 'UTC'), coalesce(round(avg(duration)), 0),
      count(*), count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
      max(time) FILTER (WHERE status), max(time) FILTER (WHERE NOT status)
    FROM new_statuses GROUP BY 1, 2
  ON CONFLICT (check_id, created_at) DO UPDATE SET
    duration = (r.duration::bigint * r.total + excluded.duration::bigint * excluded.total)
      / (r.total + excluded.total),
    total = r.total + excluded.total,
    passed = r.passed + excluded.passed,
    failed = r.failed + excluded.failed,
    last_pass = greatest(r.last_pass, excluded.last_pass),
    last_fail = greatest(r.last_fail, excluded.last_fail);

  INSERT INTO check_statuses_1d AS r
      (check_id, created_at, duration, total, passed, failed, last_pass, last_fail)
    SELECT check_id, date_trunc('day', time, 'UTC'), coalesce(round(avg(duration)), 0),
      count(*), count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
      max(time) FILTER (WHERE status), max(time) FILTER (WHERE NOT status)
    FROM new_statuses GROUP BY 1, 2
  ON CONFLICT (check_id, created_at) DO UPDATE SET
    duration = (r.duration::bigint * r.total + excluded.duration::bigint * excluded.total)
      / (r.total + excluded.total),
    total = r.total + excluded.total,
    passed = r.passed + excluded.passed,
    failed = r.failed + excluded.failed,
    last_pass = greatest(r.last_pass, excluded.last_pass),
    last_fail = greatest(r.last_fail, excluded.last_fail);

  -- Late or back-filled results never overwrite a newer latest status.
  UPDATE checks c SET
      status = CASE WHEN l.status THEN 'healthy' WHEN NOT l.status THEN 'unhealthy' ELSE c.status END,
      last_runtime = l.time,
      latest_message = l.message,
      latest_duration = l.duration
    FROM (
      SELECT DISTINCT ON (check_id) check_id, time, status, message, duration
      FROM new_statuses ORDER BY check_id, time DESC
    ) l
    WHERE c.id = l.check_id AND (c.last_runtime IS NULL OR c.last_runtime <= l.time);
  RETURN NULL;
END
$$;
CREATE TRIGGER check_statuses_rollup AFTER INSERT ON check_statuses
  REFERENCING NEW TABLE AS new_statuses
  FOR EACH STATEMENT EXECUTE FUNCTION check_statuses_rollup();

CREATE TABLE check_component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  selector_id text,
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (component_id, check_id, canary_id, selector_id)
);
CREATE INDEX check_component_relationships_check_id_idx ON check_component_relationships (check_id);
CREATE INDEX check_component_relationships_canary_id_idx ON check_component_relationships (canary_id);
CREATE TRIGGER check_component_relationships_updated_at
  BEFORE UPDATE ON check_component_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

CREATE TABLE check_config_relationships (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  selector_id text,
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (config_id, check_id, canary_id, selector_id)
);
CREATE INDEX check_config_relationships_check_id_idx ON check_config_relationships (check_id);
CREATE INDEX check_config_relationships_canary_id_idx ON check_config_relationships (canary_id);
CREATE TRIGGER check_config_relationships_updated_at BEFORE UPDATE ON check_config_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

-- Soft-deleting a canary soft-deletes its checks and their links (each check's own trigger then
-- runs too).
CREATE FUNCTION soft_delete_canary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE checks SET deleted_at = NEW.deleted_at WHERE canary_id = NEW.id AND deleted_at IS NULL;
  UPDATE check_component_relationships SET deleted_at = NEW.deleted_at
    WHERE canary_id = NEW.id AND deleted_at IS NULL;
  UPDATE check_config_relationships SET deleted_at = NEW.deleted_at
    WHERE canary_id = NEW.id AND deleted_at IS NULL;
  RETURN NULL;
END
$$;
CREATE TRIGGER canaries_soft_delete_cascade AFTER UPDATE OF deleted_at ON canaries
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION soft_delete_canary();

-- Soft-deleting a check soft-deletes its links and the canary generated for it alone
-- (source 'check=<id>').
CREATE FUNCTION soft_delete_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE check_component_relationships SET deleted_at = NEW.deleted_at
    WHERE check_id = NEW.id AND deleted_at IS NULL;
  UPDATE check_config_relationships SET deleted_at = NEW.deleted_at
    WHERE check_id = NEW.id AND deleted_at IS NULL;
  UPDATE canaries SET deleted_at = NEW.deleted_at
    WHERE source = 'check=' || NEW.id AND deleted_at IS NULL;
  RETURN NULL;
END
$$;
CREATE TRIGGER checks_soft_delete_cascade AFTER UPDATE OF deleted_at ON checks
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION soft_delete_check();
