import type { KindDescriptor } from '@vigil/crds';
import type pg from 'pg';
import { storedMeta, toObject, type K8sObject, type ResourceRow } from './objects.js';
import { fieldSelectorSql, labelSelectorSql, type SqlPart } from './selectors.js';
import { alreadyExists, badRequest, conflict, notFound } from './status.js';

/** Persistence of /k8s objects in `resources`, with the watch log in `resource_events`. */
export const EVENTS_CHANNEL = 'vigil_resource_events';

type Db = pg.Pool | pg.PoolClient;
const COLUMNS =
  'uid, namespace, name, resource_version, generation, labels, annotations, metadata, spec, status, created_at';

// Any constant works; it only has to be the same for every Vigil sharing the database.
const WRITE_LOCK = 0x76_67_72_76; // 'vgrv'

/**
 * Runs one write (the object's row, its watch event and the NOTIFY) as one transaction that
 * holds WRITE_LOCK from before its resourceVersion is drawn until it commits. Versions therefore
 * become visible in the order they were drawn: once a reader has seen version N, no smaller
 * version can appear later. Watchers read "events after the last version I saw" (the watch hub,
 * kubectl watches); without this, a write that drew N and committed after N+1 (a large object
 * is slow to insert, so any concurrent write of the same kind overtook it) was skipped by every
 * watcher, and its controller never heard of it until a restart relisted everything.
 */
async function writeTransaction<T>(
  pool: pg.Pool,
  fn: (db: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    await db.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
    const result = await fn(db);
    await db.query('COMMIT');
    return result;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/**
 * The newest committed version: a list taken after it holds every change up to it, so a watch
 * from it misses nothing. (The sequence's last_value would count versions drawn by writes that
 * have not committed yet, and a watch from there would skip them.)
 */
export async function currentVersion(db: Db): Promise<string> {
  // With no event left (a new or compacted log), the sequence; before the first nextval its
  // last_value is the start value although no version exists yet.
  const { rows } = await db.query<{ v: string }>(
    `SELECT coalesce((SELECT max(resource_version) FROM resource_events),
       (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM resource_version_seq))::text AS v`,
  );
  return rows[0]?.v ?? '0';
}

export interface ListOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
  continueToken?: string;
}

export async function list(
  db: Db,
  k: KindDescriptor,
  opts: ListOptions,
): Promise<{ items: K8sObject[]; resourceVersion: string; continueToken?: string }> {
  const part: SqlPart = { sql: ['api_group = $1', 'kind = $2'], params: [k.group, k.kind] };
  if (opts.namespace) {
    part.params.push(opts.namespace);
    part.sql.push(`namespace = $${part.params.length}`);
  }
  if (opts.labelSelector) labelSelectorSql(opts.labelSelector, part);
  if (opts.fieldSelector) fieldSelectorSql(opts.fieldSelector, part);
  if (opts.continueToken) {
    let after: [string, string];
    try {
      after = JSON.parse(Buffer.from(opts.continueToken, 'base64url').toString()) as [
        string,
        string,
      ];
    } catch {
      throw badRequest('the continue token is not valid: list again without it');
    }
    part.params.push(after[0], after[1]);
    part.sql.push(`(namespace, name) > ($${part.params.length - 1}, $${part.params.length})`);
  }
  const limit = opts.limit && opts.limit > 0 ? opts.limit : undefined;
  const version = await currentVersion(db);
  const { rows } = await db.query<ResourceRow>(
    `SELECT ${COLUMNS} FROM resources WHERE ${part.sql.join(' AND ')} ORDER BY namespace, name${limit ? ` LIMIT ${limit + 1}` : ''}`,
    part.params,
  );
  const more = limit !== undefined && rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toObject(k, r)),
    resourceVersion: version,
    ...(more && last
      ? {
          continueToken: Buffer.from(JSON.stringify([last.namespace, last.name])).toString(
            'base64url',
          ),
        }
      : {}),
  };
}

export async function get(
  db: Db,
  k: KindDescriptor,
  namespace: string,
  name: string,
): Promise<K8sObject | undefined> {
  const { rows } = await db.query<ResourceRow>(
    `SELECT ${COLUMNS} FROM resources WHERE api_group = $1 AND kind = $2 AND namespace = $3 AND name = $4`,
    [k.group, k.kind, namespace, name],
  );
  return rows[0] && toObject(k, rows[0]);
}

async function recordEvent(
  db: pg.PoolClient,
  k: KindDescriptor,
  type: 'ADDED' | 'MODIFIED' | 'DELETED',
  obj: K8sObject,
): Promise<void> {
  await db.query(
    `INSERT INTO resource_events (resource_version, uid, api_group, kind, namespace, name, type, object) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      obj.metadata.resourceVersion,
      obj.metadata.uid,
      k.group,
      k.kind,
      obj.metadata.namespace ?? '',
      obj.metadata.name,
      type,
      obj,
    ],
  );
  await db.query('SELECT pg_notify($1, $2)', [
    EVENTS_CHANNEL,
    `${k.group}/${k.kind}/${obj.metadata.resourceVersion}`,
  ]);
}

export async function create(pool: pg.Pool, k: KindDescriptor, obj: K8sObject): Promise<K8sObject> {
  const { labels, annotations, metadata } = storedMeta(obj);
  try {
    return await writeTransaction(pool, async (db) => {
      const { rows } = await db.query<ResourceRow>(
        `INSERT INTO resources (api_group, kind, namespace, name, labels, annotations, metadata, spec, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
        [
          k.group,
          k.kind,
          obj.metadata.namespace ?? '',
          obj.metadata.name,
          labels,
          annotations,
          metadata,
          obj.spec ?? null,
          obj.status ?? null,
        ],
      );
      const created = toObject(k, rows[0] as ResourceRow);
      await recordEvent(db, k, 'ADDED', created);
      return created;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw alreadyExists(k, obj.metadata.name);
    throw error;
  }
}

/**
 * Replaces an object, failing with a Conflict when `expectedVersion` is stale. An object being
 * deleted whose last finalizer goes away is deleted for good, as Kubernetes does.
 */
export function replace(
  pool: pg.Pool,
  k: KindDescriptor,
  obj: K8sObject,
  expectedVersion?: string,
): Promise<K8sObject> {
  return writeTransaction(pool, (db) => update(db, k, obj, expectedVersion));
}

async function update(
  db: pg.PoolClient,
  k: KindDescriptor,
  obj: K8sObject,
  expectedVersion?: string,
): Promise<K8sObject> {
  const { labels, annotations, metadata } = storedMeta(obj);
  const ns = obj.metadata.namespace ?? '';
  const params: unknown[] = [
    k.group,
    k.kind,
    ns,
    obj.metadata.name,
    labels,
    annotations,
    metadata,
    obj.spec ?? null,
    obj.status ?? null,
  ];
  let guard = '';
  if (expectedVersion) {
    params.push(expectedVersion);
    guard = ` AND resource_version = $${params.length}::bigint`;
  }
  const { rows } = await db.query<ResourceRow>(
    `UPDATE resources SET labels = $5, annotations = $6, metadata = $7, spec = $8, status = $9
      WHERE api_group = $1 AND kind = $2 AND namespace = $3 AND name = $4${guard} RETURNING ${COLUMNS}`,
    params,
  );
  if (!rows[0]) {
    if (await get(db, k, ns, obj.metadata.name)) throw conflict(k, obj.metadata.name);
    throw notFound(k, obj.metadata.name);
  }
  const updated = toObject(k, rows[0]);
  if (updated.metadata.deletionTimestamp && !(updated.metadata.finalizers ?? []).length) {
    return remove(db, k, ns, obj.metadata.name, updated);
  }
  await recordEvent(db, k, 'MODIFIED', updated);
  return updated;
}

async function remove(
  db: pg.PoolClient,
  k: KindDescriptor,
  ns: string,
  name: string,
  last: K8sObject,
): Promise<K8sObject> {
  await db.query(
    'DELETE FROM resources WHERE api_group = $1 AND kind = $2 AND namespace = $3 AND name = $4',
    [k.group, k.kind, ns, name],
  );
  const { rows } = await db.query<{ v: string }>(
    `SELECT nextval('resource_version_seq')::text AS v`,
  );
  const gone = { ...last, metadata: { ...last.metadata, resourceVersion: rows[0]?.v as string } };
  await recordEvent(db, k, 'DELETED', gone);
  return gone;
}

/** Deletes at once, or — with finalizers — marks the object and leaves it to its controllers. */
export function destroy(
  pool: pg.Pool,
  k: KindDescriptor,
  namespace: string,
  name: string,
): Promise<{ object: K8sObject; gone: boolean }> {
  return writeTransaction(pool, async (db) => {
    const current = await get(db, k, namespace, name);
    if (!current) throw notFound(k, name);
    if ((current.metadata.finalizers ?? []).length) {
      if (current.metadata.deletionTimestamp) return { object: current, gone: false };
      const marked = {
        ...current,
        metadata: {
          ...current.metadata,
          deletionTimestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        },
      };
      return { object: await update(db, k, marked), gone: false };
    }
    return { object: await remove(db, k, namespace, name, current), gone: true };
  });
}

export async function eventsSince(db: Db, k: KindDescriptor, version: string, namespace?: string) {
  const { rows } = await db.query<{
    resource_version: string;
    type: 'ADDED' | 'MODIFIED' | 'DELETED';
    object: K8sObject;
  }>(
    `SELECT resource_version::text, type, object FROM resource_events
      WHERE api_group = $1 AND kind = $2 AND resource_version > $3::bigint AND ($4::text IS NULL OR namespace = $4)
      ORDER BY resource_version`,
    [k.group, k.kind, version, namespace ?? null],
  );
  return rows;
}

/** The oldest version a watch can resume from; older ones get 410 Expired. */
export async function oldestVersion(db: Db): Promise<string | undefined> {
  const { rows } = await db.query<{ v: string | null }>(
    'SELECT min(resource_version)::text AS v FROM resource_events',
  );
  return rows[0]?.v ?? undefined;
}
