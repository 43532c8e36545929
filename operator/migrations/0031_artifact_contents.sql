-- The bytes of artifacts kept in Vigil's own database (playbook actions' files), apart from the
-- artifacts rows so that listing a run's artifacts never reads them. Capped in size by the code
-- that writes them (playbooks/artifacts.ts).
CREATE TABLE artifact_contents (
  artifact_id uuid PRIMARY KEY REFERENCES artifacts (id) ON DELETE CASCADE,
  content bytea NOT NULL
);
