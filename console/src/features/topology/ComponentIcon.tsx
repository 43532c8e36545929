import {
  CloudIcon,
  ClusterIcon,
  CubeIcon,
  CubesIcon,
  DatabaseIcon,
  FolderIcon,
  NetworkIcon,
  ServerIcon,
} from '@patternfly/react-icons';
import type { ComponentType } from 'react';
import type { TopologyComponent } from './types';

type IconComponent = ComponentType<{ title?: string }>;

/**
 * Components name their icon freely (e.g. 'postgres', 'k8s-pod'); the console has PatternFly's
 * icons only, so the name (or else the type) is matched to the closest one.
 */
const ICONS: readonly (readonly [RegExp, IconComponent])[] = [
  [/database|postgres|mysql|mongo|redis|sql|db\b/i, DatabaseIcon],
  [/cluster/i, ClusterIcon],
  [/node|server|host|vm\b|instance|machine/i, ServerIcon],
  [/network|ingress|service|gateway|dns|loadbalancer|lb\b/i, NetworkIcon],
  [/pod|container|docker/i, CubeIcon],
  [/cloud|aws|azure|gcp/i, CloudIcon],
  [/namespace|folder|group/i, FolderIcon],
];

export function iconFor(component: Pick<TopologyComponent, 'icon' | 'type'>): IconComponent {
  for (const hint of [component.icon, component.type]) {
    if (!hint) continue;
    const match = ICONS.find(([pattern]) => pattern.test(hint));
    if (match) return match[1];
  }
  return CubesIcon;
}

export function ComponentIcon({
  component,
}: {
  component: Pick<TopologyComponent, 'icon' | 'type'>;
}) {
  const Icon = iconFor(component);
  return <Icon />;
}
