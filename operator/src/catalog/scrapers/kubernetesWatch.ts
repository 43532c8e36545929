import { setMaxListeners } from 'node:events';
import { Watch } from '@kubernetes/client-node';
import { errorText } from '../../health/runners/sql.js';
import type { ScrapeContext, ScraperOutput, ScraperSpec, ScrapedRelationship } from '../types.js';
import {
  describeKubeError,
  KubeApiError,
  KubeClient,
  resolveKubeConfig,
  servedResources,
  type ApiResource,
  type KubeObject,
} from './kubernetesClient.js';
import {
  deletedItem,
  eventToChange,
  objectItem,
  ownerRelationships,
  servicePods,
} from './kubernetesItems.js';
import { listScope, parseOptions, type KubernetesOptions } from './kubernetesOptions.js';

/**
 * Incremental updates of a kubernetes scraper: a LIST then a WATCH per kind (client-node's Watch),
 * delivering each added or modified object as a one-item ScraperOutput (with its owner and
 * Service→Pod relationships), each deleted one with `deletedAt`, and each new or repeated Event
 * as a change. The first LIST of a kind only primes the watcher (the full scrape owns the
 * initial state); a stream the server ends is resumed from the last resourceVersion, and one
 * that expired (410) is listed again, delivering what changed meanwhile, deletions included.
 * Failures are reported once per streak as `errors` and retried with capped exponential backoff.
 * It runs until the returned function is called or ctx.signal aborts (so give it a signal that
 * lives as long as the watch, not a scrape's timeout).
 */

export interface WatchOptions {
  /** First retry delay (default 1 s); doubles up to maxBackoffMs (default 30 s). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How long the server may keep one watch open before it is renewed (default ~5 min). */
  timeoutSeconds?: number;
}

/** The little the watcher keeps of each object: enough for relationships and deletions. */
type Stub = KubeObject & { metadata: NonNullable<KubeObject['metadata']> };
const stub = (o: KubeObject): Stub => ({
  apiVersion: o.apiVersion,
  kind: o.kind,
  metadata: {
    name: o.metadata?.name,
    namespace: o.metadata?.namespace,
    uid: o.metadata?.uid,
    resourceVersion: o.metadata?.resourceVersion,
    labels: o.metadata?.labels,
  },
  ...(o.kind === 'Service' ? { spec: { selector: o.spec?.selector } } : {}),
});

/** Events already delivered (uid → resourceVersion), so a relist does not repeat them. */
const MAX_EVENTS_REMEMBERED = 20_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

export function watchKubernetes(
  spec: ScraperSpec,
  ctx: ScrapeContext,
  onChange: (output: ScraperOutput) => void,
  options: WatchOptions = {},
): () => void {
  const stop = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stop.signal]);
  // One listener per watched kind (and per pending retry) is expected, not a leak.
  setMaxListeners(100, signal);
  const emit = (out: Partial<ScraperOutput>) => {
    if (signal.aborted) return;
    try {
      onChange({ errors: [], ...out });
    } catch (err) {
      ctx.log.error({ err }, 'kubernetes watch: the change handler failed');
    }
  };
  run(spec, ctx, signal, emit, options).catch((err: unknown) => {
    if (!signal.aborted) emit({ errors: [`the kubernetes watch stopped: ${errorText(err)}`] });
  });
  return () => stop.abort();
}

async function run(
  spec: ScraperSpec,
  ctx: ScrapeContext,
  signal: AbortSignal,
  emit: (out: Partial<ScraperOutput>) => void,
  options: WatchOptions,
) {
  const opts = parseOptions(spec);
  if ('errors' in opts) return emit({ errors: opts.errors });
  const kc = await resolveKubeConfig(spec, ctx);
  if (typeof kc === 'string') return emit({ errors: [kc] });
  const client = new KubeClient(kc, signal);
  const min = options.minBackoffMs ?? 1_000;
  const max = options.maxBackoffMs ?? 30_000;

  // Wait for the cluster before discovery, so an outage is one error, not one per kind.
  for (let delay = min, failing = false; !signal.aborted; delay = Math.min(delay * 2, max)) {
    try {
      await client.get('/version');
      break;
    } catch (err) {
      if (signal.aborted) return;
      if (!failing) emit({ errors: [describeKubeError(err, client.server, 'GET /version')] });
      failing = true;
      await sleep(delay, signal);
    }
  }
  if (signal.aborted) return;
  const served = await servedResources(client, opts.kinds, opts.kindExcluded);
  if (served.errors.length) emit({ errors: served.errors });
  const state = new WatchState(opts, served.resources);
  await Promise.all(
    served.resources.map((res) => {
      const scope = listScope(res, opts);
      return scope ? watchResource(client, res, scope, state, emit, signal, options) : undefined;
    }),
  );
}

/** What the watcher knows across kinds, and how an object or event becomes an output. */
class WatchState {
  private readonly objects = new Map<string, Stub>();
  /** Indexes kept beside `objects`, so one event costs no scan of the whole cluster. */
  private readonly namespaces = new Map<string, string>();
  private readonly services = new Map<string, Stub>();
  private readonly pods = new Map<string, Stub>();
  private readonly excluded = new Set<string>();
  private readonly events = new Map<string, string>();
  private readonly scrapedKinds: Set<string>;

  constructor(
    private readonly opts: KubernetesOptions,
    resources: ApiResource[],
  ) {
    this.scrapedKinds = new Set(resources.filter((r) => r.kind !== 'Event').map((r) => r.kind));
  }

  private readonly namespaceUid = (name: string) => this.namespaces.get(name);

  private put(uid: string, s: Stub | undefined) {
    const index = s?.kind === 'Service' ? this.services : s?.kind === 'Pod' ? this.pods : undefined;
    const old = this.objects.get(uid);
    if (old?.kind === 'Namespace') this.namespaces.delete(old.metadata.name ?? '');
    this.services.delete(uid);
    this.pods.delete(uid);
    if (!s) {
      this.objects.delete(uid);
      return;
    }
    this.objects.set(uid, s);
    index?.set(uid, s);
    if (s.kind === 'Namespace' && s.metadata.name) this.namespaces.set(s.metadata.name, uid);
  }

  /** Objects of one resource the watcher holds (to find deletions after a relist). */
  held(res: ApiResource): Stub[] {
    return [...this.objects.values()].filter(
      (o) => o.kind === res.kind && o.apiVersion === res.apiVersion,
    );
  }

  /** Takes in an object or event; returns what to deliver, or undefined when nothing changed. */
  apply(type: string, o: KubeObject, prime = false): Partial<ScraperOutput> | undefined {
    const uid = o.metadata?.uid;
    if (!uid) return undefined;
    const rv = o.metadata?.resourceVersion;
    if (o.kind === 'Event' && o.apiVersion === 'v1') return this.event(type, o, uid, prime);
    if (this.opts.excluded(o)) {
      if (type === 'DELETED') this.excluded.delete(uid);
      else this.excluded.add(uid);
      this.put(uid, undefined);
      return undefined;
    }
    this.excluded.delete(uid);
    if (type === 'DELETED') {
      this.put(uid, undefined);
      const item = objectItem(o, this.opts.clusterName, this.namespaceUid);
      return prime ? undefined : { items: [deletedItem(item, o)] };
    }
    if (rv && this.objects.get(uid)?.metadata.resourceVersion === rv) return undefined;
    const s = stub(o);
    this.put(uid, s);
    if (prime) return undefined;
    const relationships: ScrapedRelationship[] = ownerRelationships(o, (u) => this.objects.has(u));
    if (o.kind === 'Pod') relationships.push(...servicePods([...this.services.values()], [s]));
    if (o.kind === 'Service') relationships.push(...servicePods([s], [...this.pods.values()]));
    return {
      items: [objectItem(o, this.opts.clusterName, this.namespaceUid)],
      relationships,
    };
  }

  /** A new or repeated Event (by resourceVersion) as a change; deleted events are just gone. */
  private event(type: string, e: KubeObject, uid: string, prime: boolean) {
    const rv = e.metadata?.resourceVersion ?? '';
    if (type === 'DELETED') {
      this.events.delete(uid);
      return undefined;
    }
    if (this.events.get(uid) === rv) return undefined;
    // Re-inserted so the map's order is by last sighting: the oldest go first when it is full.
    this.events.delete(uid);
    this.events.set(uid, rv);
    if (this.events.size > MAX_EVENTS_REMEMBERED)
      this.events.delete(this.events.keys().next().value as string);
    if (prime) return undefined;
    const change = eventToChange(e, this.opts, this.scrapedKinds, (u) => this.excluded.has(u));
    return change ? { changes: [change] } : undefined;
  }
}

type Emit = (out: Partial<ScraperOutput>) => void;

/** LIST then WATCH one resource until stopped, resuming and relisting as needed. */
async function watchResource(
  client: KubeClient,
  res: ApiResource,
  scope: NonNullable<ReturnType<typeof listScope>>,
  state: WatchState,
  emit: Emit,
  signal: AbortSignal,
  options: WatchOptions,
) {
  const min = options.minBackoffMs ?? 1_000;
  const max = options.maxBackoffMs ?? 30_000;
  let delay = min;
  let failing = false;
  let primed = false;
  let rv = '';
  while (!signal.aborted) {
    const started = Date.now();
    let delivered = 0;
    try {
      if (!rv) {
        const list = await client.list(res, scope);
        relist(res, list.items, state, emit, !primed);
        primed = true;
        rv = list.resourceVersion;
      }
      const end = await stream(client, res, scope, rv, signal, options, (type, o) => {
        delivered++;
        const out = state.apply(type, o);
        if (out) emit(out);
      });
      rv = end.expired ? '' : end.resourceVersion;
      failing = false;
      // A server that ends streams at once would otherwise be asked again in a tight loop.
      if (delivered > 0 || Date.now() - started > 1_000) delay = min;
      else await sleep((delay = Math.min(delay * 2, max)), signal);
    } catch (err) {
      if (signal.aborted) return;
      if (!failing) {
        const what = `watching ${res.kind} (${res.apiVersion})`;
        emit({ errors: [describeKubeError(err, client.server, what)] });
      }
      failing = true;
      // A 410 while listing a continue token, or any client error, starts over from a LIST.
      if (err instanceof KubeApiError) rv = '';
      await sleep(delay, signal);
      delay = Math.min(delay * 2, max);
    }
  }
}

/** After a fresh LIST: prime quietly the first time, else deliver what changed meanwhile. */
function relist(
  res: ApiResource,
  items: KubeObject[],
  state: WatchState,
  emit: Emit,
  prime: boolean,
) {
  const seen = new Set(items.map((o) => o.metadata?.uid));
  const gone = prime ? [] : state.held(res).filter((o) => !seen.has(o.metadata.uid));
  for (const o of items) {
    const out = state.apply('MODIFIED', o, prime);
    if (out) emit(out);
  }
  for (const o of gone) {
    const out = state.apply('DELETED', o);
    if (out) emit(out);
  }
}

/** One watch stream; resolves with the last resourceVersion when the server ends it. */
function stream(
  client: KubeClient,
  res: ApiResource,
  scope: NonNullable<ReturnType<typeof listScope>>,
  resourceVersion: string,
  signal: AbortSignal,
  options: WatchOptions,
  onEvent: (type: string, o: KubeObject) => void,
): Promise<{ resourceVersion: string; expired: boolean }> {
  return new Promise((resolve, reject) => {
    let last = resourceVersion;
    let expired = false;
    let failure: string | undefined;
    let controller: AbortController | undefined;
    const abort = () => controller?.abort();
    signal.addEventListener('abort', abort, { once: true });
    // Spread the renewals of many watches: 5 min give or take 30 s, as client-go does.
    const timeoutSeconds = options.timeoutSeconds ?? 270 + Math.floor(Math.random() * 60);
    const query = {
      resourceVersion,
      allowWatchBookmarks: true,
      timeoutSeconds,
      labelSelector: scope.labelSelector,
      fieldSelector: scope.fieldSelector,
    };
    const onLine = (type: string, obj: KubeObject & { code?: number; message?: string }) => {
      if (type === 'ERROR') {
        if (obj?.code === 410) expired = true;
        else failure = `HTTP ${obj?.code ?? '?'}: ${obj?.message ?? 'watch error'}`;
        return;
      }
      const rv = obj?.metadata?.resourceVersion;
      if (rv) last = rv;
      if (type === 'BOOKMARK' || !obj) return;
      onEvent(type, { ...obj, apiVersion: res.apiVersion, kind: res.kind });
    };
    const done = (err: unknown) => {
      signal.removeEventListener('abort', abort);
      if (signal.aborted) return resolve({ resourceVersion: last, expired });
      if (failure) return reject(new KubeApiError(500, failure));
      if (err) {
        const code = (err as { statusCode?: unknown }).statusCode;
        return reject(
          typeof code === 'number'
            ? new KubeApiError(code, `HTTP ${code}: ${errorText(err)}`)
            : err,
        );
      }
      resolve({ resourceVersion: last, expired });
    };
    new Watch(client.kc)
      .watch(KubeClient.path(res, scope.namespace), query, onLine, done)
      .then((c) => {
        controller = c;
        if (signal.aborted) c.abort();
      }, reject);
  });
}
