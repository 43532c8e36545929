import type { EventContext } from './types.js';

/**
 * The key notifications of one rule are grouped by (groupBy: type, description, status_reason,
 * label:<k>, tag:<k>), or undefined when the rule does not group. Resources with equal keys
 * that are waiting at the same time go out as one message.
 */
export function groupKeyOf(groupBy: string[] | null, ctx: EventContext): string | undefined {
  if (!Array.isArray(groupBy) || groupBy.length === 0) return undefined;
  const a = ctx.attributes;
  const parts = groupBy.map((g) => {
    if (g.startsWith('label:')) return a.labels[g.slice(6)] ?? '';
    if (g.startsWith('tag:')) return a.tags[g.slice(4)] ?? '';
    if (g === 'type' || g === 'description' || g === 'status_reason') return a[g] ?? '';
    return '';
  });
  return JSON.stringify([ctx.event, ...parts]);
}
