import { Page } from '@patternfly/react-core';
import { Outlet } from 'react-router';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useSidebar } from './useSidebar';

export function Shell() {
  const sidebar = useSidebar();
  return (
    <Page
      masthead={<TopBar isSidebarOpen={sidebar.isOpen} onToggleSidebar={sidebar.toggle} />}
      sidebar={<Sidebar isOpen={sidebar.isOpen} />}
      isContentFilled
    >
      <ErrorBoundary>
        <Outlet />
      </ErrorBoundary>
    </Page>
  );
}
