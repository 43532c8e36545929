import { Alert, PageSection } from '@patternfly/react-core';
import { useCallback } from 'react';
import { hasGrant } from '../../../app/access';
import { usePageHeader } from '../../../app/pageHeader';
import { useSession } from '../../../app/session';
import { DataTable } from '../../../components/DataTable/DataTable';
import { Pagination } from '../../../components/Pagination/Pagination';
import { UnauthorizedPage } from '../../errors/UnauthorizedPage';
import { useListUrlState } from '../listUrlState';
import { NOTIFICATIONS_PAGE_SIZE } from '../messages';
import { NotificationsTabs } from '../NotificationsTabs';
import { useHistory } from './api';
import { HistoryDetailModal } from './HistoryDetailModal';
import { HISTORY_COLUMNS } from './historyColumns';
import { HistoryFilters } from './HistoryFilters';

export const NO_HISTORY = 'No notifications sent';
const FILTERS = ['status', 'resource_type'] as const;

/** /notifications: every send, newest first, filtered and paged on the server (spec 002 §2). */
export function HistoryPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'notifications', 'read')) return <UnauthorizedPage />;
  return <HistoryList />;
}

function HistoryList() {
  const { state, update } = useListUrlState(FILTERS, NOTIFICATIONS_PAGE_SIZE);
  const { page, error, isLoading, isValidating, mutate } = useHistory({
    page: state.page,
    pageSize: state.pageSize,
    status: state.filters.status,
    resourceType: state.filters.resource_type,
  });
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Notifications', onRefresh: refresh, isLoading: isValidating });
  return (
    <PageSection>
      <NotificationsTabs active="history" />
      <HistoryFilters value={state.filters} onChange={(filters) => update({ filters })} />
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="notification-history"
        aria-label="Notification history"
        columns={HISTORY_COLUMNS}
        rows={page?.rows ?? []}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        emptyText={NO_HISTORY}
        onRowClick={(r) => update({ id: r.id })}
        manualSort
      />
      <div style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}>
        <Pagination
          page={state.page}
          pageSize={state.pageSize}
          totalRows={page?.total ?? 0}
          onPageChange={(p) => update({ page: p })}
          onPageSizeChange={(pageSize) => update({ pageSize })}
          isDisabled={isLoading}
        />
      </div>
      {state.id && <HistoryDetailModal id={state.id} onClose={() => update({ id: '' })} />}
    </PageSection>
  );
}
