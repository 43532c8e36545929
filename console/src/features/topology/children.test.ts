import { describe, expect, it } from 'vitest';
import { childPreview, childrenByParent } from './children';
import type { ChildComponent } from './types';

const child = (id: string, parent_id: string | null, health: string): ChildComponent => ({
  id,
  name: id,
  text: null,
  type: 'Pod',
  icon: null,
  status: 'healthy',
  health,
  parent_id,
});

describe('childrenByParent', () => {
  it('groups children under their parent, unhealthy first', () => {
    const groups = childrenByParent([
      child('a', 'p1', 'healthy'),
      child('b', 'p1', 'unhealthy'),
      child('c', 'p2', 'healthy'),
      child('d', 'p1', 'warning'),
      child('orphan', null, 'unhealthy'),
    ]);
    expect(groups.get('p1')?.map((c) => c.id)).toEqual(['b', 'd', 'a']);
    expect(groups.get('p2')?.map((c) => c.id)).toEqual(['c']);
    expect([...groups.keys()]).toEqual(['p1', 'p2']);
  });
});

describe('childPreview', () => {
  it('shows the first few and counts the rest', () => {
    const all = ['a', 'b', 'c'].map((id) => child(id, 'p', 'healthy'));
    expect(childPreview(all, 2)).toEqual({ shown: all.slice(0, 2), more: 1 });
    expect(childPreview(all, 5)).toEqual({ shown: all, more: 0 });
  });
});
