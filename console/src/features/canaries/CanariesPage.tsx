import {
  Alert,
  Button,
  PageSection,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable';
import { JobStatusLabel } from '../../components/JobHistory/JobStatusLabel';
import { Pagination } from '../../components/Pagination/Pagination';
import { NO_RESOURCES } from '../../components/SettingsResource/SettingsResource';
import { formatAge, formatDateTime } from '../../lib/format';
import { LIST_PAGE_SIZE } from '../../lib/settingsResource';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { useCanaries, type CanaryListRow } from './api';
import { SourceLink } from './SourceLink';

export const CANARIES_PATH = '/settings/canaries';

export function scheduleOf(row: Pick<CanaryListRow, 'schedule' | 'interval'>): string {
  if (row.schedule) return row.schedule;
  return row.interval ? `@every ${row.interval}s` : '';
}

const COLUMNS: DataTableColumn<CanaryListRow>[] = [
  { id: 'name', header: 'Name', cell: (c) => c.name, sortable: true },
  { id: 'namespace', header: 'Namespace', cell: (c) => c.namespace ?? '', sortable: true },
  { id: 'schedule', header: 'Schedule', cell: scheduleOf },
  {
    id: 'source',
    header: 'Source',
    // The row itself opens the editor; a link in it goes where it says.
    cell: (c) => (
      <span onClick={(e) => e.stopPropagation()}>
        <SourceLink row={c} variant="list" />
      </span>
    ),
  },
  {
    id: 'last_runtime',
    header: 'Last Run',
    sortable: true,
    cell: (c) =>
      c.last_runtime ? (
        <span title={formatDateTime(c.last_runtime)}>{formatAge(c.last_runtime)} ago</span>
      ) : (
        ''
      ),
  },
  { id: 'job_status', header: 'Job Status', cell: (c) => <JobStatusLabel status={c.job_status} /> },
];

/** /settings/canaries: the Health Checks list (spec 001 "Settings resources (generic)"). */
export function CanariesPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'canaries', 'read')) return <UnauthorizedPage />;
  return <CanariesList canWrite={hasGrant(whoami, 'canaries', 'write')} />;
}

function CanariesList({ canWrite }: { canWrite: boolean }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(LIST_PAGE_SIZE);
  const { page: result, error, isLoading, isValidating, mutate } = useCanaries(page, pageSize);
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Health Checks', onRefresh: refresh, isLoading: isValidating });

  return (
    <PageSection>
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button icon={<PlusIcon />} onClick={() => void navigate(`${CANARIES_PATH}/new`)}>
                Add Health Check
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="settings-canaries"
        aria-label="Health Checks"
        columns={COLUMNS}
        rows={result?.rows ?? []}
        rowKey={(c) => c.id}
        isLoading={isLoading}
        emptyText={NO_RESOURCES}
        onRowClick={(c) => void navigate(`${CANARIES_PATH}/${encodeURIComponent(c.id)}`)}
      />
      <div style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}>
        <Pagination
          page={page}
          pageSize={pageSize}
          totalRows={result?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          isDisabled={isLoading}
        />
      </div>
    </PageSection>
  );
}
