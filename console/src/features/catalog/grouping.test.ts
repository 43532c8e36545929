import { describe, expect, it } from 'vitest';
import type { ConfigItem, SummaryRow } from './catalogApi';
import { displayRows, ROOT_GROUP, type ItemsState } from './displayRows';
import {
  buildClientGroups,
  buildGroupTree,
  groupConditions,
  sortGroups,
  splitGroupBy,
  summaryGroupBy,
  type SummaryFilter,
} from './grouping';

const NO_FILTER: SummaryFilter = { configType: '', tags: [] };

const row = (fields: Partial<SummaryRow> & Record<string, unknown>): SummaryRow => ({
  count: 1,
  ...fields,
});

const ROWS: SummaryRow[] = [
  row({
    config_class: 'Pod',
    type: 'Kubernetes::Pod',
    cluster: 'eu',
    count: 10,
    health: { healthy: 9, unhealthy: 1 },
    changes: 40,
    analysis: { security: 2 },
    cost_total_30d: 5,
    updated_at: '2026-11-20T10:00:00Z',
  }),
  row({
    config_class: 'Pod',
    type: 'Kubernetes::Pod',
    cluster: 'us',
    count: 2,
    health: { healthy: 2 },
    changes: 1,
    analysis: { security: 1, cost: 1 },
    cost_total_30d: 1,
    updated_at: '2026-11-24T10:00:00Z',
  }),
  row({ config_class: 'Node', type: 'Kubernetes::Node', cluster: 'eu', count: 3 }),
  row({ config_class: 'Node', type: 'AWS::EC2::Instance', cluster: null, count: 4 }),
];

const item = (id: string, fields: Partial<ConfigItem> = {}): ConfigItem => ({
  id,
  name: id,
  type: 'Kubernetes::Pod',
  config_class: 'Pod',
  status: null,
  health: 'healthy',
  labels: null,
  tags: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: null,
  deleted_at: null,
  cost_per_minute: null,
  cost_total_1d: null,
  cost_total_7d: null,
  cost_total_30d: null,
  changes: 0,
  analysis: null,
  ...fields,
});

describe('catalog grouping', () => {
  it('asks the server for its own keys and groups analysis and changed in the browser', () => {
    expect(splitGroupBy(['changed', 'type', 'cluster__tag', 'bogus', 'analysis'])).toEqual({
      server: ['type', 'cluster__tag'],
      client: ['changed', 'analysis'],
    });
  });

  it('adds the keys of the filters the summary cannot apply', () => {
    const filter: SummaryFilter = {
      configType: 'Kubernetes::Pod',
      tags: [{ key: 'cluster', include: ['eu'], exclude: [] }],
    };
    expect(summaryGroupBy(['config_class'], filter)).toEqual([
      'config_class',
      'type',
      'cluster__tag',
    ]);
  });

  it('nests groups by key and adds up their figures', () => {
    const tree = buildGroupTree(ROWS, ['config_class', 'type'], NO_FILTER);
    expect(tree.map((n) => [n.value, n.agg.count])).toEqual([
      ['Pod', 12],
      ['Node', 7],
    ]);
    const pod = tree[0];
    expect(pod?.agg).toMatchObject({
      health: { healthy: 11, unhealthy: 1 },
      changes: 41,
      analysis: { security: 3, cost: 1 },
      cost30d: 6,
      updatedAt: '2026-11-24T10:00:00Z',
    });
    expect(pod?.children.map((c) => [c.value, c.agg.count, c.children.length])).toEqual([
      ['Kubernetes::Pod', 12, 0],
    ]);
    expect(tree[1]?.children.map((c) => c.value)).toEqual([
      'Kubernetes::Node',
      'AWS::EC2::Instance',
    ]);
  });

  it('leaves out rows of other types and tags before adding up', () => {
    const tree = buildGroupTree(ROWS, ['config_class'], {
      configType: '',
      tags: [{ key: 'cluster', include: [], exclude: ['us'] }],
    });
    // The us pods are gone; a config without the tag is not excluded.
    expect(tree.map((n) => [n.value, n.agg.count])).toEqual([
      ['Pod', 10],
      ['Node', 7],
    ]);
    const eu = buildGroupTree(ROWS, ['type'], {
      configType: 'Kubernetes::Node',
      tags: [{ key: 'cluster', include: ['eu'], exclude: [] }],
    });
    expect(eu.map((n) => [n.value, n.agg.count])).toEqual([['Kubernetes::Node', 3]]);
  });

  it('turns a group into filters on the configs view', () => {
    expect(
      groupConditions([
        { key: 'type', value: 'Kubernetes::Pod' },
        { key: 'cluster__tag', value: null },
        { key: 'changed', value: 'Changed' },
      ]),
    ).toEqual([
      { op: 'eq', column: 'type', value: 'Kubernetes::Pod' },
      { op: 'isNull', column: 'tags->>cluster' },
    ]);
  });

  it('groups loaded items by changed and analysis', () => {
    const groups = buildClientGroups(
      [
        item('a', { changes: 3, analysis: { security: 1 } }),
        item('b', { changes: 0 }),
        item('c', { changes: 1, analysis: { security: 2, cost: 1 } }),
      ],
      ['changed', 'analysis'],
      [],
    );
    expect(groups.map((g) => [g.value, g.agg.count])).toEqual([
      ['Changed', 2],
      ['Not changed', 1],
    ]);
    expect(groups[0]?.children.map((g) => [g.value, g.items?.map((i) => i.id)])).toEqual([
      ['security', ['a']],
      ['cost, security', ['c']],
    ]);
  });

  it('sorts groups by the sorted column when it applies to groups', () => {
    const tree = buildGroupTree(ROWS, ['type'], NO_FILTER);
    expect(sortGroups(tree, { columnId: 'type', direction: 'asc' }).map((n) => n.value)).toEqual([
      'AWS::EC2::Instance',
      'Kubernetes::Node',
      'Kubernetes::Pod',
    ]);
    expect(
      sortGroups(tree, { columnId: 'changes', direction: 'desc' }).map((n) => n.value),
    ).toEqual(['Kubernetes::Pod', 'AWS::EC2::Instance', 'Kubernetes::Node']);
  });

  it('draws expanded groups with their items, a loading row, and a row for more items', () => {
    const tree = buildGroupTree(ROWS, ['config_class', 'type'], NO_FILTER);
    const pod = tree[0];
    const podType = pod?.children[0];
    const node = tree[1];
    const states: Record<string, ItemsState> = {
      [podType?.id ?? '']: { rows: [item('p1'), item('p2')], total: 12, loading: false },
    };
    const rows = displayRows({
      groups: tree,
      expanded: new Set([
        pod?.id ?? '',
        podType?.id ?? '',
        node?.id ?? '',
        node?.children[0]?.id ?? '',
      ]),
      items: (id) => states[id],
      clientKeys: [],
      sort: { columnId: 'type', direction: 'asc' },
    });
    expect(rows.map((r) => [r.kind, r.depth])).toEqual([
      ['group', 0],
      ['group', 1],
      ['item', 2],
      ['item', 2],
      ['more', 2],
      ['group', 0],
      ['group', 1],
      ['status', 2],
      ['group', 1],
    ]);
    expect(rows[4]).toMatchObject({ loaded: 2, total: 12 });
  });

  it('lists the items at the top level when there is no grouping', () => {
    const rows = displayRows({
      groups: undefined,
      expanded: new Set(),
      items: (id) =>
        id === ROOT_GROUP ? { rows: [item('a')], total: 1, loading: false } : undefined,
      clientKeys: [],
      sort: { columnId: 'type', direction: 'asc' },
    });
    expect(rows).toEqual([{ kind: 'item', id: 'item:a', depth: 0, item: item('a') }]);
  });
});
