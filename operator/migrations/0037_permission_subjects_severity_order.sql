-- A Permission may name a notification rule as its subject (upstream's `subject.notification`):
-- a rule that sends to a playbook runs it only when such a Permission grants playbook:run on it.
-- People never hold these rows (principals read person_id and team_id only).
ALTER TABLE permissions
  ADD COLUMN notification_id uuid,
  ADD CONSTRAINT permissions_notification_fkey FOREIGN KEY (notification_id)
    REFERENCES notifications (id) ON DELETE CASCADE;
CREATE INDEX permissions_notification_id_idx ON permissions (notification_id);

-- The incident list sorts Severity by rank (critical first), not alphabetically: a rank column
-- at the end of incident_summary (CREATE OR REPLACE VIEW may only add columns at the end).
CREATE OR REPLACE VIEW incident_summary AS
  SELECT i.id, i.incident_id, i.title, i.severity, i.type, i.status, i.created_at, i.updated_at,
    i.created_by, i.commander_id, i.communicator_id, i.incident_rule_id,
    i.acknowledged, i.resolved, i.closed,
    jsonb_build_object('id', cmd.id, 'avatar', cmd.avatar, 'name', cmd.name) AS commander,
    (SELECT coalesce(jsonb_agg(x.actor ORDER BY x.id), '[]') FROM (
      SELECT DISTINCT p.id, jsonb_build_object('id', p.id, 'avatar', p.avatar, 'name', p.name) AS actor
      FROM responders r JOIN people p ON p.id = r.person_id
      WHERE r.incident_id = i.id AND r.deleted_at IS NULL
      UNION
      SELECT DISTINCT t.id, jsonb_build_object('id', t.id, 'avatar', t.icon, 'name', t.name)
      FROM responders r JOIN teams t ON t.id = r.team_id
      WHERE r.incident_id = i.id AND r.deleted_at IS NULL
    ) x) AS responders,
    (SELECT coalesce(jsonb_agg(x.actor ORDER BY x.id), '[]') FROM (
      SELECT DISTINCT p.id, jsonb_build_object('id', p.id, 'avatar', p.avatar, 'name', p.name) AS actor
      FROM comments c JOIN people p ON p.id = c.created_by
      WHERE c.incident_id = i.id
    ) x) AS commenters,
    CASE lower(i.severity)
      WHEN 'info' THEN 0 WHEN 'low' THEN 1 WHEN 'warning' THEN 1 WHEN 'medium' THEN 2
      WHEN 'high' THEN 3 WHEN 'blocker' THEN 4 WHEN 'critical' THEN 5 ELSE -1
    END AS severity_rank
  FROM incidents i
  LEFT JOIN people cmd ON cmd.id = i.commander_id;
