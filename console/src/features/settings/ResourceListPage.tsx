import {
  Alert,
  Button,
  PageSection,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import { useCallback, useMemo, useState } from 'react';
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
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { detailPath, listPath, type SettingsKind } from './kind';
import { useResources, type ResourceListRow } from './resourceApi';

function columnsOf(kind: SettingsKind): DataTableColumn<ResourceListRow>[] {
  const columns: DataTableColumn<ResourceListRow>[] = [
    { id: 'name', header: 'Name', cell: (r) => r.name, sortable: true },
  ];
  if (kind.fields.includes('namespace')) {
    columns.push({ id: 'namespace', header: 'Namespace', cell: (r) => r.namespace ?? '' });
  }
  columns.push({
    id: 'source',
    header: 'Source',
    // The row opens the editor; a link in it goes where it says.
    cell: (r) => (
      <span onClick={(e) => e.stopPropagation()}>
        <SourceLink row={{ source: r.source, agent: r.agent }} variant="list" />
      </span>
    ),
  });
  if (kind.jobResourceType) {
    columns.push(
      {
        id: 'job_status',
        header: 'Job Status',
        cell: (r) => <JobStatusLabel status={r.job_status} />,
      },
      { id: 'job_time_start', header: 'Last Run', cell: (r) => <TimeAgo at={r.job_time_start} /> },
    );
  }
  columns.push(
    { id: 'created_by', header: 'Created By', cell: (r) => r.created_by?.name ?? '' },
    {
      id: 'created_at',
      header: 'Created',
      cell: (r) => <TimeAgo at={r.created_at} />,
      sortable: true,
    },
    {
      id: 'updated_at',
      header: 'Updated',
      cell: (r) => <TimeAgo at={r.updated_at} />,
      sortable: true,
      sortValue: (r) => r.updated_at ?? '',
    },
  );
  return columns;
}

/** /settings/{table}: the table's resources, newest first, with an add button (spec 001). */
export function ResourceListPage({ kind }: { kind: SettingsKind }) {
  const { whoami } = useSession();
  if (!hasGrant(whoami, kind.object, 'read')) return <UnauthorizedPage />;
  return <ResourceList kind={kind} canWrite={hasGrant(whoami, kind.object, 'write')} />;
}

function ResourceList({ kind, canWrite }: { kind: SettingsKind; canWrite: boolean }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(LIST_PAGE_SIZE);
  const {
    page: result,
    error,
    isLoading,
    isValidating,
    mutate,
  } = useResources(kind, page, pageSize);
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: kind.title, onRefresh: refresh, isLoading: isValidating });
  const columns = useMemo(() => columnsOf(kind), [kind]);

  return (
    <PageSection>
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button icon={<PlusIcon />} onClick={() => void navigate(`${listPath(kind)}/new`)}>
                Add {kind.singular}
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId={`settings-${kind.table}`}
        aria-label={kind.title}
        columns={columns}
        rows={result?.rows ?? []}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        emptyText={NO_RESOURCES}
        onRowClick={(r) => void navigate(detailPath(kind, r.id))}
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
