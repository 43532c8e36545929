-- Permissions (datamodel.md §2.7, v1.0.706 shape): a subject (person_id or team_id) may or may
-- not (deny) perform `action` on one object: a resource id column or a global `object` name.
-- The subject FKs carry upstream's custom names; the others are Postgres defaults as upstream.

CREATE TABLE permissions (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  description text,
  source text,
  action text NOT NULL,
  object text,
  deny boolean DEFAULT false,
  component_id uuid REFERENCES components (id),
  config_id uuid REFERENCES config_items (id),
  canary_id uuid REFERENCES canaries (id),
  playbook_id uuid REFERENCES playbooks (id),
  connection_id uuid REFERENCES connections (id),
  created_by uuid NOT NULL REFERENCES people (id),
  person_id uuid,
  team_id uuid,
  updated_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  until timestamptz,
  CONSTRAINT permissions_person_fkey FOREIGN KEY (person_id) REFERENCES people (id),
  CONSTRAINT permissions_team_fkey FOREIGN KEY (team_id) REFERENCES teams (id)
);
CREATE INDEX permissions_person_id_idx ON permissions (person_id);
CREATE INDEX permissions_team_id_idx ON permissions (team_id);
CREATE INDEX permissions_component_id_idx ON permissions (component_id);
CREATE INDEX permissions_config_id_idx ON permissions (config_id);
CREATE INDEX permissions_canary_id_idx ON permissions (canary_id);
CREATE INDEX permissions_playbook_id_idx ON permissions (playbook_id);
CREATE INDEX permissions_connection_id_idx ON permissions (connection_id);
CREATE TRIGGER permissions_updated_at BEFORE UPDATE ON permissions
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
