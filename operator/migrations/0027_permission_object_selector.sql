-- Object-scoped Permissions: resources chosen by selectors (id, name with * globs, namespace,
-- labelSelector, tagSelector, types, health) per kind, as a Permission's spec.object gives them:
-- {"configs": [...], "components": [...], "canaries": [...], "checks": [...], "playbooks": [...],
-- "connections": [...]}. The single-id columns stay for the console's resource picker; both are
-- enforced by the policy module on every read and write path.
ALTER TABLE permissions ADD COLUMN object_selector jsonb;
ALTER TABLE permissions ADD CONSTRAINT permissions_object_selector_is_object
  CHECK (object_selector IS NULL OR jsonb_typeof(object_selector) = 'object');
