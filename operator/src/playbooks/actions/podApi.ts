import {
  HttpMethod,
  IsomorphicFetchHttpLibrary,
  type KubeConfig,
  RequestContext,
} from '@kubernetes/client-node';

/**
 * The four Pod calls the pod action makes, as raw JSON requests on the cluster's kubeconfig
 * (client-node's typed models drop fields they do not know, and a Pod spec is the user's own).
 * Each request has its own timeout; deleting uses none of the action's signal, so a cancelled
 * action still removes its pod.
 */

export type Pod = Record<string, unknown> & {
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  status?: PodStatus;
};

export interface ContainerStatus {
  name?: string;
  state?: {
    waiting?: { reason?: string; message?: string };
    terminated?: { exitCode?: number; reason?: string; message?: string };
  };
}

export interface PodStatus {
  phase?: string;
  reason?: string;
  message?: string;
  containerStatuses?: ContainerStatus[];
}

export interface PodApi {
  create(namespace: string, pod: Pod): Promise<Pod>;
  read(namespace: string, name: string): Promise<Pod>;
  log(namespace: string, name: string, container: string, limitBytes: number): Promise<string>;
  delete(namespace: string, name: string): Promise<void>;
}

export class KubeStatusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 30_000;

function statusMessage(code: number, text: string): string {
  try {
    const m = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof m === 'string' && m) return `HTTP ${code}: ${m}`;
  } catch {
    // not a Status object
  }
  return `HTTP ${code}: ${text.slice(0, 200)}`;
}

/** The PodApi of a cluster; `signal` stops every call but delete. */
export function kubePodApi(kc: KubeConfig, signal: AbortSignal): PodApi {
  const server = (kc.getCurrentCluster()?.server ?? '').replace(/\/$/, '');
  const http = new IsomorphicFetchHttpLibrary();
  const pods = (ns: string) => `/api/v1/namespaces/${encodeURIComponent(ns)}/pods`;
  const call = async (
    method: HttpMethod,
    path: string,
    opts: { body?: unknown; query?: Record<string, string>; text?: boolean; own?: boolean } = {},
  ): Promise<string> => {
    const rc = new RequestContext(server + path, method);
    for (const [k, v] of Object.entries(opts.query ?? {})) rc.setQueryParam(k, v);
    rc.setHeaderParam('Accept', opts.text ? 'text/plain' : 'application/json');
    if (opts.body !== undefined) {
      rc.setHeaderParam('Content-Type', 'application/json');
      rc.setBody(JSON.stringify(opts.body));
    }
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    rc.setSignal(opts.own ? timeout : AbortSignal.any([signal, timeout]));
    await kc.applySecurityAuthentication(rc);
    const res = await http.send(rc).toPromise();
    const text = await res.body.text();
    if (res.httpStatusCode >= 300)
      throw new KubeStatusError(res.httpStatusCode, statusMessage(res.httpStatusCode, text));
    return text;
  };
  return {
    create: async (ns, pod) =>
      JSON.parse(await call(HttpMethod.POST, pods(ns), { body: pod })) as Pod,
    read: async (ns, name) =>
      JSON.parse(await call(HttpMethod.GET, `${pods(ns)}/${encodeURIComponent(name)}`)) as Pod,
    log: (ns, name, container, limitBytes) =>
      call(HttpMethod.GET, `${pods(ns)}/${encodeURIComponent(name)}/log`, {
        query: { container, limitBytes: String(limitBytes) },
        text: true,
      }),
    delete: async (ns, name) => {
      try {
        await call(HttpMethod.DELETE, `${pods(ns)}/${encodeURIComponent(name)}`, {
          body: { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0 },
          own: true,
        });
      } catch (err) {
        if (!(err instanceof KubeStatusError && err.code === 404)) throw err;
      }
    },
  };
}
