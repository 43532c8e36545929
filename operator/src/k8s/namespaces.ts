import type pg from 'pg';
import { nowTime, type K8sObject } from './objects.js';
import { K8sError } from './status.js';
import { readFields } from './protobuf.js';
import type { PrinterColumn } from './table.js';

/**
 * core/v1 Namespaces. A namespace exists once it is created (a row in `resources` with the core
 * group '' and kind Namespace; no watch events) or once an object lives in it; `default` always
 * exists. Deleting one deletes what it holds (the router does that through the store, so
 * watchers hear of each object).
 */
export const NAMESPACE_RESOURCE = {
  name: 'namespaces',
  singularName: 'namespace',
  namespaced: false,
  kind: 'Namespace',
  verbs: ['create', 'delete', 'get', 'list'],
  shortNames: ['ns'],
};

export const NAMESPACE_COLUMNS: PrinterColumn[] = [
  { name: 'Status', type: 'string', jsonPath: '.status.phase', description: 'The phase.' },
  { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
];

const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export const namespaceNotFound = (name: string) =>
  new K8sError(404, 'NotFound', `namespaces "${name}" not found`, { name, kind: 'namespaces' });

function toNamespace(row: {
  name: string;
  uid: string | null;
  resource_version: string | null;
  labels: Record<string, string> | null;
  created_at: Date | null;
}): K8sObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name: row.name,
      ...(row.uid ? { uid: row.uid } : {}),
      ...(row.resource_version ? { resourceVersion: row.resource_version } : {}),
      creationTimestamp: row.created_at
        ? row.created_at.toISOString().replace(/\.\d{3}Z$/, 'Z')
        : nowTime(),
      labels: { ...(row.labels ?? {}), 'kubernetes.io/metadata.name': row.name },
    },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };
}

/** Created namespaces, namespaces objects live in, and `default`. */
export async function listNamespaces(db: pg.Pool, name?: string): Promise<K8sObject[]> {
  const { rows } = await db.query<{
    name: string;
    uid: string | null;
    resource_version: string | null;
    labels: Record<string, string> | null;
    created_at: Date | null;
  }>(
    `WITH named AS (
       SELECT name, uid::text, resource_version::text, labels, created_at FROM resources
        WHERE api_group = '' AND kind = 'Namespace'
       UNION ALL
       SELECT namespace, NULL, NULL, NULL, min(created_at) FROM resources
        WHERE namespace <> '' GROUP BY namespace
       UNION ALL
       SELECT 'default', NULL, NULL, NULL, NULL
     )
     SELECT DISTINCT ON (name) * FROM named WHERE ($1::text IS NULL OR name = $1)
      ORDER BY name, uid NULLS LAST, created_at NULLS LAST`,
    [name ?? null],
  );
  return rows.map(toNamespace);
}

export async function getNamespace(db: pg.Pool, name: string): Promise<K8sObject | undefined> {
  return (await listNamespaces(db, name))[0];
}

export async function createNamespace(db: pg.Pool, obj: K8sObject): Promise<K8sObject> {
  const name = obj.metadata?.name ?? '';
  if (!NAME.test(name) || name.length > 63)
    throw new K8sError(
      422,
      'Invalid',
      `Namespace "${name}" is invalid: metadata.name: Invalid value: "${name}": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character`,
      {
        name,
        kind: 'Namespace',
        causes: [{ reason: 'FieldValueInvalid', field: 'metadata.name', message: 'Invalid value' }],
      },
    );
  if (await getNamespace(db, name))
    throw new K8sError(409, 'AlreadyExists', `namespaces "${name}" already exists`, {
      name,
      kind: 'namespaces',
    });
  const { rows } = await db.query<{
    name: string;
    uid: string;
    resource_version: string;
    labels: Record<string, string>;
    created_at: Date;
  }>(
    `INSERT INTO resources (api_group, kind, namespace, name, labels)
     VALUES ('', 'Namespace', '', $1, $2)
     ON CONFLICT DO NOTHING
     RETURNING name, uid::text, resource_version::text, labels, created_at`,
    [name, obj.metadata.labels ?? {}],
  );
  const row = rows[0];
  if (!row)
    throw new K8sError(409, 'AlreadyExists', `namespaces "${name}" already exists`, {
      name,
      kind: 'namespaces',
    });
  return toNamespace(row);
}

/** Forgets a created namespace (its objects are deleted by the caller first). */
export async function forgetNamespace(db: pg.Pool, name: string): Promise<void> {
  await db.query(
    `DELETE FROM resources WHERE api_group = '' AND kind = 'Namespace' AND namespace = '' AND name = $1`,
    [name],
  );
}

/**
 * A protobuf-encoded Namespace (kubectl's typed clients send built-in kinds so): the `k8s\0`
 * envelope (runtime.Unknown, raw = field 2), Namespace.metadata (1), ObjectMeta name (1) and
 * labels (11, map entries of key 1 and value 2).
 */
export function decodeNamespace(body: Buffer): K8sObject {
  if (body.subarray(0, 4).toString('binary') !== 'k8s\0')
    throw new Error('not a Kubernetes protobuf envelope');
  const raw = readFields(body.subarray(4)).get(2)?.[0];
  if (!Buffer.isBuffer(raw)) throw new Error('the envelope holds no object');
  const meta = readFields(raw).get(1)?.[0];
  const fields = Buffer.isBuffer(meta) ? readFields(meta) : new Map<number, (Buffer | number)[]>();
  const text = (v: Buffer | number | undefined) => (Buffer.isBuffer(v) ? v.toString('utf8') : '');
  const labels: Record<string, string> = {};
  for (const entry of fields.get(11) ?? []) {
    if (!Buffer.isBuffer(entry)) continue;
    const e = readFields(entry);
    labels[text(e.get(1)?.[0])] = text(e.get(2)?.[0]);
  }
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: text(fields.get(1)?.[0]), labels },
  };
}
