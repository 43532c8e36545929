import { Bullseye, EmptyState, EmptyStateBody, EmptyStateFooter } from '@patternfly/react-core';
import { SearchIcon } from '@patternfly/react-icons';
import { Link, useLocation } from 'react-router';
import { usePageHeader } from '../../app/pageHeader';

export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageHeader({ title: 'Page not found' });
  return (
    <Bullseye style={{ minHeight: '60vh' }}>
      <EmptyState headingLevel="h2" titleText="Page not found" icon={SearchIcon}>
        <EmptyStateBody>There is no page at {pathname}.</EmptyStateBody>
        <EmptyStateFooter>
          <Link to="/">Go to the dashboard</Link>
        </EmptyStateFooter>
      </EmptyState>
    </Bullseye>
  );
}
