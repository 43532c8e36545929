import { describe, expect, it } from 'vitest';
import { makeRuleDoc, newRuleDoc } from './document';
import {
  NOT_A_DURATION,
  NOT_A_NUMBER,
  NOT_LABELS,
  NOT_NAMES,
  REQUIRED,
  parseDuration,
  validateRule,
} from './validation';

const errorsOf = (spec: Record<string, unknown>, name = 'rule') =>
  validateRule(makeRuleDoc({ name, spec }));

describe('validateRule (spec 001 §5, and what the rule engine reads)', () => {
  it('requires the name, and a new rule is otherwise valid', () => {
    expect(validateRule(newRuleDoc())).toEqual({ name: REQUIRED });
    expect(errorsOf({}, '  ')).toEqual({ name: REQUIRED });
    expect(errorsOf({})).toEqual({});
  });

  it('wants a number for the priority', () => {
    expect(errorsOf({ priority: 'high' })).toEqual({ 'spec.priority': NOT_A_NUMBER });
    expect(errorsOf({ priority: -3 })).toEqual({});
  });

  it('wants durations the engine reads for age and the timeouts', () => {
    expect(
      errorsOf({
        filter: { age: 'soon' },
        autoResolve: { timeout: '5 minutes' },
        autoClose: { timeout: 60 },
      }),
    ).toEqual({
      'spec.filter.age': NOT_A_DURATION,
      'spec.autoResolve.timeout': NOT_A_DURATION,
      'spec.autoClose.timeout': NOT_A_DURATION,
    });
    expect(errorsOf({ filter: { age: '1h30m' }, autoClose: { timeout: '500ms' } })).toEqual({});
  });

  it('wants lists of names, labels as a map, and known template choices', () => {
    expect(
      errorsOf({
        filter: { status: [''], type: 3, labels: { env: 1 }, resources: ['pods'] },
        template: { type: 'outage', severity: 'urgent' },
        responders: { team: [{ id: 't' }] },
      }),
    ).toEqual({
      'spec.filter.status': NOT_NAMES,
      'spec.filter.type': NOT_NAMES,
      'spec.filter.labels': NOT_LABELS,
      'spec.filter.resources': 'This field must be one of check, component',
      'spec.template.type': expect.stringContaining('availability'),
      'spec.template.severity': expect.stringContaining('critical'),
      'spec.responders.team': NOT_NAMES,
    });
    // A single name reads as a list of one; the engine lowercases the template severity.
    expect(errorsOf({ filter: { status: 'unhealthy' }, template: { severity: 'High' } })).toEqual(
      {},
    );
  });

  it('requires the address of every email, a single one included', () => {
    expect(errorsOf({ responders: { email: [{ to: 'a@b.c' }, { subject: 'x' }] } })).toEqual({
      'spec.responders.email.1.to': REQUIRED,
    });
    expect(errorsOf({ responders: { email: { subject: 'x' } } })).toEqual({
      'spec.responders.email.0.to': REQUIRED,
    });
  });
});

describe('parseDuration', () => {
  it.each([
    ['30s', 30_000],
    ['5m', 300_000],
    ['1h30m', 5_400_000],
    ['1.5h', 5_400_000],
    ['250ms', 250],
    ['2d', 172_800_000],
  ])('reads %s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '5', 'm', '5 m', '5x', '5m ago'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});
