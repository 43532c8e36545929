import { Alert, PageSection } from '@patternfly/react-core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { DataTable } from '../../components/DataTable/DataTable';
import { Pagination } from '../../components/Pagination/Pagination';
import { pageCount } from '../../lib/pagination';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { useIncidentPage } from './api';
import { CreateIncidentModal } from './CreateIncidentModal';
import { incidentColumns } from './incidentColumns';
import { IncidentFilters } from './IncidentFilters';
import { incidentPath, useIncidentUrlState } from './urlState';

/** Spec 000 §2.3 / §8. */
export const NO_INCIDENTS_TEXT = 'There are no incidents matching this criteria';

/** /incidents: needs read on incidents; the plus button needs write. */
export function IncidentListPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'incident', 'read')) return <UnauthorizedPage />;
  return <IncidentList canWrite={hasGrant(whoami, 'incident', 'write')} />;
}

function IncidentList({ canWrite }: { canWrite: boolean }) {
  const navigate = useNavigate();
  const { state, update } = useIncidentUrlState();
  const { page, error, isLoading, isValidating, mutate } = useIncidentPage(state);
  const [creating, setCreating] = useState(false);
  const pages = page ? pageCount(page.total, state.pageSize) : undefined;
  useEffect(() => {
    if (pages !== undefined && state.page > pages) update({ page: pages }, { replace: true });
  }, [pages, state.page, update]);
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Incidents', onRefresh: refresh, isLoading: isValidating });
  // Ages are relative to the moment the rows arrived, so they agree with one another.
  const loadedAt = page?.loadedAt;
  const columns = useMemo(() => incidentColumns(loadedAt), [loadedAt]);

  return (
    <PageSection>
      <IncidentFilters
        filters={state}
        onChange={(patch) => update(patch)}
        onCreate={canWrite ? () => setCreating(true) : undefined}
      />
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="incidents"
        aria-label="Incidents"
        columns={columns}
        rows={page?.rows ?? []}
        rowKey={(row) => row.id}
        isLoading={isLoading}
        emptyText={NO_INCIDENTS_TEXT}
        onRowClick={(row) => void navigate(incidentPath(row.id))}
        sort={state.sort}
        onSort={(sort) => update({ sort })}
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
      {creating && <CreateIncidentModal onClose={() => setCreating(false)} />}
    </PageSection>
  );
}
