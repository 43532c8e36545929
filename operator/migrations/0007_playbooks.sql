-- Playbooks, their runs, actions and approvals, and artifacts (datamodel.md §2.6).
-- Upstream names these FKs after the singular table (playbook_run_playbook_id_fkey, ...); the
-- names are kept so constraint-name embed hints written against upstream keep resolving.

CREATE TABLE playbooks (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  namespace text NOT NULL DEFAULT 'default',
  name text NOT NULL,
  title text NOT NULL DEFAULT '',
  icon text,
  description text,
  spec jsonb NOT NULL,
  created_by uuid,
  source source NOT NULL,
  category text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT playbook_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id)
);
CREATE UNIQUE INDEX playbook_name_namespace_category_key ON playbooks (namespace, name, category)
  WHERE deleted_at IS NULL;
CREATE TRIGGER playbooks_updated_at BEFORE UPDATE ON playbooks
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();

-- status is text (values of upstream's playbook_run_status: scheduled, running, cancelled,
-- completed, failed, pending, sleeping; the console also knows waiting and skipped).
CREATE TABLE playbook_runs (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  playbook_id uuid NOT NULL,
  spec jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now(),
  start_time timestamptz,
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  end_time timestamptz,
  created_by uuid,
  check_id uuid,
  config_id uuid,
  component_id uuid,
  parameters jsonb,
  request jsonb,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000',
  error text,
  CONSTRAINT playbook_run_playbook_id_fkey FOREIGN KEY (playbook_id)
    REFERENCES playbooks (id) ON DELETE CASCADE,
  CONSTRAINT playbook_run_created_by_fkey FOREIGN KEY (created_by) REFERENCES people (id),
  CONSTRAINT playbook_run_check_id_fkey FOREIGN KEY (check_id) REFERENCES checks (id),
  CONSTRAINT playbook_run_config_id_fkey FOREIGN KEY (config_id) REFERENCES config_items (id),
  CONSTRAINT playbook_run_component_id_fkey FOREIGN KEY (component_id) REFERENCES components (id),
  CONSTRAINT playbook_run_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id)
);
CREATE INDEX playbook_runs_playbook_id_idx ON playbook_runs (playbook_id, created_at DESC);
CREATE INDEX playbook_runs_created_at_idx ON playbook_runs (created_at DESC);
CREATE INDEX playbook_runs_status_scheduled_time_idx ON playbook_runs (status, scheduled_time);
CREATE INDEX playbook_runs_check_id_idx ON playbook_runs (check_id);
CREATE INDEX playbook_runs_config_id_idx ON playbook_runs (config_id);
CREATE INDEX playbook_runs_component_id_idx ON playbook_runs (component_id);
CREATE INDEX playbook_runs_agent_id_idx ON playbook_runs (agent_id);

CREATE TABLE playbook_run_actions (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'running',
  playbook_run_id uuid,
  start_time timestamptz,
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  end_time timestamptz,
  result jsonb,
  is_pushed boolean NOT NULL DEFAULT false,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000',
  error text,
  CONSTRAINT playbook_run_playbook_run_id_fkey FOREIGN KEY (playbook_run_id)
    REFERENCES playbook_runs (id) ON DELETE CASCADE,
  CONSTRAINT playbook_run_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES agents (id)
);
CREATE INDEX playbook_run_actions_playbook_run_id_idx ON playbook_run_actions (playbook_run_id);
CREATE INDEX playbook_run_actions_status_time_idx ON playbook_run_actions (status, scheduled_time);

CREATE TABLE playbook_approvals (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  run_id uuid NOT NULL,
  person_id uuid,
  team_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT playbook_approval_run_id_fkey FOREIGN KEY (run_id) REFERENCES playbook_runs (id),
  CONSTRAINT playbook_approval_person_approver_fkey FOREIGN KEY (person_id) REFERENCES people (id),
  CONSTRAINT playbook_approval_team_approver_fkey FOREIGN KEY (team_id) REFERENCES teams (id)
);
CREATE INDEX playbook_approvals_run_id_idx ON playbook_approvals (run_id);

-- What an agent needs to run an action handed to it by the upstream Vigil.
CREATE TABLE playbook_action_agent_data (
  action_id uuid PRIMARY KEY,
  playbook_id uuid NOT NULL,
  run_id uuid NOT NULL,
  spec jsonb NOT NULL,
  env jsonb,
  CONSTRAINT playbook_action_template_env_agent_action_id_fkey FOREIGN KEY (action_id)
    REFERENCES playbook_run_actions (id) ON DELETE CASCADE
);

-- Files produced by checks and playbook actions, stored through a connection.
CREATE TABLE artifacts (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  check_id uuid,
  check_time timestamptz,
  playbook_run_action_id uuid,
  connection_id uuid,
  path text NOT NULL,
  filename text NOT NULL,
  content_type text,
  size integer NOT NULL,
  checksum text NOT NULL,
  is_pushed boolean NOT NULL DEFAULT false,
  is_data_pushed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  expires_at timestamptz,
  CONSTRAINT artifacts_checks_fkey FOREIGN KEY (check_id) REFERENCES checks (id),
  CONSTRAINT artifacts_playbook_run_action_fkey FOREIGN KEY (playbook_run_action_id)
    REFERENCES playbook_run_actions (id)
);
CREATE INDEX artifacts_check_id_idx ON artifacts (check_id, check_time);
CREATE INDEX artifacts_playbook_run_action_id_idx ON artifacts (playbook_run_action_id);
CREATE TRIGGER artifacts_updated_at BEFORE UPDATE ON artifacts
  FOR EACH ROW EXECUTE FUNCTION set_updated_at_guarded();
