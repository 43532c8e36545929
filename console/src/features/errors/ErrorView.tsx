import {
  Bullseye,
  EmptyState,
  EmptyStateBody,
  EmptyStateFooter,
  Button,
} from '@patternfly/react-core';
import { ExclamationCircleIcon } from '@patternfly/react-icons';

/** The view shown when rendering fails or a page cannot load at all. */
export function ErrorView({ error }: { error?: Error }) {
  return (
    <Bullseye style={{ minHeight: '60vh' }}>
      <EmptyState
        headingLevel="h2"
        titleText="Sorry.. there was an error"
        icon={ExclamationCircleIcon}
        status="danger"
      >
        {error?.message && <EmptyStateBody>{error.message}</EmptyStateBody>}
        <EmptyStateFooter>
          <Button variant="link" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </EmptyStateFooter>
      </EmptyState>
    </Bullseye>
  );
}
