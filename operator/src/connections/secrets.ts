import crypto from 'node:crypto';
import * as k8s from '@kubernetes/client-node';

/**
 * Where connection secrets come from, for the whole process: the encryption key of stored
 * values (crypto.ts), and — in cluster mode — the Kubernetes API that Secret and ConfigMap
 * references are read from. startServer configures it once; until then (unit tests) the key is
 * a random one that lives as long as the process and references cannot be read.
 */

export type ReferenceKind = 'secret' | 'configmap';

export interface SecretReference {
  kind: ReferenceKind;
  name: string;
  key: string;
}

/** Reads one object's data: a key → value map, or undefined when the object does not exist. */
export type ReferenceReader = (
  kind: ReferenceKind,
  namespace: string,
  name: string,
) => Promise<Record<string, string> | undefined>;

/** A value that cannot be resolved; the message says why and what to do. */
export class SecretReferenceError extends Error {}

interface State {
  key: Buffer;
  reader?: ReferenceReader;
}

let state: State | undefined;

export function configureConnectionSecrets(opts: {
  key: Buffer;
  kubeconfig?: k8s.KubeConfig;
  /** Instead of a kubeconfig (tests). */
  reader?: ReferenceReader;
}): void {
  const reader = opts.reader ?? (opts.kubeconfig ? clusterReader(opts.kubeconfig) : undefined);
  state = { key: opts.key, ...(reader ? { reader } : {}) };
}

/** Back to the unconfigured state (tests). */
export function resetConnectionSecrets(): void {
  state = undefined;
}

function current(): State {
  return (state ??= { key: crypto.randomBytes(32) });
}

export function connectionKey(): Buffer {
  return current().key;
}

/** Whether references can be read (Vigil runs with --kubernetes). */
export function canReadReferences(): boolean {
  return current().reader !== undefined;
}

const REFERENCE = /^(secret|configmap):\/\/([^/]+)\/(.+)$/;

/** `secret://<name>/<key>` or `configmap://<name>/<key>`. */
export function parseReference(value: unknown): SecretReference | undefined {
  if (typeof value !== 'string') return undefined;
  const m = REFERENCE.exec(value.trim());
  if (!m) return undefined;
  return { kind: m[1] as ReferenceKind, name: m[2] as string, key: m[3] as string };
}

export function formatReference(ref: SecretReference): string {
  return `${ref.kind}://${ref.name}/${ref.key}`;
}

/** Other reference kinds that may be stored (upstream) but that Vigil does not read. */
export const UNSUPPORTED_REFERENCE = /^(helm|serviceaccount):\/\//;

const describe = (ref: SecretReference, namespace: string) =>
  `${ref.kind === 'secret' ? 'secret' : 'configmap'} ${namespace}/${ref.name}`;

/**
 * The value a reference points at, read from the cluster in the given namespace. In embedded
 * mode (no cluster) it is refused with a reason.
 */
export async function readReference(ref: SecretReference, namespace: string): Promise<string> {
  const reader = current().reader;
  if (!reader)
    throw new SecretReferenceError(
      `${describe(ref, namespace)} (key ${ref.key}) cannot be read: Vigil runs without Kubernetes (embedded mode), so there is no ${ref.kind === 'secret' ? 'Secret' : 'ConfigMap'} to read; store the value itself in the connection`,
    );
  let data: Record<string, string> | undefined;
  try {
    data = await reader(ref.kind, namespace, ref.name);
  } catch (error) {
    throw new SecretReferenceError(
      `${describe(ref, namespace)} could not be read: ${(error as Error).message}`,
    );
  }
  if (!data) throw new SecretReferenceError(`${describe(ref, namespace)} was not found`);
  const value = data[ref.key];
  if (value === undefined)
    throw new SecretReferenceError(`${describe(ref, namespace)} has no key ${ref.key}`);
  return value;
}

const CACHE_MS = 10_000;

/** Reads Secrets and ConfigMaps through the API server, each kept 10 s. */
function clusterReader(kc: k8s.KubeConfig): ReferenceReader {
  const api = kc.makeApiClient(k8s.CoreV1Api);
  const cache = new Map<
    string,
    { at: number; data: Promise<Record<string, string> | undefined> }
  >();
  const read = async (kind: ReferenceKind, namespace: string, name: string) => {
    try {
      if (kind === 'secret') {
        const secret = await api.readNamespacedSecret({ name, namespace });
        const out: Record<string, string> = { ...secret.stringData };
        for (const [k, v] of Object.entries(secret.data ?? {}))
          out[k] = Buffer.from(v, 'base64').toString('utf8');
        return out;
      }
      const map = await api.readNamespacedConfigMap({ name, namespace });
      const out: Record<string, string> = { ...map.data };
      for (const [k, v] of Object.entries(map.binaryData ?? {}))
        out[k] = Buffer.from(v, 'base64').toString('utf8');
      return out;
    } catch (error) {
      const code = (error as { code?: number }).code;
      if (code === 404) return undefined;
      if (code === 403)
        throw new Error(
          `Vigil's service account may not get ${kind === 'secret' ? 'secrets' : 'configmaps'} in ${namespace}`,
          { cause: error },
        );
      throw error;
    }
  };
  return (kind, namespace, name) => {
    const id = `${kind}/${namespace}/${name}`;
    const now = Date.now();
    const hit = cache.get(id);
    if (hit && now - hit.at < CACHE_MS) return hit.data;
    const data = read(kind, namespace, name);
    cache.set(id, { at: now, data });
    data.catch(() => cache.delete(id));
    if (cache.size > 1000) for (const k of [...cache.keys()].slice(0, 500)) cache.delete(k);
    return data;
  };
}
