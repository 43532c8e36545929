/**
 * The kinds Vigil serves, one descriptor each (convention 2): the operator (/k8s, controllers), the
 * CRD generator and the console all read these.
 */
import type { z } from 'zod';
import type { KindDescriptor } from './descriptor.js';
import { canaryKind } from './kinds/canary.js';
import { notificationKind, notificationRuleKind } from './kinds/notification.js';
import { permissionKind } from './kinds/permission.js';
import { playbookKind } from './kinds/playbook.js';
import { scrapeConfigKind } from './kinds/scrapeconfig.js';
import type { ObjectMeta } from './kinds/shared/meta.js';
import { topologyKind } from './kinds/topology.js';

// Annotated so declarations name each kind instead of repeating its schema types.
export const KINDS: readonly [
  typeof canaryKind,
  typeof topologyKind,
  typeof scrapeConfigKind,
  typeof playbookKind,
  typeof notificationRuleKind,
  typeof notificationKind,
  typeof permissionKind,
] = [
  canaryKind,
  topologyKind,
  scrapeConfigKind,
  playbookKind,
  notificationRuleKind,
  notificationKind,
  permissionKind,
];

type AnyKind = (typeof KINDS)[number];
export type KindName = AnyKind['kind'];
/** Other accepted spellings of a kind's name (none today). */
export type KindAlias = AnyKind['aliases'][number];

/** The descriptor type for a kind name or alias. */
export type KindOf<N extends KindName | KindAlias> = AnyKind extends infer D
  ? D extends AnyKind
    ? N extends D['kind'] | D['aliases'][number]
      ? D
      : never
    : never
  : never;

export interface Resource<Spec, Status> {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec: Spec;
  status?: Status;
}

export type ResourceOf<N extends KindName | KindAlias> = Resource<
  z.output<KindOf<N>['spec']>,
  z.output<KindOf<N>['status']>
>;

export type Canary = ResourceOf<'Canary'>;
export type Topology = ResourceOf<'Topology'>;
export type ScrapeConfig = ResourceOf<'ScrapeConfig'>;
export type Playbook = ResourceOf<'Playbook'>;
export type NotificationRule = ResourceOf<'NotificationRule'>;
export type Notification = ResourceOf<'Notification'>;
export type Permission = ResourceOf<'Permission'>;

/** By kind name or alias. */
export function kindByName(kind: string): KindDescriptor | undefined {
  return KINDS.find((k) => k.kind === kind || (k.aliases as readonly string[]).includes(kind));
}

/** By API group and a resource name as kubectl accepts it: plural, singular or short name. */
export function kindByResource(group: string, resource: string): KindDescriptor | undefined {
  const name = resource.toLowerCase();
  return KINDS.find(
    (k) =>
      k.group === group &&
      (k.plural === name ||
        k.singular === name ||
        (k.shortNames as readonly string[]).includes(name)),
  );
}

export function apiVersion(k: KindDescriptor): string {
  return `${k.group}/${k.version}`;
}
