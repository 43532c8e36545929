-- The Health dashboard lists every check with the same two dozen fields. Rendering them as JSON
-- for thousands of rows on every refresh was most of the cost of /api/canary/api/summary, so each
-- check keeps its row ready: recomputed by trigger whenever the check changes (a result batch
-- updates its latest status) or its canary's name, namespace or labels change. The summary then
-- only splices uptime and latency onto these texts.

ALTER TABLE checks ADD COLUMN summary_json text;

CREATE FUNCTION check_summary_json(c checks) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(x)::text FROM (
    SELECT c.id, c.canary_id, c.name, c.type, c.status, c.description, c.icon, c.namespace,
      ca.name AS canary_name, ca.namespace AS canary_namespace,
      coalesce(ca.labels, '{}') || coalesce(c.labels, '{}') AS labels, c.severity, c.owner,
      c.agent_id,
      CASE WHEN c.agent_id = '00000000-0000-0000-0000-000000000000' THEN 'local'
        ELSE (SELECT a.name FROM agents a WHERE a.id = c.agent_id) END AS agent_name,
      c.last_runtime, c.next_runtime, c.last_transition_time, c.latest_message,
      c.latest_duration, c.silenced_at, c.deleted_at,
      coalesce(c.spec ->> 'url', c.spec ->> 'endpoint', c.spec ->> 'query', c.spec ->> 'path')
        AS endpoint
    FROM canaries ca WHERE ca.id = c.canary_id
  ) x
$$;

-- Named to run after checks_last_transition_time (BEFORE triggers fire in name order), so the
-- text carries the transition time set by that trigger.
CREATE FUNCTION checks_summary_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.summary_json := check_summary_json(NEW);
  RETURN NEW;
END
$$;
CREATE TRIGGER checks_summary_json BEFORE INSERT OR UPDATE ON checks
  FOR EACH ROW EXECUTE FUNCTION checks_summary_json();

CREATE FUNCTION canaries_refresh_check_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE checks SET summary_json = NULL WHERE canary_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER canaries_refresh_check_summaries AFTER UPDATE OF name, namespace, labels ON canaries
  FOR EACH ROW
  WHEN ((OLD.name, OLD.namespace, OLD.labels) IS DISTINCT FROM (NEW.name, NEW.namespace, NEW.labels))
  EXECUTE FUNCTION canaries_refresh_check_summaries();

UPDATE checks SET summary_json = check_summary_json(checks);
