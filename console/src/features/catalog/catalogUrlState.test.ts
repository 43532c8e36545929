import { describe, expect, it } from 'vitest';
import { applyCatalogPatch, parseCatalogParams } from './catalogUrlState';

const parse = (query: string) => parseCatalogParams(new URLSearchParams(query));
const patch = (query: string, change: Parameters<typeof applyCatalogPatch>[1]) =>
  applyCatalogPatch(new URLSearchParams(query), change).toString();

describe('catalog URL state', () => {
  it('defaults to grouping by config class then type, sorted by type', () => {
    expect(parse('')).toEqual({
      search: '',
      configType: '',
      labels: '',
      tags: '',
      status: '',
      health: '',
      agent: '',
      groupBy: ['config_class', 'type'],
      sort: { columnId: 'type', direction: 'asc' },
    });
  });

  it('reads every parameter of the spec back', () => {
    expect(
      parse(
        'search=pay&configType=Kubernetes::Pod&labels=app____api:1&tags=cluster____eu:-1&status=Running:1&health=unhealthy:1&groupBy=cluster__tag,name&sortBy=changes&sortOrder=desc',
      ),
    ).toEqual({
      search: 'pay',
      configType: 'Kubernetes::Pod',
      labels: 'app____api:1',
      tags: 'cluster____eu:-1',
      status: 'Running:1',
      health: 'unhealthy:1',
      agent: '',
      groupBy: ['cluster__tag', 'name'],
      sort: { columnId: 'changes', direction: 'desc' },
    });
  });

  it('writes no grouping as none and the default grouping as nothing', () => {
    expect(patch('', { groupBy: [] })).toBe('groupBy=none');
    expect(parse('groupBy=none').groupBy).toEqual([]);
    expect(patch('groupBy=name', { groupBy: ['config_class', 'type'] })).toBe('');
  });

  it('drops cleared filters and unknown sort columns, and keeps other parameters', () => {
    expect(patch('search=x&labels=a:1&other=1', { search: '', labels: '' })).toBe('other=1');
    expect(parse('sortBy=drop_tables').sort).toEqual({ columnId: 'type', direction: 'asc' });
    expect(patch('', { sort: { columnId: 'type', direction: 'asc' } })).toBe('');
    expect(patch('', { sort: { columnId: 'name', direction: 'desc' } })).toBe(
      'sortBy=name&sortOrder=desc',
    );
  });
});
