import { badRequest } from './status.js';

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** RFC 7386 JSON merge patch: objects merge, null deletes, everything else replaces. */
export function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const out: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) Reflect.deleteProperty(out, key);
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

function pointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw badRequest(`json patch path "${path}" must start with /`);
  return path
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function walk(doc: Json, parts: string[]): { parent: Json; key: string } {
  let parent = doc;
  for (const part of parts.slice(0, -1)) {
    const next = Array.isArray(parent)
      ? parent[Number(part)]
      : isObject(parent)
        ? parent[part]
        : undefined;
    if (next === undefined) throw badRequest(`json patch path /${parts.join('/')} does not exist`);
    parent = next;
  }
  return { parent, key: parts[parts.length - 1] as string };
}

function getAt(doc: Json, parts: string[]): Json {
  if (parts.length === 0) return doc;
  const { parent, key } = walk(doc, parts);
  return Array.isArray(parent) ? parent[Number(key)] : isObject(parent) ? parent[key] : undefined;
}

function setAt(doc: Json, parts: string[], value: Json, op: 'add' | 'replace'): Json {
  if (parts.length === 0) return value;
  const { parent, key } = walk(doc, parts);
  if (Array.isArray(parent)) {
    const index = key === '-' ? parent.length : Number(key);
    if (!Number.isInteger(index) || index < 0 || index > parent.length)
      throw badRequest(`json patch index ${key} is out of range`);
    if (op === 'add') parent.splice(index, 0, value);
    else parent[index] = value;
  } else if (isObject(parent)) {
    if (op === 'replace' && !(key in parent))
      throw badRequest(`json patch replace: /${parts.join('/')} does not exist`);
    parent[key] = value;
  } else throw badRequest(`json patch path /${parts.join('/')} does not exist`);
  return doc;
}

function removeAt(doc: Json, parts: string[]): Json {
  const { parent, key } = walk(doc, parts);
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else if (isObject(parent) && key in parent) Reflect.deleteProperty(parent, key);
  else throw badRequest(`json patch remove: /${parts.join('/')} does not exist`);
  return doc;
}

/** RFC 6902 JSON patch: add, remove, replace, move, copy, test. */
export function jsonPatch(target: Json, ops: unknown): Json {
  if (!Array.isArray(ops)) throw badRequest('a json patch is a JSON array of operations');
  let doc = clone(target);
  for (const raw of ops) {
    const op = raw as { op?: string; path?: string; from?: string; value?: Json };
    if (typeof op.path !== 'string') throw badRequest('every json patch operation needs a path');
    const parts = pointer(op.path);
    switch (op.op) {
      case 'add':
      case 'replace':
        doc = setAt(doc, parts, clone(op.value), op.op);
        break;
      case 'remove':
        doc = removeAt(doc, parts);
        break;
      case 'move':
      case 'copy': {
        const from = pointer(op.from ?? '');
        const value = clone(getAt(doc, from));
        if (op.op === 'move') doc = removeAt(doc, from);
        doc = setAt(doc, parts, value, 'add');
        break;
      }
      case 'test':
        if (JSON.stringify(getAt(doc, parts)) !== JSON.stringify(op.value))
          throw badRequest(`json patch test failed at ${op.path}`);
        break;
      default:
        throw badRequest(`unknown json patch operation "${String(op.op)}"`);
    }
  }
  return doc;
}

/** The leaf field paths of an object, as server-side apply tracks ownership of them. */
export function fieldPaths(value: Json, prefix = ''): string[] {
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return prefix ? [prefix] : [];
    return keys.flatMap((k) => fieldPaths(value[k], `${prefix}.${k}`));
  }
  return prefix ? [prefix] : [];
}

export function valueAt(obj: Json, path: string): Json {
  return path
    .split('.')
    .filter(Boolean)
    .reduce<Json>((v, k) => (isObject(v) ? v[k] : undefined), obj);
}

/** FieldsV1 (`f:spec: {f:interval: {}}`) for a set of leaf paths. */
export function toFieldsV1(paths: string[]): Record<string, unknown> {
  const root: Record<string, Record<string, unknown>> = {};
  for (const path of paths) {
    let node: Record<string, unknown> = root;
    for (const part of path.split('.').filter(Boolean)) {
      node[`f:${part}`] ??= {};
      node = node[`f:${part}`] as Record<string, unknown>;
    }
  }
  return root;
}

export function fromFieldsV1(fields: Record<string, unknown>, prefix = ''): string[] {
  const entries = Object.entries(fields).filter(([k]) => k.startsWith('f:'));
  if (entries.length === 0) return prefix ? [prefix] : [];
  return entries.flatMap(([k, v]) =>
    fromFieldsV1((v ?? {}) as Record<string, unknown>, `${prefix}.${k.slice(2)}`),
  );
}
