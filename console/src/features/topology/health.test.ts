import { describe, expect, it } from 'vitest';
import {
  cardBorderColor,
  displayName,
  healthLabelColor,
  healthOf,
  healthRank,
  sortByHealth,
  UNHEALTHY_BORDER,
  WARNING_BORDER,
} from './health';

const c = (name: string, health: string | null, status = 'healthy') => ({
  name,
  text: null,
  health,
  status,
});

describe('healthOf', () => {
  it.each([
    [{ health: 'Unhealthy', status: 'healthy' }, 'unhealthy'],
    [{ health: null, status: 'warning' }, 'warning'],
    [{ health: '  ', status: 'info' }, 'info'],
    [{ health: null, status: '' }, 'unknown'],
  ])('%j is %s', (source, expected) => {
    expect(healthOf(source)).toBe(expected);
  });
});

describe('healthRank', () => {
  it('orders unhealthy, warning, healthy, info, then anything else', () => {
    const ranks = ['unhealthy', 'warning', 'healthy', 'info', 'unknown'].map((health) =>
      healthRank({ health, status: 'healthy' }),
    );
    expect(ranks).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('sortByHealth', () => {
  it('puts unhealthy children first, then warning, then healthy, by name within each', () => {
    const sorted = sortByHealth([
      c('web', 'healthy'),
      c('cache', null, 'warning'),
      c('db', 'unhealthy'),
      c('api', 'healthy'),
      c('queue', 'unknown'),
      c('auth', null, 'unhealthy'),
      c('dns', 'warning'),
    ]);
    expect(sorted.map((x) => x.name)).toEqual([
      'auth',
      'db',
      'cache',
      'dns',
      'api',
      'web',
      'queue',
    ]);
  });

  it('leaves its input as it was', () => {
    const input = [c('b', 'healthy'), c('a', 'unhealthy')];
    sortByHealth(input);
    expect(input.map((x) => x.name)).toEqual(['b', 'a']);
  });
});

describe('cardBorderColor', () => {
  it('uses PatternFly red for unhealthy and orange (not the yellow warning token) for warning', () => {
    expect(UNHEALTHY_BORDER).toContain('--pf-t--global--border--color--status--danger--default');
    expect(WARNING_BORDER).toContain('--pf-t--color--orange--40');
  });

  it.each([
    ['unhealthy', UNHEALTHY_BORDER],
    ['warning', WARNING_BORDER],
    ['healthy', undefined],
    ['unknown', undefined],
  ])('a %s card has border %s', (health, expected) => {
    expect(cardBorderColor({ health, status: 'healthy' })).toBe(expected);
  });

  it('falls back to status when health is not set', () => {
    expect(cardBorderColor({ health: null, status: 'unhealthy' })).toContain('danger');
  });
});

describe('healthLabelColor', () => {
  it.each([
    ['unhealthy', 'red'],
    ['warning', 'orange'],
    ['healthy', 'green'],
    ['info', 'grey'],
  ] as const)('%s is %s', (health, color) => {
    expect(healthLabelColor({ health, status: 'healthy' })).toBe(color);
  });
});

describe('displayName', () => {
  it('prefers the text over the name', () => {
    expect(displayName({ name: 'pod-1', text: 'Payments pod' })).toBe('Payments pod');
    expect(displayName({ name: 'pod-1', text: ' ' })).toBe('pod-1');
  });
});
