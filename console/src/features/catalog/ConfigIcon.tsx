import {
  AwsIcon,
  AzureIcon,
  ClusterIcon,
  CubeIcon,
  CubesIcon,
  DatabaseIcon,
  FileIcon,
  FolderIcon,
  GithubIcon,
  NetworkIcon,
  ServerIcon,
} from '@patternfly/react-icons';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ title?: string }>;

/** Config types name their provider first (AWS::EC2::Instance, Kubernetes::Pod). */
const ICONS: readonly (readonly [RegExp, Icon])[] = [
  [/^aws::/i, AwsIcon],
  [/^azure/i, AzureIcon],
  [/^github/i, GithubIcon],
  [/database|postgres|mysql|sql|rds|redis|mongo/i, DatabaseIcon],
  [/cluster/i, ClusterIcon],
  [/node|instance|server|host|vm\b/i, ServerIcon],
  [/namespace|folder/i, FolderIcon],
  [/service|ingress|network|vpc|subnet|dns|gateway/i, NetworkIcon],
  [/pod|container|deployment|replicaset|statefulset|daemonset/i, CubeIcon],
  [/file/i, FileIcon],
];

export function configIcon(type: string | null | undefined): Icon {
  const hint = type ?? '';
  return ICONS.find(([pattern]) => pattern.test(hint))?.[1] ?? CubesIcon;
}

/** The icon of a config type, beside its name. */
export function ConfigIcon({ type }: { type: string | null | undefined }) {
  const Icon = configIcon(type);
  return (
    <span aria-hidden style={{ display: 'inline-flex', marginRight: 6, verticalAlign: 'middle' }}>
      <Icon />
    </span>
  );
}
