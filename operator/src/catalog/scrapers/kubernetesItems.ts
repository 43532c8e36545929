import { healthStatus } from '../../health/runners/kubernetes.js';
import type { ItemRef, ScrapedChange, ScrapedItem, ScrapedRelationship } from '../types.js';
import type { KubeObject } from './kubernetesClient.js';
import type { KubernetesOptions } from './kubernetesOptions.js';

/**
 * Kubernetes objects as catalog items, relationships and changes. Shared by the full scrape and
 * the watcher, so both describe one object the same way.
 */

export const typeOf = (kind: string) => `Kubernetes::${kind}`;
/** The name-based id every object is also known by (cluster-scoped objects have `//`). */
export const aliasOf = (kind: string, namespace: string | undefined, name: string) =>
  `Kubernetes/${kind}/${namespace ?? ''}/${name}`;
export const clusterRef = (clusterName: string): ItemRef => ({
  externalId: `Kubernetes/Cluster/${clusterName}`,
  type: typeOf('Cluster'),
});

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const date = (v: unknown) => {
  const d = typeof v === 'string' ? new Date(v) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
};

/**
 * The object as stored: without managedFields and the last-applied annotation (bookkeeping that
 * repeats the object), and without resourceVersion, which changes on every write and would put
 * itself into every diff the engine records.
 */
export function configOf(o: KubeObject): KubeObject {
  const c = structuredClone(o);
  if (c.metadata) {
    const { managedFields: _m, resourceVersion: _r, ...metadata } = c.metadata;
    if (metadata.annotations) {
      const { [LAST_APPLIED]: _l, ...annotations } = metadata.annotations;
      if (Object.keys(annotations).length) metadata.annotations = annotations;
      else delete metadata.annotations;
    }
    c.metadata = metadata;
  }
  return c;
}

const PRESSURE = ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable'];

/**
 * Health, status and readiness, with the rules the kubernetes health check uses
 * (health/runners/kubernetes.ts `healthStatus`), so a Pod is judged the same everywhere:
 * - Pod: deleting → unknown/Terminating; Succeeded → healthy/Completed; Failed → unhealthy; a
 *   container waiting in CrashLoopBackOff, ImagePullBackOff, ErrImagePull, … → unhealthy with
 *   that reason; Pending → unknown; Running and Ready → healthy; Running, not Ready → warning.
 * - Deployment: ReplicaFailure or Progressing=False → unhealthy; 0 replicas wanted → healthy
 *   "Scaled to Zero"; ready and available ≥ wanted (and up to date) → healthy/Running; a rollout
 *   in progress → unknown/Updating; some ready → warning/Degraded; none → unhealthy/Degraded.
 * - ReplicaSet (and StatefulSet, DaemonSet): ready replicas against wanted, as above.
 * - Namespace and anything with a phase: Active/Bound/Running/… → healthy, Failed/Lost → unhealthy,
 *   others (Terminating) → unknown. Anything with a Ready condition (Node, most CRDs) follows it.
 * - Node, besides Ready: cordoned, or a pressure condition True → warning with that status.
 * - Objects that report nothing (Service, ConfigMap) → healthy, without a status.
 */
export function healthOf(o: KubeObject): Pick<ScrapedItem, 'health' | 'status' | 'ready'> {
  const h = healthStatus(o);
  const out = { health: h.health, status: h.status || undefined, ready: h.ready };
  if (o.kind === 'Node' && h.health === 'healthy') {
    const conditions = (Array.isArray(o.status?.conditions) ? o.status.conditions : []) as {
      type?: string;
      status?: string;
    }[];
    const pressure = conditions.find((c) => PRESSURE.includes(c.type ?? '') && c.status === 'True');
    if (pressure) return { ...out, health: 'warning', status: pressure.type };
    if (o.spec?.unschedulable === true)
      return { ...out, health: 'warning', status: 'SchedulingDisabled' };
  }
  return out;
}

/** The one item standing for the cluster: parent of its namespaces and cluster-scoped objects. */
export function clusterItem(clusterName: string, server: string, version?: string): ScrapedItem {
  return {
    ...clusterRef(clusterName),
    type: typeOf('Cluster'),
    class: 'Cluster',
    name: clusterName,
    config: { name: clusterName, server, ...(version ? { version } : {}) },
    health: 'healthy',
    status: 'Online',
    ready: true,
    tags: { cluster: clusterName },
  };
}

export function objectItem(
  o: KubeObject,
  clusterName: string,
  namespaceUid: (name: string) => string | undefined,
): ScrapedItem {
  const kind = o.kind ?? 'Unknown';
  const m = o.metadata ?? {};
  const name = m.name ?? '';
  const ns = kind === 'Namespace' ? name : m.namespace;
  let parent: ItemRef;
  if (m.namespace) {
    const uid = namespaceUid(m.namespace);
    parent = {
      externalId: uid ?? aliasOf('Namespace', undefined, m.namespace),
      type: typeOf('Namespace'),
    };
  } else parent = clusterRef(clusterName);
  return {
    externalId: m.uid ?? aliasOf(kind, m.namespace, name),
    aliases: [aliasOf(kind, m.namespace, name)],
    name,
    type: typeOf(kind),
    class: kind,
    config: configOf(o),
    ...healthOf(o),
    labels: { ...(m.labels ?? {}) },
    tags: { cluster: clusterName, ...(ns ? { namespace: ns } : {}) },
    parent,
    createdAt: date(m.creationTimestamp),
  };
}

/** The item as gone: the watcher saw it deleted. */
export function deletedItem(item: ScrapedItem, o: KubeObject): ScrapedItem {
  return {
    ...item,
    deletedAt: date(o.metadata?.deletionTimestamp) ?? new Date(),
    deleteReason: 'deleted',
  };
}

/** Owner → object, named `<OwnerKind><Kind>` (DeploymentReplicaSet, ReplicaSetPod, JobPod, …). */
export function ownerRelationships(
  o: KubeObject,
  known: (uid: string) => boolean,
): ScrapedRelationship[] {
  const uid = o.metadata?.uid;
  if (!uid || !o.kind) return [];
  return (o.metadata?.ownerReferences ?? [])
    .filter((r) => r.uid && r.kind && known(r.uid))
    .map((r) => ({
      from: { externalId: r.uid as string, type: typeOf(r.kind as string) },
      to: { externalId: uid, type: typeOf(o.kind as string) },
      relation: `${r.kind}${o.kind}`,
    }));
}

/** Service → Pod for each Pod of the Service's namespace its selector matches (`ServicePod`). */
export function servicePods(services: KubeObject[], pods: KubeObject[]): ScrapedRelationship[] {
  const out: ScrapedRelationship[] = [];
  for (const s of services) {
    const selector = Object.entries(record(s.spec?.selector));
    // No selector (ExternalName, manual Endpoints) selects nothing, not everything.
    if (!s.metadata?.uid || selector.length === 0) continue;
    for (const p of pods) {
      if (!p.metadata?.uid || p.metadata.namespace !== s.metadata.namespace) continue;
      if (selector.every(([k, v]) => p.metadata?.labels?.[k] === v))
        out.push({
          from: { externalId: s.metadata.uid, type: typeOf('Service') },
          to: { externalId: p.metadata.uid, type: typeOf('Pod') },
          relation: 'ServicePod',
        });
    }
  }
  return out;
}

/** Severities of Event changes; keywords outrank the event's own type. */
/** On the catalog's change scale (info < low < medium < high < critical). */
export const EVENT_SEVERITY = { error: 'high', warn: 'medium', info: 'info' } as const;

export function eventSeverity(e: KubeObject, keywords: KubernetesOptions['severityKeywords']) {
  const texts = [str(e.reason), str(e.message)].filter((t): t is string => !!t);
  const hit = (res: RegExp[]) => res.some((r) => texts.some((t) => r.test(t)));
  if (hit(keywords.error)) return EVENT_SEVERITY.error;
  if (hit(keywords.warn)) return EVENT_SEVERITY.warn;
  return e.type === 'Warning' ? EVENT_SEVERITY.warn : EVENT_SEVERITY.info;
}

/** When the event last happened: a repeated event moves forward with its count. */
export const eventTime = (e: KubeObject) =>
  date(e.lastTimestamp) ??
  date(e.eventTime) ??
  date(e.firstTimestamp) ??
  date(e.metadata?.creationTimestamp);

/**
 * An Event as a change of the object it is about (by uid, else by name alias). Its uid is the
 * change's external id: Kubernetes repeats an event by bumping `count` on the same object, so a
 * repeat updates the change instead of adding one.
 */
export function eventChange(
  e: KubeObject,
  keywords: KubernetesOptions['severityKeywords'],
): ScrapedChange | undefined {
  const involved = record(e.involvedObject);
  const kind = str(involved.kind);
  const name = str(involved.name);
  if (!kind || !name) return undefined;
  const source = record(e.source);
  const component = str(source.component) ?? str(e.reportingComponent) ?? 'unknown';
  return {
    item: {
      externalId: str(involved.uid) ?? aliasOf(kind, str(involved.namespace), name),
      type: typeOf(kind),
    },
    externalChangeId: e.metadata?.uid,
    changeType: str(e.reason) ?? 'Event',
    severity: eventSeverity(e, keywords),
    source: `kubernetes/${component}`,
    summary: str(e.message),
    details: configOf(e),
    createdAt: eventTime(e),
  };
}

/** name → uid of the Namespace objects in hand, for parent references by uid. */
export function namespaceUids(objects: KubeObject[]): (name: string) => string | undefined {
  const map = new Map<string, string>();
  for (const o of objects)
    if (o.kind === 'Namespace' && o.metadata?.name && o.metadata.uid)
      map.set(o.metadata.name, o.metadata.uid);
  return (name) => map.get(name);
}

/**
 * An Event as a change, unless `event.exclusions` drop it, it is older than `since`, or it is
 * about an object that is excluded or of a kind this scraper does not list (such a change would
 * belong to no item).
 */
export function eventToChange(
  e: KubeObject,
  opts: KubernetesOptions,
  scrapedKinds: Set<string>,
  excludedUid: (uid: string) => boolean,
): ScrapedChange | undefined {
  if (opts.eventExcluded(e)) return undefined;
  const involved = (e.involvedObject ?? {}) as {
    kind?: string;
    name?: string;
    namespace?: string;
    uid?: string;
  };
  if (!involved.kind || !scrapedKinds.has(involved.kind)) return undefined;
  if (involved.uid && excludedUid(involved.uid)) return undefined;
  const about: KubeObject = {
    kind: involved.kind,
    metadata: { name: involved.name, namespace: involved.namespace },
  };
  if (opts.excluded(about)) return undefined;
  const at = eventTime(e);
  if (opts.eventsSince && at && at < opts.eventsSince) return undefined;
  return eventChange(e, opts.severityKeywords);
}
