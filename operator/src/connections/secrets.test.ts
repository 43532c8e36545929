import http from 'node:http';
import type net from 'node:net';
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canReadReferences,
  configureConnectionSecrets,
  parseReference,
  readReference,
  resetConnectionSecrets,
} from './secrets.js';

/** A Kubernetes API with one Secret and one ConfigMap in namespace prod. */
let server: http.Server;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    const send = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== 'Bearer t0ken') return send(401, { code: 401 });
    if (req.url === '/api/v1/namespaces/prod/secrets/db')
      return send(200, {
        kind: 'Secret',
        apiVersion: 'v1',
        metadata: { name: 'db', namespace: 'prod' },
        data: { password: Buffer.from('from-the-cluster').toString('base64') },
      });
    if (req.url === '/api/v1/namespaces/prod/configmaps/settings')
      return send(200, {
        kind: 'ConfigMap',
        apiVersion: 'v1',
        metadata: { name: 'settings', namespace: 'prod' },
        data: { host: 'db.prod' },
      });
    if (req.url === '/api/v1/namespaces/locked/secrets/db')
      return send(403, { kind: 'Status', code: 403, message: 'forbidden' });
    send(404, { kind: 'Status', code: 404, reason: 'NotFound' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  const kc = new k8s.KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'c', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'u', token: 't0ken' }],
    contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
    currentContext: 'x',
  });
  configureConnectionSecrets({ key: Buffer.alloc(32), kubeconfig: kc });
});
afterAll(() => {
  resetConnectionSecrets();
  server?.close();
});

describe('references in cluster mode', () => {
  it('parses secret:// and configmap:// only', () => {
    expect(parseReference('secret://db/password')).toEqual({
      kind: 'secret',
      name: 'db',
      key: 'password',
    });
    expect(parseReference('configmap://settings/a/b')).toMatchObject({
      name: 'settings',
      key: 'a/b',
    });
    expect(parseReference('helm://x/y')).toBeUndefined();
    expect(parseReference('hunter2')).toBeUndefined();
  });

  it('reads Secret (base64) and ConfigMap values through the API server', async () => {
    expect(canReadReferences()).toBe(true);
    expect(await readReference({ kind: 'secret', name: 'db', key: 'password' }, 'prod')).toBe(
      'from-the-cluster',
    );
    expect(await readReference({ kind: 'configmap', name: 'settings', key: 'host' }, 'prod')).toBe(
      'db.prod',
    );
    expect(seen).toContain('/api/v1/namespaces/prod/secrets/db');
  });

  it('says what is missing or refused', async () => {
    await expect(
      readReference({ kind: 'secret', name: 'db', key: 'user' }, 'prod'),
    ).rejects.toThrow('secret prod/db has no key user');
    await expect(readReference({ kind: 'secret', name: 'db', key: 'x' }, 'dev')).rejects.toThrow(
      'secret dev/db was not found',
    );
    await expect(readReference({ kind: 'secret', name: 'db', key: 'x' }, 'locked')).rejects.toThrow(
      "secret locked/db could not be read: Vigil's service account may not get secrets in locked",
    );
  });

  it('refuses them in embedded mode', async () => {
    configureConnectionSecrets({ key: Buffer.alloc(32) });
    expect(canReadReferences()).toBe(false);
    await expect(
      readReference({ kind: 'configmap', name: 'settings', key: 'host' }, 'prod'),
    ).rejects.toThrow(
      'configmap prod/settings (key host) cannot be read: Vigil runs without Kubernetes (embedded mode), so there is no ConfigMap to read; store the value itself in the connection',
    );
  });
});
