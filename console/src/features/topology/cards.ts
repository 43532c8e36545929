import { healthRank } from './health';
import type { TopologySort } from './query';
import type { TopologyComponent } from './types';

/** Spec 002 §8: the toast when the answer for one id holds more than one component. */
export const MULTIPLE_COMPONENTS_TEXT = 'Response has multiple components for the id.';

export interface DashboardCards {
  /** The component the page is zoomed into; undefined on /topology or when absent. */
  current: TopologyComponent | undefined;
  cards: TopologyComponent[];
  /** More than one component came back for the id. */
  multiple: boolean;
}

/**
 * The cards a dashboard shows. Without an id, the root components. With one, the component's
 * children; a component without children (and no filter hiding them) is shown itself, so a leaf
 * still has its card and actions.
 */
export function dashboardCards(
  components: readonly TopologyComponent[],
  id: string | undefined,
  filtered: boolean,
): DashboardCards {
  if (!id) return { current: undefined, cards: [...components], multiple: false };
  const current = components.find((c) => c.id === id) ?? components[0];
  const children = current?.components ?? [];
  const cards = children.length > 0 || filtered || !current ? [...children] : [current];
  return { current, cards, multiple: components.length > 1 };
}

/**
 * The server orders the cards by the chosen sort. Health is ranked here as spec 002 §9 numbers it
 * (unhealthy 1, warning 2, healthy 3, info 4), descending meaning most severe first — so the
 * default (status, descending) puts unhealthy cards first whatever order the server used. The
 * sort is stable: cards of one health keep the server's order.
 */
export function orderCards(
  cards: readonly TopologyComponent[],
  sort: TopologySort,
): TopologyComponent[] {
  if (sort.sortBy !== 'status') return [...cards];
  const direction = sort.sortOrder === 'desc' ? 1 : -1;
  return [...cards].sort((a, b) => direction * (healthRank(a) - healthRank(b)));
}
