import { Bullseye, EmptyState, EmptyStateBody } from '@patternfly/react-core';
import { LockIcon } from '@patternfly/react-icons';

export function UnauthorizedPage() {
  return (
    <Bullseye style={{ minHeight: '60vh' }}>
      <EmptyState headingLevel="h1" titleText="Unauthorized" icon={LockIcon}>
        <EmptyStateBody>You do not have permission to access this page</EmptyStateBody>
      </EmptyState>
    </Bullseye>
  );
}
