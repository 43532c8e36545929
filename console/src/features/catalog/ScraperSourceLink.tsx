import { scrapeConfigKind } from '@vigil/crds';
import { SourceLink, type SourceInfo } from '../../components/SourceLink/SourceLink';

/** Where Vigil's Kubernetes API serves a ScrapeConfig applied with kubectl. */
export function scrapeConfigHref(source: string): string | undefined {
  const match = /^kubernetes\/([^/]+)\/([^/]+)$/.exec(source);
  if (!match) return undefined;
  const [, namespace = '', name = ''] = match;
  const { group, version, plural } = scrapeConfigKind;
  return `/k8s/apis/${group}/${version}/namespaces/${encodeURIComponent(namespace)}/${plural}/${encodeURIComponent(name)}`;
}

export function ScraperSourceLink(props: { row: SourceInfo; variant?: 'detail' | 'list' }) {
  return <SourceLink {...props} kubernetesHref={scrapeConfigHref} />;
}
