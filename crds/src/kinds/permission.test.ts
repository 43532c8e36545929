import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

const permission = (spec: Record<string, unknown>) => ({
  apiVersion: 'mission-control.flanksource.com/v1',
  kind: 'Permission',
  metadata: { name: 'sre-restart', namespace: 'mc' },
  spec,
});

describe('Permission', () => {
  it.each<[string, Record<string, unknown>]>([
    [
      'a team running a playbook on prod configs',
      {
        description: 'SRE may restart prod',
        subject: { team: 'sre' },
        actions: ['playbook:run', 'playbook:approve'],
        object: {
          playbooks: [{ name: 'restart-deployment', namespace: 'mc' }],
          configs: [{ tagSelector: 'env=prod' }],
        },
      },
    ],
    [
      'a global read',
      { subject: { group: 'viewers' }, actions: ['read'], object: { configs: [{ name: '*' }] } },
    ],
    [
      'a deny on a playbook subject',
      {
        subject: { playbook: 'mc/cleanup' },
        actions: ['*', '!delete'],
        deny: true,
        object: { connections: [{ name: 'prod-db' }] },
      },
    ],
    [
      'mcp access',
      { subject: { person: 'dev@example.com' }, actions: ['mcp:use'], object: { mcp: true } },
    ],
    [
      'views and scopes',
      {
        subject: { notification: 'mc/check-alerts' },
        actions: ['read'],
        object: {
          views: [{ name: 'pods', namespace: 'mc' }],
          scopes: [{ id: '018f6a3c-0000-7000-8000-000000000000' }],
        },
      },
    ],
  ])('accepts %s', (_name, spec) => {
    const result = validate('Permission', permission(spec));
    if (!result.ok) throw new Error(JSON.stringify(result.causes));
    expect(result.warnings).toEqual([]);
  });

  it('defaults deny to false', () => {
    const result = validate(
      'Permission',
      permission({ subject: { team: 'a' }, actions: ['read'], object: {} }),
    );
    expect(result.ok && result.value.spec.deny).toBe(false);
  });

  it.each<[string, Record<string, unknown>, { field: string; reason: string; message?: string }]>([
    [
      'no subject',
      { actions: ['read'], object: {} },
      { field: 'spec.subject', reason: 'FieldValueRequired', message: 'Required value' },
    ],
    [
      'an empty subject',
      { subject: { team: '' }, actions: ['read'], object: {} },
      { field: 'spec.subject', reason: 'FieldValueRequired' },
    ],
    [
      'no actions',
      { subject: { team: 'a' }, actions: [], object: {} },
      { field: 'spec.actions', reason: 'FieldValueInvalid' },
    ],
    [
      'no object',
      { subject: { team: 'a' }, actions: ['read'] },
      { field: 'spec.object', reason: 'FieldValueRequired' },
    ],
    [
      'mcp with selectors',
      {
        subject: { team: 'a' },
        actions: ['mcp:use'],
        object: { mcp: true, playbooks: [{ name: '*' }] },
      },
      { field: 'spec.object.mcp', reason: 'FieldValueInvalid' },
    ],
  ])('rejects %s', (_name, spec, cause) => {
    const result = validate('Permission', permission(spec));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.causes).toContainEqual(expect.objectContaining(cause));
  });
});
