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
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';
import { LIST_PAGE_SIZE } from '../../lib/settingsResource';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { CatalogTabs } from './CatalogTabs';
import { SCRAPERS_PATH, scraperPath } from './paths';
import { ScraperSourceLink } from './ScraperSourceLink';
import { useScrapers, type ScraperListRow } from './scrapersApi';

const COLUMNS: DataTableColumn<ScraperListRow>[] = [
  { id: 'name', header: 'Name', cell: (s) => s.name ?? s.id },
  {
    id: 'source',
    header: 'Source',
    // The row opens the editor; a link in it goes where it says.
    cell: (s) => (
      <span onClick={(e) => e.stopPropagation()}>
        <ScraperSourceLink row={s} variant="list" />
      </span>
    ),
  },
  { id: 'job_status', header: 'Job Status', cell: (s) => <JobStatusLabel status={s.job_status} /> },
  { id: 'job_time_start', header: 'Last Run', cell: (s) => <TimeAgo at={s.job_time_start} /> },
  { id: 'job_success_count', header: 'Success Count', cell: (s) => s.job_success_count ?? '' },
  { id: 'job_error_count', header: 'Error Count', cell: (s) => s.job_error_count ?? '' },
  { id: 'created_by', header: 'Created By', cell: (s) => s.created_by?.name ?? '' },
  { id: 'created_at', header: 'Created', cell: (s) => <TimeAgo at={s.created_at} /> },
];

/** /catalog/scrapers: the catalog scrapers, as the settings lists show resources. */
export function ScrapersPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'config_scrapers', 'read')) return <UnauthorizedPage />;
  return <ScrapersList canWrite={hasGrant(whoami, 'config_scrapers', 'write')} />;
}

function ScrapersList({ canWrite }: { canWrite: boolean }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(LIST_PAGE_SIZE);
  const { page: result, error, isLoading, isValidating, mutate } = useScrapers(page, pageSize);
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Catalog Scrapers', onRefresh: refresh, isLoading: isValidating });
  return (
    <PageSection>
      <CatalogTabs active="scrapers" />
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button icon={<PlusIcon />} onClick={() => void navigate(`${SCRAPERS_PATH}/new`)}>
                Add Scraper
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="catalog-scrapers"
        aria-label="Catalog scrapers"
        columns={COLUMNS}
        rows={result?.rows ?? []}
        rowKey={(s) => s.id}
        isLoading={isLoading}
        emptyText={NO_RESOURCES}
        onRowClick={(s) => void navigate(scraperPath(s.id))}
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
