import { Breadcrumb, BreadcrumbItem } from '@patternfly/react-core';
import { Link, useLocation } from 'react-router';
import type { Crumb } from './api';
import { topologyHref } from './links';

export interface TopologyBreadcrumbProps {
  /** Root first; names fall back to ids until they load. */
  ancestors: readonly Crumb[];
  /** The zoomed-in component's name; undefined on /topology itself. */
  current: string | undefined;
}

/** Topology > ancestors > the component (spec 002 §2); every level but the last is a link. */
export function TopologyBreadcrumb({ ancestors, current }: TopologyBreadcrumbProps) {
  const { search } = useLocation();
  const crumbLink = (id: string | undefined, label: string) => (
    <BreadcrumbItem
      key={id ?? 'topology'}
      render={({ className }) => (
        <Link className={className} to={topologyHref(id, search)}>
          {label}
        </Link>
      )}
    />
  );
  return (
    <Breadcrumb>
      {current === undefined ? (
        <BreadcrumbItem isActive>Topology</BreadcrumbItem>
      ) : (
        crumbLink(undefined, 'Topology')
      )}
      {current !== undefined && ancestors.map((a) => crumbLink(a.id, a.name))}
      {current !== undefined && <BreadcrumbItem isActive>{current}</BreadcrumbItem>}
    </Breadcrumb>
  );
}
