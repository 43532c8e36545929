import { describe, expect, it } from 'vitest';
import {
  INCIDENT_LIST_DEFAULTS,
  applyIncidentPatch,
  incidentListPath,
  parseIncidentParams,
} from './urlState';

const parse = (query: string) => parseIncidentParams(new URLSearchParams(query));
const patch = (query: string, p: Parameters<typeof applyIncidentPatch>[1]) =>
  applyIncidentPatch(new URLSearchParams(query), p).toString();

describe('incident list URL state', () => {
  it('defaults to open incidents, every type, severity, owner and component, page 1 of 50', () => {
    expect(parse('')).toEqual({
      type: 'all',
      severity: 'all',
      status: 'open',
      owner: 'all',
      component: 'all',
      search: '',
      page: 1,
      pageSize: 50,
      sort: { columnId: 'age', direction: 'asc' },
    });
    expect(parse('')).toEqual(INCIDENT_LIST_DEFAULTS);
  });

  it('reads the linking forms of other areas, keeping the default status', () => {
    expect(parse('type=availability&component=c-1')).toMatchObject({
      type: 'availability',
      component: 'c-1',
      status: 'open',
      severity: 'all',
    });
    expect(parse('severity=high&component=c-1&type=security')).toMatchObject({
      severity: 'high',
      component: 'c-1',
      type: 'security',
      status: 'open',
    });
  });

  it('lists every status only when the URL says status=all', () => {
    expect(parse('status=all').status).toBe('all');
    expect(parse('status=').status).toBe('open');
    expect(patch('', { status: 'all' })).toBe('status=all');
    expect(patch('status=all', { status: 'open' })).toBe('');
  });

  it('round-trips every filter, sort and paging through the query string', () => {
    const state = {
      type: 'security',
      severity: 'critical',
      status: 'resolved',
      owner: 'p-1',
      component: 'c-9',
      search: 'disk full',
      sort: { columnId: 'name', direction: 'desc' as const },
    };
    const query = patch('', state);
    expect(parse(query)).toEqual({ ...state, page: 1, pageSize: 50 });
    const paged = patch(query, { page: 3 });
    expect(parse(paged)).toEqual({ ...state, page: 3, pageSize: 50 });
  });

  it('leaves defaults out of the URL and keeps parameters it does not own', () => {
    expect(patch('x=1&type=cost', { type: 'all', severity: 'all', search: '' })).toBe('x=1');
    expect(patch('', { sort: { columnId: 'age', direction: 'asc' }, pageSize: 50, page: 1 })).toBe(
      '',
    );
  });

  it('starts again at page 1 when a filter, the sort or the page size changes', () => {
    expect(patch('page=4', { severity: 'high' })).toBe('severity=high');
    expect(patch('page=4&search=a', { search: 'ab' })).toBe('search=ab');
    expect(patch('page=4', { sort: { columnId: 'type', direction: 'asc' } })).toBe(
      'sortBy=type&sortOrder=asc',
    );
    expect(patch('page=4', { pageSize: 100 })).toBe('pageSize=100');
    // The same value again is no change.
    expect(patch('page=4&severity=high', { severity: 'high' })).toBe('page=4&severity=high');
  });

  it('ignores junk paging and unknown sort columns', () => {
    expect(parse('page=0&pageSize=-5&sortBy=responders')).toMatchObject({
      page: 1,
      pageSize: 50,
      sort: { columnId: 'age', direction: 'asc' },
    });
  });

  it('builds links for other areas', () => {
    expect(incidentListPath()).toBe('/incidents');
    expect(incidentListPath({ type: 'availability', component: 'c-1' })).toBe(
      '/incidents?type=availability&component=c-1',
    );
    expect(incidentListPath({ severity: 'high', type: 'all', status: 'all' })).toBe(
      '/incidents?severity=high&status=all',
    );
  });
});
