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
import { SourceLink } from '../../components/SourceLink/SourceLink';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';
import { LIST_PAGE_SIZE } from '../../lib/settingsResource';
import { ScraperSourceLink } from '../catalog/ScraperSourceLink';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { TopologySourceLink } from '../topology/spec/TopologySourceLink';
import { AddIntegrationDialog } from './AddIntegrationDialog';
import { useIntegrations, type IntegrationRow } from './integrationsApi';
import { INTEGRATION_TYPE_LABELS, integrationPath, isIntegrationType } from './paths';

function Source({ row }: { row: IntegrationRow }) {
  switch (row.integration_type) {
    case 'scrapers':
      return <ScraperSourceLink row={row} variant="list" />;
    case 'topologies':
      return <TopologySourceLink row={row} variant="list" />;
    default:
      return <SourceLink row={row} variant="list" />;
  }
}

const COLUMNS: DataTableColumn<IntegrationRow>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name ?? r.id },
  {
    id: 'integration_type',
    header: 'Type',
    cell: (r) =>
      isIntegrationType(r.integration_type)
        ? INTEGRATION_TYPE_LABELS[r.integration_type]
        : r.integration_type,
  },
  {
    id: 'source',
    header: 'Source',
    // The row opens the detail; a link in it goes where it says.
    cell: (r) => (
      <span onClick={(e) => e.stopPropagation()}>
        <Source row={r} />
      </span>
    ),
  },
  { id: 'job_status', header: 'Job Status', cell: (r) => <JobStatusLabel status={r.job_status} /> },
  { id: 'job_time_start', header: 'Last Run', cell: (r) => <TimeAgo at={r.job_time_start} /> },
  { id: 'creator', header: 'Created By', cell: (r) => r.creator?.name ?? '' },
  { id: 'created_at', header: 'Created', cell: (r) => <TimeAgo at={r.created_at} /> },
  { id: 'updated_at', header: 'Updated', cell: (r) => <TimeAgo at={r.updated_at} /> },
];

/** /settings/integrations: scrapers, topologies and log backends in one paged list. */
export function IntegrationsPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'integrations', 'read')) return <UnauthorizedPage />;
  return <IntegrationsList canWrite={hasGrant(whoami, 'integrations', 'write')} />;
}

function IntegrationsList({ canWrite }: { canWrite: boolean }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(LIST_PAGE_SIZE);
  const [adding, setAdding] = useState(false);
  const { page: result, error, isLoading, isValidating, mutate } = useIntegrations(page, pageSize);
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Integrations', onRefresh: refresh, isLoading: isValidating });
  return (
    <PageSection>
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button icon={<PlusIcon />} onClick={() => setAdding(true)}>
                Add Integration
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="settings-integrations"
        aria-label="Integrations"
        columns={COLUMNS}
        rows={result?.rows ?? []}
        rowKey={(r) => `${r.integration_type}/${r.id}`}
        isLoading={isLoading}
        emptyText={NO_RESOURCES}
        onRowClick={(r) => void navigate(integrationPath(r.integration_type, r.id))}
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
      {canWrite && (
        <AddIntegrationDialog isOpen={adding} onClose={() => setAdding(false)} onAdded={refresh} />
      )}
    </PageSection>
  );
}
