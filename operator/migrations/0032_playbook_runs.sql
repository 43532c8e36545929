-- Playbook runs (crds.md §4.6): the run's own timeout and lineage, retries per action, and
-- domain events delivered to each consumer that subscribed to them.

ALTER TABLE playbook_runs
  ADD COLUMN timeout interval,
  ADD COLUMN parent_id uuid REFERENCES playbook_runs (id) ON DELETE SET NULL,
  ADD COLUMN notification_send_id uuid,
  ALTER COLUMN status SET DEFAULT 'scheduled';
-- The executor claims due runs by status and time; ended runs are the long tail it never reads.
CREATE INDEX playbook_runs_due_idx ON playbook_runs (scheduled_time)
  WHERE status IN ('scheduled', 'running', 'sleeping', 'retrying', 'waiting');

ALTER TABLE playbook_run_actions
  ADD COLUMN retry_count integer NOT NULL DEFAULT 0;

-- Approvals are one per person (or team) and run.
CREATE UNIQUE INDEX playbook_approvals_run_person_key ON playbook_approvals (run_id, person_id)
  WHERE person_id IS NOT NULL;
CREATE UNIQUE INDEX playbook_approvals_run_team_key ON playbook_approvals (run_id, team_id)
  WHERE team_id IS NOT NULL;

-- Wake the executor at once when a run becomes due.
CREATE FUNCTION playbook_runs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'scheduled' THEN
    PERFORM pg_notify('playbook_runs_due', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER playbook_runs_notify AFTER INSERT OR UPDATE OF status ON playbook_runs
  FOR EACH ROW EXECUTE FUNCTION playbook_runs_notify();

-- Domain events (check.failed, config.updated, …) go to every consumer that subscribed to them,
-- each its own copy named "<consumer>:<event>", so one consumer's retry never repeats another's
-- work. An event nobody subscribed to is not queued at all: before this, events no one read
-- piled up in event_queue for ever (a config change each).
CREATE TABLE event_subscriptions (
  consumer text NOT NULL,
  event text NOT NULL,
  PRIMARY KEY (event, consumer)
);

CREATE FUNCTION publish_event(event_name text, event_properties jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  subscriber text;
BEGIN
  FOR subscriber IN SELECT consumer FROM event_subscriptions WHERE event = event_name LOOP
    PERFORM enqueue_event(subscriber || ':' || event_name, event_properties);
  END LOOP;
END
$$;

-- The playbook consumer subscribes to the events some live playbook's `on` names, kept in the
-- same transaction as the playbook write: an event that happens after a playbook is stored is
-- never missed because a subscriber had not caught up yet.
CREATE FUNCTION playbook_event_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH wanted AS (
    SELECT DISTINCT
      CASE o.key WHEN 'canary' THEN 'check.' WHEN 'component' THEN 'component.' ELSE 'config.' END
        || (t.value ->> 'event') AS event
      FROM playbooks p,
           jsonb_each(CASE WHEN jsonb_typeof(p.spec -> 'on') = 'object' THEN p.spec -> 'on' ELSE '{}' END) o,
           jsonb_array_elements(CASE WHEN jsonb_typeof(o.value) = 'array' THEN o.value ELSE '[]' END) t
     WHERE p.deleted_at IS NULL AND o.key IN ('canary', 'component', 'config')
       AND jsonb_typeof(t.value -> 'event') = 'string'),
  gone AS (
    DELETE FROM event_subscriptions
     WHERE consumer = 'playbook' AND event NOT IN (SELECT event FROM wanted))
  INSERT INTO event_subscriptions (consumer, event)
    SELECT 'playbook', event FROM wanted ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER playbooks_event_subscriptions AFTER INSERT OR DELETE OR UPDATE OF spec, deleted_at ON playbooks
  FOR EACH STATEMENT EXECUTE FUNCTION playbook_event_subscriptions();

CREATE OR REPLACE FUNCTION checks_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'healthy' THEN
    PERFORM publish_event('check.passed', jsonb_build_object('id', NEW.id));
  ELSIF NEW.status = 'unhealthy' THEN
    PERFORM publish_event('check.failed', jsonb_build_object('id', NEW.id));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION components_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('healthy', 'unhealthy', 'warning', 'unknown') THEN
    PERFORM publish_event('component.' || NEW.status, jsonb_build_object('id', NEW.id));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION config_items_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  props jsonb := jsonb_build_object('id', NEW.id);
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM publish_event('config.created', props);
    RETURN NULL;
  END IF;
  IF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    PERFORM publish_event('config.deleted', props);
  ELSIF NEW.health IS DISTINCT FROM OLD.health
        AND NEW.health IN ('healthy', 'unhealthy', 'warning', 'unknown') THEN
    PERFORM publish_event('config.' || NEW.health, props);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION config_changes_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publish_event(
    CASE WHEN NEW.change_type = 'diff' THEN 'config.updated' ELSE 'config.changed' END,
    jsonb_build_object('id', NEW.config_id, 'change_id', NEW.id));
  RETURN NULL;
END
$$;

-- What no one read before this migration is dropped: nobody will.
DELETE FROM event_queue
  WHERE name ~ '^(check\.(passed|failed)|component\.[a-z]+|config\.[a-z]+)$';
