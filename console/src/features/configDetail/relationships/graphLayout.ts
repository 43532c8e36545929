import dagre from '@dagrejs/dagre';
import type { GraphDirection } from './options';
import type { GraphEdge, GraphNode } from './graphModel';

/** Spec 002 §9: graph layout rank separation 120 and node separation 100. */
export const RANK_SEPARATION = 120;
export const NODE_SEPARATION = 100;

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 64;

export interface Point {
  x: number;
  y: number;
}

/** Top-left corners of the nodes, as topology places them. */
export interface GraphLayout {
  positions: ReadonlyMap<string, Point>;
  width: number;
  height: number;
}

/** Layouts already computed, by graph shape; toggles that keep the shape (edge style) reuse one. */
const cache = new Map<string, GraphLayout>();
const CACHE_LIMIT = 32;

/** The shape a layout depends on: the direction, the nodes in order and the edges. */
export function layoutKey(
  nodes: readonly Pick<GraphNode, 'id'>[],
  edges: readonly Pick<GraphEdge, 'source' | 'target'>[],
  direction: GraphDirection,
): string {
  const nodeIds = nodes.map((n) => n.id).join('\n');
  const links = edges.map((e) => `${e.source}\t${e.target}`).join('\n');
  return `${direction}\u0000${nodeIds}\u0000${links}`;
}

function compute(
  nodes: readonly Pick<GraphNode, 'id'>[],
  edges: readonly Pick<GraphEdge, 'source' | 'target'>[],
  direction: GraphDirection,
): GraphLayout {
  const g = new dagre.graphlib.Graph();
  g.setGraph({
    rankdir: direction,
    ranksep: RANK_SEPARATION,
    nodesep: NODE_SEPARATION,
    marginx: 20,
    marginy: 20,
  });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of edges) g.setEdge(e.source, e.target);
  dagre.layout(g);
  const positions = new Map<string, Point>();
  for (const n of nodes) {
    const placed = g.node(n.id);
    positions.set(n.id, { x: placed.x - NODE_WIDTH / 2, y: placed.y - NODE_HEIGHT / 2 });
  }
  const size = g.graph();
  return { positions, width: size.width ?? 0, height: size.height ?? 0 };
}

/**
 * Dagre's layout of the graph, memoised by its shape: the same nodes and edges in the same
 * direction are laid out once, whichever render or toggle asks again.
 */
export function layoutGraph(
  nodes: readonly Pick<GraphNode, 'id'>[],
  edges: readonly Pick<GraphEdge, 'source' | 'target'>[],
  direction: GraphDirection,
): GraphLayout {
  const key = layoutKey(nodes, edges, direction);
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last, so the oldest is dropped first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const layout = compute(nodes, edges, direction);
  cache.set(key, layout);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return layout;
}
