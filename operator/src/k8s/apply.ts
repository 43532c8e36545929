import type { KindDescriptor } from '@vigil/crds';
import { nowTime, type K8sObject, type ManagedField } from './objects.js';
import { fieldPaths, fromFieldsV1, mergePatch, toFieldsV1, valueAt } from './patch.js';
import { conflict } from './status.js';

const IGNORED = [
  '.apiVersion',
  '.kind',
  '.metadata.name',
  '.metadata.namespace',
  '.metadata.resourceVersion',
  '.metadata.managedFields',
];

function owned(fields: ManagedField[], except: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of fields) {
    if (f.manager === except || f.operation !== 'Apply') continue;
    for (const p of fromFieldsV1(f.fieldsV1)) out.set(p, [...(out.get(p) ?? []), f.manager]);
  }
  return out;
}

function removePath(obj: Record<string, unknown>, path: string): void {
  const parts = path.split('.').filter(Boolean);
  let node: unknown = obj;
  for (const p of parts.slice(0, -1)) node = (node as Record<string, unknown> | undefined)?.[p];
  if (node && typeof node === 'object')
    Reflect.deleteProperty(node, parts[parts.length - 1] as string);
}

/**
 * Server-side apply: the applied configuration is merged into the live object and the manager
 * owns its fields. A field owned by another applier with a different value is a conflict (409)
 * unless `force`, which takes ownership. Fields this manager applied before and no longer
 * applies are removed when nobody else owns them.
 */
export function serverSideApply(
  k: KindDescriptor,
  live: K8sObject,
  applied: K8sObject,
  manager: string,
  force: boolean,
  subresource?: string,
): K8sObject {
  const fields = (live.metadata.managedFields ?? []) as ManagedField[];
  const paths = fieldPaths(applied).filter(
    (p) => !IGNORED.some((i) => p === i || p.startsWith(`${i}.`)),
  );
  const others = owned(fields, manager);
  const conflicts = paths.filter(
    (p) =>
      others.has(p) && JSON.stringify(valueAt(live, p)) !== JSON.stringify(valueAt(applied, p)),
  );
  if (conflicts.length && !force) {
    const list = conflicts.map((p) => `- ${(others.get(p) ?? []).join(', ')}: ${p}`).join('\n');
    throw conflict(
      k,
      live.metadata.name,
      `Apply failed with ${conflicts.length} conflict${conflicts.length > 1 ? 's' : ''}: conflicts with\n${list}`,
    );
  }
  const merged = mergePatch(live, {
    ...applied,
    metadata: { ...applied.metadata, managedFields: undefined },
  }) as K8sObject;
  const mine = fields.find((f) => f.manager === manager && f.operation === 'Apply');
  const before = mine ? fromFieldsV1(mine.fieldsV1) : [];
  for (const p of before) {
    if (!paths.includes(p) && !others.has(p))
      removePath(merged as unknown as Record<string, unknown>, p);
  }
  const rest = fields
    .filter((f) => !(f.manager === manager && f.operation === 'Apply'))
    .map((f) =>
      force && f.operation === 'Apply'
        ? { ...f, fieldsV1: toFieldsV1(fromFieldsV1(f.fieldsV1).filter((p) => !paths.includes(p))) }
        : f,
    );
  merged.metadata.managedFields = [
    ...rest,
    {
      manager,
      operation: 'Apply',
      apiVersion: `${k.group}/${k.version}`,
      time: nowTime(),
      fieldsType: 'FieldsV1',
      fieldsV1: toFieldsV1(paths),
      ...(subresource ? { subresource } : {}),
    },
  ];
  return merged;
}
