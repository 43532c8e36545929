-- Functions the console calls as /api/db/rpc/<name> (datamodel.md §3.7). Argument names are
-- the API (PostgREST passes query parameters by name), so they follow upstream even where they
-- shadow column names; bodies therefore refer to arguments by position ($1, $2...).
-- All are read-only (STABLE), as PostgREST runs GET /rpc calls in a read-only transaction.

---------------------------------------------------------------------------------------------------
-- Config relationship graph. config_relationships(config_id -> related_id): a walk goes
-- 'outgoing' (downstream: from config_id to related_id) or 'incoming' (upstream: from
-- related_id back to config_id), or both ('all') as two separate walks, so 'all' does not turn
-- into "everything connected to anything connected". *_relation = 'hard' limits that
-- direction to parent/child links. Cycle-safe; deleted links are not followed.

-- Every link walked: from `id` to `related_id` as stored, with the walk's direction and depth.
CREATE FUNCTION config_relationships_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  max_depth integer DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both'
) RETURNS TABLE (id uuid, related_id uuid, relation_type text, direction text, depth integer)
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE walk (node, direction, depth, from_id, to_id, relation) AS (
    SELECT $1, d.direction, 0, NULL::uuid, NULL::uuid, NULL::text
    FROM (VALUES ('outgoing'), ('incoming')) AS d (direction)
    WHERE $2 IN (d.direction, 'all')
    UNION ALL
    SELECT CASE WHEN w.direction = 'outgoing' THEN r.related_id ELSE r.config_id END,
      w.direction, w.depth + 1, r.config_id, r.related_id, r.relation
    FROM walk w
    JOIN config_relationships r ON
      (w.direction = 'outgoing' AND r.config_id = w.node AND ($5 = 'both' OR r.relation = 'hard'))
      OR (w.direction = 'incoming' AND r.related_id = w.node AND ($4 = 'both' OR r.relation = 'hard'))
    WHERE w.depth < $3 AND r.deleted_at IS NULL
  ) CYCLE node SET is_cycle USING visited
  SELECT from_id, to_id, relation, direction, min(depth)
  FROM walk
  WHERE depth > 0
  GROUP BY from_id, to_id, relation, direction
$$;

-- The configs reached (not the start), each with its nearest depth per direction.
CREATE FUNCTION related_config_ids_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  max_depth integer DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both'
) RETURNS TABLE (id uuid, direction text, depth integer)
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN e.direction = 'outgoing' THEN e.related_id ELSE e.id END AS id,
    e.direction, min(e.depth)
  FROM config_relationships_recursive($1, $2, $3, $4, $5) e
  WHERE CASE WHEN e.direction = 'outgoing' THEN e.related_id ELSE e.id END <> $1
  GROUP BY 1, 2
$$;

-- The Relationships tab: the config itself (depth 0) and every config reached, as `configs`
-- rows. related_ids lists, for each config, the configs it links to among the links walked, so
-- the console can draw the graph. Ordered by depth, then name.
CREATE FUNCTION related_configs_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  include_deleted_configs boolean DEFAULT false,
  max_depth integer DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both'
) RETURNS TABLE (
  id uuid,
  name text,
  type text,
  related_ids text[],
  tags jsonb,
  changes bigint,
  analysis jsonb,
  cost_per_minute numeric,
  cost_total_1d numeric,
  cost_total_7d numeric,
  cost_total_30d numeric,
  created_at timestamptz,
  updated_at timestamptz,
  deleted_at timestamptz,
  agent_id uuid,
  health text,
  ready boolean,
  status text,
  path text,
  config_class text,
  depth integer
) LANGUAGE sql STABLE AS $$
  WITH edges AS (
    SELECT * FROM config_relationships_recursive($1, $2, $4, $5, $6)
  ),
  nodes AS (
    SELECT $1 AS id, 0 AS depth
    UNION ALL
    SELECT r.id, min(r.depth) FROM related_config_ids_recursive($1, $2, $4, $5, $6) r GROUP BY r.id
  )
  SELECT c.id, c.name, c.type,
    (SELECT array_agg(DISTINCT e.related_id::text) FROM edges e WHERE e.id = c.id),
    c.tags, c.changes, c.analysis, c.cost_per_minute, c.cost_total_1d, c.cost_total_7d,
    c.cost_total_30d, c.created_at, c.updated_at, c.deleted_at, c.agent_id, c.health, c.ready,
    c.status, c.path, c.config_class, n.depth
  FROM nodes n
  JOIN configs c ON c.id = n.id
  WHERE $3 OR c.deleted_at IS NULL OR n.depth = 0
  ORDER BY n.depth, c.name
$$;

-- Direct neighbours only, with the relation and its direction.
CREATE FUNCTION related_configs(
  config_id uuid,
  type_filter text DEFAULT 'all',
  include_deleted_configs boolean DEFAULT false
) RETURNS TABLE (
  relation text,
  direction text,
  id uuid,
  name text,
  type text,
  config_class text,
  tags jsonb,
  changes bigint,
  analysis jsonb,
  cost_per_minute numeric,
  cost_total_1d numeric,
  cost_total_7d numeric,
  cost_total_30d numeric,
  created_at timestamptz,
  updated_at timestamptz,
  deleted_at timestamptz,
  agent_id uuid,
  health text,
  ready boolean,
  status text,
  path text
) LANGUAGE sql STABLE AS $$
  SELECT e.relation_type, e.direction, c.id, c.name, c.type, c.config_class, c.tags, c.changes,
    c.analysis, c.cost_per_minute, c.cost_total_1d, c.cost_total_7d, c.cost_total_30d,
    c.created_at, c.updated_at, c.deleted_at, c.agent_id, c.health, c.ready, c.status, c.path
  FROM config_relationships_recursive($1, $2, 1) e
  JOIN configs c ON c.id = CASE WHEN e.direction = 'outgoing' THEN e.related_id ELSE e.id END
  WHERE $3 OR c.deleted_at IS NULL
$$;

-- Changes of a config and of the configs related to it: downstream (outgoing), upstream
-- (incoming), all, or none (the config alone). Backs /api/catalog/changes?id=...
CREATE FUNCTION related_changes_recursive(
  lookup_id uuid,
  type_filter text DEFAULT 'downstream',
  include_deleted_configs boolean DEFAULT false,
  max_depth integer DEFAULT 5
) RETURNS SETOF catalog_changes LANGUAGE sql STABLE AS $$
  SELECT cc.* FROM catalog_changes cc
  WHERE cc.config_id = $1
     OR (cc.config_id IN (
           SELECT r.id FROM related_config_ids_recursive(
             $1,
             CASE $2 WHEN 'downstream' THEN 'outgoing' WHEN 'upstream' THEN 'incoming'
                     WHEN 'all' THEN 'all' ELSE 'none' END,
             $4) r)
         AND ($3 OR cc.config_deleted_at IS NULL))
$$;

-- The parent chain of a config as (parent, child) links, from its stored path.
CREATE FUNCTION get_recursive_path(start uuid)
RETURNS TABLE (parent_id uuid, child_id uuid) LANGUAGE sql STABLE AS $$
  WITH chain AS (
    SELECT try_uuid(p.id) AS id, p.ord
    FROM config_items ci,
      unnest(string_to_array(ci.path, '.') || ci.id::text) WITH ORDINALITY AS p (id, ord)
    WHERE ci.id = $1 AND coalesce(ci.path, '') <> ''
  )
  SELECT a.id, b.id FROM chain a JOIN chain b ON b.ord = a.ord + 1
  ORDER BY a.ord
$$;

CREATE FUNCTION lookup_config_children(id text, max_depth integer)
RETURNS TABLE (child_id uuid, parent_id uuid, level integer) LANGUAGE sql STABLE AS $$
  WITH RECURSIVE children (child_id, parent_id, level) AS (
    SELECT ci.id, ci.parent_id, 0 FROM config_items ci WHERE ci.id = try_uuid($1)
    UNION ALL
    SELECT ci.id, ci.parent_id, c.level + 1
    FROM config_items ci JOIN children c ON ci.parent_id = c.child_id
    -- a negative depth means the default, 10 (as upstream)
    WHERE c.level < CASE WHEN $2 < 0 THEN 10 ELSE $2 END
  ) CYCLE child_id SET is_cycle USING visited
  SELECT child_id, parent_id, level FROM children WHERE NOT is_cycle
$$;

CREATE FUNCTION lookup_config_relations(config_id text)
RETURNS TABLE (id uuid) LANGUAGE sql STABLE AS $$
  SELECT r.related_id FROM config_relationships r
  WHERE r.config_id = try_uuid($1) AND r.deleted_at IS NULL
  UNION
  SELECT r.config_id FROM config_relationships r
  WHERE r.related_id = try_uuid($1) AND r.deleted_at IS NULL
$$;

---------------------------------------------------------------------------------------------------
-- Component lookups. Component ids arrive as text (the console passes them from the URL).

CREATE FUNCTION lookup_analysis_by_component(id text)
RETURNS SETOF config_analysis LANGUAGE sql STABLE AS $$
  SELECT a.* FROM config_analysis a
  WHERE a.config_id IN (
    SELECT r.config_id FROM config_component_relationships r
    WHERE r.component_id = try_uuid($1) AND r.deleted_at IS NULL)
$$;

CREATE FUNCTION lookup_changes_by_component(id text)
RETURNS SETOF config_changes LANGUAGE sql STABLE AS $$
  SELECT cc.* FROM config_changes cc
  WHERE cc.config_id IN (
    SELECT r.config_id FROM config_component_relationships r
    WHERE r.component_id = try_uuid($1) AND r.deleted_at IS NULL)
$$;

-- `type` is the config's class, `role` is always 'left' (upstream's shape).
CREATE FUNCTION lookup_configs_by_component(id text)
RETURNS TABLE (
  config_id uuid, name text, type text, icon text, role text, deleted_at timestamptz
) LANGUAGE sql STABLE AS $$
  SELECT ci.id, ci.name, ci.config_class, ci.icon, 'left', ci.deleted_at
  FROM config_component_relationships r JOIN config_items ci ON ci.id = r.config_id
  WHERE r.component_id = try_uuid($1) AND r.deleted_at IS NULL
$$;

CREATE FUNCTION lookup_component_children(id text, max_depth integer)
RETURNS TABLE (child_id uuid, parent_id uuid, level integer) LANGUAGE sql STABLE AS $$
  WITH RECURSIVE children (child_id, parent_id, level) AS (
    SELECT c.id, c.parent_id, 0 FROM components c WHERE c.id = try_uuid($1)
    UNION ALL
    SELECT c.id, c.parent_id, ch.level + 1
    FROM components c JOIN children ch ON c.parent_id = ch.child_id
    WHERE ch.level < CASE WHEN $2 < 0 THEN 10 ELSE $2 END AND c.deleted_at IS NULL
  ) CYCLE child_id SET is_cycle USING visited
  SELECT child_id, parent_id, level FROM children WHERE NOT is_cycle
$$;

CREATE FUNCTION lookup_component_relations(component_id text)
RETURNS TABLE (id uuid) LANGUAGE sql STABLE AS $$
  SELECT r.relationship_id FROM component_relationships r
  WHERE r.component_id = try_uuid($1) AND r.deleted_at IS NULL
  UNION
  SELECT r.component_id FROM component_relationships r
  WHERE r.relationship_id = try_uuid($1) AND r.deleted_at IS NULL
$$;

CREATE FUNCTION lookup_components_by_check(id uuid)
RETURNS SETOF components LANGUAGE sql STABLE AS $$
  SELECT c.* FROM components c
  WHERE c.id IN (
    SELECT r.component_id FROM check_component_relationships r
    WHERE r.check_id = $1 AND r.deleted_at IS NULL)
$$;

CREATE FUNCTION lookup_components_by_config(id text)
RETURNS SETOF components LANGUAGE sql STABLE AS $$
  SELECT c.* FROM components c
  WHERE c.id IN (
    SELECT r.component_id FROM config_component_relationships r
    WHERE r.config_id = try_uuid($1) AND r.deleted_at IS NULL)
$$;

-- Components having a property {name: $1, text: $2}.
CREATE FUNCTION lookup_component_by_property(name text, text text)
RETURNS SETOF components LANGUAGE sql STABLE AS $$
  SELECT c.* FROM components c
  WHERE c.deleted_at IS NULL
    AND jsonb_typeof(c.properties) = 'array'
    AND c.properties @> jsonb_build_array(jsonb_build_object('name', $1, 'text', $2))
$$;

CREATE FUNCTION lookup_component_incidents(component_id text)
RETURNS TABLE (id uuid) LANGUAGE sql STABLE AS $$
  SELECT DISTINCT h.incident_id
  FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
  WHERE e.component_id = try_uuid($1)
$$;

CREATE FUNCTION lookup_component_names(component_id uuid[])
RETURNS TABLE (names text[]) LANGUAGE sql STABLE AS $$
  SELECT array_agg(c.name ORDER BY c.name) FROM components c WHERE c.id = ANY ($1)
$$;

-- Components whose config lies below the config of the given component (by config path).
CREATE FUNCTION lookup_component_config_id_related_components(component_id text)
RETURNS TABLE (id uuid) LANGUAGE sql STABLE AS $$
  SELECT c.id
  FROM components base
  JOIN config_items root ON root.id = base.config_id
  JOIN config_items below
    ON below.path LIKE concat_ws('.', nullif(root.path, ''), root.id::text) || '%'
  JOIN components c ON c.config_id = below.id AND c.deleted_at IS NULL
  WHERE base.id = try_uuid($1)
$$;

CREATE FUNCTION check_summary_for_component(id uuid)
RETURNS SETOF check_summary LANGUAGE sql STABLE AS $$
  SELECT cs.* FROM check_summary cs
  WHERE cs.id IN (
    SELECT r.check_id FROM check_component_relationships r
    WHERE r.component_id = $1 AND r.deleted_at IS NULL)
$$;
