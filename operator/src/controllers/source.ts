import type { KindDescriptor } from '@vigil/crds';
import * as k8s from '@kubernetes/client-node';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { K8sObject } from '../k8s/objects.js';
import * as store from '../k8s/store.js';
import type { WatchHub } from '../k8s/watch.js';

/**
 * Where controllers read resources and write status: Vigil's own store (embedded mode) or a
 * real cluster through @kubernetes/client-node informers (cluster mode, `--kubernetes`).
 */
export interface ResourceSource {
  /**
   * Calls onKey(namespace/name) for every object now and for every later change, until the
   * returned function ends the watch.
   */
  watch(k: KindDescriptor, onKey: (key: string) => void): Promise<() => Promise<void> | void>;
  get(k: KindDescriptor, namespace: string, name: string): Promise<K8sObject | undefined>;
  writeStatus(k: KindDescriptor, obj: K8sObject, status: unknown): Promise<void>;
  stop(): Promise<void>;
}

const keyOf = (o: { metadata?: { namespace?: string; name?: string } }) =>
  `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;

export class EmbeddedSource implements ResourceSource {
  private readonly unsubscribes = new Set<() => void>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly hub: WatchHub,
  ) {}

  async watch(k: KindDescriptor, onKey: (key: string) => void): Promise<() => void> {
    await this.hub.start();
    const from = await store.currentVersion(this.pool);
    const unsubscribe = this.hub.subscribe(k, from, (events) =>
      events.forEach((e) => onKey(keyOf(e.object))),
    );
    const end = () => {
      unsubscribe();
      this.unsubscribes.delete(end);
    };
    this.unsubscribes.add(end);
    try {
      (await store.list(this.pool, k, {})).items.forEach((o) => onKey(keyOf(o)));
    } catch (error) {
      end();
      throw error;
    }
    return end;
  }

  get(k: KindDescriptor, namespace: string, name: string) {
    return store.get(this.pool, k, namespace, name);
  }

  async writeStatus(k: KindDescriptor, obj: K8sObject, status: unknown): Promise<void> {
    await store.replace(this.pool, k, { ...obj, status }, obj.metadata.resourceVersion);
  }

  async stop(): Promise<void> {
    [...this.unsubscribes].forEach((u) => u());
  }
}

/** Informers with relist on 410 and reconnect (client-node's), status through /status. */
export class ClusterSource implements ResourceSource {
  private readonly api: k8s.CustomObjectsApi;
  private readonly informers = new Set<k8s.Informer<k8s.KubernetesObject>>();
  private stopped = false;

  constructor(
    private readonly kc: k8s.KubeConfig,
    private readonly log: Logger,
  ) {
    this.api = kc.makeApiClient(k8s.CustomObjectsApi);
  }

  async watch(k: KindDescriptor, onKey: (key: string) => void): Promise<() => Promise<void>> {
    const path = `/apis/${k.group}/${k.version}/${k.plural}`;
    const informer = k8s.makeInformer(
      this.kc,
      path,
      () =>
        this.api.listClusterCustomObject({
          group: k.group,
          version: k.version,
          plural: k.plural,
        }) as Promise<k8s.KubernetesListObject<k8s.KubernetesObject>>,
    );
    let ended = false;
    let restart: NodeJS.Timeout | undefined;
    for (const verb of [k8s.ADD, k8s.UPDATE, k8s.DELETE] as const)
      informer.on(verb, (o) => onKey(keyOf(o)));
    informer.on(k8s.ERROR, (error) => {
      if (this.stopped || ended) return;
      this.log.warn({ kind: k.kind, err: error }, 'informer failed; restarting in 5 s');
      restart = setTimeout(() => void informer.start().catch(() => undefined), 5000);
    });
    this.informers.add(informer);
    const end = async () => {
      ended = true;
      clearTimeout(restart);
      this.informers.delete(informer);
      await informer.stop().catch(() => undefined);
    };
    try {
      await informer.start();
    } catch (error) {
      await end();
      throw error;
    }
    return end;
  }

  async get(k: KindDescriptor, namespace: string, name: string): Promise<K8sObject | undefined> {
    try {
      return (await this.api.getNamespacedCustomObject({
        group: k.group,
        version: k.version,
        namespace,
        plural: k.plural,
        name,
      })) as K8sObject;
    } catch (error) {
      if ((error as { code?: number }).code === 404) return undefined;
      throw error;
    }
  }

  async writeStatus(k: KindDescriptor, obj: K8sObject, status: unknown): Promise<void> {
    await this.api.replaceNamespacedCustomObjectStatus({
      group: k.group,
      version: k.version,
      namespace: obj.metadata.namespace ?? 'default',
      plural: k.plural,
      name: obj.metadata.name,
      body: { ...obj, status },
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const informers = [...this.informers];
    this.informers.clear();
    await Promise.all(informers.map((i) => i.stop().catch(() => undefined)));
  }
}

/** In-cluster credentials, or KUBECONFIG / ~/.kube/config. */
export function clusterConfig(): k8s.KubeConfig {
  const kc = new k8s.KubeConfig();
  kc.loadFromDefault();
  return kc;
}
