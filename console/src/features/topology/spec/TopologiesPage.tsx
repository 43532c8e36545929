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
import { hasGrant } from '../../../app/access';
import { usePageHeader } from '../../../app/pageHeader';
import { useSession } from '../../../app/session';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable';
import { JobStatusLabel } from '../../../components/JobHistory/JobStatusLabel';
import { Pagination } from '../../../components/Pagination/Pagination';
import { NO_RESOURCES } from '../../../components/SettingsResource/SettingsResource';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { LIST_PAGE_SIZE } from '../../../lib/settingsResource';
import { UnauthorizedPage } from '../../errors/UnauthorizedPage';
import { TOPOLOGIES_PATH, topologySpecHref } from '../links';
import { useTopologies, type TopologyListRow } from './topologiesApi';
import { TopologySourceLink } from './TopologySourceLink';

const scheduleOf = (t: TopologyListRow) =>
  t.schedule ?? (typeof t.spec?.schedule === 'string' ? t.spec.schedule : '');

const COLUMNS: DataTableColumn<TopologyListRow>[] = [
  { id: 'name', header: 'Name', cell: (t) => t.name },
  { id: 'namespace', header: 'Namespace', cell: (t) => t.namespace ?? '' },
  { id: 'schedule', header: 'Schedule', cell: scheduleOf },
  {
    id: 'source',
    header: 'Source',
    // The row opens the editor; a link in it goes where it says.
    cell: (t) => (
      <span onClick={(e) => e.stopPropagation()}>
        <TopologySourceLink row={t} variant="list" />
      </span>
    ),
  },
  { id: 'job_status', header: 'Job Status', cell: (t) => <JobStatusLabel status={t.job_status} /> },
  { id: 'job_time_start', header: 'Last Run', cell: (t) => <TimeAgo at={t.job_time_start} /> },
  { id: 'created_by', header: 'Created By', cell: (t) => t.created_by?.name ?? '' },
  { id: 'created_at', header: 'Created', cell: (t) => <TimeAgo at={t.created_at} /> },
];

/** /settings/topologies: the Topology resources (spec 001 'Settings resources (generic)'). */
export function TopologiesPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'topologies', 'read')) return <UnauthorizedPage />;
  return <TopologiesList canWrite={hasGrant(whoami, 'topologies', 'write')} />;
}

function TopologiesList({ canWrite }: { canWrite: boolean }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(LIST_PAGE_SIZE);
  const { page: result, error, isLoading, isValidating, mutate } = useTopologies(page, pageSize);
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Topologies', onRefresh: refresh, isLoading: isValidating });
  return (
    <PageSection>
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button icon={<PlusIcon />} onClick={() => void navigate(`${TOPOLOGIES_PATH}/new`)}>
                Add Topology
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="settings-topologies"
        aria-label="Topologies"
        columns={COLUMNS}
        rows={result?.rows ?? []}
        rowKey={(t) => t.id}
        isLoading={isLoading}
        emptyText={NO_RESOURCES}
        onRowClick={(t) => void navigate(topologySpecHref(t.id))}
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
