/**
 * One descriptor per kind, read by the operator (/k8s, controllers), the CRD generator and the
 * console. Upstream API groups are kept so existing manifests apply unchanged.
 */
export interface KindDescriptor {
  kind: string;
  group: string;
  version: string;
  plural: string;
  singular: string;
  shortNames: string[];
  /** The RBAC object that guards this kind in the policy module. */
  policyObject: string;
}

export const KINDS = [
  {
    kind: 'Canary',
    group: 'canaries.flanksource.com',
    version: 'v1',
    plural: 'canaries',
    singular: 'canary',
    shortNames: ['canary'],
    policyObject: 'canaries',
  },
  {
    kind: 'Topology',
    group: 'canaries.flanksource.com',
    version: 'v1',
    plural: 'topologies',
    singular: 'topology',
    shortNames: ['topo'],
    policyObject: 'topologies',
  },
  {
    kind: 'ScrapeConfig',
    group: 'configs.flanksource.com',
    version: 'v1',
    plural: 'scrapeconfigs',
    singular: 'scrapeconfig',
    shortNames: ['scrape'],
    policyObject: 'config_scrapers',
  },
  {
    kind: 'Playbook',
    group: 'mission-control.flanksource.com',
    version: 'v1',
    plural: 'playbooks',
    singular: 'playbook',
    shortNames: ['pb'],
    policyObject: 'playbooks',
  },
  {
    kind: 'NotificationRule',
    group: 'mission-control.flanksource.com',
    version: 'v1',
    plural: 'notifications',
    singular: 'notification',
    shortNames: ['notif'],
    policyObject: 'notifications',
  },
  {
    kind: 'Permission',
    group: 'mission-control.flanksource.com',
    version: 'v1',
    plural: 'permissions',
    singular: 'permission',
    shortNames: ['perm'],
    policyObject: 'permissions',
  },
] as const satisfies readonly KindDescriptor[];

export type KindName = (typeof KINDS)[number]['kind'];

export function kindByName(kind: string): KindDescriptor | undefined {
  return KINDS.find((k) => k.kind === kind);
}

export function apiVersion(k: KindDescriptor): string {
  return `${k.group}/${k.version}`;
}
