-- A Permission may name a notification rule as its subject (upstream's `subject.notification`):
-- a rule that sends to a playbook runs it only when such a Permission grants playbook:run on it.
-- People never hold these rows (principals read person_id and team_id only).
ALTER TABLE permissions
  ADD COLUMN notification_id uuid,
  ADD CONSTRAINT permissions_notification_fkey FOREIGN KEY (notification_id)
    REFERENCES notifications (id) ON DELETE CASCADE;
CREATE INDEX permissions_notification_id_idx ON permissions (notification_id);
