-- Incident rules the server enforces (issue 7; spec 000 §3, §4.1, §4.2, §2.4). The console
-- writes incidents, hypotheses and evidence straight through /api/db, so every rule lives here:
-- a trigger or a foreign key is the only place a PATCH or DELETE cannot go around. The leader's
-- automation (operator/src/incidents) builds on the same rules.

---------------------------------------------------------------------------------------------------
-- Status transitions (§4.1).
--
-- The moves the status selector offers, plus investigating -> open: the detail header's Reopen
-- button sets open from every status but open (§2.4), so refusing that move would break a
-- documented control. Keeping the current status is always allowed. NULL for a status outside
-- the six (written before this migration): such an incident may move to any valid status.
CREATE FUNCTION incident_next_statuses(status text) RETURNS text[]
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE status
    WHEN 'new' THEN ARRAY['open', 'investigating', 'mitigated', 'resolved', 'closed']
    WHEN 'open' THEN ARRAY['investigating', 'mitigated', 'resolved', 'closed']
    WHEN 'investigating' THEN ARRAY['mitigated', 'resolved', 'closed', 'open']
    WHEN 'mitigated' THEN ARRAY['resolved', 'closed', 'open']
    WHEN 'resolved' THEN ARRAY['closed', 'open']
    WHEN 'closed' THEN ARRAY['open']
  END
$$;

-- Refuses an unknown status or a move the table does not allow, with a message a person can act
-- on: /api/db answers check_violation (23514) with 400 and shows the message, DETAIL and HINT.
-- Also keeps the resolved/closed timestamps in step with the status: the per-component open
-- incident counts (0015 incident_summary_by_component) read them, not the status.
CREATE FUNCTION incidents_status_rules() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  statuses constant text[] := ARRAY['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'];
  allowed text[];
  changed boolean := TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status;
  label text := coalesce(CASE WHEN TG_OP = 'UPDATE' THEN OLD.incident_id END, NEW.incident_id);
BEGIN
  -- NOT NULL answers a missing status.
  IF NEW.status IS NULL OR NOT changed THEN
    RETURN NEW;
  END IF;
  IF NOT NEW.status = ANY (statuses) THEN
    RAISE EXCEPTION 'incident % cannot have status "%"', label, NEW.status
      USING ERRCODE = 'check_violation',
        DETAIL = 'The statuses are ' || array_to_string(statuses, ', ') || '.';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    allowed := incident_next_statuses(OLD.status);
    IF OLD.status = 'closed' AND NOT NEW.status = ANY (allowed) THEN
      RAISE EXCEPTION 'incident % is closed: it can only be reopened', label
        USING ERRCODE = 'check_violation',
          DETAIL = format('A closed incident cannot move to %s.', NEW.status),
          HINT = 'Reopen it (status open) first.';
    ELSIF NOT NEW.status = ANY (coalesce(allowed, statuses)) THEN
      RAISE EXCEPTION 'incident % cannot move from % to %', label, OLD.status, NEW.status
        USING ERRCODE = 'check_violation',
          DETAIL = format('A %s incident can move to %s.', OLD.status, array_to_string(allowed, ', '));
    END IF;
  END IF;
  IF NEW.status = 'resolved' THEN
    NEW.resolved := coalesce(NEW.resolved, now());
  ELSIF NEW.status = 'closed' THEN
    NEW.closed := coalesce(NEW.closed, now());
  ELSIF TG_OP = 'UPDATE' THEN
    -- Back to work (reopened): no longer resolved or closed.
    NEW.resolved := NULL;
    NEW.closed := NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER incidents_status_rules BEFORE INSERT OR UPDATE OF status ON incidents
  FOR EACH ROW EXECUTE FUNCTION incidents_status_rules();

---------------------------------------------------------------------------------------------------
-- Changelog (§3 incident event kinds). 0006 writes every kind but incident_status.updated; that
-- one now marks a status change made by the automation rather than by a person:
--   incident.status_updated  a person (or API client) changed the status; description = status.
--   incident_status.updated  the automation changed it (definition of done met, an incident rule
--                            resolved or closed it); description = the new status and why, e.g.
--                            'resolved: every definition-of-done item holds (2 items)'.
-- The automation says why in the transaction-local setting vigil.status_reason (set_config(...,
-- true)), which a /api/db request cannot set. Its rows are the System person's.
CREATE OR REPLACE FUNCTION incidents_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reason text := nullif(current_setting('vigil.status_reason', true), '');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description)
      VALUES (NEW.id, NEW.created_by, 'incident.created', NEW.incident_id);
  ELSIF NEW.status IS DISTINCT FROM OLD.status AND reason IS NOT NULL THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description)
      VALUES (NEW.id, coalesce(current_person_id(), '00000000-0000-0000-0000-000000000000'),
              'incident_status.updated', reason);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description)
      VALUES (NEW.id, coalesce(current_person_id(), NEW.created_by), 'incident.status_updated',
              NEW.status);
  END IF;
  RETURN NULL;
END
$$;

---------------------------------------------------------------------------------------------------
-- Deleting a hypothesis removes its comments and evidence, and its child hypotheses (root ->
-- factor -> solution) with theirs, in the same statement (§4.2). Foreign-key cascades rather
-- than a BEFORE DELETE trigger: they run after the statement's own deletes, so
-- DELETE hypotheses?id=in.(parent,child) still works, and a delete can never half happen.
-- The console still deletes comments and evidence first (§7); that now finds nothing left to do.
-- Constraint names are kept: /api/db embeds may name them as hints.
ALTER TABLE evidences
  DROP CONSTRAINT evidences_hypothesis_id_fkey,
  ADD CONSTRAINT evidences_hypothesis_id_fkey FOREIGN KEY (hypothesis_id)
    REFERENCES hypotheses (id) ON DELETE CASCADE;
ALTER TABLE comments
  DROP CONSTRAINT comments_hypothesis_id_fkey,
  ADD CONSTRAINT comments_hypothesis_id_fkey FOREIGN KEY (hypothesis_id)
    REFERENCES hypotheses (id) ON DELETE CASCADE;
ALTER TABLE hypotheses
  DROP CONSTRAINT hypotheses_parent_id_fkey,
  ADD CONSTRAINT hypotheses_parent_id_fkey FOREIGN KEY (parent_id)
    REFERENCES hypotheses (id) ON DELETE CASCADE;
-- A cascaded comment takes its links to the responders it was sent to along.
ALTER TABLE comment_responders
  DROP CONSTRAINT comment_responders_comment_id_fkey,
  ADD CONSTRAINT comment_responders_comment_id_fkey FOREIGN KEY (comment_id)
    REFERENCES comments (id) ON DELETE CASCADE;

---------------------------------------------------------------------------------------------------
-- Definition-of-done automation (§2.4): the leader evaluates the CEL `script` of every
-- definition-of-done evidence of a live incident and stores `done` and `script_result` (0006).
-- A script that does not compile or evaluate keeps its last `done` and says why here; the item
-- does not count as holding while it has an error.
ALTER TABLE evidences ADD COLUMN script_error text;
COMMENT ON COLUMN evidences.script_error IS
  'Why the definition-of-done script could not be evaluated on the last pass; NULL when it could';

-- The automation's every-30-seconds reads: scripted definition-of-done items, and the incidents
-- an incident rule opened.
CREATE INDEX evidences_dod_script_idx ON evidences (hypothesis_id)
  WHERE definition_of_done AND script IS NOT NULL;
CREATE INDEX incidents_incident_rule_id_idx ON incidents (incident_rule_id)
  WHERE incident_rule_id IS NOT NULL;
