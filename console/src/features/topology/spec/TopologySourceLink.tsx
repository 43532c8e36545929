import { topologyKind } from '@vigil/crds';
import { SourceLink, type SourceInfo } from '../../../components/SourceLink/SourceLink';

/** Where Vigil's Kubernetes API serves a Topology applied with kubectl (kubernetes/ns/name). */
export function topologyResourceHref(source: string): string | undefined {
  const match = /^kubernetes\/([^/]+)\/([^/]+)$/.exec(source);
  if (!match) return undefined;
  const [, namespace = '', name = ''] = match;
  const { group, version, plural } = topologyKind;
  return `/k8s/apis/${group}/${version}/namespaces/${encodeURIComponent(namespace)}/${plural}/${encodeURIComponent(name)}`;
}

export function TopologySourceLink(props: { row: SourceInfo; variant?: 'detail' | 'list' }) {
  return <SourceLink {...props} kubernetesHref={topologyResourceHref} />;
}
