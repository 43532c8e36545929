import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

const playbook = (spec: Record<string, unknown>) => ({
  apiVersion: 'mission-control.flanksource.com/v1',
  kind: 'Playbook',
  metadata: { name: 'restart-deployment', namespace: 'mc' },
  spec,
});

const exec = {
  name: 'restart',
  exec: { script: 'kubectl rollout restart deploy/{{.config.name}}' },
};

describe('Playbook', () => {
  it('accepts an upstream playbook with triggers, parameters, approval and several action kinds', () => {
    const result = validate(
      'Playbook',
      playbook({
        title: 'Restart deployment',
        category: 'Kubernetes',
        icon: 'kubernetes',
        timeout: '10m',
        configs: [{ types: ['Kubernetes::Deployment'] }],
        on: {
          config: [
            {
              event: 'unhealthy',
              filter: "config.type == 'Kubernetes::Deployment'",
              labels: { env: 'prod' },
            },
          ],
          canary: [{ event: 'failed' }],
          webhook: {
            path: 'restart',
            authentication: { basic: { username: 'hook', password: 'secret' } },
          },
        },
        parameters: [
          {
            name: 'reason',
            label: 'Reason',
            type: 'text',
            required: true,
            properties: { multiline: 'true' },
          },
          {
            name: 'replicas',
            type: 'list',
            default: '$(.config.spec.replicas)',
            properties: { options: [{ label: 'One', value: '1' }] },
          },
          { name: 'note' },
        ],
        approval: { type: 'any', approvers: { people: ['admin@example.com'], teams: ['sre'] } },
        env: [{ name: 'TOKEN', valueFrom: { secretKeyRef: { name: 'gh', key: 'token' } } }],
        actions: [
          {
            ...exec,
            timeout: '5m',
            retry: { limit: 3, duration: '10s', jitter: 10, exponent: { multiplier: 2 } },
          },
          {
            name: 'notify',
            if: 'failure()',
            notification: {
              connection: 'connection://slack/ops',
              title: 'Restart failed',
              message: '{{.config.name}}',
            },
          },
          {
            name: 'record',
            delay: '1m',
            http: { url: 'https://audit.example.com', method: 'POST', body: '{}' },
          },
          {
            name: 'pr',
            gitops: {
              repo: {
                url: 'https://github.com/example/infra',
                branch: 'restart-$(.config.name)',
                connection: 'connection://github/infra',
              },
              commit: { author: 'bot', email: 'bot@example.com', message: 'Restart' },
              pr: { title: 'Restart', autoMerge: { enabled: true } },
              patches: [{ path: 'apps/web.yaml', yq: '.spec.replicas = 2' }],
            },
          },
          {
            name: 'ask ai',
            ai: {
              connection: 'connection://openai/main',
              prompt: 'Why?',
              formats: ['slack'],
              recommendPlaybooks: [{ name: '*' }],
            },
          },
        ],
      }),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.causes, null, 2));
    expect(result.warnings).toEqual([]);
    expect(result.value.spec.parameters?.[2]?.type).toBe('text');
  });

  it.each<[string, Record<string, unknown>, { field: string; reason: string; message?: string }]>([
    [
      'no actions',
      { actions: [] },
      {
        field: 'spec.actions',
        reason: 'FieldValueInvalid',
        message: 'Invalid value: 0: spec.actions in body should have at least 1 items',
      },
    ],
    ['actions missing', {}, { field: 'spec.actions', reason: 'FieldValueRequired' }],
    [
      'duplicate action names',
      { actions: [exec, exec] },
      {
        field: 'spec.actions[1].name',
        reason: 'FieldValueInvalid',
        message: 'Duplicate value: "restart"',
      },
    ],
    [
      'an action without a kind',
      { actions: [{ name: 'x' }] },
      { field: 'spec.actions[0]', reason: 'FieldValueRequired' },
    ],
    [
      'an action with two kinds',
      { actions: [{ ...exec, sql: { query: 'select 1' } }] },
      { field: 'spec.actions[0].sql', reason: 'FieldValueInvalid' },
    ],
    [
      'an unknown trigger event',
      { on: { canary: [{ event: 'exploded' }] }, actions: [exec] },
      { field: 'spec.on.canary[0].event', reason: 'FieldValueNotSupported' },
    ],
    [
      'approvers on a scheduled playbook',
      {
        on: { schedule: [{ schedule: '0 * * * *' }] },
        approval: { approvers: { people: ['a@example.com'] } },
        actions: [exec],
      },
      { field: 'spec.approval', reason: 'FieldValueInvalid' },
    ],
    [
      'a webhook without path',
      { on: { webhook: {} }, actions: [exec] },
      { field: 'spec.on.webhook.path', reason: 'FieldValueRequired' },
    ],
    [
      'a parameter without name',
      { parameters: [{ label: 'x' }], actions: [exec] },
      { field: 'spec.parameters[0].name', reason: 'FieldValueRequired' },
    ],
  ])('rejects %s', (_name, spec, cause) => {
    const result = validate('Playbook', playbook(spec));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.causes).toContainEqual(expect.objectContaining(cause));
  });
});
