import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, ensureToken } from '../auth/identity.js';
import { createApp } from '../http/app.js';
import { RUNNERS } from '../health/runners/index.js';
import type { CheckRunner, RunContext } from '../health/types.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { lookupConnection, redact } from './lookup.js';
import { configureConnectionSecrets, connectionKey, type ReferenceReader } from './secrets.js';
import { resolveValueFrom, withValueFrom } from './valueFrom.js';

/**
 * Every consumer resolves connections through lookupConnection: stored secrets come back
 * decrypted, references are read from the cluster (cluster mode) or refused with the reason
 * (embedded mode). Canary valueFrom fields are resolved the same way.
 */
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
const admin = { Authorization: 'Bearer vgl_lookup_admin_token_00000000000' };

/** A cluster with one Secret and one ConfigMap in namespace prod. */
const cluster: ReferenceReader = async (
  kind,
  namespace,
  name,
): Promise<Record<string, string> | undefined> => {
  if (namespace !== 'prod') return undefined;
  if (kind === 'secret' && name === 'db-creds') return { password: 'from-secret', user: 'svc' };
  if (kind === 'configmap' && name === 'settings') return { host: 'db.prod' };
  return undefined;
};

async function create(row: Record<string, unknown>): Promise<string> {
  const res = await request(app)
    .post('/api/db/connections')
    .set(admin)
    .set('Prefer', 'return=representation')
    .send(row)
    .expect(201);
  return (res.body as { id: string }[])[0]?.id as string;
}

beforeAll(async () => {
  db = await startTestDatabase();
  const person = await createPerson(db.pool, {
    name: 'admin',
    email: 'admin@lookup.test',
    password: 'password-123',
    roles: ['admin'],
  });
  await ensureToken(db.pool, person.id, 'test', admin.Authorization.slice(7));
  app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
});
afterAll(async () => db?.close());
afterEach(() => configureConnectionSecrets({ key: connectionKey() }));

describe('lookupConnection', () => {
  it('decrypts what the API stored encrypted, found by name, namespace, type or id', async () => {
    const id = await create({
      name: 'orders',
      namespace: 'shop',
      type: 'postgres',
      url: 'postgres://db/orders',
      username: 'app',
      password: 'pg-s3cret',
      certificate: { value: 'CERT' },
      properties: { db: 2, sslmode: 'disable' },
    });
    const { rows } = await db.pool.query(
      'SELECT password, certificate FROM connections WHERE id = $1',
      [id],
    );
    expect(JSON.stringify(rows)).not.toMatch(/pg-s3cret|CERT/);
    for (const ref of ['connection://shop/orders', 'connection://postgres/orders', 'orders', id]) {
      const c = await lookupConnection(db.pool, ref, 'default');
      expect(c, ref).toMatchObject({
        id,
        name: 'orders',
        namespace: 'shop',
        type: 'postgres',
        url: 'postgres://db/orders',
        username: 'app',
        password: 'pg-s3cret',
        certificate: 'CERT',
        properties: { db: '2', sslmode: 'disable' },
      });
    }
    expect(await lookupConnection(db.pool, 'connection://shop/none', 'default')).toBeUndefined();
  });

  it('refuses references in embedded mode, saying why', async () => {
    configureConnectionSecrets({ key: connectionKey() });
    await create({
      name: 'vaulted',
      namespace: 'prod',
      type: 'postgres',
      url: 'postgres://db/x',
      password: { secretKeyRef: { name: 'db-creds', key: 'password' } },
    });
    await expect(lookupConnection(db.pool, 'connection://prod/vaulted', 'prod')).rejects.toThrow(
      'the password of connection prod/vaulted refers to secret://db-creds/password: secret prod/db-creds (key password) cannot be read: Vigil runs without Kubernetes (embedded mode), so there is no Secret to read; store the value itself in the connection',
    );
  });

  it('reads references from the cluster in cluster mode, in the connection namespace', async () => {
    configureConnectionSecrets({ key: connectionKey(), reader: cluster });
    const c = await lookupConnection(db.pool, 'connection://prod/vaulted', 'default');
    expect(c?.password).toBe('from-secret');
    await create({
      name: 'broken',
      namespace: 'prod',
      type: 'http',
      password: { secretKeyRef: { name: 'db-creds', key: 'nope' } },
    });
    await expect(lookupConnection(db.pool, 'connection://prod/broken', 'prod')).rejects.toThrow(
      /secret prod\/db-creds has no key nope/,
    );
  });

  it('fails clearly when the key changed since the secret was saved', async () => {
    const id = await create({ name: 'old-key', type: 'http', password: 'pw' });
    configureConnectionSecrets({ key: Buffer.alloc(32, 7) });
    await expect(lookupConnection(db.pool, id, 'default')).rejects.toThrow(
      /cannot be decrypted with this server's connection.key/,
    );
  });
});

describe('redact', () => {
  it('replaces secrets, raw and URL-escaped', () => {
    expect(redact('login p@ss failed for postgres://u:p%40ss@h', ['p@ss'])).toBe(
      'login *** failed for postgres://u:***@h',
    );
  });
});

describe('valueFrom in checks', () => {
  const spec = {
    name: 'db',
    url: 'postgres://db/x',
    username: { valueFrom: { secretKeyRef: { name: 'db-creds', key: 'user' } } },
    password: { valueFrom: { secretKeyRef: { name: 'db-creds', key: 'password' } } },
    headers: [
      { name: 'X-Host', valueFrom: { configMapKeyRef: { name: 'settings', key: 'host' } } },
    ],
    resources: [{ env: [{ name: 'A', valueFrom: { secretKeyRef: { name: 'x', key: 'y' } } }] }],
  };

  it('reads Secrets and ConfigMaps of the canary namespace in cluster mode', async () => {
    configureConnectionSecrets({ key: connectionKey(), reader: cluster });
    const out = await resolveValueFrom(spec, { pool: db.pool, namespace: 'prod' });
    expect(out).toMatchObject({
      username: { value: 'svc' },
      password: { value: 'from-secret' },
      headers: [{ name: 'X-Host', value: 'db.prod' }],
    });
    // Manifests the check applies keep theirs: Kubernetes resolves them, not Vigil.
    expect(out.resources).toEqual(spec.resources);
    await expect(resolveValueFrom(spec, { pool: db.pool, namespace: 'dev' })).rejects.toThrow(
      'username.valueFrom: secret dev/db-creds was not found',
    );
  });

  it('in embedded mode reads the field of the connection of that name, or refuses', async () => {
    configureConnectionSecrets({ key: connectionKey() });
    await create({
      name: 'db-creds',
      namespace: 'ops',
      type: 'postgres',
      username: 'svc',
      password: 'embedded-pw',
      properties: { host: 'db.ops' },
    });
    const ops = { pool: db.pool, namespace: 'ops' };
    const out = await resolveValueFrom(
      {
        ...spec,
        username: { valueFrom: { secretKeyRef: { name: 'db-creds', key: 'username' } } },
        headers: [
          { name: 'X-Host', valueFrom: { configMapKeyRef: { name: 'db-creds', key: 'host' } } },
        ],
      },
      ops,
    );
    expect(out).toMatchObject({
      username: { value: 'svc' },
      password: { value: 'embedded-pw' },
      headers: [{ name: 'X-Host', value: 'db.ops' }],
    });
    await expect(resolveValueFrom(spec, { pool: db.pool, namespace: 'elsewhere' })).rejects.toThrow(
      'username.valueFrom.secretKeyRef elsewhere/db-creds cannot be read: Vigil runs without Kubernetes (embedded mode), so there is no Secret; create a connection named db-creds in namespace elsewhere holding user, or give the check connection: connection://elsewhere/<name>',
    );
  });

  it('makes a check whose valueFrom cannot be read invalid, with the reason, without running it', async () => {
    configureConnectionSecrets({ key: connectionKey() });
    let ran = 0;
    const runner: CheckRunner = async (s) => {
      ran++;
      return [{ pass: true, start: new Date(), duration: 1, message: JSON.stringify(s.password) }];
    };
    const wrapped = withValueFrom({ postgres: runner }).postgres as CheckRunner;
    const ctx = (namespace: string) =>
      ({
        pool: db.pool,
        canary: { id: 'c', name: 'c', namespace, labels: {} },
      }) as unknown as RunContext;
    const [bad] = await wrapped(spec, ctx('nowhere'));
    expect(bad).toMatchObject({ pass: false, invalid: true });
    expect(bad?.error).toMatch(/^username.valueFrom.secretKeyRef nowhere\/db-creds cannot be read/);
    expect(ran).toBe(0);
    const [good] = await wrapped(
      { password: { valueFrom: { secretKeyRef: { name: 'db-creds', key: 'password' } } } },
      ctx('ops'),
    );
    expect(good?.error).toBeUndefined();
    expect(good?.message).toBe('{"value":"embedded-pw"}');
    expect(Object.keys(withValueFrom(RUNNERS)).sort()).toEqual(Object.keys(RUNNERS).sort());
  });
});
