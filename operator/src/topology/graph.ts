import type { ComponentSet } from './components.js';
import { Summarizer, type Summary } from './summary.js';

/**
 * The loaded components as a graph: a component's children are those whose parent_id or
 * relationship parents name it. Components are numbered so that walks use arrays, not maps.
 */

/** A place of a component in the answer's tree. */
export interface Node {
  i: number;
  components: Node[];
}

export class Graph {
  readonly index = new Map<string, number>();
  readonly children: number[][];
  private readonly summarizer: Summarizer;
  private readonly summaries: (Summary | undefined)[];

  constructor(readonly set: ComponentSet) {
    set.id.forEach((id, i) => this.index.set(id, i));
    this.children = set.id.map(() => []);
    set.id.forEach((_, i) => {
      const parentId = set.parentId[i];
      const parents = set.parents[i] as string[];
      const seen: number[] = [];
      for (const parent of parentId ? [parentId, ...parents] : parents) {
        const p = this.index.get(parent);
        if (p === undefined || p === i || seen.includes(p)) continue;
        seen.push(p);
        (this.children[p] as number[]).push(i);
      }
    });
    this.summarizer = new Summarizer(set, this.children);
    this.summaries = new Array(set.length);
  }

  summary(i: number): Summary {
    return (this.summaries[i] ??= this.summarizer.summarize(i));
  }

  isLeaf(i: number): boolean {
    return !(this.children[i] as number[]).length;
  }

  /** The roots: the component named by id, or every component without a parent. */
  roots(id: string | undefined): number[] {
    if (id) {
      const i = this.index.get(id);
      return i === undefined ? [] : [i];
    }
    const out: number[] = [];
    this.set.parentId.forEach((p, i) => {
      if (!p) out.push(i);
    });
    return out;
  }

  /** The node with its descendants to `depth` levels; a component never nests inside itself. */
  expand(i: number, depth: number, onPath = new Uint8Array(this.set.length)): Node {
    const node: Node = { i, components: [] };
    if (depth <= 0) return node;
    onPath[i] = 1;
    for (const child of this.children[i] as number[])
      if (!onPath[child]) node.components.push(this.expand(child, depth - 1, onPath));
    onPath[i] = 0;
    return node;
  }

  /** Every component within `depth` levels of the roots, each once, nearest first. */
  within(roots: readonly number[], depth: number): number[] {
    const seen = new Uint8Array(this.set.length);
    const out = [...roots];
    for (const r of roots) seen[r] = 1;
    let from = 0;
    for (let d = 0; d < depth && from < out.length; d++) {
      const to = out.length;
      for (let k = from; k < to; k++)
        for (const child of this.children[out[k] as number] as number[])
          if (!seen[child]) {
            seen[child] = 1;
            out.push(child);
          }
      from = to;
    }
    return out;
  }
}
