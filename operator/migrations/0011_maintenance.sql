-- Maintenance functions that span areas (datamodel.md §2.6, §2.9): agent removal, person
-- removal, hard deletion of configs, config paths.

-- Soft-deletes everything an agent reported. Called when an agent is deleted with cleanup=true.
CREATE FUNCTION delete_agent_resources(p_agent_id uuid, p_deleted_at timestamptz DEFAULT now())
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_agent_id = '00000000-0000-0000-0000-000000000000' THEN
    RAISE EXCEPTION 'the local agent cannot be cleaned up';
  END IF;
  UPDATE topologies SET deleted_at = p_deleted_at WHERE agent_id = p_agent_id AND deleted_at IS NULL;
  UPDATE components SET deleted_at = p_deleted_at WHERE agent_id = p_agent_id AND deleted_at IS NULL;
  UPDATE canaries SET deleted_at = p_deleted_at WHERE agent_id = p_agent_id AND deleted_at IS NULL;
  UPDATE checks SET deleted_at = p_deleted_at WHERE agent_id = p_agent_id AND deleted_at IS NULL;
  UPDATE config_scrapers SET deleted_at = p_deleted_at
    WHERE agent_id = p_agent_id AND deleted_at IS NULL;
  UPDATE config_items SET deleted_at = p_deleted_at
    WHERE agent_id = p_agent_id AND deleted_at IS NULL;
  UPDATE logging_backends SET deleted_at = p_deleted_at
    WHERE agent_id = p_agent_id AND deleted_at IS NULL;
END
$$;

-- A deleted agent can no longer push: its machine user's tokens expire at once. With cleanup
-- set, what it reported goes too.
CREATE FUNCTION agents_soft_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.person_id IS NOT NULL THEN
    UPDATE access_tokens SET expires_at = now()
      WHERE person_id = NEW.person_id AND (expires_at IS NULL OR expires_at > now());
  END IF;
  IF NEW.cleanup THEN
    PERFORM delete_agent_resources(NEW.id, NEW.deleted_at);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER agents_soft_delete AFTER UPDATE OF deleted_at ON agents
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION agents_soft_delete();

-- Removes a person's access (roles, sessions, tokens, team memberships) and soft-deletes them;
-- rows they created keep pointing at them.
CREATE FUNCTION delete_person(p_id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_id = '00000000-0000-0000-0000-000000000000' THEN
    RAISE EXCEPTION 'the System person cannot be deleted';
  END IF;
  DELETE FROM person_roles WHERE person_id = p_id;
  DELETE FROM sessions WHERE person_id = p_id;
  UPDATE access_tokens SET expires_at = now()
    WHERE person_id = p_id AND (expires_at IS NULL OR expires_at > now());
  DELETE FROM team_members WHERE person_id = p_id;
  UPDATE people SET deleted_at = now() WHERE id = p_id AND deleted_at IS NULL;
END
$$;

-- Hard-deletes configs and what hangs off them. Changes, analyses, relationships and silences
-- go by ON DELETE CASCADE; references that are history elsewhere (evidence, playbook runs,
-- components, child configs) are cut loose rather than deleted.
CREATE FUNCTION drop_config_items(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  doomed uuid[] := ARRAY(SELECT try_uuid(i) FROM unnest(ids) i WHERE try_uuid(i) IS NOT NULL);
BEGIN
  UPDATE evidences SET config_id = NULL WHERE config_id = ANY (doomed);
  UPDATE evidences SET config_change_id = NULL
    WHERE config_change_id IN (SELECT id FROM config_changes WHERE config_id = ANY (doomed));
  UPDATE evidences SET config_analysis_id = NULL
    WHERE config_analysis_id IN (SELECT id FROM config_analysis WHERE config_id = ANY (doomed));
  UPDATE playbook_runs SET config_id = NULL WHERE config_id = ANY (doomed);
  UPDATE components SET config_id = NULL WHERE config_id = ANY (doomed);
  DELETE FROM permissions WHERE config_id = ANY (doomed);
  UPDATE config_items SET parent_id = NULL
    WHERE parent_id = ANY (doomed) AND NOT id = ANY (doomed);
  -- Children among the doomed point at each other; unlink them first so order does not matter.
  UPDATE config_items SET parent_id = NULL WHERE id = ANY (doomed) AND parent_id IS NOT NULL;
  DELETE FROM config_items WHERE id = ANY (doomed);
END
$$;

-- The dot-joined ancestor ids of a config (its `path`), computed from parent_id; cycle-safe.
CREATE FUNCTION config_path(p_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
  WITH RECURSIVE ancestors (id, parent_id, depth) AS (
    SELECT id, parent_id, 0 FROM config_items WHERE id = p_id
    UNION ALL
    SELECT c.id, c.parent_id, a.depth + 1
    FROM config_items c JOIN ancestors a ON c.id = a.parent_id
  ) CYCLE id SET is_cycle USING visited
  SELECT string_agg(id::text, '.' ORDER BY depth DESC)
  FROM ancestors WHERE depth > 0 AND NOT is_cycle
$$;
