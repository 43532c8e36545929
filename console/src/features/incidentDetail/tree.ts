import { HYPOTHESIS_TYPE_ORDER, type Evidence, type Hypothesis } from './model';

export interface HypothesisNode {
  hypothesis: Hypothesis;
  children: HypothesisNode[];
  depth: number;
}

const typeRank = (type: string) => {
  const index = HYPOTHESIS_TYPE_ORDER.indexOf(type);
  return index === -1 ? HYPOTHESIS_TYPE_ORDER.length : index;
};

/** Children follow the order root, then factor, then solution (§2.4); then oldest first. */
export function compareHypotheses(a: Hypothesis, b: Hypothesis): number {
  return (
    typeRank(a.type) - typeRank(b.type) ||
    (a.created_at ?? '').localeCompare(b.created_at ?? '') ||
    a.id.localeCompare(b.id)
  );
}

/**
 * The hypothesis tree from the flat list (parent_id). A hypothesis whose parent is not in the
 * list is shown as a top-level node rather than lost.
 */
export function buildTree(hypotheses: readonly Hypothesis[]): HypothesisNode[] {
  const ids = new Set(hypotheses.map((h) => h.id));
  const byParent = new Map<string | null, Hypothesis[]>();
  for (const h of hypotheses) {
    const parent = h.parent_id && ids.has(h.parent_id) && h.parent_id !== h.id ? h.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), h]);
  }
  const seen = new Set<string>();
  const grow = (parent: string | null, depth: number): HypothesisNode[] =>
    [...(byParent.get(parent) ?? [])]
      .sort(compareHypotheses)
      .filter((h) => !seen.has(h.id) && seen.add(h.id))
      .map((h) => ({ hypothesis: h, depth, children: grow(h.id, depth + 1) }));
  return grow(null, 0);
}

/** Depth-first order of the tree: how the Action Plan and the Comments tab list hypotheses. */
export function flattenTree(nodes: readonly HypothesisNode[]): HypothesisNode[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}

/** The ids of these hypotheses and of everything below them, each once, parents first. */
export function withDescendants(
  hypotheses: readonly Hypothesis[],
  ids: readonly string[],
): string[] {
  const children = new Map<string, string[]>();
  for (const h of hypotheses) {
    if (h.parent_id) children.set(h.parent_id, [...(children.get(h.parent_id) ?? []), h.id]);
  }
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    out.push(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  ids.forEach(visit);
  return out;
}

export interface ComponentChip {
  id: string;
  name: string;
  icon?: string | null;
}

/** The topology components of the incident's topology evidence, each once (§2.4 chips). */
export function topologyComponents(hypotheses: readonly Hypothesis[]): ComponentChip[] {
  const chips = new Map<string, ComponentChip>();
  for (const e of hypotheses.flatMap((h) => h.evidences ?? []) as Evidence[]) {
    if (e.type !== 'topology') continue;
    const id = e.component_id ?? e.components?.id ?? (e.evidence?.id as string | undefined);
    if (!id || chips.has(id)) continue;
    chips.set(id, {
      id,
      name: e.components?.name ?? e.description ?? id,
      icon: e.components?.icon ?? null,
    });
  }
  return [...chips.values()];
}
