-- The notification engine (docs/notifications.md): what a rule needs beyond 0008, and send
-- history as the engine's work list. Every decision about an event (sent, silenced, skipped,
-- repeat-interval, inhibited, error…) is a notification_send_history row; rows still to be
-- sent (pending, evaluating-waitfor, attempting_fallback, pending_playbook_*) are due at
-- `not_before`, so a restart loses nothing: the next dispatcher takes them.

ALTER TABLE notifications
  ADD COLUMN playbook_id uuid,
  ADD COLUMN fallback jsonb,
  ADD COLUMN fallback_delay text,
  ADD COLUMN inhibitions jsonb,
  ADD COLUMN group_by_interval text,
  ADD COLUMN wait_for_eval_period text,
  ADD COLUMN error_at timestamptz,
  ADD CONSTRAINT notification_playbook_id_fkey FOREIGN KEY (playbook_id)
    REFERENCES playbooks (id) ON DELETE SET NULL;
COMMENT ON COLUMN notifications.wait_for IS
  'Seconds a health event is held before health is checked again and the send is made or skipped';
COMMENT ON COLUMN notifications.fallback IS
  'The fallback recipient resolved like the primary: {person_id, team_id, playbook_id, custom_services}';

-- A silence may narrow itself with a CEL filter over the event (same variables as rule filters).
ALTER TABLE notification_silences ADD COLUMN filter text;

ALTER TABLE notification_send_history
  ADD COLUMN recipient text,
  ADD COLUMN reason text,
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN not_before timestamptz,
  ADD COLUMN payload jsonb,
  ADD COLUMN body_payload jsonb,
  ADD COLUMN group_id uuid,
  ADD COLUMN parent_id uuid,
  ADD COLUMN playbook_run_id uuid,
  ADD COLUMN silenced_by uuid,
  ADD CONSTRAINT notification_send_history_silenced_by_fkey FOREIGN KEY (silenced_by)
    REFERENCES notification_silences (id) ON DELETE SET NULL,
  ADD CONSTRAINT notification_send_history_playbook_run_id_fkey FOREIGN KEY (playbook_run_id)
    REFERENCES playbook_runs (id) ON DELETE SET NULL;
COMMENT ON COLUMN notification_send_history.reason IS
  'Why a notification was not sent (silenced, skipped, inhibited, repeat-interval), in words';
COMMENT ON COLUMN notification_send_history.payload IS
  'What the dispatcher needs to send later: the event, its resource, the group key';

CREATE INDEX notification_send_history_due_idx ON notification_send_history (not_before)
  WHERE status IN ('pending', 'evaluating-waitfor', 'attempting_fallback',
                   'pending_playbook_run', 'pending_playbook_completion');
-- The latest send per rule, resource and event: the repeat-interval lookup.
CREATE INDEX notification_send_history_repeat_idx
  ON notification_send_history (notification_id, resource_id, source_event, created_at DESC)
  WHERE status = 'sent';

-- Wakes the dispatcher when a send becomes due now (later ones are found by its timer).
CREATE FUNCTION notification_sends_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('pending', 'attempting_fallback', 'pending_playbook_run')
     AND (NEW.not_before IS NULL OR NEW.not_before <= now()) THEN
    PERFORM pg_notify('notification_sends_due', '');
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER notification_sends_notify AFTER INSERT OR UPDATE OF status, not_before
  ON notification_send_history FOR EACH ROW EXECUTE FUNCTION notification_sends_notify();

-- Incident and playbook-approval events go through publish_event like the others (0032), so
-- they are queued only when some rule wants them.
CREATE OR REPLACE FUNCTION incidents_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM publish_event('incident.created', jsonb_build_object('id', NEW.id));
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM publish_event('incident.status.' || NEW.status, jsonb_build_object('id', NEW.id));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION responders_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM publish_event('incident.responder.added', jsonb_build_object('id', NEW.id));
  ELSIF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    PERFORM publish_event('incident.responder.removed', jsonb_build_object('id', NEW.id));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION comments_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publish_event('incident.comment.added', jsonb_build_object('id', NEW.id));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION evidences_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_dod boolean := TG_OP = 'UPDATE' AND coalesce(OLD.definition_of_done, false);
  is_dod boolean := coalesce(NEW.definition_of_done, false);
  was_done boolean := TG_OP = 'UPDATE' AND coalesce(OLD.done, false);
  is_done boolean := coalesce(NEW.done, false);
  props jsonb := jsonb_build_object('id', NEW.id);
BEGIN
  IF is_dod AND NOT was_dod THEN
    PERFORM publish_event('incident.dod.added', props);
  ELSIF was_dod AND NOT is_dod THEN
    PERFORM publish_event('incident.dod.removed', props);
  ELSIF is_dod AND is_done AND NOT was_done THEN
    PERFORM publish_event('incident.dod.passed', props);
  ELSIF is_dod AND was_done AND NOT is_done THEN
    PERFORM publish_event('incident.dod.regressed', props);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION playbook_approvals_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publish_event('playbook.approval.inserted',
    jsonb_build_object('id', NEW.id, 'run_id', NEW.run_id));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION playbooks_approval_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM publish_event('playbook.spec.approval.updated', jsonb_build_object('id', NEW.id));
  RETURN NULL;
END
$$;

DELETE FROM event_queue
  WHERE name ~ '^(incident\.[a-z.]+|playbook\.approval\.inserted|playbook\.spec\.approval\.updated)$';

-- Every event name a rule may ask for; `incident.*` (or any `x.*`) stands for those under it.
CREATE FUNCTION notification_event_names() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    'check.passed', 'check.failed',
    'config.created', 'config.updated', 'config.changed', 'config.deleted', 'config.healthy',
    'config.unhealthy', 'config.warning', 'config.degraded', 'config.unknown',
    'component.healthy', 'component.unhealthy', 'component.warning', 'component.unknown',
    'incident.created', 'incident.status.open', 'incident.status.closed',
    'incident.status.mitigated', 'incident.status.resolved', 'incident.status.investigating',
    'incident.status.cancelled', 'incident.responder.added', 'incident.responder.removed',
    'incident.comment.added', 'incident.dod.added', 'incident.dod.removed', 'incident.dod.passed',
    'incident.dod.regressed',
    'playbook.approval.inserted', 'playbook.spec.approval.updated']
$$;

-- Consumer 'notification' subscribes to what live rules ask for, in the rule write's own
-- transaction (as playbooks do in 0032).
CREATE FUNCTION notification_event_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH asked AS (
    SELECT DISTINCT e AS pattern FROM notifications n, unnest(n.events) e
     WHERE n.deleted_at IS NULL),
  wanted AS (
    SELECT DISTINCT k AS event FROM unnest(notification_event_names()) k, asked a
     WHERE k = a.pattern
        OR (a.pattern LIKE '%.*' AND k LIKE left(a.pattern, -1) || '%')),
  gone AS (
    DELETE FROM event_subscriptions
     WHERE consumer = 'notification' AND event NOT IN (SELECT event FROM wanted))
  INSERT INTO event_subscriptions (consumer, event)
    SELECT 'notification', event FROM wanted ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER notifications_event_subscriptions
  AFTER INSERT OR DELETE OR UPDATE OF events, deleted_at ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notification_event_subscriptions();
-- Rules stored before this migration subscribe now.
INSERT INTO event_subscriptions (consumer, event)
  SELECT DISTINCT 'notification', k FROM notifications n, unnest(n.events) e,
       unnest(notification_event_names()) k
   WHERE n.deleted_at IS NULL
     AND (k = e OR (e LIKE '%.*' AND k LIKE left(e, -1) || '%'))
  ON CONFLICT DO NOTHING;

-- Rule statistics from send history (pending: still to be sent; failed: sends that errored;
-- sent: messages that went out), with the times of the last of each.
DROP VIEW notifications_summary;
CREATE VIEW notifications_summary AS
  SELECT n.id, n.name, coalesce(n.namespace, '') AS namespace, n.error, n.error_at, n.title,
    n.events, n.filter, n.person_id, n.team_id, n.playbook_id, n.custom_services, n.created_at,
    n.updated_at, n.created_by, n.source, n.repeat_interval, n.wait_for,
    coalesce(h.pending, 0) AS pending, h.avg_duration_ms, coalesce(h.failed, 0) AS failed,
    coalesce(h.sent, 0) AS sent, h.most_common_error, h.last_sent, h.last_failed
  FROM notifications n
  LEFT JOIN LATERAL (
    SELECT round(avg(s.duration_millis) FILTER (WHERE s.status IN ('sent', 'error')), 2)
        AS avg_duration_ms,
      count(*) FILTER (WHERE s.status = 'error') AS failed,
      count(*) FILTER (WHERE s.status = 'sent') AS sent,
      count(*) FILTER (WHERE s.status IN ('pending', 'evaluating-waitfor', 'attempting_fallback',
        'pending_playbook_run', 'pending_playbook_completion')) AS pending,
      mode() WITHIN GROUP (ORDER BY s.error) AS most_common_error,
      max(s.created_at) FILTER (WHERE s.status = 'sent') AS last_sent,
      max(s.created_at) FILTER (WHERE s.status = 'error') AS last_failed
    FROM notification_send_history s
    WHERE s.notification_id = n.id
  ) h ON true
  WHERE n.deleted_at IS NULL;

-- Recreated so its s.* includes the new columns; incidents and playbook runs get a resource too.
DROP VIEW notification_send_history_summary;
CREATE VIEW notification_send_history_summary AS
  SELECT s.*,
    CASE split_part(s.source_event, '.', 1)
      WHEN 'config' THEN 'config' WHEN 'component' THEN 'component'
      WHEN 'check' THEN 'check' WHEN 'canary' THEN 'canary'
      WHEN 'incident' THEN 'incident' WHEN 'playbook' THEN 'playbook'
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
      WHEN 'incident' THEN (SELECT jsonb_build_object('id', i.id, 'name', i.title,
          'incident_id', i.incident_id) FROM incidents i WHERE i.id = s.resource_id)
      WHEN 'playbook' THEN (SELECT jsonb_build_object('id', r.id, 'name', p.name)
          FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id WHERE r.id = s.resource_id)
    END AS resource
  FROM notification_send_history s;
