import { Bullseye, EmptyState, EmptyStateBody } from '@patternfly/react-core';
import { CubesIcon } from '@patternfly/react-icons';
import { usePageHeader } from '../../app/pageHeader';

/**
 * The route of an area whose screens this build does not contain yet. It says so plainly rather
 * than showing an empty list that would look like "no data".
 */
export function AreaNotAvailable({ title }: { title: string }) {
  usePageHeader({ title });
  return (
    <Bullseye style={{ minHeight: '60vh' }}>
      <EmptyState
        headingLevel="h2"
        titleText={`${title} is not available in this version`}
        icon={CubesIcon}
      >
        <EmptyStateBody>
          This area of Vigil has not been built yet. Its API and screens arrive in a later release.
        </EmptyStateBody>
      </EmptyState>
    </Bullseye>
  );
}
