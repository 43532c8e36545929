import { describe, expect, it } from 'vitest';
import { decryptSecret } from './crypto.js';
import { connectionKey } from './secrets.js';
import { prepareConnectionWrite } from './store.js';

const prepare = (row: Record<string, unknown>) =>
  prepareConnectionWrite(row) as Record<string, unknown>;

describe('what a connection write stores', () => {
  it('encrypts static secrets, as a string or {value}', () => {
    const out = prepare({ name: 'db', password: 'pw', certificate: { value: 'cert' } });
    expect(out.name).toBe('db');
    expect(out.password).toMatch(/^enc:v1:/);
    expect(decryptSecret(connectionKey(), out.password as string)).toBe('pw');
    expect(decryptSecret(connectionKey(), out.certificate as string)).toBe('cert');
  });

  it('stores references as secret:// and configmap://', () => {
    expect(
      prepare({
        password: { secretKeyRef: { name: 'db', key: 'password' } },
        certificate: { valueFrom: { configMapKeyRef: { name: 'ca', key: 'ca.crt' } } },
        username: { valueFrom: { secretKeyRef: { name: 'db', key: 'user' } } },
      }),
    ).toEqual({
      password: 'secret://db/password',
      certificate: 'configmap://ca/ca.crt',
      username: 'secret://db/user',
    });
    expect(prepare({ password: 'secret://db/password' }).password).toBe('secret://db/password');
  });

  it('keeps the mask, empty values and nulls, and a plain username', () => {
    expect(prepare({ password: '***', certificate: null, username: 'app' })).toEqual({
      password: '***',
      certificate: null,
      username: 'app',
    });
    expect(prepare({ password: '' }).password).toBe('');
    expect(prepare({ username: { value: 'svc' } }).username).toBe('svc');
  });

  it('refuses what it cannot store, with the reason', () => {
    expect(() => prepare({ password: { secretKeyRef: { name: 'db' } } })).toThrow(
      'password.secretKeyRef needs a name and a key',
    );
    expect(() => prepare({ password: { valueFrom: { fieldRef: {} } } })).toThrow(
      'password.valueFrom must hold a secretKeyRef or a configMapKeyRef',
    );
    expect(() => prepare({ password: 42 })).toThrow('password must be a string');
    expect(() => prepare({ password: 'helm://release/key' })).toThrow(/not supported/);
  });

  it('leaves rows without secrets alone', () => {
    expect(prepare({ name: 'x', url: 'https://x' })).toEqual({ name: 'x', url: 'https://x' });
    expect(prepareConnectionWrite(null)).toBeNull();
  });
});
