-- Events that notification rules and playbooks react to (datamodel.md §2.7 event_queue notes).
-- Each trigger only enqueues {"id": <row id>} (plus a link where the consumer needs one) through
-- enqueue_event(); consumers read the current row themselves. An event still waiting is not
-- duplicated: a check that flaps twice before the consumer runs yields one fresh event.

-- Incidents ---------------------------------------------------------------------------------------
CREATE FUNCTION incidents_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM enqueue_event('incident.created', jsonb_build_object('id', NEW.id));
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM enqueue_event('incident.status.' || NEW.status, jsonb_build_object('id', NEW.id));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER incidents_enqueue AFTER INSERT OR UPDATE OF status ON incidents
  FOR EACH ROW EXECUTE FUNCTION incidents_enqueue();

-- Responders are removed by soft delete.
CREATE FUNCTION responders_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM enqueue_event('incident.responder.added', jsonb_build_object('id', NEW.id));
  ELSIF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    PERFORM enqueue_event('incident.responder.removed', jsonb_build_object('id', NEW.id));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER responders_enqueue AFTER INSERT OR UPDATE OF deleted_at ON responders
  FOR EACH ROW EXECUTE FUNCTION responders_enqueue();

CREATE FUNCTION comments_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('incident.comment.added', jsonb_build_object('id', NEW.id));
  RETURN NULL;
END
$$;
CREATE TRIGGER comments_enqueue AFTER INSERT ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_enqueue();

-- Definition of done: an evidence joins (added) or leaves (removed) it; while in it, its `done`
-- turning true is passed and turning false again is regressed.
CREATE FUNCTION evidences_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_dod boolean := TG_OP = 'UPDATE' AND coalesce(OLD.definition_of_done, false);
  is_dod boolean := coalesce(NEW.definition_of_done, false);
  was_done boolean := TG_OP = 'UPDATE' AND coalesce(OLD.done, false);
  is_done boolean := coalesce(NEW.done, false);
  props jsonb := jsonb_build_object('id', NEW.id);
BEGIN
  IF is_dod AND NOT was_dod THEN
    PERFORM enqueue_event('incident.dod.added', props);
  ELSIF was_dod AND NOT is_dod THEN
    PERFORM enqueue_event('incident.dod.removed', props);
  ELSIF is_dod AND is_done AND NOT was_done THEN
    PERFORM enqueue_event('incident.dod.passed', props);
  ELSIF is_dod AND was_done AND NOT is_done THEN
    PERFORM enqueue_event('incident.dod.regressed', props);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER evidences_enqueue AFTER INSERT OR UPDATE OF definition_of_done, done ON evidences
  FOR EACH ROW EXECUTE FUNCTION evidences_enqueue();

-- Health --------------------------------------------------------------------------------------
-- checks.status is set from each new result (0005), so a transition here is a check that just
-- started failing or recovered.
CREATE FUNCTION checks_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'healthy' THEN
    PERFORM enqueue_event('check.passed', jsonb_build_object('id', NEW.id));
  ELSIF NEW.status = 'unhealthy' THEN
    PERFORM enqueue_event('check.failed', jsonb_build_object('id', NEW.id));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER checks_enqueue AFTER UPDATE OF status ON checks
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION checks_enqueue();

-- Topology ------------------------------------------------------------------------------------
-- At this version a component's health lives in `status` (healthy, unhealthy, warning, unknown).
CREATE FUNCTION components_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('healthy', 'unhealthy', 'warning', 'unknown') THEN
    PERFORM enqueue_event('component.' || NEW.status, jsonb_build_object('id', NEW.id));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER components_enqueue AFTER UPDATE OF status ON components
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION components_enqueue();

-- Catalog -------------------------------------------------------------------------------------
CREATE FUNCTION config_items_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  props jsonb := jsonb_build_object('id', NEW.id);
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM enqueue_event('config.created', props);
    RETURN NULL;
  END IF;
  IF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    PERFORM enqueue_event('config.deleted', props);
  ELSIF NEW.health IS DISTINCT FROM OLD.health
        AND NEW.health IN ('healthy', 'unhealthy', 'warning', 'unknown') THEN
    PERFORM enqueue_event('config.' || NEW.health, props);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER config_items_enqueue AFTER INSERT OR UPDATE OF deleted_at, health ON config_items
  FOR EACH ROW EXECUTE FUNCTION config_items_enqueue();

-- A recorded change: 'diff' changes (the config's content changed) are config.updated, any
-- other change type (events, deployments, ...) is config.changed. A repeat of a known change
-- only bumps its count (0003) and does not reach this AFTER INSERT trigger.
CREATE FUNCTION config_changes_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event(
    CASE WHEN NEW.change_type = 'diff' THEN 'config.updated' ELSE 'config.changed' END,
    jsonb_build_object('id', NEW.config_id, 'change_id', NEW.id));
  RETURN NULL;
END
$$;
CREATE TRIGGER config_changes_enqueue AFTER INSERT ON config_changes
  FOR EACH ROW EXECUTE FUNCTION config_changes_enqueue();

-- Playbooks -----------------------------------------------------------------------------------
CREATE FUNCTION playbook_approvals_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('playbook.approval.inserted',
    jsonb_build_object('id', NEW.id, 'run_id', NEW.run_id));
  RETURN NULL;
END
$$;
CREATE TRIGGER playbook_approvals_enqueue AFTER INSERT ON playbook_approvals
  FOR EACH ROW EXECUTE FUNCTION playbook_approvals_enqueue();

-- Changing who may approve can unblock runs waiting for approval.
CREATE FUNCTION playbooks_approval_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('playbook.spec.approval.updated', jsonb_build_object('id', NEW.id));
  RETURN NULL;
END
$$;
CREATE TRIGGER playbooks_approval_enqueue AFTER UPDATE OF spec ON playbooks
  FOR EACH ROW WHEN (OLD.spec -> 'approval' IS DISTINCT FROM NEW.spec -> 'approval')
  EXECUTE FUNCTION playbooks_approval_enqueue();
