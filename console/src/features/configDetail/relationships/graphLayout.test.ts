import { describe, expect, it } from 'vitest';
import {
  NODE_HEIGHT,
  NODE_SEPARATION,
  NODE_WIDTH,
  RANK_SEPARATION,
  layoutGraph,
} from './graphLayout';

const nodes = [{ id: 'root' }, { id: 'a' }, { id: 'b' }];
const edges = [
  { source: 'root', target: 'a' },
  { source: 'root', target: 'b' },
];

describe('layoutGraph', () => {
  it('puts ranks 120 apart and siblings 100 apart, top to bottom', () => {
    const { positions } = layoutGraph(nodes, edges, 'TB');
    const root = positions.get('root');
    const a = positions.get('a');
    const b = positions.get('b');
    expect(a?.y).toBe((root?.y ?? 0) + NODE_HEIGHT + RANK_SEPARATION);
    expect(a?.y).toBe(b?.y);
    expect(Math.abs((b?.x ?? 0) - (a?.x ?? 0))).toBe(NODE_WIDTH + NODE_SEPARATION);
  });

  it('lays the ranks out left to right when asked', () => {
    const { positions } = layoutGraph(nodes, edges, 'LR');
    const root = positions.get('root');
    const a = positions.get('a');
    const b = positions.get('b');
    expect(a?.x).toBe((root?.x ?? 0) + NODE_WIDTH + RANK_SEPARATION);
    expect(Math.abs((b?.y ?? 0) - (a?.y ?? 0))).toBe(NODE_HEIGHT + NODE_SEPARATION);
  });

  it('computes a shape once: the same nodes and edges give back the same layout', () => {
    const first = layoutGraph(nodes, edges, 'TB');
    const again = layoutGraph(
      nodes.map((n) => ({ ...n })),
      edges.map((e) => ({ ...e })),
      'TB',
    );
    expect(again).toBe(first);
    expect(layoutGraph(nodes, edges.slice(0, 1), 'TB')).not.toBe(first);
    expect(layoutGraph(nodes, edges, 'LR')).not.toBe(first);
  });
});
