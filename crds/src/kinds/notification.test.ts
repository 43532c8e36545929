import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

const notification = (spec: Record<string, unknown>, kind = 'Notification') => ({
  apiVersion: 'mission-control.flanksource.com/v1',
  kind,
  metadata: { name: 'check-alerts', namespace: 'mc' },
  spec,
});

const spec = {
  events: ['check.failed', 'check.passed'],
  filter: "check.type == 'http'",
  title: 'Check {{.check.name}} is {{.check.status}}',
  to: { connection: 'connection://slack/alerts' },
};

describe('NotificationRule and Notification (notification rules)', () => {
  it('accepts the same manifest under either kind, each keeping its own kind', () => {
    for (const kind of ['Notification', 'NotificationRule'] as const) {
      const result = validate(kind, notification(spec, kind));
      if (!result.ok) throw new Error(JSON.stringify(result.causes));
      expect(result.value.kind).toBe(kind);
      expect(result.warnings).toEqual([]);
    }
  });

  it('does not take one kind for the other', () => {
    const result = validate('Notification', notification(spec, 'NotificationRule'));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.causes).toContainEqual(
        expect.objectContaining({ field: 'kind', reason: 'FieldValueNotSupported' }),
      );
  });

  it('accepts grouping, inhibitions, fallback and every recipient form', () => {
    const result = validate(
      'Notification',
      notification({
        events: ['config.unhealthy'],
        to: { playbook: 'mc/diagnose' },
        fallback: { email: 'oncall@example.com', delay: '5m' },
        repeatInterval: '4h',
        waitFor: '2m',
        groupBy: ['type', 'label:app', 'tag:cluster'],
        inhibitions: [
          { direction: 'outgoing', from: 'Kubernetes::Deployment', to: ['Kubernetes::Pod'] },
        ],
      }),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.causes));
    expect(result.value.spec).toMatchObject({ waitForEvalPeriod: '30s', groupByInterval: '24h' });
    expect(result.value.spec.inhibitions?.[0]?.depth).toBe(5);
    for (const to of [
      { person: 'a@example.com' },
      { team: 'sre' },
      { url: 'slack://token@channel' },
      { webhook: { url: 'https://hooks.example.com', method: 'POST' } },
    ]) {
      expect(validate('Notification', notification({ ...spec, to })).ok).toBe(true);
    }
  });

  it.each<[string, Record<string, unknown>, { field: string; reason: string; message?: string }]>([
    [
      'no events',
      { ...spec, events: undefined },
      { field: 'spec.events', reason: 'FieldValueRequired' },
    ],
    [
      'an empty to',
      { ...spec, to: {} },
      {
        field: 'spec.to',
        reason: 'FieldValueRequired',
        message:
          'Required value: must specify one of: person, team, email, connection, url, playbook, webhook',
      },
    ],
    [
      'two recipients',
      { ...spec, to: { email: 'a@example.com', team: 'sre' } },
      { field: 'spec.to.email', reason: 'FieldValueInvalid' },
    ],
    [
      'an unknown groupBy',
      { ...spec, waitFor: '1m', groupBy: ['severity'] },
      { field: 'spec.groupBy[0]', reason: 'FieldValueInvalid' },
    ],
    [
      'groupBy with an empty waitFor',
      { ...spec, waitFor: '', groupBy: ['type'] },
      { field: 'spec.waitFor', reason: 'FieldValueInvalid' },
    ],
    [
      'an unknown inhibition direction',
      { ...spec, inhibitions: [{ direction: 'up', from: 'x' }] },
      { field: 'spec.inhibitions[0].direction', reason: 'FieldValueNotSupported' },
    ],
  ])('rejects %s', (_name, body, cause) => {
    for (const kind of ['Notification', 'NotificationRule'] as const) {
      const result = validate(kind, notification(body, kind));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.causes).toContainEqual(expect.objectContaining(cause));
    }
  });
});
