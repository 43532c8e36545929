import { playbookKind } from '@vigil/crds';
import { SourceLink, type SourceInfo } from '../../../components/SourceLink/SourceLink';

/** Where Vigil's Kubernetes API serves a Playbook applied with kubectl. */
export function playbookResourceHref(namespace: string, name: string): string {
  const { group, version, plural } = playbookKind;
  return `/k8s/apis/${group}/${version}/namespaces/${encodeURIComponent(namespace)}/${plural}/${encodeURIComponent(name)}`;
}

/**
 * The source link of spec 001 'Spec editors'. A Playbook resource's row has source KubernetesCRD
 * (the controller writes it): it links to the resource by its namespace and name.
 */
export function PlaybookSourceLink({
  row,
}: {
  row: SourceInfo & { name: string; namespace: string };
}) {
  if (row.source === 'KubernetesCRD') {
    return (
      <a href={playbookResourceHref(row.namespace, row.name)} target="_blank" rel="noreferrer">
        {`kubernetes/${row.namespace}/${row.name}`}
      </a>
    );
  }
  return <SourceLink row={row} />;
}
