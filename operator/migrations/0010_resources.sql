-- Store of Vigil's Kubernetes-compatible API (/k8s): one row per object of any kind, reconciled
-- into the domain tables (canaries, topologies, config_scrapers, playbooks, notifications,
-- permissions) by the controllers, plus the event log that watches replay from.

-- resourceVersion is one counter for every kind, like etcd's revision: a watch of several kinds
-- (or a list followed by a watch) orders all changes consistently.
CREATE SEQUENCE resource_version_seq;

CREATE TABLE resources (
  uid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  api_group text NOT NULL,
  kind text NOT NULL,
  namespace text NOT NULL DEFAULT '', -- '' for cluster-scoped kinds
  name text NOT NULL,
  resource_version bigint NOT NULL DEFAULT nextval('resource_version_seq'),
  generation bigint NOT NULL DEFAULT 1,
  labels jsonb NOT NULL DEFAULT '{}',
  annotations jsonb NOT NULL DEFAULT '{}',
  -- the rest of metadata: finalizers, managedFields, ownerReferences, deletionTimestamp...
  metadata jsonb NOT NULL DEFAULT '{}',
  spec jsonb,
  status jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  UNIQUE (api_group, kind, namespace, name)
);
ALTER SEQUENCE resource_version_seq OWNED BY resources.resource_version;
CREATE INDEX resources_kind_namespace_idx ON resources (kind, namespace);
CREATE INDEX resources_labels_idx ON resources USING gin (labels jsonb_path_ops);

-- Every write is a new resourceVersion (the API layer reads it back with RETURNING). A spec
-- change also advances generation, unless the writer set generation itself; status and
-- metadata-only writes do not, as in Kubernetes.
CREATE FUNCTION resources_versioning() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.resource_version := nextval('resource_version_seq');
  NEW.updated_at := now();
  IF NEW.spec IS DISTINCT FROM OLD.spec AND NEW.generation = OLD.generation THEN
    NEW.generation := OLD.generation + 1;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER resources_versioning BEFORE UPDATE ON resources
  FOR EACH ROW EXECUTE FUNCTION resources_versioning();

-- Watch history, written by the API layer in the same transaction as the change (the object is
-- the full Kubernetes JSON as served, which only that layer builds). resource_version is the
-- object's version after the change; a DELETED event takes a fresh one from the sequence.
CREATE TABLE resource_events (
  resource_version bigint PRIMARY KEY,
  uid uuid NOT NULL,
  api_group text NOT NULL,
  kind text NOT NULL,
  namespace text NOT NULL DEFAULT '',
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('ADDED', 'MODIFIED', 'DELETED')),
  object jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A watch of one kind replays "events of this kind after version N".
CREATE INDEX resource_events_kind_version_idx ON resource_events (api_group, kind, resource_version);
-- Compaction deletes by age.
CREATE INDEX resource_events_created_at_idx ON resource_events USING brin (created_at);
