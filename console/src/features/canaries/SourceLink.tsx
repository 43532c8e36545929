import {
  SourceLink as ResourceSourceLink,
  type SourceInfo,
} from '../../components/SourceLink/SourceLink';

export { isExternal } from '../../components/SourceLink/SourceLink';

/** Where Vigil's Kubernetes API serves a canary applied with kubectl (source kubernetes/ns/name). */
export function kubernetesHref(source: string): string | undefined {
  const match = /^kubernetes\/([^/]+)\/([^/]+)$/.exec(source);
  if (!match) return undefined;
  const [, namespace = '', name = ''] = match;
  return `/k8s/apis/canaries.flanksource.com/v1/namespaces/${encodeURIComponent(namespace)}/canaries/${encodeURIComponent(name)}`;
}

/** The shared source link, with a kubectl canary linked to where it is served. */
export function SourceLink(props: { row: SourceInfo; variant?: 'detail' | 'list' }) {
  return <ResourceSourceLink {...props} kubernetesHref={kubernetesHref} />;
}
