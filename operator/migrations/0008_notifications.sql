-- Notifications: rules, send history and silences (datamodel.md §2.7). FK names follow
-- upstream's custom ones (notification_person_id_fkey, notification_silence_check_id_fkey...).

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL DEFAULT generate_ulid()::text,
  namespace text,
  events text[] NOT NULL,
  error text,
  title text,
  template text,
  filter text,
  properties jsonb,
  person_id uuid,
  team_id uuid,
  repeat_interval text,
  wait_for bigint,
  group_by text[],
  custom_services jsonb,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  source source,
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT notification_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT notification_person_id_fkey FOREIGN KEY (person_id)
    REFERENCES people (id) ON DELETE CASCADE,
  CONSTRAINT notification_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX notifications_name_namespace_key ON notifications (name, namespace)
  WHERE deleted_at IS NULL;
CREATE INDEX notifications_person_id_idx ON notifications (person_id);
CREATE INDEX notifications_team_id_idx ON notifications (team_id);

-- A stored send error is about the old recipients or filter; editing them clears it so the rule
-- does not look broken until the next send. Named to run before the updated_at trigger.
CREATE FUNCTION notifications_clear_error() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.filter IS DISTINCT FROM OLD.filter
     OR NEW.custom_services IS DISTINCT FROM OLD.custom_services
     OR NEW.team_id IS DISTINCT FROM OLD.team_id THEN
    NEW.error := NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER notifications_clear_error BEFORE UPDATE ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_clear_error();
CREATE TRIGGER notifications_updated_at BEFORE UPDATE ON notifications
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

-- The same holds for a team's spec (its responder clients), for rules that notify that team.
CREATE FUNCTION teams_clear_notification_errors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notifications SET error = NULL WHERE team_id = NEW.id AND error IS NOT NULL;
  RETURN NULL;
END
$$;
CREATE TRIGGER teams_clear_notification_errors AFTER UPDATE OF spec ON teams
  FOR EACH ROW WHEN (OLD.spec IS DISTINCT FROM NEW.spec)
  EXECUTE FUNCTION teams_clear_notification_errors();

-- status: sent, error, pending, cancelled, repeat-interval, silenced. resource_id is the check,
-- config, component or canary the event was about (no FK: it can be any of them).
CREATE TABLE notification_send_history (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  notification_id uuid NOT NULL,
  body text,
  status text,
  count integer NOT NULL DEFAULT 1,
  first_observed timestamptz NOT NULL DEFAULT now(),
  source_event text NOT NULL,
  resource_id uuid NOT NULL,
  person_id uuid,
  error text,
  duration_millis integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notification_id_fkey FOREIGN KEY (notification_id)
    REFERENCES notifications (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT notification_recipient_person_id_fkey FOREIGN KEY (person_id)
    REFERENCES people (id) ON UPDATE CASCADE ON DELETE CASCADE
);
CREATE INDEX notification_send_history_created_at_idx ON notification_send_history (created_at DESC);
CREATE INDEX notification_send_history_notification_id_idx
  ON notification_send_history (notification_id, created_at DESC);
CREATE INDEX notification_send_history_resource_id_idx ON notification_send_history (resource_id);
CREATE INDEX notification_send_history_person_id_idx ON notification_send_history (person_id);

-- Records a notification that was not sent (silenced, within the repeat interval...). A repeat
-- of the same notification, event, resource and status inside `p_window` bumps the count
-- of the existing row instead of adding one per event.
CREATE FUNCTION insert_unsent_notification_to_history(
  p_notification_id uuid,
  p_source_event text,
  p_resource_id uuid,
  p_status text,
  p_window interval
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notification_send_history SET count = count + 1, created_at = now()
    WHERE id = (
      SELECT id FROM notification_send_history
      WHERE notification_id = p_notification_id AND source_event = p_source_event
        AND resource_id = p_resource_id AND status = p_status
        AND created_at > now() - p_window
      ORDER BY created_at DESC LIMIT 1
    );
  IF NOT FOUND THEN
    INSERT INTO notification_send_history (notification_id, source_event, resource_id, status)
      VALUES (p_notification_id, p_source_event, p_resource_id, p_status);
  END IF;
END
$$;

-- "from"/"until" bound the silence; exactly one of config/check/canary/component is set;
-- recursive extends it to the children of that resource.
CREATE TABLE notification_silences (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  namespace text NOT NULL,
  description text,
  "from" timestamptz NOT NULL,
  until timestamptz NOT NULL,
  recursive boolean,
  config_id uuid,
  check_id uuid,
  canary_id uuid,
  component_id uuid,
  source source,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT notification_silence_config_id_fkey FOREIGN KEY (config_id)
    REFERENCES config_items (id) ON DELETE CASCADE,
  CONSTRAINT notification_silence_check_id_fkey FOREIGN KEY (check_id)
    REFERENCES checks (id) ON DELETE CASCADE,
  CONSTRAINT notification_silence_canary_id_fkey FOREIGN KEY (canary_id)
    REFERENCES canaries (id) ON DELETE CASCADE,
  CONSTRAINT notification_silence_component_id_fkey FOREIGN KEY (component_id)
    REFERENCES components (id) ON DELETE CASCADE,
  CONSTRAINT notification_silence_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE INDEX notification_silences_until_idx ON notification_silences (until)
  WHERE deleted_at IS NULL;
CREATE INDEX notification_silences_config_id_idx ON notification_silences (config_id);
CREATE INDEX notification_silences_check_id_idx ON notification_silences (check_id);
CREATE INDEX notification_silences_canary_id_idx ON notification_silences (canary_id);
CREATE INDEX notification_silences_component_id_idx ON notification_silences (component_id);
CREATE TRIGGER notification_silences_updated_at BEFORE UPDATE ON notification_silences
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();
