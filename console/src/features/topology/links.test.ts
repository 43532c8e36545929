import { describe, expect, it } from 'vitest';
import { ancestorIds, checkHref, logsHref, topologyHref, topologySpecHref } from './links';

describe('topologyHref', () => {
  it('keeps the query parameters except refererId and status', () => {
    expect(topologyHref('c-1', '?type=Pod&status=unhealthy&refererId=old&labels=a%3Db')).toBe(
      '/topology/c-1?type=Pod&labels=a%3Db',
    );
  });

  it('adds refererId when navigating from a parent', () => {
    expect(topologyHref('c-2', '?status=warning&refererId=old', { refererId: 'c-1' })).toBe(
      '/topology/c-2?refererId=c-1',
    );
  });

  it('links the dashboard with a type filter, replacing the one in place', () => {
    expect(topologyHref(undefined, '?type=Node&team=a', { type: 'Database' })).toBe(
      '/topology?type=Database&team=a',
    );
    expect(topologyHref(undefined, '')).toBe('/topology');
  });

  it('encodes the id', () => {
    expect(topologyHref('a/b c', new URLSearchParams())).toBe('/topology/a%2Fb%20c');
  });
});

describe('logsHref', () => {
  it('scopes the logs page to the component', () => {
    expect(logsHref('c 1')).toBe('/logs?topologyId=c+1');
  });
});

describe('panel links', () => {
  it('encode the ids they carry', () => {
    expect(checkHref('a&b')).toBe('/health?checkId=a%26b');
    expect(topologySpecHref('t/1')).toBe('/settings/topologies/t%2F1');
  });
});

describe('ancestorIds', () => {
  it('splits the path, root first, without blanks, repeats or the component itself', () => {
    expect(ancestorIds('root..mid.root.self', 'self')).toEqual(['root', 'mid']);
    expect(ancestorIds(null, 'self')).toEqual([]);
  });
});
