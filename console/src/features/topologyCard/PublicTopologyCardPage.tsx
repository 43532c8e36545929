import { Alert, EmptyState, Skeleton } from '@patternfly/react-core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { usePageHeader } from '../../app/pageHeader';
import { errorText, useTopology } from '../topology/api';
import { ComponentCard } from '../topology/ComponentCard';
import { displayName } from '../topology/health';

/** Spec 002 §8: the public card of a component that does not exist (or is hidden). */
export const COMPONENT_NOT_FOUND = 'Component not found';

/**
 * /view/topology/{id} (spec 002 'Global routes'): one component's card alone, outside the
 * application shell, for embedding in an iframe. It reads the topology call like the dashboard,
 * so it needs a signed-in session like every page; the card is read-only.
 */
export function PublicTopologyCardPage() {
  const { id = '' } = useParams();
  // The card lists the component's children, not theirs.
  const params = useMemo(() => new URLSearchParams({ id, depth: '1' }), [id]);
  const { answer, error, isLoading } = useTopology(id ? params : undefined);
  const components = answer?.components ?? [];
  const component = components.find((c) => c.id === id) ?? components[0];
  usePageHeader({ title: component ? displayName(component) : 'Topology' });

  const body = () => {
    if (error) return <Alert variant="danger" isInline title={errorText(error)} />;
    if (isLoading || !answer)
      return <Skeleton width="258px" height="140px" screenreaderText="Loading component" />;
    if (!component)
      return <EmptyState headingLevel="h1" titleText={COMPONENT_NOT_FOUND} variant="sm" />;
    return <ComponentCard component={component} chosenWidth={undefined} variant="public" />;
  };

  return (
    <main aria-label="Component card" style={{ padding: 8 }}>
      {body()}
    </main>
  );
}
