/**
 * A loopback Kubernetes API server for tests, on plain node:http: discovery, LIST (label and
 * field selectors, resourceVersion, limit/continue paging), GET of one object and WATCH
 * (newline-delimited JSON events that honour resourceVersion, 410 once it is compacted away).
 * Tests change the cluster through the programmatic API (create/update/delete), which bumps
 * resourceVersions and feeds every open watch, the way a real API server would. Writes over HTTP
 * are refused: nothing under test should write to a cluster it scrapes.
 *
 * Real @kubernetes/client-node 1.4 talks to it with the kubeconfig from `kubeconfig()` (an
 * http:// server needs `insecure-skip-tls-verify: true`, the client refuses plain HTTP otherwise).
 * Bounded: at most MAX_OBJECTS objects, MAX_WATCHES open watches and HISTORY watch events kept;
 * it listens on 127.0.0.1 only and `close()` ends every stream.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import {
  matchRequirements,
  parseLabelSelector,
  SelectorError,
  type Requirement,
} from '../../operator/src/labelSelector.js';

export { seedWorkload, type SeededWorkload } from './fakeKubeSeed.js';

export interface FakeResource {
  /** '' for the core group. */
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

export interface FakeObject {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    generation?: number;
    creationTimestamp?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    ownerReferences?: {
      apiVersion: string;
      kind: string;
      name: string;
      uid: string;
      controller?: boolean;
    }[];
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface ObjectRef {
  kind: string;
  name: string;
  namespace?: string;
}

export const DEFAULT_RESOURCES: readonly FakeResource[] = [
  { group: '', version: 'v1', kind: 'Namespace', plural: 'namespaces', namespaced: false },
  { group: '', version: 'v1', kind: 'Pod', plural: 'pods', namespaced: true },
  { group: '', version: 'v1', kind: 'Service', plural: 'services', namespaced: true },
  { group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true },
  { group: '', version: 'v1', kind: 'Event', plural: 'events', namespaced: true },
  { group: 'apps', version: 'v1', kind: 'Deployment', plural: 'deployments', namespaced: true },
  { group: 'apps', version: 'v1', kind: 'ReplicaSet', plural: 'replicasets', namespaced: true },
];

/** A Node resource, for tests that want the cluster to serve nodes (the default does not). */
export const NODE_RESOURCE: FakeResource = {
  group: '',
  version: 'v1',
  kind: 'Node',
  plural: 'nodes',
  namespaced: false,
};

export interface FakeKubeApiOptions {
  /** Bearer token every request must carry (default `fake-kube-token`). */
  token?: string;
  /** Resources served besides DEFAULT_RESOURCES (e.g. NODE_RESOURCE, a CRD). */
  resources?: FakeResource[];
  /** The most items one LIST page holds, whatever `limit` asks (to exercise paging). */
  maxPageSize?: number;
  /** Answers every request but watches this much later (to observe concurrency). */
  latencyMs?: number;
}

export interface FakeKubeApi {
  /** `http://127.0.0.1:<port>` */
  url: string;
  token: string;
  /** A kubeconfig YAML for this server (and a bad token when given one). */
  kubeconfig(token?: string): string;
  /** Stores a new object (uid, resourceVersion, creationTimestamp filled in); emits ADDED. */
  create(obj: FakeObject): FakeObject;
  /** Changes a stored object in place; emits MODIFIED. */
  update(ref: ObjectRef, mutate: (obj: FakeObject) => void): FakeObject;
  /** Removes an object; emits DELETED. */
  delete(ref: ObjectRef): FakeObject;
  get(ref: ObjectRef): FakeObject | undefined;
  list(kind: string, namespace?: string): FakeObject[];
  /** The current resourceVersion of the cluster. */
  resourceVersion(): string;
  /** Forgets the watch history: a watch from an older resourceVersion gets 410 Expired. */
  compact(): void;
  /** Ends every open watch from the server side (clients should reconnect). */
  dropWatches(): void;
  /** Open watch streams. */
  watchCount(): number;
  /** The most requests (watches aside) that were in flight at once. */
  peakInflight(): number;
  /** `METHOD path?query` of the last requests (at most 1000), oldest first. */
  requests: string[];
  close(): Promise<void>;
}

const MAX_OBJECTS = 10_000;
const MAX_WATCHES = 64;
const HISTORY = 2_000;
const MAX_WATCH_SECONDS = 3_600;

type WatchType = 'ADDED' | 'MODIFIED' | 'DELETED';
interface HistoryEntry {
  rv: number;
  type: WatchType;
  res: FakeResource;
  object: FakeObject;
  previous?: FakeObject;
}
interface Watcher {
  res: FakeResource;
  matches(o: FakeObject): boolean;
  out: http.ServerResponse;
}

const apiVersionOf = (r: FakeResource) => (r.group ? `${r.group}/${r.version}` : r.version);
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const clone = <T>(o: T): T => structuredClone(o);

class StatusError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

const statusBody = (code: number, reason: string, message: string) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message,
  reason,
  code,
});

/** A dotted path of the object as text ("" when missing), as field selectors compare it. */
function fieldValue(o: FakeObject, path: string): string {
  let cur: unknown = o;
  for (const part of path.split('.')) {
    if (!cur || typeof cur !== 'object') return '';
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur === undefined || cur === null ? '' : String(cur);
}

type FieldTerm = { path: string; value: string; negate: boolean };

/**
 * `a.b=x,c!=y`. A real API server supports a few fields per kind (metadata.name and
 * metadata.namespace everywhere); this one takes any dotted path, which is a superset.
 */
function parseFieldSelector(s: string): FieldTerm[] {
  return s
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((term) => {
      const m = /^([A-Za-z0-9_.]+)\s*(==|=|!=)\s*(.*)$/.exec(term);
      if (!m) throw new StatusError(400, 'BadRequest', `invalid field selector: "${term}"`);
      return { path: m[1] as string, value: m[3] as string, negate: m[2] === '!=' };
    });
}

function selectorFor(
  query: URLSearchParams,
  res: FakeResource,
  namespace: string | undefined,
): (o: FakeObject) => boolean {
  let labels: Requirement[] = [];
  try {
    labels = parseLabelSelector(query.get('labelSelector') ?? '');
  } catch (err) {
    if (err instanceof SelectorError) throw new StatusError(400, 'BadRequest', err.message);
    throw err;
  }
  const fields = parseFieldSelector(query.get('fieldSelector') ?? '');
  return (o) =>
    (!res.namespaced || !namespace || o.metadata.namespace === namespace) &&
    matchRequirements(labels, o.metadata.labels) &&
    fields.every((f) => (fieldValue(o, f.path) === f.value) !== f.negate);
}

export async function startFakeKubeApi(opts: FakeKubeApiOptions = {}): Promise<FakeKubeApi> {
  const token = opts.token ?? 'fake-kube-token';
  const resources = [...DEFAULT_RESOURCES, ...(opts.resources ?? [])];
  const objects = new Map<string, FakeObject>();
  const history: HistoryEntry[] = [];
  const watchers = new Set<Watcher>();
  const requests: string[] = [];
  let rv = 1000;
  let compactedRv = rv;
  let inflight = 0;
  let peak = 0;

  const resourceOf = (kind: string) => {
    const res = resources.find((r) => r.kind === kind);
    if (!res) throw new Error(`the fake API serves no ${kind}`);
    return res;
  };
  const keyOf = (res: FakeResource, namespace: string | undefined, name: string) =>
    `${apiVersionOf(res)}/${res.plural}/${res.namespaced ? (namespace ?? '') : ''}/${name}`;
  const sortKey = (o: FakeObject) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
  const ofResource = (res: FakeResource) =>
    [...objects.values()]
      .filter((o) => o.kind === res.kind && o.apiVersion === apiVersionOf(res))
      .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));

  const send = (w: Watcher, type: string, object: unknown) =>
    w.out.write(`${JSON.stringify({ type, object })}\n`);

  /** What a watcher with a selector sees: an object leaving its selection is DELETED to it. */
  function deliver(w: Watcher, e: HistoryEntry) {
    if (w.res !== e.res) return;
    const after = w.matches(e.object);
    const before = e.previous ? w.matches(e.previous) : false;
    if (e.type === 'MODIFIED') {
      if (after && before) send(w, 'MODIFIED', e.object);
      else if (after) send(w, 'ADDED', e.object);
      else if (before) send(w, 'DELETED', e.object);
    } else if (after) send(w, e.type, e.object);
  }

  function record(type: WatchType, res: FakeResource, object: FakeObject, previous?: FakeObject) {
    const entry: HistoryEntry = { rv, type, res, object: clone(object), previous };
    history.push(entry);
    while (history.length > HISTORY) compactedRv = (history.shift() as HistoryEntry).rv;
    for (const w of watchers) deliver(w, entry);
  }

  const api: FakeKubeApi = {
    url: '',
    token,
    requests,
    kubeconfig: (t = token) => `apiVersion: v1
kind: Config
clusters:
- name: fake
  cluster:
    server: ${api.url}
    # client-node talks plain http only with this set.
    insecure-skip-tls-verify: true
users:
- name: tester
  user:
    token: ${t}
contexts:
- name: fake
  context:
    cluster: fake
    user: tester
current-context: fake
`,
    create(obj) {
      const res = resourceOf(obj.kind ?? '');
      if (res.namespaced && !obj.metadata.namespace)
        throw new Error(`${res.kind} ${obj.metadata.name} needs a namespace`);
      const key = keyOf(res, obj.metadata.namespace, obj.metadata.name);
      if (objects.has(key)) throw new Error(`${key} already exists`);
      if (objects.size >= MAX_OBJECTS) throw new Error(`the fake API holds ${MAX_OBJECTS} objects`);
      const stored = clone(obj);
      stored.apiVersion = apiVersionOf(res);
      rv++;
      stored.metadata.uid ??= crypto.randomUUID();
      stored.metadata.resourceVersion = String(rv);
      stored.metadata.creationTimestamp ??= now();
      if ('spec' in stored) stored.metadata.generation ??= 1;
      objects.set(key, stored);
      record('ADDED', res, stored);
      return clone(stored);
    },
    update(ref, mutate) {
      const res = resourceOf(ref.kind);
      const key = keyOf(res, ref.namespace, ref.name);
      const current = objects.get(key);
      if (!current) throw new Error(`${key} does not exist`);
      const next = clone(current);
      mutate(next);
      // Identity is the server's, whatever the mutation did.
      next.apiVersion = current.apiVersion;
      next.kind = current.kind;
      next.metadata = {
        ...next.metadata,
        name: current.metadata.name,
        namespace: current.metadata.namespace,
        uid: current.metadata.uid,
        creationTimestamp: current.metadata.creationTimestamp,
      };
      if (JSON.stringify(next.spec) !== JSON.stringify(current.spec) && 'spec' in next)
        next.metadata.generation = (current.metadata.generation ?? 0) + 1;
      rv++;
      next.metadata.resourceVersion = String(rv);
      objects.set(key, next);
      record('MODIFIED', res, next, clone(current));
      return clone(next);
    },
    delete(ref) {
      const res = resourceOf(ref.kind);
      const key = keyOf(res, ref.namespace, ref.name);
      const current = objects.get(key);
      if (!current) throw new Error(`${key} does not exist`);
      objects.delete(key);
      rv++;
      const gone = {
        ...clone(current),
        metadata: { ...current.metadata, resourceVersion: String(rv) },
      };
      record('DELETED', res, gone);
      return clone(gone);
    },
    get(ref) {
      const o = objects.get(keyOf(resourceOf(ref.kind), ref.namespace, ref.name));
      return o && clone(o);
    },
    list: (kind, namespace) =>
      ofResource(resourceOf(kind))
        .filter((o) => !namespace || o.metadata.namespace === namespace)
        .map(clone),
    resourceVersion: () => String(rv),
    compact() {
      history.length = 0;
      compactedRv = rv;
    },
    dropWatches() {
      for (const w of watchers) w.out.end();
      watchers.clear();
    },
    watchCount: () => watchers.size,
    peakInflight: () => peak,
    close: async () => {
      api.dropWatches();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };

  function discovery(path: string): unknown {
    if (path === '/version')
      return {
        major: '1',
        minor: '31',
        gitVersion: 'v1.31.0-fake',
        gitCommit: '0000000',
        gitTreeState: 'clean',
        buildDate: '2026-01-01T00:00:00Z',
        goVersion: 'go1.22.0',
        compiler: 'gc',
        platform: 'linux/amd64',
      };
    if (path === '/api')
      return {
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }],
      };
    const groups = [...new Set(resources.filter((r) => r.group).map((r) => r.group))];
    const groupVersions = (g: string) =>
      [...new Set(resources.filter((r) => r.group === g).map((r) => r.version))].map((v) => ({
        groupVersion: `${g}/${v}`,
        version: v,
      }));
    const group = (g: string) => ({
      name: g,
      versions: groupVersions(g),
      preferredVersion: groupVersions(g)[0],
    });
    if (path === '/apis')
      return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map(group) };
    const g = /^\/apis\/([^/]+)$/.exec(path);
    if (g && groups.includes(g[1] as string))
      return { kind: 'APIGroup', apiVersion: 'v1', ...group(g[1] as string) };
    const gv = path === '/api/v1' ? 'v1' : /^\/apis\/([^/]+\/[^/]+)$/.exec(path)?.[1];
    const served = resources.filter((r) => apiVersionOf(r) === gv);
    if (!gv || served.length === 0) return undefined;
    return {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: gv,
      resources: served.map((r) => ({
        name: r.plural,
        singularName: r.kind.toLowerCase(),
        namespaced: r.namespaced,
        kind: r.kind,
        verbs: ['get', 'list', 'watch'],
      })),
    };
  }

  /** `/api/v1/...` or `/apis/<group>/<version>/...` into a resource, namespace and name. */
  function route(path: string) {
    const m = /^\/api\/v1\/(.+)$/.exec(path) ?? /^\/apis\/([^/]+\/[^/]+)\/(.+)$/.exec(path);
    if (!m) return undefined;
    const gv = m.length === 3 ? (m[1] as string) : 'v1';
    const parts = (m.length === 3 ? (m[2] as string) : (m[1] as string)).split('/');
    let namespace: string | undefined;
    if (parts[0] === 'namespaces' && parts.length >= 3) {
      namespace = parts[1];
      parts.splice(0, 2);
    }
    if (parts.length > 2) return undefined;
    const res = resources.find((r) => apiVersionOf(r) === gv && r.plural === parts[0]);
    if (!res || (namespace !== undefined && !res.namespaced)) return undefined;
    return { res, namespace, name: parts[1] };
  }

  function listBody(res: FakeResource, namespace: string | undefined, q: URLSearchParams) {
    const match = selectorFor(q, res, namespace);
    const asked = q.get('resourceVersion');
    if (asked && asked !== '0') {
      if (!/^\d+$/.test(asked))
        throw new StatusError(400, 'BadRequest', `invalid resourceVersion "${asked}"`);
      if (Number(asked) > rv)
        throw new StatusError(
          504,
          'Timeout',
          `Too large resource version: ${asked}, current: ${rv}`,
        );
    }
    let listRv = String(rv);
    let after = '';
    const token = q.get('continue');
    if (token) {
      try {
        const parsed = JSON.parse(Buffer.from(token, 'base64url').toString()) as {
          rv: string;
          after: string;
        };
        listRv = parsed.rv;
        after = parsed.after;
      } catch {
        throw new StatusError(400, 'BadRequest', 'invalid continue token');
      }
    }
    const all = ofResource(res).filter((o) => match(o) && sortKey(o) > after);
    const limit = Math.min(
      Number(q.get('limit')) > 0 ? Number(q.get('limit')) : Infinity,
      opts.maxPageSize ?? Infinity,
    );
    const page = all.slice(0, limit);
    const more = all.length > page.length;
    const last = page[page.length - 1];
    return {
      kind: `${res.kind}List`,
      apiVersion: apiVersionOf(res),
      metadata: {
        resourceVersion: listRv,
        ...(more && last
          ? {
              continue: Buffer.from(JSON.stringify({ rv: listRv, after: sortKey(last) })).toString(
                'base64url',
              ),
              remainingItemCount: all.length - page.length,
            }
          : {}),
      },
      // A real API server leaves kind and apiVersion out of list items.
      items: page.map(({ kind: _k, apiVersion: _a, ...rest }) => rest),
    };
  }

  function watch(
    res: FakeResource,
    namespace: string | undefined,
    q: URLSearchParams,
    out: http.ServerResponse,
  ) {
    if (watchers.size >= MAX_WATCHES)
      throw new StatusError(429, 'TooManyRequests', `the fake API allows ${MAX_WATCHES} watches`);
    const w: Watcher = { res, matches: selectorFor(q, res, namespace), out };
    const asked = q.get('resourceVersion');
    if (asked && asked !== '0' && !/^\d+$/.test(asked))
      throw new StatusError(400, 'BadRequest', `invalid resourceVersion "${asked}"`);
    out.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
    // Without this, Node holds the headers until the first event and clients hang (probe.md).
    out.flushHeaders();
    if (asked && asked !== '0' && Number(asked) < compactedRv) {
      send(
        w,
        'ERROR',
        statusBody(410, 'Expired', `too old resource version: ${asked} (${compactedRv})`),
      );
      out.end();
      return;
    }
    if (!asked || asked === '0') {
      for (const o of ofResource(res)) if (w.matches(o)) send(w, 'ADDED', o);
    } else {
      for (const e of history) if (e.rv > Number(asked)) deliver(w, e);
    }
    watchers.add(w);
    const seconds = Math.min(
      Number(q.get('timeoutSeconds')) || MAX_WATCH_SECONDS,
      MAX_WATCH_SECONDS,
    );
    const timer = setTimeout(() => out.end(), seconds * 1000);
    const forget = () => {
      clearTimeout(timer);
      watchers.delete(w);
    };
    out.on('close', forget);
    out.on('finish', forget);
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const u = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${u.pathname}${u.search}`);
    if (requests.length > 1000) requests.shift();
    const json = (code: number, body: unknown) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.headers.authorization !== `Bearer ${token}`)
        throw new StatusError(401, 'Unauthorized', 'Unauthorized');
      if (req.method !== 'GET')
        throw new StatusError(405, 'MethodNotAllowed', 'the fake API is read-only over HTTP');
      const found = discovery(u.pathname);
      if (found) return json(200, found);
      const r = route(u.pathname);
      if (!r)
        throw new StatusError(404, 'NotFound', 'the server could not find the requested resource');
      const isWatch = ['true', '1'].includes(u.searchParams.get('watch') ?? '');
      if (r.name && !isWatch) {
        const o = objects.get(keyOf(r.res, r.namespace, r.name));
        if (!o) throw new StatusError(404, 'NotFound', `${r.res.plural} "${r.name}" not found`);
        return json(200, o);
      }
      if (isWatch) return watch(r.res, r.namespace, u.searchParams, res);
      return json(200, listBody(r.res, r.namespace, u.searchParams));
    } catch (err) {
      if (!(err instanceof StatusError)) throw err;
      if (res.headersSent) return res.end();
      json(err.code, statusBody(err.code, err.reason, err.message));
    }
  }

  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      handle(req, res);
    } catch (err) {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(statusBody(500, 'InternalError', String(err))));
    }
  };
  const server = http.createServer((req, res) => {
    if (!opts.latencyMs || /[?&]watch=(true|1)/.test(req.url ?? '')) return serve(req, res);
    peak = Math.max(peak, ++inflight);
    setTimeout(() => {
      inflight--;
      serve(req, res);
    }, opts.latencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return api;
}
