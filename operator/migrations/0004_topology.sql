-- Topology: topologies, their components, component relationships, component <-> config links and
-- team ownership (datamodel.md §2.2).

CREATE TABLE topologies (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  name text NOT NULL,
  namespace text NOT NULL,
  labels jsonb,
  source source NOT NULL DEFAULT 'UI',
  spec jsonb,
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  is_pushed boolean NOT NULL DEFAULT false,
  schedule text,
  created_by uuid REFERENCES people (id),
  deleted_at timestamptz
);
-- Names are unique per namespace for local topologies only: agents push whatever they have.
CREATE UNIQUE INDEX topologies_agent_id_name_namespace_key ON topologies (agent_id, name, namespace)
  WHERE deleted_at IS NULL AND agent_id = '00000000-0000-0000-0000-000000000000';
CREATE INDEX topologies_agent_id_idx ON topologies (agent_id);
CREATE TRIGGER topologies_updated_at BEFORE UPDATE ON topologies
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

CREATE TABLE components (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  topology_id uuid REFERENCES topologies (id),
  external_id text NOT NULL,
  parent_id uuid REFERENCES components (id),
  config_id uuid REFERENCES config_items (id),
  name text NOT NULL,
  text text,
  topology_type text,
  namespace text,
  labels jsonb,
  hidden boolean NOT NULL DEFAULT false,
  silenced boolean NOT NULL DEFAULT false,
  is_pushed boolean NOT NULL DEFAULT false,
  status text NOT NULL,
  status_expr text,
  health_expr text,
  health text,
  description text,
  lifecycle text,
  tooltip text,
  status_reason text,
  schedule text,
  icon text,
  type text,
  owner text,
  selectors jsonb,
  log_selectors jsonb,
  component_checks jsonb,
  configs jsonb,
  properties jsonb,
  path text,
  summary jsonb,
  is_leaf boolean DEFAULT false,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  UNIQUE (topology_id, type, name, parent_id)
);
CREATE INDEX components_agent_id_idx ON components (agent_id);
CREATE INDEX components_parent_id_idx ON components (parent_id);
CREATE INDEX components_config_id_idx ON components (config_id);
-- The topology query loads every descendant by ancestor path prefix.
CREATE INDEX components_path_idx ON components (path text_pattern_ops);
CREATE TRIGGER components_updated_at BEFORE UPDATE ON components
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

-- component_id is the child, relationship_id the parent.
CREATE TABLE component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  relationship_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  selector_id text,
  relationship_path text,
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (component_id, relationship_id, selector_id)
);
CREATE INDEX component_relationships_relationship_id_idx ON component_relationships (relationship_id);
CREATE TRIGGER component_relationships_updated_at BEFORE UPDATE ON component_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

CREATE TABLE config_component_relationships (
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  selector_id text,
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (component_id, config_id)
);
CREATE INDEX config_component_relationships_config_id_idx ON config_component_relationships (config_id);
CREATE TRIGGER config_component_relationships_updated_at
  BEFORE UPDATE ON config_component_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

CREATE TABLE team_components (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  role text,
  selector_id text,
  PRIMARY KEY (team_id, component_id),
  UNIQUE (team_id, component_id, selector_id)
);
CREATE INDEX team_components_component_id_idx ON team_components (component_id);

-- Soft-deleting a component drops its team ownership and soft-deletes every relationship it is
-- part of. check_component_relationships is created by 0005; PL/pgSQL resolves it at run time.
CREATE FUNCTION components_soft_delete_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_components WHERE component_id = NEW.id;
  UPDATE component_relationships SET deleted_at = NEW.deleted_at
    WHERE (component_id = NEW.id OR relationship_id = NEW.id) AND deleted_at IS NULL;
  UPDATE config_component_relationships SET deleted_at = NEW.deleted_at
    WHERE component_id = NEW.id AND deleted_at IS NULL;
  UPDATE check_component_relationships SET deleted_at = NEW.deleted_at
    WHERE component_id = NEW.id AND deleted_at IS NULL;
  RETURN NULL;
END
$$;
CREATE TRIGGER components_soft_delete_cascade AFTER UPDATE OF deleted_at ON components
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION components_soft_delete_cascade();

-- Soft-deleting a team drops the components it owned (datamodel §2.5).
CREATE FUNCTION teams_soft_delete_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_components WHERE team_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER teams_soft_delete_cascade AFTER UPDATE OF deleted_at ON teams
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION teams_soft_delete_cascade();
