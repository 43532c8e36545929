import { parseDuration } from '../../controllers/schedule.js';
import type { ScraperSpec } from '../types.js';
import type { ApiResource, KubeObject } from './kubernetesClient.js';

/**
 * The kubernetes scraper entry (crds.md §3.3), read from the raw spec: the engine may hand it
 * over before or after zod's transform, so both `maxInflight` and `maxInFlight` are read here.
 * A field of the wrong shape is a sentence in `errors`, never a throw.
 */

export interface KindRef {
  apiVersion: string;
  kind: string;
  /** A default kind the cluster may not serve (Node on some distributions): skipped quietly. */
  optional: boolean;
}

export interface KubernetesOptions {
  clusterName: string;
  namespace?: string;
  selector?: string;
  fieldSelector?: string;
  maxInflight: number;
  kinds: KindRef[];
  excluded(o: KubeObject): boolean;
  kindExcluded(kind: string): boolean;
  eventExcluded(e: KubeObject): boolean;
  severityKeywords: { warn: RegExp[]; error: RegExp[] };
  /** Events last seen before this are left out (from `since`). */
  eventsSince?: Date;
}

export const DEFAULT_KINDS: readonly KindRef[] = [
  { apiVersion: 'v1', kind: 'Namespace', optional: true },
  { apiVersion: 'apps/v1', kind: 'Deployment', optional: true },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', optional: true },
  { apiVersion: 'v1', kind: 'Pod', optional: true },
  { apiVersion: 'v1', kind: 'Service', optional: true },
  { apiVersion: 'v1', kind: 'ConfigMap', optional: true },
  { apiVersion: 'v1', kind: 'Node', optional: true },
];

/** Concurrent LIST calls when the spec does not say: enough to overlap latency, gentle on the API. */
export const DEFAULT_MAX_INFLIGHT = 4;
const MAX_INFLIGHT_CAP = 32;

/** `*` and `?` globs, case-insensitive (Kubernetes names are lower-case, kinds are not). */
export function glob(pattern: string): RegExp {
  const re = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${re}$`, 'i');
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const anyMatch = (res: RegExp[], value: string | undefined) =>
  value !== undefined && res.some((r) => r.test(value));

/**
 * A severity keyword matches when it occurs in the event's reason or message (case-insensitive);
 * one with `*` or `?` is a glob over the whole reason or message instead.
 */
function keyword(k: string): RegExp {
  if (/[*?]/.test(k)) return glob(k);
  return new RegExp(k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

export function parseOptions(spec: ScraperSpec): KubernetesOptions | { errors: string[] } {
  const errors: string[] = [];
  const clusterName = typeof spec.clusterName === 'string' ? spec.clusterName.trim() : '';
  if (!clusterName)
    errors.push('clusterName is required: name the cluster, e.g. clusterName: production');
  const text = (field: string) => {
    const v = spec[field];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') {
      errors.push(`${field} must be a string`);
      return undefined;
    }
    return v.trim() || undefined;
  };
  const namespace = text('namespace');
  const selector = text('selector');
  const fieldSelector = text('fieldSelector');

  const inflight = spec.maxInflight ?? spec.maxInFlight;
  let maxInflight = DEFAULT_MAX_INFLIGHT;
  if (inflight !== undefined && inflight !== null) {
    if (typeof inflight !== 'number' || !Number.isInteger(inflight) || inflight < 1)
      errors.push('maxInflight must be a whole number of at least 1');
    else maxInflight = Math.min(inflight, MAX_INFLIGHT_CAP);
  }

  const kinds = [...DEFAULT_KINDS];
  if (spec.watch !== undefined && !Array.isArray(spec.watch))
    errors.push('watch must be a list of {apiVersion, kind}');
  for (const w of Array.isArray(spec.watch) ? spec.watch : []) {
    const { apiVersion, kind } = record(w);
    if (typeof apiVersion !== 'string' || !apiVersion || typeof kind !== 'string' || !kind) {
      errors.push(
        'each watch entry needs an apiVersion and a kind, e.g. {apiVersion: batch/v1, kind: Job}',
      );
      continue;
    }
    const known = kinds.findIndex((k) => k.kind === kind && k.apiVersion === apiVersion);
    // Asking for a default kind by name makes it required: its absence is then reported.
    if (known >= 0) kinds[known] = { apiVersion, kind, optional: false };
    else kinds.push({ apiVersion, kind, optional: false });
  }

  const ex = record(spec.exclusions);
  const exName = strings(ex.name).map(glob);
  const exKind = strings(ex.kind).map(glob);
  const exNamespace = strings(ex.namespace).map(glob);
  const exLabels = Object.entries(record(ex.labels))
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([k, v]) => [k, glob(v)] as const);
  const kindExcluded = (kind: string) => anyMatch(exKind, kind);
  const excluded = (o: KubeObject) => {
    const m = o.metadata ?? {};
    // A Namespace is excluded with the namespace it is: its contents are, too.
    const ns = o.kind === 'Namespace' ? m.name : m.namespace;
    return (
      kindExcluded(o.kind ?? '') ||
      anyMatch(exName, m.name) ||
      anyMatch(exNamespace, ns) ||
      exLabels.some(([k, v]) => m.labels?.[k] !== undefined && v.test(m.labels[k]))
    );
  };

  const event = record(spec.event);
  const evEx = record(event.exclusions);
  const evName = strings(evEx.name).map(glob);
  const evNamespace = strings(evEx.namespace).map(glob);
  const evReason = strings(evEx.reason).map(glob);
  const eventExcluded = (e: KubeObject) => {
    const involved = record(e.involvedObject);
    const name = typeof involved.name === 'string' ? involved.name : undefined;
    return (
      anyMatch(evName, e.metadata?.name) ||
      anyMatch(evName, name) ||
      anyMatch(evNamespace, e.metadata?.namespace) ||
      anyMatch(evReason, typeof e.reason === 'string' ? e.reason : undefined)
    );
  };
  const keywords = record(event.severityKeywords);

  let eventsSince: Date | undefined;
  const since = text('since');
  if (since) {
    const ms = parseDuration(since);
    if (ms === undefined)
      errors.push(`since must be a duration such as 30m, 6h or 7d, not "${since}"`);
    else eventsSince = new Date(Date.now() - ms);
  }

  if (errors.length) return { errors };
  return {
    clusterName,
    namespace,
    selector,
    fieldSelector,
    maxInflight,
    kinds,
    excluded,
    kindExcluded,
    eventExcluded,
    severityKeywords: {
      warn: strings(keywords.warn).map(keyword),
      error: strings(keywords.error).map(keyword),
    },
    eventsSince,
  };
}

/** Where and how one resource is listed (and watched); undefined when it is out of scope. */
export function listScope(
  res: ApiResource,
  opts: KubernetesOptions,
): { namespace?: string; labelSelector?: string; fieldSelector?: string } | undefined {
  // Events belong to the objects they are about: the object selectors do not apply to them.
  if (res.kind === 'Event' && res.apiVersion === 'v1') return { namespace: opts.namespace };
  const labelSelector = opts.selector;
  let fieldSelector = opts.fieldSelector;
  if (opts.namespace && !res.namespaced) {
    // Scraping one namespace: its Namespace object, and no other cluster-scoped object.
    if (res.kind !== 'Namespace' || res.apiVersion !== 'v1') return undefined;
    fieldSelector = [fieldSelector, `metadata.name=${opts.namespace}`].filter(Boolean).join(',');
  }
  return { namespace: opts.namespace, labelSelector, fieldSelector };
}
