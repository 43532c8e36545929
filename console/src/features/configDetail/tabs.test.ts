import { describe, expect, it } from 'vitest';
import { CONFIG_TABS, tabBadge, tabFromSegment, tabPath } from './tabs';

const SUMMARY = { relationships: 4, analysis: 1, changes: 3, playbook_runs: 2, checks: 0 };

describe('config detail tabs', () => {
  it.each([
    [undefined, 'config'],
    ['', 'config'],
    ['changes', 'changes'],
    ['insights', 'insights'],
    ['relationships', 'relationships'],
    ['playbooks', 'playbooks'],
    ['checks', 'checks'],
    ['config', undefined],
    ['nope', undefined],
  ])('reads the segment %j as the %s tab', (segment, tab) => {
    expect(tabFromSegment(segment)).toBe(tab);
  });

  it('links the Config tab to the config itself and the others below it', () => {
    expect(tabPath('a b', 'config')).toBe('/catalog/a%20b');
    expect(tabPath('c1', 'playbooks')).toBe('/catalog/c1/playbooks');
  });

  it('takes each badge from its summary count, and none for Config', () => {
    expect(CONFIG_TABS.map((t) => tabBadge(t, SUMMARY))).toEqual([undefined, 3, 1, 4, 2, 0]);
    expect(CONFIG_TABS.map((t) => tabBadge(t, null))).toEqual(Array(6).fill(undefined));
  });
});
