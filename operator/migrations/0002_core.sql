-- Core of the data model: shared helpers, agents, teams, connections, logging backends,
-- integrations, the event queue, job history, saved queries and severities.
-- Column names, defaults and FK names follow the reference datamodel.md §1-§2 so that the
-- console's PostgREST calls (which embed by FK column and constraint name) work unchanged.
-- FK columns used for lookups are indexed; created_by columns are not (nothing looks rows up by
-- creator, and people are soft-deleted, so no delete has to check them).

-- Where a row came from. Upstream's Oct-2024 values plus the two later ones (ApplicationCRD,
-- System), so rows written by a newer agent still fit.
CREATE TYPE source AS ENUM (
  'KubernetesCRD', 'ConfigFile', 'UI', 'Topology', 'Push', 'CRDSync', 'ApplicationCRD', 'System'
);

-- The generic updated_at rule of §1, without upstream's hstore: bump updated_at on a real change,
-- except
--   * rows owned by a remote agent (they carry the agent's own timestamps),
--   * rows being (or already) soft-deleted,
--   * updates that only flip is_pushed,
--   * and, when the trigger names a column (canaries: spec, config_items: config), updates that
--     leave that column alone (a scrape that only refreshes status must not look like an edit).
-- Tables without agent_id / is_pushed / deleted_at use the simpler set_updated_at() of 0001.
CREATE FUNCTION set_updated_at_guarded() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_row jsonb := to_jsonb(NEW);
  old_row jsonb := to_jsonb(OLD);
BEGIN
  IF coalesce(new_row ->> 'agent_id', '00000000-0000-0000-0000-000000000000')
       <> '00000000-0000-0000-0000-000000000000'
     OR new_row ->> 'deleted_at' IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_NARGS > 0 THEN
    IF new_row -> TG_ARGV[0] IS NOT DISTINCT FROM old_row -> TG_ARGV[0] THEN
      RETURN NEW;
    END IF;
  ELSIF new_row - 'is_pushed' - 'updated_at' = old_row - 'is_pushed' - 'updated_at' THEN
    RETURN NEW;
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END
$$;

-- job_history.resource_id and similar columns are text that usually, not always, hold a uuid.
-- Casting through this keeps joins on uuid primary keys index-friendly without failing on
-- 'kubernetes/default/foo' style ids.
CREATE FUNCTION try_uuid(value text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
    THEN value::uuid
  END
$$;

-- The person making the current request, when the API layer passes it the PostgREST way
-- (SET LOCAL request.jwt.claims = '{"id": "<person id>"}'); NULL otherwise.
CREATE FUNCTION current_person_id() RETURNS uuid LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN try_uuid(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'id');
EXCEPTION WHEN invalid_text_representation THEN
  RETURN NULL;
END
$$;

-- uuid -> 26-character Crockford base32 ULID text (the inverse of generate_ulid's packing).
CREATE FUNCTION uuid_to_ulid(id uuid) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  -- 128 bits padded to 130 so they split into 26 groups of 5.
  bits bit(130) := B'00' || ('x' || replace(id::text, '-', ''))::bit(128);
  result text := '';
BEGIN
  FOR i IN 0..25 LOOP
    result := result || substr(alphabet, substring(bits FROM i * 5 + 1 FOR 5)::int + 1, 1);
  END LOOP;
  RETURN result;
END
$$;

---------------------------------------------------------------------------------------------------
-- Agents. The nil-uuid row `local` is this Vigil itself: every agent_id column defaults to it and
-- references it, so it must exist before anything else is inserted.
CREATE TABLE agents (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  hostname text,
  description text,
  ip text,
  version text,
  username text,
  person_id uuid,
  properties jsonb,
  tls text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  cleanup boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  last_seen timestamptz,
  last_received timestamptz
);
CREATE UNIQUE INDEX agents_name_key ON agents (name) WHERE deleted_at IS NULL;
CREATE INDEX agents_person_id_idx ON agents (person_id);
CREATE TRIGGER agents_updated_at BEFORE UPDATE ON agents
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

INSERT INTO agents (id, name, description)
  VALUES ('00000000-0000-0000-0000-000000000000', 'local', 'This Vigil');

---------------------------------------------------------------------------------------------------
-- Teams and their members.
CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL UNIQUE,
  icon text,
  spec jsonb,
  source text,
  created_by uuid NOT NULL REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE TRIGGER teams_updated_at BEFORE UPDATE ON teams
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

ALTER TABLE people ADD CONSTRAINT people_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id);
CREATE INDEX people_team_id_idx ON people (team_id);

-- The primary key holds both FKs, which is what makes PostgREST see people <-> teams as
-- many-to-many through this table.
CREATE TABLE team_members (
  team_id uuid NOT NULL REFERENCES teams (id),
  person_id uuid NOT NULL REFERENCES people (id),
  PRIMARY KEY (team_id, person_id)
);
CREATE INDEX team_members_person_id_idx ON team_members (person_id);

---------------------------------------------------------------------------------------------------
-- Connections: credentials for checks, scrapers, notifications and playbooks.
CREATE TABLE connections (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  type text NOT NULL,
  url text,
  source source,
  username text,
  password text,
  certificate text,
  properties jsonb,
  insecure_tls boolean DEFAULT true,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX connections_name_namespace_key ON connections (name, namespace)
  WHERE deleted_at IS NULL;

-- The console shows secrets as '***' (connection_details) and sends the mask back when the user
-- does not retype them; saving must not overwrite the real value with the mask.
CREATE FUNCTION connections_keep_masked_secrets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.username = '***' THEN NEW.username := OLD.username; END IF;
  IF NEW.password = '***' THEN NEW.password := OLD.password; END IF;
  IF NEW.certificate = '***' THEN NEW.certificate := OLD.certificate; END IF;
  RETURN NEW;
END
$$;
-- Triggers of one event fire in name order: "keep_masked" runs before "updated_at", so the mask
-- alone never counts as a change.
CREATE TRIGGER connections_keep_masked_secrets BEFORE UPDATE ON connections
  FOR EACH ROW EXECUTE FUNCTION connections_keep_masked_secrets();
CREATE TRIGGER connections_updated_at BEFORE UPDATE ON connections
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

---------------------------------------------------------------------------------------------------
-- Log backends (searched by /api/logs) and the integrations registry.
CREATE TABLE logging_backends (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  labels jsonb,
  spec jsonb NOT NULL,
  source source,
  agent_id uuid,
  created_at timestamptz DEFAULT now(),
  created_by uuid REFERENCES people (id),
  updated_at timestamptz,
  deleted_at timestamptz
);
CREATE TRIGGER logging_backends_updated_at BEFORE UPDATE ON logging_backends
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

CREATE TABLE integrations (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  icon text,
  spec jsonb,
  source text,
  created_by uuid NOT NULL REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER integrations_updated_at BEFORE UPDATE ON integrations
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

---------------------------------------------------------------------------------------------------
-- The event queue: work that can fail or wait (notification sends, playbook actions...).
-- Consumers take rows with FOR UPDATE SKIP LOCKED and delete them when done.
CREATE TABLE event_queue (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  properties jsonb,
  error text,
  delay bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt timestamptz,
  attempts integer DEFAULT 0,
  priority integer NOT NULL DEFAULT 100,
  UNIQUE (name, properties)
);
CREATE INDEX event_queue_name_priority_idx ON event_queue (name, priority DESC, created_at);
-- notifications_summary counts pending sends per notification.
CREATE INDEX event_queue_notification_id_idx ON event_queue ((properties ->> 'notification_id'))
  WHERE name = 'notification.send';

-- Wake listening consumers at once instead of waiting for their next poll.
CREATE FUNCTION event_queue_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('event_queue_updates', NEW.name);
  RETURN NULL;
END
$$;
CREATE TRIGGER event_queue_notify AFTER INSERT ON event_queue
  FOR EACH ROW EXECUTE FUNCTION event_queue_notify();

-- Every enqueue goes through here: an event already waiting with the same name and properties
-- is not duplicated but made fresh again (attempts reset), as upstream does on conflict. The
-- explicit pg_notify covers that conflict path, where no INSERT trigger fires (Postgres drops
-- duplicate notifications within a transaction, so the insert path is not signalled twice).
CREATE FUNCTION enqueue_event(event_name text, event_properties jsonb, event_priority integer DEFAULT 100)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_queue (name, properties, priority)
    VALUES (event_name, event_properties, event_priority)
    ON CONFLICT (name, properties) DO UPDATE
      SET attempts = 0, last_attempt = NULL, error = NULL, created_at = now();
  PERFORM pg_notify('event_queue_updates', event_name);
END
$$;

---------------------------------------------------------------------------------------------------
-- Job history: one row per scheduled run (check runs, scrapes, topology syncs, retention...).
-- resource_id is text on purpose (upstream): not every job is about a uuid-keyed row.
CREATE TABLE job_history (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  name text,
  success_count integer,
  error_count integer,
  details jsonb,
  hostname text,
  duration_millis integer,
  resource_type text,
  resource_id text,
  status text,
  time_start timestamptz,
  time_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  is_pushed boolean NOT NULL DEFAULT false
);
CREATE INDEX job_history_created_at_idx ON job_history (created_at DESC);
-- The *_with_status views read the newest run and the last failure of one resource.
CREATE INDEX job_history_resource_idx ON job_history (resource_type, resource_id, created_at DESC);
CREATE INDEX job_history_resource_failed_idx ON job_history (resource_type, resource_id, time_start)
  WHERE status = 'FAILED';
-- job_history_names walks this index instead of scanning the table.
CREATE INDEX job_history_name_idx ON job_history (name);

---------------------------------------------------------------------------------------------------
CREATE TABLE saved_query (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  icon text,
  description text,
  query text NOT NULL,
  columns jsonb,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER saved_query_updated_at BEFORE UPDATE ON saved_query
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Severity scale shown on incidents. Upstream has no key here; a primary key costs nothing.
CREATE TABLE severities (
  id integer PRIMARY KEY,
  name text NOT NULL,
  aliases text[],
  icon text
);
INSERT INTO severities (id, name, aliases, icon) VALUES
  (1, 'Critical', '{P1}', 'error'),
  (2, 'Blocker', '{P2}', 'error'),
  (3, 'High', '{P3}', 'warning'),
  (4, 'Medium', '{P4}', 'info'),
  (5, 'Low', '{P4}', 'info');
