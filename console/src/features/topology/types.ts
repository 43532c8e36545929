/**
 * The answer of GET /api/canary/api/topology (docs/api/topology.md). Empty values are left out
 * of the answer, so nearly every field is optional.
 */

/** One entry of a component's `properties`. */
export interface ComponentProperty {
  name?: string | null;
  label?: string | null;
  text?: string | null;
  value?: number | string | null;
  unit?: string | null;
  headline?: boolean | null;
}

/** Counts by health, and open incidents and insights by type and severity. */
export interface ComponentSummary {
  healthy?: number;
  unhealthy?: number;
  warning?: number;
  info?: number;
  incidents?: Record<string, Record<string, number>>;
  insights?: Record<string, Record<string, number>>;
  checks?: Record<string, number>;
}

/** A component with its descendants (`components`), as the topology call gives it. */
export interface TopologyComponent {
  id: string;
  name: string;
  topology_id?: string | null;
  text?: string | null;
  type?: string | null;
  icon?: string | null;
  /** The older health-ish column (healthy, unhealthy, warning, info, unknown). */
  status?: string | null;
  /** The newer health column; cards prefer it and fall back to `status`. */
  health?: string | null;
  status_reason?: string | null;
  description?: string | null;
  owner?: string | null;
  labels?: Record<string, string> | null;
  properties?: ComponentProperty[] | null;
  parent_id?: string | null;
  /** Dot-separated ids of the ancestors, root first. */
  path?: string | null;
  external_id?: string | null;
  summary?: ComponentSummary | null;
  team_names?: string[] | null;
  logs?: { name?: string }[] | null;
  /** The child components, each with its own. */
  components?: TopologyComponent[] | null;
  is_leaf?: boolean | null;
  created_at?: string | null;
  updated_at?: string | null;
}

export interface TopologyAnswer {
  components?: TopologyComponent[];
  healthStatuses?: string[];
  teams?: string[];
  types?: string[];
  /** Label keys and the values components hold. */
  tags?: Record<string, string[]>;
}
