import {
  HttpMethod,
  IsomorphicFetchHttpLibrary,
  KubeConfig,
  RequestContext,
} from '@kubernetes/client-node';
import { envValue, errorText } from '../../health/runners/sql.js';
import type { ScrapeContext, ScraperSpec } from '../types.js';
import type { KindRef } from './kubernetesOptions.js';

/**
 * The kubernetes scraper's access to one cluster: raw JSON GETs (client-node's typed models drop
 * fields they do not know and turn times into Dates, while the catalog stores objects as the API
 * server sent them), legacy discovery cached per group version, and paged LISTs. Each request
 * gets its own signal and timeout, so concurrent lists share nothing but the kubeconfig.
 */

export type KubeObject = Record<string, unknown> & {
  apiVersion?: string;
  kind?: string;
  metadata?: KubeMeta;
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
};

export interface KubeMeta {
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: { apiVersion?: string; kind?: string; name?: string; uid?: string }[];
  [key: string]: unknown;
}

export interface ApiResource {
  apiVersion: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

export class KubeApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** One request may take this long; a scrape lists many, and a hung server must not hang it. */
const REQUEST_TIMEOUT_MS = 30_000;
const PAGE_SIZE = 500;

/**
 * The cluster to scrape: `kubeconfig` (an EnvVar whose value is the kubeconfig YAML itself; file
 * paths are not read, so a ScrapeConfig cannot make Vigil open files on its host), else
 * `connection` (its kubeconfig or certificate field holds the YAML), else the context's
 * kubeconfig. A string is the reason it cannot be had.
 */
export async function resolveKubeConfig(
  spec: ScraperSpec,
  ctx: Pick<ScrapeContext, 'connection' | 'kubeconfig'>,
): Promise<KubeConfig | string> {
  for (const cloud of ['eks', 'gke', 'cnrm'] as const)
    if (spec[cloud])
      return `${cloud} cluster access is not supported by Vigil yet: give a kubeconfig instead`;
  let yaml = envValue(spec.kubeconfig);
  if (spec.kubeconfig && yaml === undefined)
    return 'kubeconfig.valueFrom could not be resolved: give the kubeconfig YAML as kubeconfig.value, or put it in a connection';
  const ref = typeof spec.connection === 'string' ? spec.connection.trim() : '';
  if (!yaml && ref) {
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
    yaml = k;
  }
  if (!yaml) {
    if (ctx.kubeconfig?.getCurrentCluster()) return ctx.kubeconfig;
    return 'no Kubernetes cluster to scrape: give kubeconfig or connection (Vigil has no cluster access of its own)';
  }
  if (!/\n/.test(yaml.trim()) && !/^\s*(\{|(apiVersion|clusters|kind)\s*:)/.test(yaml))
    return 'kubeconfig.value must hold the kubeconfig YAML itself (file paths are not read)';
  const kc = new KubeConfig();
  try {
    kc.loadFromString(yaml);
  } catch (err) {
    return `the kubeconfig cannot be read: ${errorText(err)}`;
  }
  if (!kc.getCurrentCluster()) return 'the kubeconfig has no current cluster';
  return kc;
}

/** The message of a Status body, or the start of whatever else came back. */
function statusMessage(text: string): string {
  try {
    const m = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof m === 'string' && m) return m;
  } catch {
    // not JSON
  }
  return text.slice(0, 200);
}

export class KubeClient {
  readonly server: string;
  private readonly http = new IsomorphicFetchHttpLibrary();
  private readonly groups = new Map<string, Promise<ApiResource[] | undefined>>();

  constructor(
    readonly kc: KubeConfig,
    private readonly signal: AbortSignal,
  ) {
    this.server = kc.getCurrentCluster()?.server ?? '';
  }

  async get<T>(path: string, query: Record<string, string | undefined> = {}): Promise<T> {
    const rc = new RequestContext(this.server.replace(/\/$/, '') + path, HttpMethod.GET);
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && v !== '') rc.setQueryParam(k, v);
    rc.setHeaderParam('Accept', 'application/json');
    rc.setSignal(AbortSignal.any([this.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]));
    await this.kc.applySecurityAuthentication(rc);
    const res = await this.http.send(rc).toPromise();
    const text = await res.body.text();
    if (res.httpStatusCode >= 300)
      throw new KubeApiError(
        res.httpStatusCode,
        `HTTP ${res.httpStatusCode}: ${statusMessage(text)}`,
      );
    return JSON.parse(text) as T;
  }

  /** The resource serving `kind` in `apiVersion`, or undefined when the cluster has none. */
  async resource(apiVersion: string, kind: string): Promise<ApiResource | undefined> {
    let found = this.groups.get(apiVersion);
    if (!found) {
      const path = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
      found = this.get<{ resources?: { name: string; kind: string; namespaced: boolean }[] }>(path)
        .then((list) =>
          (list.resources ?? [])
            .filter((r) => !r.name.includes('/'))
            .map((r) => ({ apiVersion, kind: r.kind, plural: r.name, namespaced: r.namespaced })),
        )
        .catch((err: unknown) => {
          if (err instanceof KubeApiError && err.code === 404) return undefined;
          this.groups.delete(apiVersion);
          throw err;
        });
      this.groups.set(apiVersion, found);
    }
    return (await found)?.find((r) => r.kind === kind);
  }

  /** The collection path of a resource, in one namespace or across all of them. */
  static path(res: ApiResource, namespace?: string): string {
    const base = res.apiVersion.includes('/')
      ? `/apis/${res.apiVersion}`
      : `/api/${res.apiVersion}`;
    return res.namespaced && namespace
      ? `${base}/namespaces/${encodeURIComponent(namespace)}/${res.plural}`
      : `${base}/${res.plural}`;
  }

  /** Every object of a resource, page by page; kind and apiVersion put back on each item. */
  async list(
    res: ApiResource,
    opts: { namespace?: string; labelSelector?: string; fieldSelector?: string } = {},
  ): Promise<{ items: KubeObject[]; resourceVersion: string }> {
    const items: KubeObject[] = [];
    let token: string | undefined;
    let resourceVersion = '';
    do {
      const page = await this.get<{
        items?: KubeObject[];
        metadata?: { continue?: string; resourceVersion?: string };
      }>(KubeClient.path(res, opts.namespace), {
        labelSelector: opts.labelSelector,
        fieldSelector: opts.fieldSelector,
        limit: String(PAGE_SIZE),
        continue: token,
      });
      for (const item of page.items ?? [])
        items.push({ ...item, apiVersion: res.apiVersion, kind: res.kind });
      resourceVersion ||= page.metadata?.resourceVersion ?? '';
      token = page.metadata?.continue || undefined;
    } while (token);
    return { items, resourceVersion };
  }
}

/** A failed request as a sentence naming the server; a network failure says it is unreachable. */
export function describeKubeError(err: unknown, server: string, what: string): string {
  if (err instanceof KubeApiError) return `${what} on ${server} failed: ${err.message}`;
  return `cannot reach the Kubernetes API server ${server} (${what}): ${errorText(err)}`;
}

/**
 * The resources serving the wanted kinds, plus core v1 Events. A kind the cluster does not serve
 * is skipped when optional and reported otherwise; a discovery call that fails is reported.
 */
export async function servedResources(
  client: KubeClient,
  kinds: readonly KindRef[],
  skip: (kind: string) => boolean,
): Promise<{ resources: ApiResource[]; errors: string[] }> {
  const resources: ApiResource[] = [];
  const errors = new Set<string>();
  for (const k of [...kinds, { apiVersion: 'v1', kind: 'Event', optional: true }]) {
    if (skip(k.kind)) continue;
    try {
      const res = await client.resource(k.apiVersion, k.kind);
      if (res) resources.push(res);
      else if (!k.optional)
        errors.add(`the cluster ${client.server} serves no ${k.kind} in ${k.apiVersion}`);
    } catch (err) {
      errors.add(describeKubeError(err, client.server, `discovery of ${k.apiVersion}`));
    }
  }
  return { resources, errors: [...errors] };
}
