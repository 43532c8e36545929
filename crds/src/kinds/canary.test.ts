import { describe, expect, it } from 'vitest';
import { validate } from '../validate.js';
import { CORE_CHECKS } from './canary/core.fixtures.js';
import { MORE_CHECKS } from './canary/more.fixtures.js';

const canary = (spec: Record<string, unknown>, name = 'example') => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name, namespace: 'default', labels: { 'part-of': 'health' } },
  spec,
});

/** Valid, and every field is one the schema knows (nothing would be pruned). */
function accepted(spec: Record<string, unknown>) {
  const result = validate('Canary', canary(spec));
  if (!result.ok) throw new Error(JSON.stringify(result.causes, null, 2));
  expect(result.warnings).toEqual([]);
  return result.value.spec;
}

// Upstream-style manifests, one or more per check type of crds.md §1.3.
const CHECKS = [...CORE_CHECKS, ...MORE_CHECKS];

describe('Canary', () => {
  it.each(CHECKS)('accepts an upstream %s manifest unchanged', (_type, spec) => {
    accepted(spec);
  });

  it('covers every check type crds.md lists', () => {
    const covered = new Set(CHECKS.flatMap(([, spec]) => Object.keys(spec)));
    for (const type of [
      'http',
      'tcp',
      'dns',
      'icmp',
      'exec',
      'postgres',
      'mysql',
      'mssql',
      'redis',
      'mongodb',
      'prometheus',
      'alertmanager',
      'elasticsearch',
      'opensearch',
      'folder',
      's3',
      'kubernetes',
      'kubernetesResource',
      'junit',
      'ldap',
      'catalog',
      'dynatrace',
      'cloudwatch',
      'awsConfig',
      'awsConfigRule',
      'azureDevops',
      'databaseBackup',
      'restic',
      'jmeter',
      'pubsub',
      'webhook',
    ]) {
      expect(covered, type).toContain(type);
    }
  });

  it('applies the documented defaults', () => {
    const spec = accepted({
      http: [{ name: 'h', url: 'https://example.com', tlsConfig: {} }],
      dns: [{ name: 'd', query: 'example.com' }],
      icmp: [{ name: 'i', endpoint: 'example.com' }],
      postgres: [{ name: 'p', connection: 'connection://postgres/main' }],
      junit: [{ name: 'j', testResults: '/r', spec: {} }],
      kubernetesResource: [{ name: 'k', waitFor: {} }],
    });
    expect(spec.replicas).toBe(1);
    expect(spec.http?.[0]).toMatchObject({
      method: 'GET',
      maxRedirects: 10,
      tlsConfig: { handshakeTimeout: '10s' },
    });
    expect(spec.dns?.[0]).toMatchObject({ port: 53, querytype: 'A', timeout: 10 });
    expect(spec.icmp?.[0]?.packetCount).toBe(5);
    expect(spec.postgres?.[0]).toMatchObject({ query: 'SELECT 1', timeout: 60 });
    expect(spec.junit?.[0]?.timeout).toBe(5);
    expect(spec.kubernetesResource?.[0]?.waitFor).toMatchObject({ timeout: '10m', interval: '5s' });
    // thresholdMillis has no default: 0/absent means no threshold (the docs' 5000 is wrong).
    expect(spec.http?.[0]?.thresholdMillis).toBeUndefined();
  });

  it('reads the old {name} form of a check namespace as the namespace string', () => {
    const spec = accepted({ http: [{ name: 'h', url: 'https://x', namespace: { name: 'apps' } }] });
    expect(spec.http?.[0]?.namespace).toBe('apps');
  });

  it('validates the checks nested in a kubernetesResource check', () => {
    const result = validate(
      'Canary',
      canary({ kubernetesResource: [{ name: 'k', checks: [{ http: [{ name: 'x' }] }] }] }),
    );
    expect(result).toEqual({
      ok: false,
      causes: [
        {
          field: 'spec.kubernetesResource[0].checks[0].http[0].url',
          reason: 'FieldValueRequired',
          message: 'Required value',
        },
      ],
    });
  });

  it.each([
    ['exec without script', { exec: [{ name: 'e' }] }, 'spec.exec[0].script'],
    ['folder without path', { folder: [{ name: 'f' }] }, 'spec.folder[0].path'],
    [
      'prometheus without query',
      { prometheus: [{ name: 'p', url: 'http://p' }] },
      'spec.prometheus[0].query',
    ],
    ['kubernetes without kind', { kubernetes: [{ name: 'k' }] }, 'spec.kubernetes[0].kind'],
    [
      'junit without testResults',
      { junit: [{ name: 'j', spec: {} }] },
      'spec.junit[0].testResults',
    ],
    ['ldap without bindDN', { ldap: [{ name: 'l', url: 'ldap://x' }] }, 'spec.ldap[0].bindDN'],
    ['catalog without selector', { catalog: [{ name: 'c' }] }, 'spec.catalog[0].selector'],
    ['a check without name', { tcp: [{ endpoint: 'a:1' }] }, 'spec.tcp[0].name'],
  ])('requires the field upstream requires: %s', (_name, spec, field) => {
    const result = validate('Canary', canary(spec));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.causes).toContainEqual({
        field,
        reason: 'FieldValueRequired',
        message: 'Required value',
      });
  });

  it('rejects an http check with both url and the deprecated endpoint', () => {
    const result = validate(
      'Canary',
      canary({ http: [{ name: 'h', url: 'https://a', endpoint: 'https://b' }] }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.causes[0]?.field).toBe('spec.http[0].endpoint');
  });

  it('reports unknown fields as warnings and prunes them, like a CRD', () => {
    const result = validate(
      'Canary',
      canary({ http: [{ name: 'h', url: 'https://a', authentication: 'Basic' }], intervall: 30 }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toEqual([
      'unknown field "spec.http[0].authentication"',
      'unknown field "spec.intervall"',
    ]);
    expect(result.value.spec.http?.[0]).not.toHaveProperty('authentication');
  });
});

describe('Canary status', () => {
  it('accepts the status the controller writes', async () => {
    const { validateStatus } = await import('../validate.js');
    const result = validateStatus('Canary', {
      observedGeneration: 3,
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'Scheduled',
          message: '',
          lastTransitionTime: '2026-01-02T03:04:05Z',
          observedGeneration: 3,
        },
      ],
      status: 'Passed',
      message: 'status page: 200',
      lastCheck: '2026-01-02T03:04:05Z',
      lastTransitionedTime: '2026-01-02T03:00:00Z',
      uptime1h: '59/60 (98.3%)',
      latency1h: '120ms',
      checks: { 'status page': '018f6a3c-0000-7000-8000-000000000001' },
      checkStatus: {
        '018f6a3c-0000-7000-8000-000000000001': {
          uptime1h: '59/60 (98.3%)',
          lastTransitionedTime: '2026-01-02T03:00:00Z',
        },
      },
      persistedID: '018f6a3c-0000-7000-8000-000000000000',
      replicas: 1,
    });
    expect(result).toMatchObject({ ok: true, warnings: [] });
  });

  it('rejects a status outside Passed, Failed and Invalid and a malformed condition', async () => {
    const { validateStatus } = await import('../validate.js');
    const result = validateStatus('Canary', {
      status: 'Green',
      conditions: [{ type: 'Ready', status: 'yes' }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.causes.map((c) => c.field)).toEqual([
      'status.conditions[0].status',
      'status.conditions[0].lastTransitionTime',
      'status.conditions[0].reason',
      'status.conditions[0].message',
      'status.status',
    ]);
  });
});
