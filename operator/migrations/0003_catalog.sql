-- Catalog: scrapers, config items, their changes, analyses (insights) and relationships
-- (datamodel.md §2.3).

CREATE TABLE config_scrapers (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  description text,
  name text,
  spec jsonb NOT NULL,
  source source NOT NULL,
  created_by uuid REFERENCES people (id),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz,
  is_pushed boolean NOT NULL DEFAULT false
);
CREATE INDEX config_scrapers_agent_id_idx ON config_scrapers (agent_id);
CREATE TRIGGER config_scrapers_updated_at BEFORE UPDATE ON config_scrapers
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

CREATE TABLE config_items (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  icon text,
  scraper_id uuid REFERENCES config_scrapers (id),
  config_class text NOT NULL,
  status text,
  health text,
  ready boolean,
  external_id text[],
  type text NOT NULL,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  name text,
  description text,
  config jsonb,
  source text,
  labels jsonb,
  tags jsonb,
  properties jsonb,
  parent_id uuid REFERENCES config_items (id),
  path text,
  is_pushed boolean NOT NULL DEFAULT false,
  created_by uuid,
  last_scraped_time timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  delete_reason text
);
CREATE INDEX config_items_agent_id_idx ON config_items (agent_id);
CREATE INDEX config_items_scraper_id_idx ON config_items (scraper_id);
CREATE INDEX config_items_parent_id_idx ON config_items (parent_id);
CREATE INDEX config_items_type_idx ON config_items (type);
CREATE INDEX config_items_name_idx ON config_items (name);
-- Descendant lookups match on the dot-joined ancestor path prefix.
CREATE INDEX config_items_path_idx ON config_items (path text_pattern_ops);
CREATE INDEX config_items_external_id_idx ON config_items USING gin (external_id);

-- A config inserted without a name is named after the tail of its id (upstream behaviour).
CREATE FUNCTION config_items_default_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS NULL OR NEW.name = '' THEN
    NEW.name := right(NEW.id::text, 12);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER config_items_default_name BEFORE INSERT ON config_items
  FOR EACH ROW EXECUTE FUNCTION config_items_default_name();
-- Only a change of `config` is an edit; scrapes refresh status, health and costs constantly.
CREATE TRIGGER config_items_updated_at BEFORE UPDATE ON config_items
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded('config');

CREATE TABLE config_changes (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  external_change_id text,
  external_created_by text,
  change_type text,
  severity text,
  source text,
  summary text,
  patches jsonb,
  diff text,
  details jsonb,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  count integer NOT NULL DEFAULT 1,
  fingerprint text,
  first_observed timestamptz NOT NULL DEFAULT now(),
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (config_id, external_change_id)
);
CREATE INDEX config_changes_config_id_created_at_idx ON config_changes (config_id, created_at DESC);
CREATE INDEX config_changes_created_at_idx ON config_changes (created_at DESC);
-- change_types walks this index instead of scanning every change.
CREATE INDEX config_changes_change_type_idx ON config_changes (change_type);

-- A change seen again (same config and external id) bumps count and takes the newest details
-- instead of failing on the unique key. Returning NULL skips the insert, so such a POST answers
-- with no representation (datamodel §7.13); a first-time change is inserted normally.
CREATE FUNCTION config_changes_dedupe() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.external_change_id IS NULL THEN
    RETURN NEW;
  END IF;
  UPDATE config_changes SET
      count = count + 1,
      created_at = NEW.created_at,
      external_created_by = NEW.external_created_by,
      change_type = NEW.change_type,
      severity = NEW.severity,
      source = NEW.source,
      summary = NEW.summary,
      patches = NEW.patches,
      diff = NEW.diff,
      details = NEW.details,
      created_by = NEW.created_by,
      fingerprint = NEW.fingerprint,
      is_pushed = false
    WHERE config_id = NEW.config_id AND external_change_id = NEW.external_change_id;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER config_changes_dedupe BEFORE INSERT ON config_changes
  FOR EACH ROW EXECUTE FUNCTION config_changes_dedupe();

CREATE TABLE config_analysis (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  scraper_id uuid,
  created_by uuid REFERENCES people (id),
  source text,
  analyzer text NOT NULL,
  analysis_type text,
  severity text,
  summary text,
  status text DEFAULT 'open',
  message text,
  analysis jsonb,
  first_observed timestamptz NOT NULL DEFAULT now(),
  last_observed timestamptz,
  is_pushed boolean NOT NULL DEFAULT false
);
CREATE INDEX config_analysis_config_id_idx ON config_analysis (config_id);
CREATE INDEX config_analysis_first_observed_idx ON config_analysis (first_observed DESC);

-- config_id -> related_id. For parent links (relation 'hard') config_id is the parent.
CREATE TABLE config_relationships (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  related_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  relation text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  selector_id text,
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (related_id, config_id, relation)
);
CREATE INDEX config_relationships_config_id_idx ON config_relationships (config_id);
CREATE TRIGGER config_relationships_updated_at BEFORE UPDATE ON config_relationships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

-- parent_id is mirrored as a 'hard' relationship so that the relationship graph and the
-- recursive lookups see parents without a second code path.
CREATE FUNCTION config_items_parent_relationship() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.parent_id IS NOT NULL THEN
    DELETE FROM config_relationships
      WHERE config_id = OLD.parent_id AND related_id = NEW.id AND relation = 'hard';
  END IF;
  IF NEW.parent_id IS NOT NULL THEN
    INSERT INTO config_relationships (config_id, related_id, relation)
      VALUES (NEW.parent_id, NEW.id, 'hard')
      ON CONFLICT (related_id, config_id, relation) DO UPDATE SET deleted_at = NULL;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER config_items_parent_relationship AFTER INSERT ON config_items
  FOR EACH ROW WHEN (NEW.parent_id IS NOT NULL)
  EXECUTE FUNCTION config_items_parent_relationship();
CREATE TRIGGER config_items_parent_relationship_moved AFTER UPDATE OF parent_id ON config_items
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION config_items_parent_relationship();
