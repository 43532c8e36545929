import type { KindDescriptor } from '@vigil/crds';

/** The Kubernetes version we answer with; on these machines it also picks the kubectl binary. */
export const KUBE_VERSION = { major: '1', minor: '32', gitVersion: 'v1.32.0-vigil' };

export function versionInfo(vigilVersion: string) {
  return {
    ...KUBE_VERSION,
    gitCommit: vigilVersion,
    gitTreeState: 'clean',
    buildDate: '2026-11-22T00:00:00Z',
    goVersion: 'node' + process.versions.node,
    compiler: 'vigil',
    platform: `${process.platform}/${process.arch}`,
  };
}

const VERBS = ['delete', 'get', 'list', 'patch', 'create', 'update', 'watch'];

function groups(kinds: readonly KindDescriptor[]): Map<string, KindDescriptor[]> {
  const out = new Map<string, KindDescriptor[]>();
  for (const k of kinds) out.set(k.group, [...(out.get(k.group) ?? []), k]);
  return out;
}

/** Which aggregated discovery version the client accepts (kubectl 1.27 asks only v2beta1). */
export function aggregatedVersion(accept: string | undefined): 'v2' | 'v2beta1' | undefined {
  const a = accept ?? '';
  if (!a.includes('as=APIGroupDiscoveryList')) return undefined;
  return /g=apidiscovery\.k8s\.io;v=v2;as=APIGroupDiscoveryList/.test(a)
    ? 'v2'
    : a.includes('v=v2beta1')
      ? 'v2beta1'
      : undefined;
}

export function aggregatedContentType(v: 'v2' | 'v2beta1'): string {
  return `application/json;g=apidiscovery.k8s.io;v=${v};as=APIGroupDiscoveryList`;
}

export function aggregatedDiscovery(
  kinds: readonly KindDescriptor[],
  v: 'v2' | 'v2beta1',
  core: boolean,
) {
  const items = core
    ? [
        {
          metadata: { name: '' },
          versions: [
            {
              version: 'v1',
              freshness: 'Current',
              resources: [
                {
                  resource: 'namespaces',
                  responseKind: { group: '', version: 'v1', kind: 'Namespace' },
                  scope: 'Cluster',
                  singularResource: 'namespace',
                  shortNames: ['ns'],
                  verbs: ['create', 'delete', 'get', 'list'],
                },
              ],
            },
          ],
        },
      ]
    : [...groups(kinds)].map(([group, list]) => ({
        metadata: { name: group },
        versions: [
          {
            version: 'v1',
            freshness: 'Current',
            resources: list.map((k) => ({
              resource: k.plural,
              responseKind: { group, version: k.version, kind: k.kind },
              scope: 'Namespaced',
              singularResource: k.singular,
              shortNames: k.shortNames,
              verbs: VERBS,
              categories: ['vigil'],
              subresources: [
                {
                  subresource: 'status',
                  responseKind: { group, version: k.version, kind: k.kind },
                  verbs: ['get', 'patch', 'update'],
                },
              ],
            })),
          },
        ],
      }));
  return {
    kind: 'APIGroupDiscoveryList',
    apiVersion: `apidiscovery.k8s.io/${v}`,
    metadata: {},
    items,
  };
}

export function apiGroupList(kinds: readonly KindDescriptor[]) {
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: [...groups(kinds).keys()].map((name) => apiGroup(name)),
  };
}

export function apiGroup(name: string) {
  const version = { groupVersion: `${name}/v1`, version: 'v1' };
  return {
    kind: 'APIGroup',
    apiVersion: 'v1',
    name,
    versions: [version],
    preferredVersion: version,
  };
}

export function apiResourceList(group: string, kinds: readonly KindDescriptor[]) {
  const list = kinds.filter((k) => k.group === group);
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: `${group}/v1`,
    resources: list.flatMap((k) => [
      {
        name: k.plural,
        singularName: k.singular,
        namespaced: true,
        kind: k.kind,
        verbs: VERBS,
        shortNames: k.shortNames,
        categories: ['vigil'],
      },
      {
        name: `${k.plural}/status`,
        singularName: '',
        namespaced: true,
        kind: k.kind,
        verbs: ['get', 'patch', 'update'],
      },
    ]),
  };
}
