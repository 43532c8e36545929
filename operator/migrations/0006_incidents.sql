-- Incidents: rules, incidents, responders, hypotheses, evidence, comments and the history
-- (Changelog) that triggers write for them (datamodel.md §2.4, §2.8).
--
-- FK delete rules are NO ACTION as upstream (the console deletes a hypothesis's comments and
-- evidence first), except incident_histories' links to the things it describes: those are
-- SET NULL, so deleting a hypothesis, evidence, comment or responder keeps its Changelog entry
-- instead of failing because the entry still points at it.

CREATE TABLE incident_rules (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL UNIQUE,
  spec jsonb,
  source text,
  created_by uuid NOT NULL REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE TRIGGER incident_rules_updated_at BEFORE UPDATE ON incident_rules
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

-- Display ids INC-1, INC-2, ... Upstream declares varchar(10), which runs out at INC-999999;
-- text is the same on the wire without the limit.
CREATE SEQUENCE incident_id_sequence START 1;

CREATE TABLE incidents (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id text NOT NULL UNIQUE DEFAULT 'INC-' || nextval('incident_id_sequence'),
  incident_rule_id uuid REFERENCES incident_rules (id),
  title text NOT NULL,
  created_by uuid NOT NULL REFERENCES people (id),
  commander_id uuid REFERENCES people (id),
  communicator_id uuid REFERENCES people (id),
  severity text NOT NULL,
  description text NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER SEQUENCE incident_id_sequence OWNED BY incidents.incident_id;
CREATE INDEX incidents_created_at_idx ON incidents (created_at DESC);
CREATE INDEX incidents_created_by_idx ON incidents (created_by);
CREATE INDEX incidents_commander_id_idx ON incidents (commander_id);
CREATE TRIGGER incidents_updated_at BEFORE UPDATE ON incidents
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE responders (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id uuid NOT NULL REFERENCES incidents (id),
  type text NOT NULL,
  index smallint,
  person_id uuid REFERENCES people (id),
  team_id uuid REFERENCES teams (id),
  external_id text,
  properties jsonb,
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_by uuid NOT NULL REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX responders_incident_id_idx ON responders (incident_id);
CREATE INDEX responders_person_id_idx ON responders (person_id);
CREATE INDEX responders_team_id_idx ON responders (team_id);
CREATE TRIGGER responders_updated_at BEFORE UPDATE ON responders
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

CREATE TABLE hypotheses (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  created_by uuid NOT NULL REFERENCES people (id),
  incident_id uuid NOT NULL REFERENCES incidents (id),
  parent_id uuid REFERENCES hypotheses (id),
  owner uuid REFERENCES responders (id),
  team_id uuid REFERENCES teams (id),
  type text NOT NULL,
  title text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hypotheses_incident_id_idx ON hypotheses (incident_id);
CREATE INDEX hypotheses_parent_id_idx ON hypotheses (parent_id);
CREATE TRIGGER hypotheses_updated_at BEFORE UPDATE ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE evidences (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  description text NOT NULL,
  hypothesis_id uuid NOT NULL REFERENCES hypotheses (id),
  config_id uuid REFERENCES config_items (id),
  config_change_id uuid REFERENCES config_changes (id),
  config_analysis_id uuid REFERENCES config_analysis (id),
  component_id uuid REFERENCES components (id),
  check_id uuid REFERENCES checks (id),
  definition_of_done boolean DEFAULT false,
  done boolean,
  factor boolean,
  mitigator boolean,
  created_by uuid NOT NULL REFERENCES people (id),
  type text NOT NULL,
  evidence jsonb,
  properties jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  script text,
  script_result text
);
CREATE INDEX evidences_hypothesis_id_idx ON evidences (hypothesis_id);
CREATE INDEX evidences_component_id_idx ON evidences (component_id);
CREATE INDEX evidences_config_id_idx ON evidences (config_id);
CREATE INDEX evidences_check_id_idx ON evidences (check_id);
-- Retention deletes old changes and analyses; each delete checks these references.
CREATE INDEX evidences_config_change_id_idx ON evidences (config_change_id);
CREATE INDEX evidences_config_analysis_id_idx ON evidences (config_analysis_id);
CREATE TRIGGER evidences_updated_at BEFORE UPDATE ON evidences
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE comments (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  created_by uuid NOT NULL REFERENCES people (id),
  comment text NOT NULL,
  external_id text,
  external_created_by text,
  incident_id uuid NOT NULL REFERENCES incidents (id),
  responder_id uuid REFERENCES responders (id),
  hypothesis_id uuid REFERENCES hypotheses (id),
  read smallint[],
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_incident_id_idx ON comments (incident_id);
CREATE INDEX comments_hypothesis_id_idx ON comments (hypothesis_id);
CREATE TRIGGER comments_updated_at BEFORE UPDATE ON comments
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE comment_responders (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  comment_id uuid NOT NULL REFERENCES comments (id),
  responder_id uuid NOT NULL REFERENCES responders (id),
  external_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comment_responders_comment_id_idx ON comment_responders (comment_id);
CREATE TRIGGER comment_responders_updated_at BEFORE UPDATE ON comment_responders
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE incident_histories (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id uuid NOT NULL REFERENCES incidents (id),
  created_by uuid NOT NULL REFERENCES people (id),
  type text,
  description text,
  hypothesis_id uuid REFERENCES hypotheses (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  responder_id uuid REFERENCES responders (id) ON DELETE SET NULL,
  evidence_id uuid REFERENCES evidences (id) ON DELETE SET NULL,
  comment_id uuid REFERENCES comments (id) ON DELETE SET NULL
);
CREATE INDEX incident_histories_incident_id_idx ON incident_histories (incident_id, created_at DESC);
CREATE INDEX incident_histories_hypothesis_id_idx ON incident_histories (hypothesis_id);
CREATE INDEX incident_histories_evidence_id_idx ON incident_histories (evidence_id);
CREATE INDEX incident_histories_responder_id_idx ON incident_histories (responder_id);
CREATE INDEX incident_histories_comment_id_idx ON incident_histories (comment_id);
CREATE TRIGGER incident_histories_updated_at BEFORE UPDATE ON incident_histories
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE incident_relationships (
  incident_id uuid NOT NULL REFERENCES incidents (id),
  related_id uuid NOT NULL REFERENCES incidents (id),
  relationship text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX incident_relationships_incident_id_idx ON incident_relationships (incident_id);
CREATE INDEX incident_relationships_related_id_idx ON incident_relationships (related_id);
CREATE TRIGGER incident_relationships_updated_at BEFORE UPDATE ON incident_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

---------------------------------------------------------------------------------------------------
-- Changelog rows (§2.8). Updates are attributed to the person making the request when the API
-- passes it (current_person_id()); otherwise to the row's creator, as upstream always does.

CREATE FUNCTION incidents_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description)
      VALUES (NEW.id, NEW.created_by, 'incident.created', NEW.incident_id);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description)
      VALUES (NEW.id, coalesce(current_person_id(), NEW.created_by), 'incident.status_updated',
              NEW.status);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER incidents_history AFTER INSERT OR UPDATE OF status ON incidents
  FOR EACH ROW EXECUTE FUNCTION incidents_history();

CREATE FUNCTION responders_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_histories (incident_id, created_by, type, responder_id)
    VALUES (NEW.incident_id, NEW.created_by, 'responder.created', NEW.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER responders_history AFTER INSERT ON responders
  FOR EACH ROW EXECUTE FUNCTION responders_history();

-- Only comments made on behalf of a responder (an external system's reply) are Changelog
-- events; people's own comments are already the comment thread.
CREATE FUNCTION comments_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_histories (incident_id, created_by, type, responder_id, comment_id)
    VALUES (NEW.incident_id, NEW.created_by, 'responder.commented', NEW.responder_id, NEW.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER comments_history AFTER INSERT ON comments
  FOR EACH ROW WHEN (NEW.responder_id IS NOT NULL) EXECUTE FUNCTION comments_history();

CREATE FUNCTION hypotheses_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id)
      VALUES (NEW.incident_id, NEW.created_by, 'hypothesis.created', NEW.status, NEW.id);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id)
      VALUES (NEW.incident_id, coalesce(current_person_id(), NEW.created_by),
              'hypothesis.status_updated', NEW.status, NEW.id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER hypotheses_history AFTER INSERT OR UPDATE OF status ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION hypotheses_history();

-- Evidence belongs to an incident through its hypothesis. Evidence created straight into the
-- definition of done also records done_definition_added, so the Changelog shows it either way.
CREATE FUNCTION evidences_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  incident uuid;
BEGIN
  SELECT h.incident_id INTO incident FROM hypotheses h WHERE h.id = NEW.hypothesis_id;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, hypothesis_id, evidence_id)
      VALUES (incident, NEW.created_by, 'evidence.created', NEW.hypothesis_id, NEW.id);
  END IF;
  IF NEW.definition_of_done
     AND (TG_OP = 'INSERT' OR OLD.definition_of_done IS DISTINCT FROM true) THEN
    INSERT INTO incident_histories (incident_id, created_by, type, hypothesis_id, evidence_id)
      VALUES (incident, coalesce(current_person_id(), NEW.created_by),
              'evidence.done_definition_added', NEW.hypothesis_id, NEW.id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER evidences_history AFTER INSERT OR UPDATE OF definition_of_done ON evidences
  FOR EACH ROW EXECUTE FUNCTION evidences_history();
