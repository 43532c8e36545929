import { describe, expect, it } from 'vitest';
import { checkStatusColor, incidentStatusColor } from './statusColor';

describe('checkStatusColor', () => {
  it.each([
    ['degraded', 'red'],
    ['missing', 'red'],
    ['unhealthy', 'red'],
    ['unknown', 'gray'],
    ['suspended', 'gray'],
    ['warning', 'orange'],
    ['mixed', 'orange'],
    ['healthy', 'green'],
    ['passing', 'green'],
    ['', 'green'],
  ])('%s is %s', (status, color) => {
    expect(checkStatusColor(status)).toBe(color);
  });

  it('ignores case and surrounding spaces', () => {
    expect(checkStatusColor(' Unhealthy ')).toBe('red');
    expect(checkStatusColor('WARNING')).toBe('orange');
    expect(checkStatusColor(undefined)).toBe('green');
  });
});

describe('incidentStatusColor', () => {
  it.each([
    ['open', 'light-green'],
    ['closed', 'gray'],
    ['new', 'blue'],
    ['investigating', 'blue'],
    ['mitigated', 'blue'],
    ['resolved', 'blue'],
    ['Open', 'light-green'],
  ])('%s is %s', (status, color) => {
    expect(incidentStatusColor(status)).toBe(color);
  });
});
