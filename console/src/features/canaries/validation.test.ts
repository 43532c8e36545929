import { describe, expect, it } from 'vitest';
import { makeDoc } from './document';
import { NOT_A_NUMBER, REQUIRED, atLeast, validateDoc } from './validation';

const errorsOf = (spec: Record<string, unknown>, name = 'checks') =>
  validateDoc(makeDoc({ name, namespace: 'default', spec }));

describe('validateDoc (spec 001 §5)', () => {
  it('requires the health check name', () => {
    expect(validateDoc(makeDoc({ name: '  ', spec: {} }))).toEqual({ name: REQUIRED });
    expect(validateDoc(makeDoc({ name: 'web', spec: {} }))).toEqual({});
  });

  it.each([
    ['http', {}, ['name', 'url']],
    ['alertmanager', {}, ['name', 'url']],
    ['elasticsearch', {}, ['name', 'url', 'index', 'query']],
    ['exec', {}, ['name', 'script']],
    ['redis', {}, ['name', 'addr']],
    ['mongodb', {}, ['name']],
    ['icmp', {}, ['endpoint']],
    ['tcp', {}, ['name', 'endpoint']],
    ['folder', {}, ['name', 'path']],
    ['prometheus', {}, ['name', 'query']],
    ['kubernetes', {}, ['name', 'kind']],
    ['junit', {}, ['name', 'testResults', 'spec']],
    ['catalog', { selector: [] }, ['name', 'selector']],
    ['postgres', {}, ['name']],
    ['mysql', {}, ['name']],
    ['dns', {}, ['name']],
  ])('%s requires %j', (key, check, fields) => {
    const errors = errorsOf({ [key]: [check] });
    expect(errors).toEqual(Object.fromEntries(fields.map((f) => [`spec.${key}.0.${f}`, REQUIRED])));
  });

  it('needs nothing of types §5 does not name', () => {
    expect(errorsOf({ ldap: [{}], s3: [{}], cloudwatch: [{}] })).toEqual({});
  });

  it('takes a connection instead of the URL, and url or connection instead of addr', () => {
    expect(errorsOf({ http: [{ name: 'a', connection: 'connection://default/web' }] })).toEqual({});
    expect(errorsOf({ redis: [{ name: 'r', url: 'redis:6379' }] })).toEqual({});
    expect(errorsOf({ http: [{ name: 'a', url: '   ' }] })).toEqual({
      'spec.http.0.url': REQUIRED,
    });
  });

  it('rejects non-numbers and values under 0 in the minimum-0 fields', () => {
    const errors = errorsOf({
      http: [{ name: 'a', url: 'u', thresholdMillis: 'abc', maxSSLExpiry: -1 }],
      icmp: [{ endpoint: 'h', packetCount: -2, packetLossThreshold: '5%' }],
      postgres: [{ name: 'p', results: -1, timeout: 'x' }],
      elasticsearch: [{ name: 'e', url: 'u', index: 'i', query: 'q', results: -3 }],
    });
    expect(errors).toEqual({
      'spec.http.0.thresholdMillis': NOT_A_NUMBER,
      'spec.http.0.maxSSLExpiry': atLeast(0),
      'spec.icmp.0.packetCount': atLeast(0),
      'spec.icmp.0.packetLossThreshold': NOT_A_NUMBER,
      'spec.postgres.0.results': atLeast(0),
      'spec.postgres.0.timeout': NOT_A_NUMBER,
      'spec.elasticsearch.0.results': atLeast(0),
    });
  });

  it('accepts 0 and positive numbers, and numbers without a minimum below 0', () => {
    expect(
      errorsOf({
        http: [{ name: 'a', url: 'u', thresholdMillis: 0, maxSSLExpiry: 30 }],
        dns: [{ name: 'd', minrecords: -1 }],
      }),
    ).toEqual({});
  });

  it('checks every check of a list', () => {
    expect(errorsOf({ tcp: [{ name: 'a', endpoint: 'h:1' }, { name: 'b' }] })).toEqual({
      'spec.tcp.1.endpoint': REQUIRED,
    });
  });
});
