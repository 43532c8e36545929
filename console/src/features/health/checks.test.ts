import { describe, expect, it } from 'vitest';
import {
  countHealth,
  dashboardView,
  filterChecks,
  groupByChoices,
  groupChecks,
  groupKeyOf,
  labelFilterGroups,
  matchesLabels,
  matchesQuery,
  sortItems,
  tabByChoices,
  tabsOf,
} from './checks';
import type { CheckGroup, CheckItem } from './checks';
import { CHECKS, check } from './testData';
import { HEALTH_DEFAULTS } from './urlState';

const names = (items: CheckItem[]) =>
  items.map((i) => (i.kind === 'check' ? i.check.name : `[${i.key}]`));

describe('tabs', () => {
  it('lists All first, then namespaces alphabetically, none for no namespace', () => {
    expect(tabsOf(CHECKS, 'namespace')).toEqual(['All', 'data', 'default', 'none']);
  });

  it('names agent tabs by agent and label tabs by value', () => {
    expect(tabsOf(CHECKS, 'agent')).toEqual(['All', 'edge', 'local']);
    expect(tabsOf(CHECKS, 'label:env')).toEqual(['All', 'prod', 'staging']);
  });

  it('offers namespace, Agent and one Tab By per label key', () => {
    expect(tabByChoices(CHECKS).map((c) => c.label)).toEqual([
      'Namespace',
      'Agent',
      'env',
      'team',
      'url',
    ]);
  });

  it('filters by the chosen tab', () => {
    const filter = { labels: {}, query: '', tabBy: 'namespace', tab: 'none' };
    expect(filterChecks(CHECKS, filter).map((c) => c.id)).toEqual(['c4']);
    expect(filterChecks(CHECKS, { ...filter, tab: 'All' })).toHaveLength(4);
    expect(
      filterChecks(CHECKS, { ...filter, tabBy: 'label:env', tab: 'prod' }).map((c) => c.id),
    ).toEqual(['c1', 'c2']);
  });
});

describe('label filters', () => {
  it('builds one filter per key with its values', () => {
    expect(labelFilterGroups(CHECKS)).toEqual([
      {
        key: 'env',
        items: [
          { value: 'env=prod', label: 'prod' },
          { value: 'env=staging', label: 'staging' },
        ],
      },
      {
        key: 'team',
        items: [
          { value: 'team=a', label: 'a' },
          { value: 'team=b', label: 'b' },
        ],
      },
      {
        key: 'url',
        items: [{ value: 'url=https://login.example.com', label: 'https://login.example.com' }],
      },
    ]);
  });

  it('includes any value of one key, requires every included key, drops excluded pairs', () => {
    const [homepage, login, db, cache] = CHECKS as [
      (typeof CHECKS)[0],
      (typeof CHECKS)[0],
      (typeof CHECKS)[0],
      (typeof CHECKS)[0],
    ];
    expect(matchesLabels(homepage, {})).toBe(true);
    expect(matchesLabels(homepage, { 'env=prod': 1 })).toBe(true);
    expect(matchesLabels(db, { 'env=prod': 1, 'env=staging': 1 })).toBe(true);
    expect(matchesLabels(cache, { 'env=prod': 1 })).toBe(false);
    expect(matchesLabels(homepage, { 'env=prod': 1, 'team=b': 1 })).toBe(false);
    expect(matchesLabels(login, { 'env=prod': 1, 'team=b': 1 })).toBe(true);
    expect(matchesLabels(login, { 'team=b': -1 })).toBe(false);
    expect(matchesLabels(cache, { 'team=b': -1 })).toBe(true);
  });
});

describe('search', () => {
  it('matches name, description and endpoint, case-insensitively', () => {
    const [homepage, login] = CHECKS as [(typeof CHECKS)[0], (typeof CHECKS)[0]];
    expect(matchesQuery(homepage, 'HOME')).toBe(true);
    expect(matchesQuery(homepage, 'public')).toBe(true);
    expect(matchesQuery(login, 'login.example.com')).toBe(true);
    expect(matchesQuery(homepage, 'login.example.com')).toBe(false);
    expect(matchesQuery(check({ id: 'x', name: 'x', endpoint: 'tcp://db:5432' }), 'db:5432')).toBe(
      true,
    );
    // Other label values are not searched.
    expect(matchesQuery(homepage, 'prod')).toBe(false);
    expect(matchesQuery(homepage, '  ')).toBe(true);
  });
});

describe('grouping', () => {
  it('offers the fixed choices then label keys, Group Name by canary_name', () => {
    expect(groupByChoices(CHECKS).map((c) => [c.value, c.label])).toEqual([
      ['no-grouping', 'No Grouping'],
      ['canary_name', 'Group Name'],
      ['name', 'Name'],
      ['description', 'Description'],
      ['type', 'Type'],
      ['label:env', 'env'],
      ['label:team', 'team'],
      ['label:url', 'url'],
    ]);
  });

  it('groups by canary name, name prefix, type and label', () => {
    const c = check({ id: 'k', name: 'kube/pods', canary_name: 'k8s', type: 'kubernetes' });
    expect(groupKeyOf(c, 'canary_name')).toBe('k8s');
    expect(groupKeyOf(c, 'name')).toBe('kube');
    expect(groupKeyOf(check({ id: 'p', name: 'plain' }), 'name')).toBe('plain');
    expect(groupKeyOf(c, 'type')).toBe('kubernetes');
    expect(groupKeyOf(check({ id: 'l', name: 'l', labels: { env: 'qa' } }), 'label:env')).toBe(
      'qa',
    );
    expect(groupKeyOf(c, 'no-grouping')).toBeUndefined();
  });

  it('summarises a group as passing/total and mixed when members disagree', () => {
    const items = groupChecks(CHECKS, 'canary_name');
    expect(names(items)).toEqual(['[web]', 'db-ping', 'cache']);
    const web = items[0] as CheckGroup;
    expect(web).toMatchObject({ passing: 1, total: 2, status: 'mixed' });
    const env = groupChecks(CHECKS.slice(1, 3), 'type');
    expect(names(env)).toEqual(['login', 'db-ping']);
    const unhealthy = groupChecks(CHECKS.slice(1, 3), 'no-grouping');
    expect(unhealthy.every((i) => i.kind === 'check')).toBe(true);
    const allFailing = groupChecks(CHECKS.slice(1, 3), 'label:env');
    expect(names(allFailing)).toEqual(['login', 'db-ping']);
    const both = groupChecks(
      [
        check({ id: 'a', name: 'a', status: 'unhealthy' }),
        check({ id: 'b', name: 'b', status: 'unhealthy' }),
      ],
      'type',
    );
    expect(both[0]).toMatchObject({ kind: 'group', status: 'unhealthy', passing: 0, total: 2 });
  });

  it('sorts groups and their members by the chosen column', () => {
    const items = sortItems(groupChecks(CHECKS, 'canary_name'), 'name', false);
    expect(names(items)).toEqual(['cache', 'db-ping', '[web]']);
    const desc = sortItems(groupChecks(CHECKS, 'canary_name'), 'name', true);
    expect(names(desc)).toEqual(['[web]', 'db-ping', 'cache']);
    const web = desc[0] as CheckGroup;
    expect(web.checks.map((c) => c.name)).toEqual(['login', 'homepage']);
    const byUptime = sortItems(groupChecks(CHECKS, 'no-grouping'), 'uptime', false);
    expect(names(byUptime)).toEqual(['login', 'db-ping', 'homepage', 'cache']);
  });
});

describe('dashboardView', () => {
  const options = { ...HEALTH_DEFAULTS };

  it('hides passing checks by default but counts them', () => {
    const view = dashboardView(CHECKS, options);
    expect(view.counts).toEqual({ passing: 2, failing: 2 });
    expect(names(view.page)).toEqual(['db-ping', 'login']);
    expect(view.totalItems).toBe(2);
    expect(countHealth(CHECKS)).toEqual({ passing: 2, failing: 2 });
  });

  it('shows groups when passing checks are shown, and pages top-level items', () => {
    const view = dashboardView(CHECKS, { ...options, hidePassing: false, pageSize: 2 });
    expect(names(view.page)).toEqual(['cache', 'db-ping']);
    expect(view.totalItems).toBe(3);
    const second = dashboardView(CHECKS, {
      ...options,
      hidePassing: false,
      pageSize: 2,
      pageIndex: 1,
    });
    expect(names(second.page)).toEqual(['[web]']);
  });

  it('shows the last page when pageIndex is past the end', () => {
    const view = dashboardView(CHECKS, { ...options, hidePassing: false, pageIndex: 7 });
    expect(names(view.page)).toEqual(['cache', 'db-ping', '[web]']);
  });

  it('counts only the selected tab', () => {
    const view = dashboardView(CHECKS, { ...options, tab: 'default' });
    expect(view.counts).toEqual({ passing: 1, failing: 1 });
    expect(view.tabs).toEqual(['All', 'data', 'default', 'none']);
  });
});
