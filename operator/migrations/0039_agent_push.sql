-- Agents (docs/agents.md): a Vigil started with --agent-of pushes what it runs to a central
-- Vigil. The agent's own database is its on-disk push queue: rows not yet accepted centrally
-- have is_pushed = false, and check results (append-only, the bulk) are read past a cursor.

-- The agent's settings as the central Vigil keeps them: kubernetes {enabled, interval} and
-- pushTelemetry {enabled, topologyName}. properties stay the labels added to what it creates.
ALTER TABLE agents ADD COLUMN spec jsonb NOT NULL DEFAULT '{}';

-- The list of remote agents: the `local` row (this Vigil, the nil id) is not one of them.
DROP VIEW agents_summary;
CREATE VIEW agents_summary AS
  SELECT a.*,
    (SELECT count(*) FROM config_items c WHERE c.agent_id = a.id) AS config_count,
    (SELECT count(*) FROM config_scrapers s WHERE s.agent_id = a.id) AS config_scrapper_count,
    (SELECT count(*) FROM checks c WHERE c.agent_id = a.id) AS checks_count,
    (SELECT count(*) FROM playbook_runs p WHERE p.agent_id = a.id) AS playbook_runs_count
  FROM agents a
  WHERE a.deleted_at IS NULL AND a.id <> '00000000-0000-0000-0000-000000000000';

-- A pushed row that changes again must be pushed again. The pusher's own UPDATE sets
-- is_pushed from false to true and is left alone; any other update of a pushed row clears it.
-- The WHEN clause keeps the cost off Vigils that never push (their rows are never pushed).
CREATE FUNCTION mark_unpushed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_pushed := false;
  RETURN NEW;
END
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['canaries', 'checks', 'config_scrapers', 'config_items',
    'config_changes', 'config_analysis', 'config_relationships', 'topologies', 'components',
    'config_component_relationships', 'check_component_relationships',
    'check_config_relationships', 'job_history']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW
         WHEN (OLD.is_pushed AND NEW.is_pushed) EXECUTE FUNCTION mark_unpushed()',
      t || '_mark_unpushed', t);
  END LOOP;
END
$$;

-- Check results are only ever inserted: the pusher reads them in insertion order past a cursor
-- instead of flagging each one (a flag would rewrite every result once more).
CREATE INDEX check_statuses_created_at_brin_idx ON check_statuses USING brin (created_at);

CREATE TABLE agent_push_cursors (
  name text PRIMARY KEY,
  created_at timestamptz NOT NULL,
  check_id uuid NOT NULL,
  time timestamptz NOT NULL
);
