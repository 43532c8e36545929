import { sortByHealth } from './health';
import type { TopologyComponent } from './types';

/** How many children a card lists before pointing to the zoomed-in page for the rest. */
export const CHILDREN_SHOWN = 8;

/** A component's children in card order (spec 002 §2): unhealthy, warning, then healthy. */
export function sortedChildren(component: Pick<TopologyComponent, 'components'>) {
  return sortByHealth(Array.isArray(component.components) ? component.components : []);
}

export interface ChildPreview<T> {
  shown: T[];
  /** Children left out of the card. */
  more: number;
}

/** The first `limit` children in card order, and how many more there are. */
export function childPreview<T>(
  sorted: readonly T[],
  limit: number = CHILDREN_SHOWN,
): ChildPreview<T> {
  return { shown: sorted.slice(0, limit), more: Math.max(0, sorted.length - limit) };
}
