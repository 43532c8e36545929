-- Topology builds compare a hash of each component's definition (what the Topology spec and its
-- lookups say) with what they last wrote, so a rebuild where nothing changed writes no rows.
-- The status a component was given (by the spec or a lookup) is kept apart from the status the
-- rollup computes from it, its children, checks and configs.
ALTER TABLE components ADD COLUMN build_hash text;
ALTER TABLE components ADD COLUMN own_status text;
CREATE INDEX components_topology_id_idx ON components (topology_id);
-- Links a topology made are told apart from those made by hand or by other topologies.
CREATE INDEX component_relationships_selector_idx ON component_relationships (selector_id);
CREATE INDEX check_component_relationships_selector_idx ON check_component_relationships (selector_id);
CREATE INDEX config_component_relationships_selector_idx ON config_component_relationships (selector_id);
