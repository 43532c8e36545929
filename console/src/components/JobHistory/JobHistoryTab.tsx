import { useState } from 'react';
import { DEFAULT_JOB_SORT, JOB_PAGE_SIZE, useJobs, type JobResourceType } from './api';
import { JobHistoryTable } from './JobHistoryTable';

/**
 * A resource's Job History tab: the table of /settings/jobs over this resource's runs, newest
 * first, 150 a page (spec 001 §9). Every run is shown, whatever its status.
 */
export function JobHistoryTab({
  resourceType,
  resourceId,
}: {
  resourceType: JobResourceType;
  resourceId: string;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(JOB_PAGE_SIZE);
  const [sort, setSort] = useState(DEFAULT_JOB_SORT);
  const {
    page: result,
    error,
    isLoading,
  } = useJobs({
    resource: { type: resourceType, id: resourceId },
    sort,
    page,
    pageSize,
  });
  return (
    <JobHistoryTable
      tableId={`settings-${resourceType}-jobs`}
      forResource
      rows={result?.rows}
      total={result?.total ?? 0}
      error={error}
      isLoading={isLoading}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(1);
      }}
      sort={sort}
      onSort={(next) => {
        setSort(next);
        setPage(1);
      }}
    />
  );
}
