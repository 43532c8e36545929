import { describe, expect, it } from 'vitest';
import { featureFlags } from '../../app/features';
import { REQUIRED } from '../../lib/formRules';
import {
  NOT_A_FORMAT,
  NOT_A_URL,
  ONE_KIND,
  TEMPLATES,
  URL_OR_CONNECTION,
  kindOf,
  validateBackendSpec,
} from './backendSpec';

describe('validateBackendSpec', () => {
  it('accepts each kind as the server reads it, templates included', () => {
    for (const spec of Object.values(TEMPLATES)) expect(validateBackendSpec(spec)).toEqual({});
    expect(validateBackendSpec({ file: { paths: '/var/log/*.log' } })).toEqual({});
    expect(validateBackendSpec({ vigil: null })).toEqual({});
    expect(validateBackendSpec({ loki: { connection: 'connection://loki' } })).toEqual({});
  });

  it('wants exactly one kind', () => {
    expect(validateBackendSpec({})).toEqual({ spec: ONE_KIND });
    expect(validateBackendSpec({ file: {}, loki: {} })).toEqual({ spec: ONE_KIND });
    expect(validateBackendSpec({ elasticsearch: {} })).toEqual({ spec: ONE_KIND });
    expect(kindOf({ loki: {} })).toBe('loki');
  });

  it('says what is wrong with each field', () => {
    expect(validateBackendSpec({ file: { paths: [], format: 'xml', depth: 2 } })).toEqual({
      'spec.file.paths': REQUIRED,
      'spec.file.format': NOT_A_FORMAT,
      'spec.file.depth': 'Unknown field depth',
    });
    expect(validateBackendSpec({ loki: { url: 'loki:3100' } })).toEqual({
      'spec.loki.url': NOT_A_URL,
    });
    expect(validateBackendSpec({ loki: { selector: '{a="b"}' } })).toEqual({
      'spec.loki': URL_OR_CONNECTION,
    });
    expect(validateBackendSpec({ vigil: { lines: 5 } })).toEqual({
      'spec.vigil': 'vigil takes no settings: write vigil: {}',
    });
  });
});

describe('the Log Backends switch', () => {
  it('is off when logs are off (spec 001 §6)', () => {
    const on = featureFlags([]);
    const off = featureFlags([{ name: 'logs.disable', value: 'true' }]);
    expect(on('settings.logging_backends')).toBe(true);
    expect(off('settings.logging_backends')).toBe(false);
    expect(off('logs')).toBe(false);
  });
});
