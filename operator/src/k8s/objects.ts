import type { KindDescriptor } from '@vigil/crds';

/** A Kubernetes object as served: metadata from the row's columns, spec and status as stored. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: Metadata;
  spec?: unknown;
  status?: unknown;
  [key: string]: unknown;
}

export interface Metadata {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  managedFields?: ManagedField[];
  [key: string]: unknown;
}

export interface ManagedField {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Record<string, unknown>;
  subresource?: string;
}

export interface ResourceRow {
  uid: string;
  namespace: string;
  name: string;
  resource_version: number;
  generation: number;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  metadata: Record<string, unknown>;
  spec: unknown;
  status: unknown;
  created_at: Date;
}

/** Metadata that lives in its own columns, never in the metadata jsonb. */
const COLUMN_META = new Set([
  'name',
  'namespace',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'labels',
  'annotations',
]);

const time = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function toObject(k: KindDescriptor, row: ResourceRow): K8sObject {
  const meta = row.metadata ?? {};
  const metadata: Metadata = {
    name: row.name,
    namespace: row.namespace,
    uid: row.uid,
    resourceVersion: String(row.resource_version),
    generation: Number(row.generation),
    creationTimestamp: time(new Date(row.created_at)),
    ...(Object.keys(row.labels ?? {}).length ? { labels: row.labels } : {}),
    ...(Object.keys(row.annotations ?? {}).length ? { annotations: row.annotations } : {}),
    ...meta,
  };
  return {
    apiVersion: `${k.group}/${k.version}`,
    kind: k.kind,
    metadata,
    ...(row.spec !== null && row.spec !== undefined ? { spec: row.spec } : {}),
    ...(row.status !== null && row.status !== undefined ? { status: row.status } : {}),
  };
}

/** The stored parts of an object: labels and annotations apart, the rest of metadata as jsonb. */
export function storedMeta(obj: K8sObject): {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  metadata: Record<string, unknown>;
} {
  const meta: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj.metadata ?? {})) {
    if (!COLUMN_META.has(key) && value !== undefined && value !== null) meta[key] = value;
  }
  if (Array.isArray(meta.finalizers) && meta.finalizers.length === 0) delete meta.finalizers;
  return {
    labels: obj.metadata.labels ?? {},
    annotations: obj.metadata.annotations ?? {},
    metadata: meta,
  };
}

export function nowTime(): string {
  return time(new Date());
}

/** Age as kubectl prints it: 45s, 12m, 5h, 3d. */
export function age(created: string, now = Date.now()): string {
  const s = Math.max(0, Math.floor((now - Date.parse(created)) / 1000));
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.floor(s / 60)}m`;
  if (s < 172_800) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}
