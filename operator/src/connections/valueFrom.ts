import type pg from 'pg';
import { invalidResult, type CheckRunner, type CheckSpec } from '../health/types.js';
import { ConnectionError, findConnectionRow, resolveConnectionRow } from './lookup.js';
import {
  canReadReferences,
  readReference,
  SecretReferenceError,
  type ReferenceKind,
  type SecretReference,
} from './secrets.js';

/**
 * `valueFrom` in check specs (EnvVar fields: username, password, headers, env, tlsConfig,
 * kubeconfig, …): `secretKeyRef` and `configMapKeyRef` are read before the check runs, in the
 * canary's namespace. In cluster mode from the cluster; in embedded mode there is no cluster, so
 * `{name, key}` names a connection of that namespace and one of its fields (username, password,
 * certificate, url or a property) — or the check is refused with the reason.
 */

/** Parts of a spec that are not the check's own fields: manifests to apply, nested checks, templates. */
const SKIP = new Set(['resources', 'staticResources', 'checks', 'display', 'transform', 'test']);

export interface ValueFromOptions {
  pool: pg.Pool;
  namespace: string;
}

function reference(path: string, valueFrom: unknown): SecretReference {
  const from = (valueFrom ?? {}) as Record<string, unknown>;
  const kinds: [string, ReferenceKind][] = [
    ['secretKeyRef', 'secret'],
    ['configMapKeyRef', 'configmap'],
  ];
  for (const [prop, kind] of kinds) {
    const ref = from[prop] as { name?: unknown; key?: unknown } | undefined;
    if (ref === undefined) continue;
    if (typeof ref?.name !== 'string' || !ref.name || typeof ref.key !== 'string' || !ref.key)
      throw new SecretReferenceError(`${path}.valueFrom.${prop} needs a name and a key`);
    return { kind, name: ref.name, key: ref.key };
  }
  const other = Object.keys(from)[0];
  throw new SecretReferenceError(
    other
      ? `${path}.valueFrom.${other} is not supported: use secretKeyRef or configMapKeyRef`
      : `${path}.valueFrom is empty: give a secretKeyRef or a configMapKeyRef`,
  );
}

/** Embedded mode: the field `key` of the connection named `name`. */
async function fromConnection(
  path: string,
  ref: SecretReference,
  o: ValueFromOptions,
): Promise<string> {
  const what = `${path}.valueFrom.${ref.kind === 'secret' ? 'secretKeyRef' : 'configMapKeyRef'} ${o.namespace}/${ref.name}`;
  const row = await findConnectionRow(
    o.pool,
    `connection://${o.namespace}/${ref.name}`,
    o.namespace,
  );
  if (!row || row.namespace !== o.namespace)
    throw new SecretReferenceError(
      `${what} cannot be read: Vigil runs without Kubernetes (embedded mode), so there is no ${ref.kind === 'secret' ? 'Secret' : 'ConfigMap'}; create a connection named ${ref.name} in namespace ${o.namespace} holding ${ref.key}, or give the check connection: connection://${o.namespace}/<name>`,
    );
  let resolved;
  try {
    resolved = await resolveConnectionRow(row);
  } catch (error) {
    if (error instanceof ConnectionError)
      throw new SecretReferenceError(`${what}: ${error.message}`);
    throw error;
  }
  const fields: Record<string, string | undefined> = {
    url: resolved.url,
    username: resolved.username,
    password: resolved.password,
    certificate: resolved.certificate,
    ...resolved.properties,
  };
  const value = fields[ref.key];
  if (value === undefined)
    throw new SecretReferenceError(
      `${what}: connection ${o.namespace}/${ref.name} has no ${ref.key} (use username, password, certificate, url or one of its properties)`,
    );
  return value;
}

async function read(path: string, valueFrom: unknown, o: ValueFromOptions): Promise<string> {
  const ref = reference(path, valueFrom);
  if (!canReadReferences()) return fromConnection(path, ref, o);
  try {
    return await readReference(ref, o.namespace);
  } catch (error) {
    if (error instanceof SecretReferenceError)
      throw new SecretReferenceError(`${path}.valueFrom: ${error.message}`);
    throw error;
  }
}

async function walk(node: unknown, path: string, o: ValueFromOptions): Promise<unknown> {
  if (Array.isArray(node)) {
    const out: unknown[] = [];
    for (const [i, item] of node.entries()) out.push(await walk(item, `${path}[${i}]`, o));
    return out;
  }
  if (!node || typeof node !== 'object') return node;
  const obj = node as Record<string, unknown>;
  if ('valueFrom' in obj && obj.valueFrom !== undefined && obj.valueFrom !== null) {
    const hasValue = typeof obj.value === 'string' && obj.value !== '';
    const { valueFrom, ...rest } = obj;
    // A value given beside it wins, as Kubernetes' EnvVar does not allow both anyway.
    if (hasValue) return rest;
    const label =
      typeof obj.name === 'string' && path.endsWith(']') ? `${path}(${obj.name})` : path;
    return { ...rest, value: await read(label || 'value', valueFrom, o) };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj))
    out[k] = SKIP.has(k) ? v : await walk(v, path ? `${path}.${k}` : k, o);
  return out;
}

/** The spec with every valueFrom read; throws SecretReferenceError saying which and why. */
export async function resolveValueFrom(spec: CheckSpec, o: ValueFromOptions): Promise<CheckSpec> {
  if (!JSON.stringify(spec).includes('"valueFrom"')) return spec;
  return (await walk(spec, '', o)) as CheckSpec;
}

/** The runners, each reading its check's valueFrom fields first (an unreadable one: invalid). */
export function withValueFrom(runners: Record<string, CheckRunner>): Record<string, CheckRunner> {
  const out: Record<string, CheckRunner> = {};
  for (const [type, runner] of Object.entries(runners)) {
    out[type] = async (spec, ctx) => {
      let resolved: CheckSpec;
      try {
        resolved = await resolveValueFrom(spec, {
          pool: ctx.pool,
          namespace: ctx.canary.namespace,
        });
      } catch (error) {
        if (error instanceof SecretReferenceError)
          return [invalidResult(new Date(), error.message)];
        throw error;
      }
      return runner(resolved, ctx);
    };
  }
  return out;
}
