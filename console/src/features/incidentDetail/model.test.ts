import { describe, expect, it } from 'vitest';
import { childTypeOf, nextStatuses, severityValue, toggleTarget } from './model';

describe('incident status rules (§4.1)', () => {
  it.each([
    ['new', ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed']],
    ['open', ['open', 'investigating', 'mitigated', 'resolved', 'closed']],
    ['investigating', ['investigating', 'mitigated', 'resolved', 'closed']],
    ['mitigated', ['mitigated', 'resolved', 'closed', 'open']],
    ['resolved', ['resolved', 'closed', 'open']],
    ['closed', ['closed', 'open']],
  ])('offers from %s: %j', (from, to) => {
    expect(nextStatuses(from)).toEqual(to);
  });

  it('reads Close when open and Reopen otherwise', () => {
    expect(toggleTarget('open')).toEqual({ label: 'Close', status: 'closed' });
    expect(toggleTarget('closed')).toEqual({ label: 'Reopen', status: 'open' });
    expect(toggleTarget('investigating')).toEqual({ label: 'Reopen', status: 'open' });
  });
});

describe('detail defaults', () => {
  it('shows High for a missing severity and matches stored severities case-insensitively', () => {
    expect(severityValue(null)).toBe('high');
    expect(severityValue('')).toBe('high');
    expect(severityValue('Low')).toBe('low');
    expect(severityValue('critical')).toBe('critical');
  });

  it('grows root -> factor -> solution', () => {
    expect(childTypeOf('root')).toBe('factor');
    expect(childTypeOf('factor')).toBe('solution');
    expect(childTypeOf('solution')).toBeUndefined();
  });
});
