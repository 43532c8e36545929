import { Alert, PageSection } from '@patternfly/react-core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { hasGrant } from '../../../app/access';
import { usePageHeader } from '../../../app/pageHeader';
import { useSession } from '../../../app/session';
import { DataTable } from '../../../components/DataTable/DataTable';
import { Pagination } from '../../../components/Pagination/Pagination';
import { UnauthorizedPage } from '../../errors/UnauthorizedPage';
import { runPath } from '../paths';
import { PlaybooksTabs } from '../PlaybooksTabs';
import { useRuns } from './api';
import { RUN_COLUMNS } from './runColumns';
import { RunsFilters } from './RunsFilters';
import { useRunsUrlState } from './runsUrlState';

export const NO_RUNS = 'No playbook runs';

/** /playbooks/runs: every run, newest first, filtered and paged on the server. */
export function PlaybookRunsPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'playbook_runs', 'read')) return <UnauthorizedPage />;
  return <RunsList />;
}

function RunsList() {
  const navigate = useNavigate();
  const { state, update } = useRunsUrlState();
  const { page, error, isLoading, isValidating, mutate } = useRuns(state);
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Playbook Runs', onRefresh: refresh, isLoading: isValidating });
  return (
    <PageSection>
      <PlaybooksTabs active="runs" />
      <RunsFilters state={state} onChange={update} />
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="playbook-runs"
        aria-label="Playbook runs"
        columns={RUN_COLUMNS}
        rows={page?.rows ?? []}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        emptyText={NO_RUNS}
        onRowClick={(r) => void navigate(runPath(r.id))}
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
    </PageSection>
  );
}
