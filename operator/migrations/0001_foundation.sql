-- Foundation: id generation, people and their credentials, sessions, tokens, feature flags.
-- Later migrations add the domain tables (see ../shared/reference/datamodel.md).

CREATE EXTENSION IF NOT EXISTS pgcrypto;

-- A ULID packed into a uuid: 48 bits of milliseconds then 80 random bits, so ids sort by
-- creation time and index inserts stay append-only.
CREATE FUNCTION generate_ulid() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
      || gen_random_bytes(10),
    'hex')::uuid
$$;

CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;

CREATE TABLE people (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  avatar text,
  type text,
  team_id uuid,
  organization text,
  title text,
  email text,
  phone text,
  properties jsonb,
  external_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz,
  last_login timestamptz
);
CREATE UNIQUE INDEX people_email_key ON people (lower(email)) WHERE deleted_at IS NULL;
CREATE TRIGGER people_updated_at BEFORE UPDATE ON people
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- The System person owns rows that no human created (reconciled resources, seed data).
INSERT INTO people (id, name, type) VALUES ('00000000-0000-0000-0000-000000000000', 'System', 'system');

CREATE TABLE person_roles (
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('admin', 'editor', 'commander', 'responder', 'viewer')),
  PRIMARY KEY (person_id, role)
);

-- Secrets live apart from people so that no query on people can ever return them.
CREATE TABLE credentials (
  person_id uuid PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'inactive')),
  state_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER credentials_updated_at BEFORE UPDATE ON credentials
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Session ids and token values are stored as SHA-256 digests: a leaked table grants nothing.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_agent text,
  address text
);
CREATE INDEX sessions_person_id_idx ON sessions (person_id);

CREATE TABLE access_tokens (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  value text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  UNIQUE (person_id, name)
);

-- Feature flags and settings: a feature is off when `<feature>.disable` = 'true'.
CREATE TABLE properties (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_by uuid REFERENCES people (id),
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);
CREATE TRIGGER properties_updated_at BEFORE UPDATE ON properties
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE VIEW people_roles AS
  SELECT p.id, p.name, p.email,
    COALESCE(array_agg(r.role ORDER BY r.role) FILTER (WHERE r.role IS NOT NULL), '{}') AS roles
  FROM people p LEFT JOIN person_roles r ON r.person_id = p.id
  WHERE p.deleted_at IS NULL
  GROUP BY p.id;
