import { describe, expect, it } from 'vitest';
import { validate, validateStatus, type Cause } from './validate.js';

const canary = (overrides: Record<string, unknown> = {}) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name: 'web', namespace: 'default' },
  spec: { http: [{ name: 'home', url: 'https://example.com' }] },
  ...overrides,
});

const required = (field: string): Cause => ({
  field,
  reason: 'FieldValueRequired',
  message: 'Required value',
});

describe('validate', () => {
  it.each<[string, unknown, Cause[]]>([
    [
      'a missing http url',
      canary({ spec: { http: [{ name: 'home' }] } }),
      [required('spec.http[0].url')],
    ],
    [
      'a string where an integer belongs',
      canary({ spec: { interval: 'string' } }),
      [
        {
          field: 'spec.interval',
          reason: 'FieldValueTypeInvalid',
          message: 'Invalid value: "string": spec.interval in body must be of type integer',
        },
      ],
    ],
    [
      'a fraction where an integer belongs',
      canary({ spec: { replicas: 1.5 } }),
      [
        {
          field: 'spec.replicas',
          reason: 'FieldValueTypeInvalid',
          message: 'Invalid value: "number": spec.replicas in body must be of type integer',
        },
      ],
    ],
    [
      'an object where a list belongs',
      canary({ spec: { http: { name: 'home' } } }),
      [
        {
          field: 'spec.http',
          reason: 'FieldValueTypeInvalid',
          message: 'Invalid value: "object": spec.http in body must be of type array',
        },
      ],
    ],
    [
      'a number in a string map, named by its key',
      canary({ spec: { http: [{ name: 'h', url: 'u', labels: { team: 7 } }] } }),
      [
        {
          field: 'spec.http[0].labels[team]',
          reason: 'FieldValueTypeInvalid',
          message:
            'Invalid value: "integer": spec.http[0].labels[team] in body must be of type string',
        },
      ],
    ],
    [
      'a value outside an enum',
      canary({ spec: { dns: [{ name: 'd', querytype: 'AAAA' }] } }),
      [
        {
          field: 'spec.dns[0].querytype',
          reason: 'FieldValueNotSupported',
          message:
            'Unsupported value: "AAAA": supported values: "A", "CNAME", "SRV", "MX", "PTR", "TXT", "NS"',
        },
      ],
    ],
    [
      'a number below its minimum',
      canary({ spec: { replicas: -1 } }),
      [
        {
          field: 'spec.replicas',
          reason: 'FieldValueInvalid',
          message: 'Invalid value: -1: spec.replicas in body should be greater than or equal to 0',
        },
      ],
    ],
    [
      'a string not matching its pattern',
      canary({ spec: { tcp: [{ name: 't', endpoint: 'localhost' }] } }),
      [
        {
          field: 'spec.tcp[0].endpoint',
          reason: 'FieldValueInvalid',
          message: `Invalid value: "localhost": spec.tcp[0].endpoint in body should match '^[^:]+:[^:]+$'`,
        },
      ],
    ],
    [
      'the wrong apiVersion',
      canary({ apiVersion: 'canaries.flanksource.com/v2' }),
      [
        {
          field: 'apiVersion',
          reason: 'FieldValueNotSupported',
          message:
            'Unsupported value: "canaries.flanksource.com/v2": supported values: "canaries.flanksource.com/v1"',
        },
      ],
    ],
    [
      'another kind',
      canary({ kind: 'Topology' }),
      [
        {
          field: 'kind',
          reason: 'FieldValueNotSupported',
          message: 'Unsupported value: "Topology": supported values: "Canary"',
        },
      ],
    ],
    [
      'no apiVersion and kind',
      canary({ apiVersion: undefined, kind: undefined }),
      [required('apiVersion'), required('kind')],
    ],
    ['no metadata', canary({ metadata: undefined }), [required('metadata')]],
    ['no name', canary({ metadata: { namespace: 'default' } }), [required('metadata.name')]],
    [
      'a name that is not a DNS-1123 subdomain',
      canary({ metadata: { name: 'Web_Check' } }),
      [
        {
          field: 'metadata.name',
          reason: 'FieldValueInvalid',
          message:
            'Invalid value: "Web_Check": a lowercase RFC 1123 subdomain must consist of lower case ' +
            "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric " +
            "character (e.g. 'example.com', regex used for validation is " +
            "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        },
      ],
    ],
    [
      'a name longer than 253 characters',
      canary({ metadata: { name: 'a'.repeat(254) } }),
      [
        {
          field: 'metadata.name',
          reason: 'FieldValueInvalid',
          message: `Invalid value: "${'a'.repeat(254)}": must be no more than 253 characters`,
        },
      ],
    ],
    [
      'labels that are not strings',
      canary({ metadata: { name: 'web', labels: { tier: 1 } } }),
      [
        {
          field: 'metadata.labels[tier]',
          reason: 'FieldValueTypeInvalid',
          message: 'Invalid value: "integer": metadata.labels[tier] in body must be of type string',
        },
      ],
    ],
    ['no spec', canary({ spec: undefined }), [required('spec')]],
    ['a null spec', canary({ spec: null }), [required('spec')]],
    [
      'a body that is not an object',
      'apiVersion: v1',
      [
        {
          field: '',
          reason: 'FieldValueTypeInvalid',
          message: 'Invalid value: "string": body must be of type object',
        },
      ],
    ],
    [
      'a value of neither union type',
      canary({ spec: { http: [{ name: 'h', url: 'u', tlsConfig: { handshakeTimeout: true } }] } }),
      [
        {
          field: 'spec.http[0].tlsConfig.handshakeTimeout',
          reason: 'FieldValueTypeInvalid',
          message:
            'Invalid value: "boolean": spec.http[0].tlsConfig.handshakeTimeout in body must be of type integer or string',
        },
      ],
    ],
  ])('reports %s', (_name, object, causes) => {
    expect(validate('Canary', object)).toEqual({ ok: false, causes });
  });

  it('reports every problem at once, as the apiserver does', () => {
    const result = validate(
      'Canary',
      canary({ metadata: {}, spec: { interval: 'x', http: [{}] } }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.causes.map((c) => c.field)).toEqual([
      'metadata.name',
      'spec.interval',
      'spec.http[0].name',
      'spec.http[0].url',
    ]);
  });

  it('accepts generateName in place of a name', () => {
    expect(validate('Canary', canary({ metadata: { generateName: 'web-' } })).ok).toBe(true);
  });

  it('drops null fields before validating, as the apiserver prunes them', () => {
    const result = validate(
      'Canary',
      canary({
        metadata: { name: 'web', creationTimestamp: null, labels: null },
        spec: { schedule: null, http: [{ name: 'h', url: 'u', labels: null }] },
      }),
    );
    expect(result).toMatchObject({ ok: true, value: { spec: { http: [{ name: 'h' }] } } });
    expect(result.ok && result.value.spec).not.toHaveProperty('schedule');
  });

  it('keeps nulls inside free-form values: they are the user data', () => {
    const pod = { metadata: { name: 'p', creationTimestamp: null }, spec: { containers: [] } };
    const result = validate(
      'Canary',
      canary({ spec: { kubernetesResource: [{ name: 'k', resources: [pod] }] } }),
    );
    expect(result.ok && result.value.spec.kubernetesResource?.[0]?.resources?.[0]).toEqual(pod);
  });

  it('returns the canonical object: defaults applied, status left to the subresource', () => {
    const result = validate('Canary', canary({ status: { status: 'Passed' } }));
    expect(result).toEqual({
      ok: true,
      warnings: [],
      value: {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'web', namespace: 'default' },
        spec: {
          replicas: 1,
          http: [{ name: 'home', url: 'https://example.com', method: 'GET', maxRedirects: 10 }],
        },
      },
    });
  });

  it('refuses kinds it does not serve', () => {
    expect(validate('Pod', canary())).toEqual({
      ok: false,
      causes: [
        {
          field: 'kind',
          reason: 'FieldValueNotSupported',
          message:
            'Unsupported value: "Pod": supported values: "Canary", "Topology", "ScrapeConfig", ' +
            '"Playbook", "NotificationRule", "Notification", "Permission"',
        },
      ],
    });
  });
});

describe('validateStatus', () => {
  it('names fields from status and checks conditions like metav1.Condition', () => {
    const result = validateStatus('Playbook', {
      observedGeneration: -1,
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'not camel case',
          message: '',
          lastTransitionTime: 'yesterday',
        },
      ],
    });
    expect(result).toEqual({
      ok: false,
      causes: [
        {
          field: 'status.observedGeneration',
          reason: 'FieldValueInvalid',
          message:
            'Invalid value: -1: status.observedGeneration in body should be greater than or equal to 0',
        },
        {
          field: 'status.conditions[0].lastTransitionTime',
          reason: 'FieldValueInvalid',
          message:
            'Invalid value: "yesterday": status.conditions[0].lastTransitionTime in body must be of type date-time',
        },
        {
          field: 'status.conditions[0].reason',
          reason: 'FieldValueInvalid',
          message: `Invalid value: "not camel case": status.conditions[0].reason in body should match '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$'`,
        },
      ],
    });
  });
});
