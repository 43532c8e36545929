import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  listToTriState,
  parseFilters,
  parseLabels,
  parseSort,
  topologyParams,
  triStateToList,
  withFilter,
  withSort,
} from './query';

const params = (search: string) => new URLSearchParams(search);

describe('parseFilters', () => {
  it('reads type, status, team and labels as the topology call takes them', () => {
    expect(parseFilters(params('?type=Pod,!Node&status=unhealthy&team=pay&labels=a%3Db'))).toEqual({
      type: 'Pod,!Node',
      status: 'unhealthy',
      team: 'pay',
      labels: 'a=b',
    });
    expect(parseFilters(params(''))).toEqual({ type: '', status: '', team: '', labels: '' });
  });
});

describe('parseSort', () => {
  it('defaults to health descending', () => {
    expect(parseSort(params(''))).toEqual(DEFAULT_SORT);
    expect(DEFAULT_SORT).toEqual({ sortBy: 'status', sortOrder: 'desc' });
  });

  it('prefers the URL, then what was remembered', () => {
    const remembered = { sortBy: 'name', sortOrder: 'asc' } as const;
    expect(parseSort(params('?sortBy=type'), remembered)).toEqual({
      sortBy: 'type',
      sortOrder: 'asc',
    });
    expect(parseSort(params(''), remembered)).toEqual(remembered);
    expect(parseSort(params('?sortBy=field:cpu&sortOrder=desc'))).toEqual({
      sortBy: 'field:cpu',
      sortOrder: 'desc',
    });
  });

  it('ignores sorts the topology call does not know', () => {
    expect(parseSort(params('?sortBy=cost&sortOrder=sideways'))).toEqual(DEFAULT_SORT);
    expect(parseSort(params('?sortBy=field:'))).toEqual(DEFAULT_SORT);
  });
});

describe('withFilter and withSort', () => {
  it('change one parameter and keep the others', () => {
    expect(withFilter(params('?team=a&x=1'), 'type', 'Pod').toString()).toBe('team=a&x=1&type=Pod');
    expect(withFilter(params('?team=a&x=1'), 'team', ' ').toString()).toBe('x=1');
  });

  it('leave the default sort out of the URL', () => {
    expect(withSort(params('?x=1'), { sortBy: 'name', sortOrder: 'asc' }).toString()).toBe(
      'x=1&sortBy=name&sortOrder=asc',
    );
    expect(withSort(params('?sortBy=name&sortOrder=asc&x=1'), DEFAULT_SORT).toString()).toBe('x=1');
  });
});

describe('list filters', () => {
  it('round-trip between the API list and the include/exclude filter', () => {
    const encoded = listToTriState('Pod, !Kubernetes::Node,');
    expect(triStateToList(encoded)).toBe('Pod,!Kubernetes::Node');
    expect(listToTriState('')).toBe('');
  });

  it('reads label pairs, skipping anything that is not k=v', () => {
    expect(parseLabels('a=b,junk,c=d,a=b')).toEqual(['a=b', 'c=d']);
  });
});

describe('topologyParams', () => {
  it('names the id, the filters set and the sort', () => {
    const filters = { type: 'Pod', status: '', team: 'pay', labels: '' };
    expect(topologyParams('c-1', filters, DEFAULT_SORT).toString()).toBe(
      'id=c-1&type=Pod&team=pay&sortBy=status&sortOrder=desc',
    );
    expect(
      topologyParams(undefined, { ...filters, type: '', team: '' }, DEFAULT_SORT).toString(),
    ).toBe('sortBy=status&sortOrder=desc');
  });

  it('flattens /topology?type=X so every component of the type is shown, not only roots', () => {
    const filters = { type: 'Service', status: '', team: '', labels: '' };
    expect(topologyParams(undefined, filters, DEFAULT_SORT).get('flatten')).toBe('true');
    expect(
      topologyParams(undefined, { ...filters, type: '!Service,Pod' }, DEFAULT_SORT).get('flatten'),
    ).toBe('true');
    // Only excluding keeps the tree, as does a component's page (its children are judged).
    expect(
      topologyParams(undefined, { ...filters, type: '!Service' }, DEFAULT_SORT).has('flatten'),
    ).toBe(false);
    expect(topologyParams('c-1', filters, DEFAULT_SORT).has('flatten')).toBe(false);
  });
});
