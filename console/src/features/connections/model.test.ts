import { CONNECTION_TYPES, connectionType } from '@vigil/crds';
import { describe, expect, it } from 'vitest';
import {
  ADDABLE_TYPES,
  emptyForm,
  fromRow,
  REQUIRED,
  toPayload,
  validateConnection,
  visibleFields,
  type ConnectionRow,
} from './model';

const defaults = (type: string) => emptyForm(type).fields;

describe('connection types and their defaults (spec 002 §3, §9)', () => {
  it('offers every type but the hidden one', () => {
    expect(CONNECTION_TYPES).toHaveLength(42);
    expect(ADDABLE_TYPES.map((t) => t.type)).not.toContain('jmeter');
    expect(ADDABLE_TYPES).toHaveLength(41);
  });

  it('fills in the defaults of the per-type table', () => {
    expect(defaults('sftp')['properties.port']).toBe('22');
    expect(defaults('smb')['properties.port']).toBe('445');
    expect(defaults('opsgenie')['properties.port']).toBe('443');
    expect(defaults('email')).toMatchObject({
      'properties.port': '587',
      'properties.encryption': 'Auto',
      'properties.auth': 'Unknown',
    });
    expect(defaults('generic_webhook')).toMatchObject({
      'properties.contentType': 'application/json',
      'properties.requestMethod': 'POST',
      'properties.messageKey': 'message',
      'properties.titleKey': 'title',
    });
    expect(defaults('ntfy')['properties.host']).toBe('ntfy.sh');
    expect(defaults('git')).toMatchObject({ 'properties.ref': 'main', 'properties.auth': 'basic' });
    expect(connectionType('s3')?.fields.find((f) => f.key === 'properties.bucket')?.required).toBe(
      true,
    );
    expect(
      connectionType('email')?.fields.find((f) => f.key === 'properties.encryption')?.options,
    ).toEqual(['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto']);
    expect(
      connectionType('email')?.fields.find((f) => f.key === 'properties.auth')?.options,
    ).toEqual(['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2']);
    expect(connectionType('redis')?.fields.map((f) => f.key)).toContain('properties.db');
    for (const t of ['postgres', 'mysql', 'sql_server'])
      expect(connectionType(t)?.fields.map((f) => f.key)).toEqual(['url', 'username', 'password']);
  });

  it('keeps secrets in the secret columns only', () => {
    for (const t of CONNECTION_TYPES)
      for (const f of t.fields)
        if (f.kind === 'secret' || f.kind === 'secretText')
          expect(['password', 'certificate'], `${t.type} ${f.key}`).toContain(f.key);
  });
});

describe('validation (spec 002 §5)', () => {
  it('requires the name, required fields and required secrets', () => {
    const v = emptyForm('slack');
    expect(validateConnection(v)).toEqual({
      name: REQUIRED,
      password: REQUIRED,
      username: REQUIRED,
    });
    v.name = 'alerts';
    v.fields.username = '#ops';
    v.secrets.password = { mode: 'static', name: '', key: '', isSet: false, value: 'xoxb-1' };
    expect(validateConnection(v)).toEqual({});
  });

  it('needs a name and a key for a reference', () => {
    const v = { ...emptyForm('kubernetes'), name: 'k8s' };
    v.secrets.certificate = { mode: 'secret', value: '', name: '', key: '', isSet: false };
    expect(validateConnection(v)).toEqual({
      'certificate.name': REQUIRED,
      'certificate.key': REQUIRED,
    });
  });

  it('shows git fields by the auth method', () => {
    const v = emptyForm('git');
    expect(visibleFields(v).map((f) => f.key)).toEqual([
      'url',
      'properties.auth',
      'username',
      'password',
      'properties.ref',
    ]);
    v.fields['properties.auth'] = 'ssh';
    expect(visibleFields(v).map((f) => f.key)).toEqual([
      'url',
      'properties.auth',
      'certificate',
      'properties.ref',
    ]);
    expect(validateConnection({ ...v, name: 'repo', fields: { ...v.fields, url: 'x' } })).toEqual({
      certificate: REQUIRED,
    });
  });
});

describe('the payload', () => {
  it('writes a new connection with its static secret, properties and TLS setting', () => {
    const v = { ...emptyForm('email'), name: 'mailer' };
    v.fields['properties.host'] = 'smtp.example.com';
    v.fields.username = 'vigil';
    v.secrets.password = { mode: 'static', name: '', key: '', isSet: false, value: 'pw' };
    expect(toPayload(v)).toEqual({
      name: 'mailer',
      namespace: 'default',
      type: 'email',
      username: 'vigil',
      password: 'pw',
      insecure_tls: false,
      properties: {
        host: 'smtp.example.com',
        port: '587',
        encryption: 'Auto',
        auth: 'Unknown',
      },
    });
  });

  it('writes references as secretKeyRef and configMapKeyRef', () => {
    const v = { ...emptyForm('http'), name: 'api' };
    v.fields.url = 'https://api';
    v.secrets.password = { mode: 'secret', name: 'api', key: 'token', value: '', isSet: false };
    expect(toPayload(v).password).toEqual({ secretKeyRef: { name: 'api', key: 'token' } });
    v.secrets.password = { mode: 'configmap', name: 'cfg', key: 'pw', value: '', isSet: false };
    expect(toPayload(v).password).toEqual({ configMapKeyRef: { name: 'cfg', key: 'pw' } });
  });

  const stored: ConnectionRow = {
    id: 'c1',
    name: 'orders',
    namespace: 'shop',
    type: 'postgres',
    source: 'UI',
    url: 'postgres://db/orders',
    username: 'app',
    password: '***',
    certificate: null,
    properties: { sslmode: 'disable' },
    insecure_tls: true,
    category: null,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: null,
  };

  it('edits without sending a secret that was not retyped, and keeps other properties', () => {
    const v = fromRow(stored);
    expect(v.secrets.password).toMatchObject({ mode: 'static', isSet: true, value: '' });
    expect(v.fields).toMatchObject({ url: 'postgres://db/orders', username: 'app' });
    const row = toPayload(v);
    expect(row).not.toHaveProperty('password');
    expect(row).toMatchObject({
      name: 'orders',
      namespace: 'shop',
      properties: { sslmode: 'disable' },
    });
  });

  it('reads a stored reference back as one, and clears it when given up', () => {
    const v = fromRow({ ...stored, password: 'secret://orders/password' });
    expect(v.secrets.password).toMatchObject({ mode: 'secret', name: 'orders', key: 'password' });
    v.secrets.password = { mode: 'static', value: '', name: '', key: '', isSet: false };
    expect(toPayload(v).password).toBeNull();
  });
});
