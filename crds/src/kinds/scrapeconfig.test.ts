import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';

const scrapeConfig = (spec: Record<string, unknown>) => ({
  apiVersion: 'configs.flanksource.com/v1',
  kind: 'ScrapeConfig',
  metadata: { name: 'scraper', namespace: 'default' },
  spec,
});

function accepted(spec: Record<string, unknown>) {
  const result = validate('ScrapeConfig', scrapeConfig(spec));
  if (!result.ok) throw new Error(JSON.stringify(result.causes, null, 2));
  expect(result.warnings).toEqual([]);
  return result.value.spec;
}

describe('ScrapeConfig', () => {
  it.each<[string, Record<string, unknown>]>([
    [
      'kubernetes',
      {
        schedule: '@every 15m',
        retention: {
          changes: [{ name: 'diff', age: '7d', count: 100 }],
          types: [{ name: 'Kubernetes::Pod', deletedAge: '1d' }],
          staleItemAge: '2h',
        },
        kubernetes: [
          {
            clusterName: 'prod',
            namespace: '',
            kubeconfig: { valueFrom: { secretKeyRef: { name: 'prod', key: 'kubeconfig' } } },
            maxInflight: 25,
            watch: [{ apiVersion: 'v1', kind: 'Pod' }],
            exclusions: {
              name: ['junit-*'],
              kind: ['Event'],
              namespace: ['kube-system'],
              labels: { 'app.kubernetes.io/managed-by': 'canary' },
            },
            event: {
              exclusions: { reason: ['SuccessfulCreate'] },
              severityKeywords: { error: ['failed', 'error'], warn: ['backoff'] },
            },
            relationships: [
              {
                kind: { expr: "has(spec.claimRef) ? spec.claimRef.kind : ''" },
                name: { label: 'app' },
              },
            ],
            tags: [{ name: 'cluster', value: 'prod' }],
            transform: {
              exclude: [{ types: ['Kubernetes::*'], jsonpath: '.metadata.managedFields' }],
              mask: [{ selector: 'config.kind == "Secret"', jsonpath: '.data', value: 'md5sum' }],
              changes: {
                exclude: ['change.change_type == "diff"'],
                mapping: [
                  { filter: 'change.type == "Pulled"', type: 'ImagePulled', action: 'ignore' },
                ],
              },
              relationship: [
                {
                  name: { expr: 'config.spec.nodeName' },
                  type: { value: 'Kubernetes::Node' },
                  parent: true,
                },
              ],
            },
          },
        ],
      },
    ],
    [
      'file',
      {
        file: [
          {
            type: '$.kind',
            id: '$.metadata.name',
            paths: ['fixtures/*.yaml'],
            url: 'github.com/example/configs',
            format: 'yaml',
          },
        ],
      },
    ],
    [
      'http',
      {
        http: [
          {
            type: 'Example::Item',
            id: '$.id',
            name: '$.name',
            url: 'https://api.example.com/items',
            headers: [{ name: 'Accept', value: 'application/json' }],
            pagination: { nextPageExpr: 'response.next', maxPages: 5 },
          },
        ],
      },
    ],
    [
      'sql',
      {
        sql: [
          {
            type: 'Postgres::Role',
            id: '$.rolname',
            connection: 'connection://postgres/main',
            query: 'SELECT * FROM pg_roles',
            auth: { username: { value: 'reader' } },
          },
        ],
      },
    ],
    [
      'exec',
      {
        exec: [
          {
            type: 'Script::Output',
            id: 'script',
            script: 'echo "{}"',
            setup: { bun: { version: '1.1' } },
            query: [{ path: 'configs.json', types: ['Kubernetes::Pod'] }],
          },
        ],
      },
    ],
    [
      'aws',
      {
        full: true,
        aws: [
          {
            connection: 'connection://aws/prod',
            region: ['eu-west-1', 'us-east-1'],
            compliance: true,
            cloudtrail: { exclude: ['AssumeRole'] },
            include: ['EC2'],
          },
        ],
      },
    ],
    [
      'github (kept as given)',
      {
        github: [
          {
            repositories: [{ owner: 'example', repo: 'web' }],
            personalAccessToken: { value: 'x' },
          },
        ],
      },
    ],
  ])('accepts an upstream %s scraper unchanged', (_type, spec) => {
    accepted(spec);
  });

  it('leaves the schedule unset so the operator default (@every 60m) applies', () => {
    expect(accepted({ kubernetes: [{ clusterName: 'c' }] }).schedule).toBeUndefined();
  });

  it('accepts the UI spelling maxInFlight and stores the upstream maxInflight', () => {
    const spec = accepted({ kubernetes: [{ clusterName: 'c', maxInFlight: 10 }] });
    expect(spec.kubernetes?.[0]?.maxInflight).toBe(10);
  });

  it.each([
    ['kubernetes without clusterName', { kubernetes: [{}] }, 'spec.kubernetes[0].clusterName'],
    ['sql without query', { sql: [{ connection: 'c' }] }, 'spec.sql[0].query'],
    ['sql without connection', { sql: [{ query: 'q' }] }, 'spec.sql[0].connection'],
    ['exec without script', { exec: [{}] }, 'spec.exec[0].script'],
  ])('requires %s', (_name, spec, field) => {
    const result = validate('ScrapeConfig', scrapeConfig(spec));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.causes).toContainEqual({
        field,
        reason: 'FieldValueRequired',
        message: 'Required value',
      });
  });

  it('allows at most five tags', () => {
    const tags = Array.from({ length: 6 }, (_, i) => ({ name: `t${i}`, value: 'v' }));
    const result = validate('ScrapeConfig', scrapeConfig({ file: [{ paths: ['x'], tags }] }));
    expect(result).toEqual({
      ok: false,
      causes: [
        {
          field: 'spec.file[0].tags',
          reason: 'FieldValueInvalid',
          message: 'Invalid value: 6: spec.file[0].tags in body should have at most 5 items',
        },
      ],
    });
  });
});
