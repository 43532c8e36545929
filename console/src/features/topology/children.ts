import { sortByHealth } from './health';
import type { ChildComponent } from './types';

/** How many children a card lists before pointing to the zoomed-in page for the rest. */
export const CHILDREN_SHOWN = 8;

/** Children grouped under their parent's id, each group in card order (unhealthy first). */
export function childrenByParent(
  children: readonly ChildComponent[],
): Map<string, ChildComponent[]> {
  const groups = new Map<string, ChildComponent[]>();
  for (const child of children) {
    if (!child.parent_id) continue;
    const group = groups.get(child.parent_id);
    if (group) group.push(child);
    else groups.set(child.parent_id, [child]);
  }
  for (const [parentId, group] of groups) groups.set(parentId, sortByHealth(group));
  return groups;
}

export interface ChildPreview {
  shown: ChildComponent[];
  /** Children left out of the card. */
  more: number;
}

/** The first `limit` children in card order, and how many more there are. */
export function childPreview(
  sorted: readonly ChildComponent[],
  limit: number = CHILDREN_SHOWN,
): ChildPreview {
  return { shown: sorted.slice(0, limit), more: Math.max(0, sorted.length - limit) };
}
