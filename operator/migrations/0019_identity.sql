-- Self-hosted identity: invited people have no password until they register; two-factor
-- authentication; one-time links; and the `identities` view the Users page reads.

ALTER TABLE credentials ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE credentials
  ADD COLUMN email_verified_at timestamptz,
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_pending_secret text,
  ADD COLUMN totp_enabled_at timestamptz;

-- Single-use backup codes for two-factor sign-in, stored as SHA-256 digests.
CREATE TABLE recovery_codes (
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (person_id, code_hash)
);

-- One-time links and flows: invitations, recovery, verification and second-factor sign-in.
CREATE TABLE auth_tokens (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('invite', 'recovery', 'verification', 'second_factor')),
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_tokens_person_id_idx ON auth_tokens (person_id);

-- Identity traits in the shape the console's Users page expects (Kratos-like); no secrets.
CREATE VIEW identities AS
  SELECT p.id,
    jsonb_build_object(
      'name', jsonb_build_object(
        'first', coalesce(p.properties->>'first_name', split_part(p.name, ' ', 1)),
        'last', coalesce(p.properties->>'last_name', nullif(substr(p.name, length(split_part(p.name, ' ', 1)) + 2), ''))),
      'email', p.email) AS traits,
    coalesce(c.state, 'inactive') AS state,
    coalesce(c.state_changed_at, p.created_at) AS state_changed_at,
    p.created_at,
    coalesce(c.updated_at, p.updated_at, p.created_at) AS updated_at
  FROM people p LEFT JOIN credentials c ON c.person_id = p.id
  WHERE p.deleted_at IS NULL AND p.type IS DISTINCT FROM 'system' AND p.type IS DISTINCT FROM 'agent';

-- Spec 002 §3 lists check_id among a Permission's resources; the v1.0.706 table lacks it.
ALTER TABLE permissions ADD COLUMN check_id uuid REFERENCES checks (id);
CREATE INDEX permissions_check_id_idx ON permissions (check_id);
