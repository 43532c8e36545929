import { describe, expect, it } from 'vitest';
import { childPreview, sortedChildren } from './children';
import { component } from './testData';

describe('sortedChildren', () => {
  it('lists unhealthy children first, then warning, then healthy, by name within each', () => {
    const parent = component({
      id: 'p',
      name: 'p',
      components: [
        component({ id: 'a', name: 'a', health: 'healthy' }),
        component({ id: 'b', name: 'b', health: 'unhealthy' }),
        component({ id: 'd', name: 'd', health: null, status: 'warning' }),
        component({ id: 'c', name: 'c', health: 'unhealthy' }),
      ],
    });
    expect(sortedChildren(parent).map((c) => c.id)).toEqual(['b', 'c', 'd', 'a']);
    expect(sortedChildren({ components: null })).toEqual([]);
  });
});

describe('childPreview', () => {
  it('shows the first few and counts the rest', () => {
    const all = ['a', 'b', 'c'];
    expect(childPreview(all, 2)).toEqual({ shown: ['a', 'b'], more: 1 });
    expect(childPreview(all, 5)).toEqual({ shown: all, more: 0 });
  });
});
