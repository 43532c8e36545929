-- Log backends and logs (issue: settings and operations).

-- A backend's spec is one object: file, vigil or loki (operator/src/logs/spec.ts). What is in it
-- is checked where it is read, so that a spec of another kind is reported by the Logs page rather
-- than refused here; rows written before this check are left as they are.
ALTER TABLE logging_backends
  ADD CONSTRAINT logging_backends_spec_object CHECK (jsonb_typeof(spec) = 'object') NOT VALID;

-- A backend is made in the console unless its writer says otherwise (spec 001 §3).
ALTER TABLE logging_backends ALTER COLUMN source SET DEFAULT 'UI';
