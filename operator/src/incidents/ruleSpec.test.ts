import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, parseRuleSpec } from './ruleSpec.js';

describe('incident rule spec', () => {
  it('fills the defaults: unhealthy checks and components, an availability incident of low severity', () => {
    expect(parseRuleSpec({})).toEqual({
      spec: {
        resources: ['check', 'component'],
        status: ['unhealthy'],
        severity: [],
        types: [],
        labels: {},
        ageMs: 0,
        template: { title: DEFAULT_TITLE, description: '', type: 'availability', severity: 'low' },
        responders: { person: [], team: [], email: [] },
        autoResolve: undefined,
        autoClose: undefined,
        priority: 0,
        breakOnMatch: false,
      },
    });
  });

  it('reads an upstream-shaped spec: timeouts without enabled are on, unknown keys ignored', () => {
    const parsed = parseRuleSpec({
      name: 'upstream',
      components: [{ types: ['Service'] }],
      hoursOfOperation: [],
      filter: { status: ['unhealthy', 'warning'], severity: ['Critical'], age: '2m', category: [] },
      template: { title: 'down', severity: 'High', type: 'technicalDebt' },
      autoResolve: { timeout: '10m' },
      autoClose: { enabled: false, timeout: '1h' },
      responders: { email: [{ to: 'a@example.com' }], jira: [{ project: 'OPS' }] },
    });
    expect(parsed.spec).toMatchObject({
      status: ['unhealthy', 'warning'],
      severity: ['critical'],
      ageMs: 120_000,
      template: { title: 'down', severity: 'high', type: 'technicalDebt' },
      autoResolve: { timeoutMs: 600_000 },
      autoClose: undefined,
      responders: { email: [{ to: 'a@example.com' }] },
    });
  });

  it('names every field that is wrong', () => {
    expect(
      parseRuleSpec({
        filter: { labels: { env: 1 }, type: [''], age: 5 },
        template: 'x',
        responders: { email: [{ subject: 'no address' }], team: 'SRE' },
        priority: 'high',
        autoClose: 'later',
      }),
    ).toEqual({
      errors: [
        'template must be an object',
        'filter.type must be a list of names',
        'filter.labels must map label names to values',
        'filter.age must be a duration such as 30s, 5m or 1h',
        'responders.email must be a list of {to, subject, body}',
        'autoClose must be an object such as {enabled: true, timeout: 5m}',
        'priority must be a number',
      ],
    });
    expect(parseRuleSpec(null)).toEqual({
      errors: ['the rule has no spec (an object is expected)'],
    });
  });
});
