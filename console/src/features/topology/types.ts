/**
 * Rows of the `topology` view (datamodel.md: all `components` columns plus logs, checks, ...),
 * narrowed to the columns the dashboard selects.
 */

/** One entry of `components.properties` (datamodel.md §2.2). */
export interface ComponentProperty {
  name?: string | null;
  label?: string | null;
  text?: string | null;
  value?: number | string | null;
  unit?: string | null;
  headline?: boolean | null;
}

/** A component as a card shows it. */
export interface TopologyComponent {
  id: string;
  name: string;
  text: string | null;
  type: string | null;
  icon: string | null;
  /** NOT NULL; the older health-ish column (healthy, unhealthy, warning, info, unknown). */
  status: string;
  /** The newer health column; the card prefers it and falls back to `status`. */
  health: string | null;
  external_id: string | null;
  parent_id: string | null;
  /** Dot-separated ids of the ancestors, root first. */
  path: string | null;
  properties: ComponentProperty[] | null;
}

/** A child listed inside its parent's card. */
export type ChildComponent = Pick<
  TopologyComponent,
  'id' | 'name' | 'text' | 'type' | 'icon' | 'status' | 'health' | 'parent_id'
>;

/** The dashboard's filters, read from the query string (spec 002 §2 'Topology'). */
export interface TopologyFilters {
  /** Component types; empty means every type. */
  types: string[];
  /** One health to show; undefined means every health. */
  status: StatusFilter | undefined;
}

export const STATUS_FILTERS = ['healthy', 'unhealthy', 'warning'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
