import fs from 'node:fs';
import {
  createConfiguration,
  KubeConfig,
  KubernetesObjectApi,
  ServerConfiguration,
  type RequestContext,
  type ResponseContext,
} from '@kubernetes/client-node';
import {
  invalidResult,
  resultFrom,
  type CheckRunner,
  type CheckSpec,
  type RunContext,
} from '../types.js';
import { deadline, envValue, errorText, seconds, timedOut } from './sql.js';

/**
 * kubernetes check (crds.md §1.3-1.4): lists objects of `kind` (`apiVersion`, defaulted for the
 * built-in kinds) in the namespaces `namespaceSelector` picks {name (exact, glob or `*`),
 * labelSelector, fieldSelector} (default: the canary's namespace), narrowed by `resource` {name,
 * labelSelector, fieldSelector} and `ignore` (name globs). Every object gets a `healthStatus`
 * {health, status, ready, message}. One result: it fails naming the unhealthy objects when
 * `healthy` is set and the unready ones when `ready` is set, and with "no resources found" on
 * an empty list unless the check has a `test`. `data.results` is the list of objects.
 *
 * The cluster comes from `kubeconfig` (a path or the YAML itself), from a connection
 * (`connection://…` whose certificate/kubeconfig field holds it), or else from the default
 * kubeconfig (KUBECONFIG, ~/.kube/config, or the in-cluster service account).
 */

export interface HealthStatus {
  health: 'healthy' | 'unhealthy' | 'warning' | 'unknown';
  status: string;
  ready: boolean;
  message: string;
}

type Obj = Record<string, unknown> & {
  metadata?: { name?: string; namespace?: string; generation?: number; deletionTimestamp?: string };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
};

interface Condition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
}

const BUILTIN_API_VERSIONS: Record<string, string> = {
  Pod: 'v1',
  Service: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  Namespace: 'v1',
  Node: 'v1',
  PersistentVolume: 'v1',
  PersistentVolumeClaim: 'v1',
  ServiceAccount: 'v1',
  Endpoints: 'v1',
  Event: 'v1',
  ReplicationController: 'v1',
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  ReplicaSet: 'apps/v1',
  Job: 'batch/v1',
  CronJob: 'batch/v1',
  Ingress: 'networking.k8s.io/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
};

const num = (v: unknown, def = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : def);
const conditions = (o: Obj): Condition[] =>
  Array.isArray(o.status?.conditions) ? (o.status.conditions as Condition[]) : [];
const condition = (o: Obj, type: string) => conditions(o).find((c) => c.type === type);

/** Replica-based workloads: all wanted replicas ready (and up to date) is healthy and ready. */
function replicas(
  o: Obj,
  want: number,
  ready: number,
  updated: number,
  noun: string,
): HealthStatus {
  const generation = o.metadata?.generation;
  const observed = o.status?.observedGeneration;
  const stale =
    typeof generation === 'number' && typeof observed === 'number' && observed < generation;
  if (want === 0) return { health: 'healthy', status: 'Scaled to Zero', ready: true, message: '' };
  const message = `${ready}/${want} ${noun} ready`;
  if (!stale && ready >= want && updated >= want)
    return { health: 'healthy', status: 'Running', ready: true, message };
  const progressing = condition(o, 'Progressing');
  if (progressing?.status === 'True' && progressing.reason !== 'NewReplicaSetAvailable')
    return { health: 'unknown', status: 'Updating', ready: false, message };
  if (stale || updated < want)
    return { health: ready > 0 ? 'warning' : 'unknown', status: 'Updating', ready: false, message };
  return { health: ready > 0 ? 'warning' : 'unhealthy', status: 'Degraded', ready: false, message };
}

const BAD_WAITING = new Set([
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'CreateContainerConfigError',
  'CreateContainerError',
  'InvalidImageName',
  'RunContainerError',
]);

function podHealth(o: Obj): HealthStatus {
  const st = o.status ?? {};
  const phase = typeof st.phase === 'string' ? st.phase : 'Unknown';
  const statuses = [
    ...(Array.isArray(st.initContainerStatuses) ? st.initContainerStatuses : []),
    ...(Array.isArray(st.containerStatuses) ? st.containerStatuses : []),
  ] as { name?: string; state?: { waiting?: { reason?: string; message?: string } } }[];
  if (o.metadata?.deletionTimestamp)
    return { health: 'unknown', status: 'Terminating', ready: false, message: '' };
  if (phase === 'Succeeded')
    return { health: 'healthy', status: 'Completed', ready: true, message: '' };
  if (phase === 'Failed')
    return {
      health: 'unhealthy',
      status: typeof st.reason === 'string' ? st.reason : 'Failed',
      ready: false,
      message: typeof st.message === 'string' ? st.message : '',
    };
  for (const c of statuses) {
    const w = c.state?.waiting;
    if (w?.reason && BAD_WAITING.has(w.reason))
      return {
        health: 'unhealthy',
        status: w.reason,
        ready: false,
        message: `${c.name ?? 'container'}: ${w.message ?? w.reason}`,
      };
  }
  if (phase === 'Pending') {
    const scheduled = condition(o, 'PodScheduled');
    return {
      health: 'unknown',
      status: 'Pending',
      ready: false,
      message: scheduled?.status === 'False' ? (scheduled.message ?? '') : '',
    };
  }
  const readyCond = condition(o, 'Ready');
  if (phase === 'Running' && readyCond?.status === 'True')
    return { health: 'healthy', status: 'Running', ready: true, message: '' };
  if (phase === 'Running')
    return {
      health: 'warning',
      status: 'NotReady',
      ready: false,
      message: readyCond?.message ?? '',
    };
  return { health: 'unknown', status: phase, ready: false, message: '' };
}

function jobHealth(o: Obj): HealthStatus {
  const failed = condition(o, 'Failed');
  if (failed?.status === 'True')
    return { health: 'unhealthy', status: 'Failed', ready: true, message: failed.message ?? '' };
  const complete = condition(o, 'Complete');
  if (complete?.status === 'True')
    return { health: 'healthy', status: 'Completed', ready: true, message: '' };
  if (condition(o, 'Suspended')?.status === 'True' || o.spec?.suspend === true)
    return { health: 'unknown', status: 'Suspended', ready: true, message: '' };
  return {
    health: 'healthy',
    status: 'Running',
    ready: false,
    message: `${num(o.status?.active)} active`,
  };
}

const GOOD_PHASES = new Set(['Active', 'Bound', 'Running', 'Succeeded', 'Available', 'Ready']);
const BAD_PHASES = new Set(['Failed', 'Lost', 'Error']);

function genericHealth(o: Obj): HealthStatus {
  const ready = condition(o, 'Ready');
  if (ready?.status === 'True')
    return {
      health: 'healthy',
      status: ready.reason ?? 'Ready',
      ready: true,
      message: ready.message ?? '',
    };
  if (ready?.status === 'False')
    return {
      health: 'unhealthy',
      status: ready.reason ?? 'NotReady',
      ready: false,
      message: ready.message ?? '',
    };
  if (ready)
    return {
      health: 'unknown',
      status: ready.reason ?? 'Unknown',
      ready: false,
      message: ready.message ?? '',
    };
  const phase = o.status?.phase;
  if (typeof phase === 'string') {
    if (GOOD_PHASES.has(phase))
      return { health: 'healthy', status: phase, ready: true, message: '' };
    if (BAD_PHASES.has(phase))
      return { health: 'unhealthy', status: phase, ready: true, message: '' };
    return { health: 'unknown', status: phase, ready: false, message: '' };
  }
  // Nothing reported (ConfigMaps, Services, …): existing is all there is to it.
  return { health: 'healthy', status: '', ready: true, message: '' };
}

/** The health of one object, by kind. */
export function healthStatus(o: Obj): HealthStatus {
  const kind = typeof o.kind === 'string' ? o.kind : '';
  const st = o.status ?? {};
  const want = num(o.spec?.replicas, 1);
  switch (kind) {
    case 'Deployment': {
      for (const c of conditions(o)) {
        if (c.type === 'ReplicaFailure' && c.status === 'True')
          return { health: 'unhealthy', status: 'Failed', ready: false, message: c.message ?? '' };
        if (c.type === 'Progressing' && c.status === 'False')
          return {
            health: 'unhealthy',
            status: c.reason ?? 'Failed',
            ready: false,
            message: c.message ?? '',
          };
      }
      return replicas(
        o,
        want,
        Math.min(num(st.readyReplicas), num(st.availableReplicas)),
        num(st.updatedReplicas),
        'replicas',
      );
    }
    case 'StatefulSet': {
      const updated =
        st.updateRevision && st.currentRevision && st.updateRevision !== st.currentRevision
          ? num(st.updatedReplicas)
          : num(st.readyReplicas);
      return replicas(o, want, num(st.readyReplicas), updated, 'replicas');
    }
    case 'ReplicaSet':
    case 'ReplicationController':
      return replicas(o, want, num(st.readyReplicas), num(st.readyReplicas), 'replicas');
    case 'DaemonSet': {
      const desired = num(st.desiredNumberScheduled);
      return replicas(
        o,
        desired,
        num(st.numberReady),
        num(st.updatedNumberScheduled, desired),
        'pods',
      );
    }
    case 'Pod':
      return podHealth(o);
    case 'Job':
      return jobHealth(o);
    default:
      return genericHealth(o);
  }
}

function globRegex(glob: string): RegExp {
  const re = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${re}$`);
}

type Selector = { name?: string; labelSelector?: string; fieldSelector?: string };

function selector(v: unknown, field: string): Selector | string {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v))
    return `${field} must be an object {name, labelSelector, fieldSelector}`;
  const o = v as Record<string, unknown>;
  const out: Selector = {};
  for (const k of ['name', 'labelSelector', 'fieldSelector'] as const) {
    const x = o[k];
    if (x === undefined || x === null || x === '') continue;
    if (typeof x !== 'string') return `${field}.${k} must be a string`;
    out[k] = x.trim();
  }
  return out;
}

async function kubeConfig(spec: CheckSpec, ctx: RunContext): Promise<KubeConfig | string> {
  for (const cloud of ['eks', 'gke', 'cnrm'] as const)
    if (spec[cloud])
      return `${cloud} cluster access is not supported by Vigil yet: give a kubeconfig instead`;
  const kc = new KubeConfig();
  let source = envValue(spec.kubeconfig);
  if (spec.kubeconfig && source === undefined)
    return 'kubeconfig.valueFrom could not be resolved: give the kubeconfig as a value or a file path';
  const ref = typeof spec.connection === 'string' ? spec.connection.trim() : '';
  if (!source && ref) {
    let fields;
    try {
      fields = await ctx.connection(ref);
    } catch (err) {
      return `connection ${ref} could not be read: ${errorText(err)}`;
    }
    if (!fields) return `connection ${ref} was not found: create it, or fix the reference`;
    const k = fields.kubeconfig ?? fields.certificate;
    if (typeof k !== 'string' || !k.trim())
      return `connection ${ref} has no kubeconfig (put it in the connection's certificate field)`;
    source = k;
  }
  try {
    if (!source) kc.loadFromDefault();
    else if (/\n/.test(source.trim()) || /^\s*(apiVersion|clusters|kind)\s*:/.test(source))
      kc.loadFromString(source);
    else {
      if (!fs.existsSync(source)) return `kubeconfig file ${source} does not exist`;
      kc.loadFromFile(source);
    }
  } catch (err) {
    return `the kubeconfig cannot be read: ${errorText(err)}`;
  }
  if (!kc.getCurrentCluster())
    return source
      ? 'the kubeconfig has no current cluster'
      : 'no Kubernetes cluster configured: Vigil is not running in a cluster and has no kubeconfig (set kubeconfig on the check)';
  return kc;
}

/** Exposes the client's (cached) discovery lookup: the resource's plural and scope. */
class ObjectApi extends KubernetesObjectApi {
  discover(apiVersion: string, kind: string) {
    return this.resource(apiVersion, kind);
  }
}

interface ListBody {
  items?: Obj[];
  kind?: string;
  apiVersion?: string;
  metadata?: { continue?: string };
}

/**
 * A KubernetesObjectApi whose requests carry our signal, and that keeps the raw JSON of each
 * answer: the client's typed models drop fields they do not know and turn times into Dates,
 * while checks should see objects exactly as the API server sent them.
 */
function objectApi(kc: KubeConfig, signal: AbortSignal) {
  let last: string | undefined;
  const cluster = kc.getCurrentCluster() as NonNullable<
    ReturnType<KubeConfig['getCurrentCluster']>
  >;
  const api = new ObjectApi(
    createConfiguration({
      baseServer: new ServerConfiguration(cluster.server, {}),
      authMethods: { default: kc },
      promiseMiddleware: [
        {
          pre: (c: RequestContext) => {
            c.setSignal(signal);
            return Promise.resolve(c);
          },
          post: async (r: ResponseContext) => {
            const text = await r.body.text();
            last = text;
            r.body = {
              text: () => Promise.resolve(text),
              binary: () => Promise.resolve(Buffer.from(text)),
            };
            return r;
          },
        },
      ],
    }),
  );
  return {
    api,
    /** The raw JSON of the last answer. */
    lastJson: (): ListBody => (last ? (JSON.parse(last) as ListBody) : {}),
  };
}

/** What went wrong, from an ApiException's Status body when there is one. */
function apiError(err: unknown): string {
  const e = err as { code?: unknown; body?: unknown };
  if (typeof e?.code === 'number' && e.body !== undefined) {
    let message: unknown;
    try {
      message = (
        typeof e.body === 'string'
          ? (JSON.parse(e.body) as { message?: unknown })
          : (e.body as { message?: unknown })
      )?.message;
    } catch {
      message = typeof e.body === 'string' ? e.body.slice(0, 300) : undefined;
    }
    return `HTTP ${e.code}${typeof message === 'string' && message ? `: ${message}` : ''}`;
  }
  return errorText(err);
}

const PAGE = 500;

export const kubernetesRunner: CheckRunner = async (spec, ctx) => {
  const start = new Date();
  const kind = typeof spec.kind === 'string' ? spec.kind.trim() : '';
  if (!kind) return [invalidResult(start, 'kubernetes check needs a kind, e.g. Deployment')];
  const apiVersion =
    (typeof spec.apiVersion === 'string' && spec.apiVersion.trim()) || BUILTIN_API_VERSIONS[kind];
  if (!apiVersion)
    return [
      invalidResult(
        start,
        `apiVersion is required for kind ${kind} (e.g. apps/v1, or group/version of the CRD)`,
      ),
    ];
  const nsSel = selector(spec.namespaceSelector, 'namespaceSelector');
  if (typeof nsSel === 'string') return [invalidResult(start, nsSel)];
  const resSel = selector(spec.resource, 'resource');
  if (typeof resSel === 'string') return [invalidResult(start, resSel)];
  if (
    spec.ignore !== undefined &&
    (!Array.isArray(spec.ignore) || spec.ignore.some((x) => typeof x !== 'string'))
  )
    return [invalidResult(start, 'ignore must be a list of name globs')];
  const ignore = ((spec.ignore ?? []) as string[]).filter(Boolean).map(globRegex);
  const kc = await kubeConfig(spec, ctx);
  if (typeof kc === 'string') return [invalidResult(start, kc)];

  const timeoutS = seconds(spec.timeout, 60);
  const signal = deadline(ctx, timeoutS);
  const { api, lastJson } = objectApi(kc, signal);

  const listAll = async (
    version: string,
    k: string,
    namespace: string | undefined,
    sel: Selector,
  ): Promise<Obj[]> => {
    const out: Obj[] = [];
    let token: string | undefined;
    do {
      await api.list(
        version,
        k,
        namespace,
        undefined,
        undefined,
        undefined,
        sel.fieldSelector,
        sel.labelSelector,
        PAGE,
        token,
      );
      const body = lastJson();
      for (const item of body.items ?? []) out.push({ apiVersion: version, kind: k, ...item });
      token = body.metadata?.continue || undefined;
    } while (token);
    return out;
  };

  let objects: Obj[];
  try {
    const resource = await api.discover(apiVersion, kind);
    if (!resource)
      return [resultFrom(start, false, { error: `the cluster has no ${kind} in ${apiVersion}` })];
    let namespaces: (string | undefined)[];
    const nsName = nsSel.name;
    const nsGlob = nsName !== undefined && /[*?]/.test(nsName);
    if (!resource.namespaced) namespaces = [undefined];
    else if (!nsName && !nsSel.labelSelector && !nsSel.fieldSelector)
      namespaces = [ctx.canary.namespace];
    else if (nsName === '*' && !nsSel.labelSelector && !nsSel.fieldSelector)
      namespaces = [undefined];
    else if (nsName && !nsGlob && !nsSel.labelSelector && !nsSel.fieldSelector)
      namespaces = [nsName];
    else {
      const nsMatch = nsName ? globRegex(nsName) : undefined;
      const all = await listAll('v1', 'Namespace', undefined, {
        labelSelector: nsSel.labelSelector,
        fieldSelector: nsSel.fieldSelector,
      });
      namespaces = all
        .map((n) => n.metadata?.name ?? '')
        .filter((n) => n && (!nsMatch || nsMatch.test(n)));
    }
    const nameMatch = resSel.name && resSel.name !== '*' ? globRegex(resSel.name) : undefined;
    objects = [];
    for (const ns of namespaces) objects.push(...(await listAll(apiVersion, kind, ns, resSel)));
    objects = objects.filter((o) => {
      const name = o.metadata?.name ?? '';
      return (!nameMatch || nameMatch.test(name)) && !ignore.some((r) => r.test(name));
    });
  } catch (err) {
    const error = timedOut(signal)
      ? `timed out after ${timeoutS}s`
      : signal.aborted
        ? 'the run was cancelled'
        : apiError(err);
    return [resultFrom(start, false, { error })];
  }

  const results = objects.map((o) => ({ ...o, healthStatus: healthStatus(o) }));
  const data = { results };
  const hasTest =
    !!spec.test &&
    typeof spec.test === 'object' &&
    Object.values(spec.test).some((v) => typeof v === 'string' && v.trim());
  if (results.length === 0 && !hasTest)
    return [resultFrom(start, false, { error: 'no resources found', data })];

  const id = (o: Obj) =>
    (o.metadata?.namespace ? `${o.metadata.namespace}/` : '') + (o.metadata?.name ?? '');
  const describe = (r: (typeof results)[number]) => {
    const why = [r.healthStatus.status, r.healthStatus.message].filter(Boolean).join(': ');
    return why ? `${id(r)} (${why})` : id(r);
  };
  const problems: string[] = [];
  const unhealthy =
    spec.healthy === true ? results.filter((r) => r.healthStatus.health !== 'healthy') : [];
  const unready = spec.ready === true ? results.filter((r) => !r.healthStatus.ready) : [];
  if (unhealthy.length) problems.push(`unhealthy: ${unhealthy.map(describe).join(', ')}`);
  if (unready.length) problems.push(`not ready: ${unready.map(describe).join(', ')}`);
  const message = `${results.length} ${kind} found`;
  if (problems.length)
    return [resultFrom(start, false, { message, error: problems.join('; '), data })];
  return [resultFrom(start, true, { message, data })];
};
