-- Scrapes compare a hash of what they last wrote (config, name, health, status, labels, tags,
-- parent, description) instead of reading every stored config back: an unchanged item costs a
-- hash and a timestamp, not a JSON round trip. Anything else that edits those fields forgets
-- the hash, so the next scrape compares in full.
ALTER TABLE config_items ADD COLUMN scrape_hash text;
CREATE FUNCTION config_items_forget_scrape_hash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.scrape_hash IS NOT DISTINCT FROM OLD.scrape_hash AND (
      NEW.config IS DISTINCT FROM OLD.config OR NEW.name IS DISTINCT FROM OLD.name
      OR NEW.health IS DISTINCT FROM OLD.health OR NEW.status IS DISTINCT FROM OLD.status
      OR NEW.labels IS DISTINCT FROM OLD.labels OR NEW.tags IS DISTINCT FROM OLD.tags
      OR NEW.parent_id IS DISTINCT FROM OLD.parent_id
      OR NEW.description IS DISTINCT FROM OLD.description) THEN
    NEW.scrape_hash := NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER config_items_forget_scrape_hash BEFORE UPDATE ON config_items
  FOR EACH ROW EXECUTE FUNCTION config_items_forget_scrape_hash();

-- Changes without an id of their own (detected diffs, events) are de-duplicated by fingerprint.
CREATE INDEX config_changes_fingerprint_idx ON config_changes (config_id, fingerprint)
  WHERE fingerprint IS NOT NULL;
-- Stale detection and retention walk one scraper's items.
CREATE INDEX config_items_scraper_live_idx ON config_items (scraper_id) WHERE deleted_at IS NULL;
-- Insights are matched per config and analyzer when observed again.
CREATE INDEX config_analysis_config_analyzer_idx ON config_analysis (config_id, analyzer, analysis_type);

-- Which scraper made a relationship (as upstream's later schema has it), so a scraper's links
-- that its source no longer shows can be removed; manual links have none.
ALTER TABLE config_relationships ADD COLUMN scraper_id uuid REFERENCES config_scrapers (id) ON DELETE CASCADE;
CREATE INDEX config_relationships_scraper_idx ON config_relationships (scraper_id) WHERE scraper_id IS NOT NULL;

-- A scrape no longer rewrites every item it saw unchanged. An item present in its scraper's last
-- clean scrape was scraped then; its own last_scraped_time moves only when it is written, or when
-- it goes missing (then it keeps the time it was last seen, which staleness counts from).
ALTER TABLE config_items ADD COLUMN missing_from_scrape boolean NOT NULL DEFAULT false;
CREATE TABLE config_scraper_state (
  scraper_id uuid PRIMARY KEY REFERENCES config_scrapers (id) ON DELETE CASCADE,
  last_scraped_at timestamptz NOT NULL
);

CREATE FUNCTION config_last_scraped(ci config_items) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN NOT ci.missing_from_scrape AND ci.deleted_at IS NULL
    THEN greatest(ci.last_scraped_time,
      (SELECT s.last_scraped_at FROM config_scraper_state s WHERE s.scraper_id = ci.scraper_id))
    ELSE ci.last_scraped_time END
$$;

CREATE OR REPLACE VIEW configs AS
  SELECT ci.id, ci.scraper_id, ci.config_class, ci.external_id, ci.type, ci.name,
    ci.tags ->> 'namespace' AS namespace,
    ci.description, ci.source, ci.labels, ci.tags, ci.created_by, ci.created_at, ci.updated_at,
    ci.deleted_at, ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d,
    ci.agent_id, ci.status, ci.health, ci.ready, ci.path, ci.parent_id, ci.icon,
    config_last_scraped(ci) AS last_scraped_time,
    (SELECT count(*) FROM config_changes cc
      WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days') AS changes,
    (SELECT jsonb_object_agg(t.analysis_type, t.n) FROM (
      SELECT coalesce(a.analysis_type, '') AS analysis_type, count(*) AS n FROM config_analysis a
      WHERE a.config_id = ci.id AND a.status = 'open' AND a.first_observed > now() - interval '7 days'
      GROUP BY 1) t) AS analysis
  FROM config_items ci;

CREATE OR REPLACE VIEW config_detail AS
  SELECT ci.id, ci.agent_id, ci.icon, ci.scraper_id, ci.config_class, ci.status, ci.health, ci.ready,
    ci.external_id, ci.type, ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d,
    ci.cost_total_30d, ci.name, ci.description, ci.config, ci.source, ci.labels, ci.tags,
    ci.properties, ci.parent_id, ci.path, ci.is_pushed, ci.created_by,
    config_last_scraped(ci) AS last_scraped_time, ci.created_at, ci.updated_at, ci.deleted_at,
    ci.delete_reason,
    jsonb_build_object(
      'relationships', (
        SELECT count(*) FROM config_relationships r
        WHERE (r.config_id = ci.id OR r.related_id = ci.id) AND r.deleted_at IS NULL),
      'analysis', (
        SELECT count(*) FROM config_analysis a
        WHERE a.config_id = ci.id
          AND coalesce(a.last_observed, a.first_observed) > now() - interval '2 days'),
      'changes', (
        SELECT count(*) FROM config_changes cc
        WHERE cc.created_at > now() - interval '2 days'
          AND (cc.config_id = ci.id OR cc.config_id IN (
            SELECT r.related_id FROM config_relationships r
            WHERE r.config_id = ci.id AND r.deleted_at IS NULL))),
      'playbook_runs', (
        SELECT count(*) FROM playbook_runs p
        WHERE p.config_id = ci.id AND p.created_at > now() - interval '30 days'),
      'checks', (
        SELECT count(*) FROM check_config_relationships r
        WHERE r.config_id = ci.id AND r.deleted_at IS NULL)
    ) AS summary,
    (SELECT coalesce(jsonb_agg(jsonb_build_object(
        'id', c.id, 'name', c.name, 'icon', c.icon, 'type', c.type, 'status', c.status,
        'health', c.health) ORDER BY c.name), '[]')
      FROM config_component_relationships r JOIN components c ON c.id = r.component_id
      WHERE r.config_id = ci.id AND r.deleted_at IS NULL AND c.deleted_at IS NULL) AS components
  FROM config_items ci;

-- Only a change of config is an edit (updated_at), and only a change of the compared fields
-- forgets the hash: the per-row triggers need not read wide rows for anything else.
DROP TRIGGER config_items_updated_at ON config_items;
CREATE TRIGGER config_items_updated_at BEFORE UPDATE OF config ON config_items
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded('config');
DROP TRIGGER config_items_forget_scrape_hash ON config_items;
CREATE TRIGGER config_items_forget_scrape_hash
  BEFORE UPDATE OF config, name, health, status, labels, tags, parent_id, description ON config_items
  FOR EACH ROW EXECUTE FUNCTION config_items_forget_scrape_hash();
