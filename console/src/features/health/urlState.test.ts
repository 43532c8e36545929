import { describe, expect, it } from 'vitest';
import { HEALTH_DEFAULTS, applyHealthPatch, parseHealthParams, parseLabels } from './urlState';

const params = (text: string) => new URLSearchParams(text);

describe('health URL state', () => {
  it('reads the defaults from an empty query', () => {
    expect(parseHealthParams(params(''))).toEqual({
      layout: 'table',
      checkId: undefined,
      timeRange: '1h',
      labels: {},
      query: '',
      sortBy: 'name',
      sortDesc: false,
      groupBy: 'canary_name',
      tabBy: 'namespace',
      tab: 'All',
      hidePassing: true,
      pageIndex: 0,
      pageSize: 50,
    });
  });

  it('reads every parameter', () => {
    const state = parseHealthParams(
      params(
        'layout=card&checkId=c1&timeRange=2d&labels=%7B%22env%3Dprod%22%3A1%2C%22team%3Db%22%3A-1%7D' +
          '&query=web&sortBy=uptime&sortDesc=true&groupBy=type&tabBy=agent&tab=edge' +
          '&hidePassing=false&pageIndex=3&pageSize=100',
      ),
    );
    expect(state).toEqual({
      layout: 'card',
      checkId: 'c1',
      timeRange: '2d',
      labels: { 'env=prod': 1, 'team=b': -1 },
      query: 'web',
      sortBy: 'uptime',
      sortDesc: true,
      groupBy: 'type',
      tabBy: 'agent',
      tab: 'edge',
      hidePassing: false,
      pageIndex: 3,
      pageSize: 100,
    });
  });

  it('ignores junk in labels, paging and layout', () => {
    expect(parseLabels('not json')).toEqual({});
    expect(parseLabels('[1]')).toEqual({});
    expect(parseLabels('{"a=1":1,"b=2":0,"c=3":"-1","d=4":5}')).toEqual({ 'a=1': 1, 'c=3': -1 });
    const state = parseHealthParams(params('pageIndex=-2&pageSize=0&layout=grid'));
    expect(state.pageIndex).toBe(0);
    expect(state.pageSize).toBe(50);
    expect(state.layout).toBe('table');
  });

  it('round-trips a patch through the query string, leaving defaults out', () => {
    const next = applyHealthPatch(params(''), {
      labels: { 'env=prod': 1 },
      query: 'login',
      hidePassing: false,
      layout: 'card',
    });
    expect(Object.fromEntries(next)).toEqual({
      labels: '{"env=prod":1}',
      query: 'login',
      hidePassing: 'false',
      layout: 'card',
    });
    const state = parseHealthParams(next);
    expect(state).toEqual({
      ...HEALTH_DEFAULTS,
      labels: { 'env=prod': 1 },
      query: 'login',
      hidePassing: false,
      layout: 'card',
    });
    const back = applyHealthPatch(next, {
      labels: {},
      query: '',
      hidePassing: true,
      layout: 'table',
    });
    expect(back.toString()).toBe('');
  });

  it('resets pageIndex and pageSize when a filter changes', () => {
    const paged = params(
      'pageIndex=2&pageSize=100&pivotBy=type&pivotLabel=env&pivotCellType=uptime',
    );
    for (const patch of [
      { query: 'x' },
      { labels: { 'env=prod': 1 as const } },
      { hidePassing: false },
      { groupBy: 'type' },
      { tabBy: 'agent' },
      { tab: 'data' },
      { timeRange: '1d' },
    ]) {
      const next = applyHealthPatch(paged, patch);
      expect(next.get('pageIndex'), JSON.stringify(patch)).toBeNull();
      expect(next.get('pageSize'), JSON.stringify(patch)).toBeNull();
      // Parameters the page does not interpret are kept.
      expect(next.get('pivotBy')).toBe('type');
      expect(next.get('pivotLabel')).toBe('env');
      expect(next.get('pivotCellType')).toBe('uptime');
    }
  });

  it('keeps paging for non-filter changes and for a filter set to its current value', () => {
    const paged = params('pageIndex=2&pageSize=100&query=x');
    for (const patch of [
      { sortBy: 'uptime', sortDesc: true },
      { checkId: 'c1' },
      { layout: 'card' as const },
      { query: 'x' },
    ]) {
      const next = applyHealthPatch(paged, patch);
      expect(next.get('pageIndex'), JSON.stringify(patch)).toBe('2');
      expect(next.get('pageSize')).toBe('100');
    }
    expect(applyHealthPatch(paged, { pageIndex: 0 }).get('pageIndex')).toBeNull();
  });
});
