import { age, type K8sObject } from './objects.js';

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  priority?: number;
  description?: string;
  format?: string;
}

/**
 * Evaluates the JSONPath subset printer columns use: `.a.b`, `.a[0]` and
 * `.a[?(@.type=="Ready")].status`.
 */
export function evalPath(obj: unknown, path: string): unknown {
  let value: unknown = obj;
  const re = /\.([A-Za-z0-9_-]+)|\[(\d+)\]|\[\?\(@\.([A-Za-z0-9_]+)==["']([^"']*)["']\)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path))) {
    if (value === null || value === undefined) return undefined;
    if (m[1] !== undefined) value = (value as Record<string, unknown>)[m[1]];
    else if (m[2] !== undefined) value = Array.isArray(value) ? value[Number(m[2])] : undefined;
    else
      value = Array.isArray(value)
        ? value.find((v) => (v as Record<string, unknown>)?.[m?.[3] as string] === m?.[4])
        : undefined;
  }
  return value;
}

function cell(obj: K8sObject, col: PrinterColumn): unknown {
  const v = evalPath(obj, col.jsonPath);
  if (v === undefined || v === null)
    return col.type === 'integer' || col.type === 'number' ? null : '';
  if (col.type === 'date' && typeof v === 'string') return age(v);
  return typeof v === 'object' ? JSON.stringify(v) : v;
}

const NAME: PrinterColumn = {
  name: 'Name',
  type: 'string',
  jsonPath: '.metadata.name',
  description: 'Name must be unique within a namespace.',
};

export function partialObjectMetadata(obj: K8sObject) {
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

/** A meta.k8s.io/v1 Table, with each row's object so `-A` and `--show-labels` work. */
export function toTable(
  objects: K8sObject[],
  columns: PrinterColumn[],
  resourceVersion: string,
  withDefinitions = true,
) {
  const all = [NAME, ...columns];
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions: withDefinitions
      ? all.map((c) => ({
          name: c.name,
          type: c.type,
          format: c === NAME ? 'name' : (c.format ?? ''),
          description: c.description ?? '',
          priority: c.priority ?? 0,
        }))
      : null,
    rows: objects.map((o) => ({
      cells: all.map((c) => (c === NAME ? o.metadata.name : cell(o, c))),
      object: partialObjectMetadata(o),
    })),
  };
}

export function wantsTable(accept: string | undefined): boolean {
  return (accept ?? '').includes('as=Table');
}
