import { describe, expect, it } from 'vitest';
import type { Hypothesis } from './model';
import { buildTree, flattenTree, topologyComponents, withDescendants } from './tree';

const h = (id: string, type: string, parent: string | null, created_at: string): Hypothesis => ({
  id,
  type,
  parent_id: parent,
  created_at,
  incident_id: 'i',
  title: id,
  status: 'possible',
});

const LIST = [
  h('s1', 'solution', 'f1', '2025-01-01T00:05:00Z'),
  h('f2', 'factor', 'r1', '2025-01-01T00:04:00Z'),
  h('x', 'other', 'r1', '2025-01-01T00:00:30Z'),
  h('r1', 'root', null, '2025-01-01T00:01:00Z'),
  h('f1', 'factor', 'r1', '2025-01-01T00:02:00Z'),
  h('s0', 'solution', 'r1', '2025-01-01T00:00:00Z'),
  h('orphan', 'factor', 'gone', '2025-01-01T00:06:00Z'),
];

describe('hypothesis tree', () => {
  it('nests by parent_id with children ordered root, factor, solution, then by age', () => {
    const tree = buildTree(LIST);
    expect(tree.map((n) => n.hypothesis.id)).toEqual(['r1', 'orphan']);
    const [root] = tree;
    expect(root?.children.map((n) => n.hypothesis.id)).toEqual(['f1', 'f2', 's0', 'x']);
    expect(root?.children[0]?.children.map((n) => n.hypothesis.id)).toEqual(['s1']);
    expect(root?.children[0]?.children[0]?.depth).toBe(2);
  });

  it('flattens depth first', () => {
    expect(flattenTree(buildTree(LIST)).map((n) => n.hypothesis.id)).toEqual([
      'r1',
      'f1',
      's1',
      'f2',
      's0',
      'x',
      'orphan',
    ]);
  });

  it('survives a cycle without looping', () => {
    const cyclic = [h('a', 'root', 'b', '1'), h('b', 'factor', 'a', '2')];
    expect(flattenTree(buildTree(cyclic))).toHaveLength(0);
  });

  it('collects a hypothesis with everything below it, parents first, once', () => {
    expect(withDescendants(LIST, ['f1'])).toEqual(['f1', 's1']);
    expect(withDescendants(LIST, ['r1', 'f1'])).toEqual(['r1', 'f2', 'x', 'f1', 's1', 's0']);
    expect(withDescendants(LIST, ['s1'])).toEqual(['s1']);
  });

  it('lists the components of topology evidence once each', () => {
    const withEvidence: Hypothesis[] = [
      {
        ...h('r', 'root', null, '1'),
        evidences: [
          {
            id: 'e1',
            type: 'topology',
            description: 'pod',
            hypothesis_id: 'r',
            component_id: 'c1',
            components: { id: 'c1', name: 'payments-api' },
          },
          { id: 'e2', type: 'log', description: 'x', hypothesis_id: 'r', component_id: 'c9' },
        ],
      },
      {
        ...h('f', 'factor', 'r', '2'),
        evidences: [
          {
            id: 'e3',
            type: 'topology',
            description: 'again',
            hypothesis_id: 'f',
            component_id: 'c1',
          },
          { id: 'e4', type: 'topology', description: 'db', hypothesis_id: 'f', component_id: 'c2' },
        ],
      },
    ];
    expect(topologyComponents(withEvidence)).toEqual([
      { id: 'c1', name: 'payments-api', icon: null },
      { id: 'c2', name: 'db', icon: null },
    ]);
  });
});
