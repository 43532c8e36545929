import { compareConfigs, type GraphConfig } from './graphModel';

export type Relation = 'outgoing' | 'incoming' | 'both';

function add(map: Map<string, string[]>, key: string, value: string) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Which way each related config lies from the current one: downstream along the links
 * (outgoing), upstream against them (incoming), or both.
 */
export function relationsFrom(
  configs: readonly GraphConfig[],
  currentId: string,
): Map<string, Relation> {
  const present = new Set(configs.map((c) => c.id));
  const forward = new Map<string, string[]>();
  const backward = new Map<string, string[]>();
  for (const c of configs) {
    for (const target of c.related_ids ?? []) {
      if (!present.has(target)) continue;
      add(forward, c.id, target);
      add(backward, target, c.id);
    }
  }
  const walk = (next: Map<string, string[]>) => {
    const seen = new Set([currentId]);
    const queue = [currentId];
    for (let i = 0; i < queue.length; i++) {
      for (const n of next.get(queue[i] as string) ?? []) {
        if (!seen.has(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
    seen.delete(currentId);
    return seen;
  };
  const down = walk(forward);
  const up = walk(backward);
  const relations = new Map<string, Relation>();
  for (const id of present) {
    if (down.has(id) && up.has(id)) relations.set(id, 'both');
    else if (down.has(id)) relations.set(id, 'outgoing');
    else if (up.has(id)) relations.set(id, 'incoming');
  }
  return relations;
}

/** The table's rows: every related config but the current one, live first, then by name. */
export function relatedRows<C extends GraphConfig>(configs: readonly C[], currentId: string): C[] {
  return configs.filter((c) => c.id !== currentId).sort(compareConfigs);
}
