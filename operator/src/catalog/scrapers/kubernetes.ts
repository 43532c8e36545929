import type { Scraper, ScraperOutput } from '../types.js';
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
  clusterItem,
  eventToChange,
  namespaceUids,
  objectItem,
  ownerRelationships,
  servicePods,
} from './kubernetesItems.js';
import { listScope, parseOptions } from './kubernetesOptions.js';

export { watchKubernetes, type WatchOptions } from './kubernetesWatch.js';

/**
 * kubernetes scraper (crds.md §3.3): one item per object of the default kinds (Namespace,
 * Deployment, ReplicaSet, Pod, Service, ConfigMap, and Node when the cluster serves it) and of the
 * `watch` kinds, plus one `Kubernetes::Cluster` item named `clusterName` that parents the
 * namespaces and cluster-scoped objects. Items are fully formed (see kubernetesItems.ts);
 * ownerReferences and Service selectors become relationships, Events become changes of the
 * objects they are about. `namespace`, `selector`, `fieldSelector` narrow the lists;
 * `exclusions` and `event.exclusions` drop objects and events after listing; `since` leaves out
 * older events; `maxInflight` bounds concurrent lists. An unreachable cluster, a failed list or a
 * bad field is an entry in `errors`, never a throw. `relationships` (Lookup rules) and `scope`
 * are not implemented yet: they are logged as ignored; `useCache` and `allowIncomplete` change
 * nothing here (every scrape lists afresh, and a partial scrape always reports its errors).
 */
export const kubernetesScraper: Scraper = async (spec, ctx) => {
  const opts = parseOptions(spec);
  if ('errors' in opts) return { errors: opts.errors };
  for (const field of ['relationships', 'scope'])
    if (spec[field] !== undefined && spec[field] !== '')
      ctx.log.warn({ scraper: ctx.scraper.name, field }, 'kubernetes scraper: field ignored');
  const kc = await resolveKubeConfig(spec, ctx);
  if (typeof kc === 'string') return { errors: [kc] };
  const client = new KubeClient(kc, ctx.signal);
  const cancelled = (): ScraperOutput => ({
    errors: [`the scrape of ${client.server} was cancelled before it finished`],
  });

  // /version first: it answers anyone, so a failure here means the server is not there.
  let version: string | undefined;
  try {
    version = (await client.get<{ gitVersion?: string }>('/version')).gitVersion;
  } catch (err) {
    if (ctx.signal.aborted) return cancelled();
    if (!(err instanceof KubeApiError))
      return { errors: [describeKubeError(err, client.server, 'GET /version')] };
  }

  const served = await servedResources(client, opts.kinds, opts.kindExcluded);
  const errors = new Set(served.errors);
  const listed = new Map<ApiResource, KubeObject[]>();
  await inPool(served.resources, opts.maxInflight, async (res) => {
    const scope = listScope(res, opts);
    if (!scope) return;
    try {
      listed.set(res, (await client.list(res, scope)).items);
    } catch (err) {
      errors.add(describeKubeError(err, client.server, `listing ${res.kind} (${res.apiVersion})`));
    }
  });
  if (ctx.signal.aborted) return cancelled();

  const all = [...listed.entries()].flatMap(([res, items]) => (res.kind === 'Event' ? [] : items));
  const objects = all.filter((o) => !opts.excluded(o));
  const excludedUids = new Set(all.filter((o) => opts.excluded(o)).map((o) => o.metadata?.uid));
  const uids = new Set(objects.map((o) => o.metadata?.uid));
  const namespaceUid = namespaceUids(objects);
  const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const events = [...listed.entries()].flatMap(([res, items]) =>
    res.kind === 'Event' ? items : [],
  );
  const scraped = new Set(served.resources.filter((r) => r.kind !== 'Event').map((r) => r.kind));

  return {
    items: [
      clusterItem(opts.clusterName, client.server, version),
      ...objects.map((o) => objectItem(o, opts.clusterName, namespaceUid)),
    ],
    relationships: [
      ...objects.flatMap((o) => ownerRelationships(o, (uid) => uids.has(uid))),
      ...servicePods(ofKind('Service'), ofKind('Pod')),
    ],
    changes: events.flatMap((e) => {
      const change = eventToChange(e, opts, scraped, (uid) => excludedUids.has(uid));
      return change ? [change] : [];
    }),
    errors: [...errors],
  };
};

/** Runs `work` over the list with at most `limit` calls in flight (maxInflight). */
async function inPool<T>(list: T[], limit: number, work: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < list.length) await work(list[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}
