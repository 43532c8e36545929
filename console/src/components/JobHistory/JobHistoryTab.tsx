import { Alert } from '@patternfly/react-core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../DataTable/DataTable';
import { Pagination } from '../Pagination/Pagination';
import { formatDateTime, formatDuration } from '../../lib/format';
import { JOB_PAGE_SIZE, useJobHistory, type JobHistoryRow, type JobResourceType } from './api';
import { JobStatusLabel } from './JobStatusLabel';

const COLUMNS: DataTableColumn<JobHistoryRow>[] = [
  { id: 'name', header: 'Job Name', cell: (j) => j.name ?? '' },
  { id: 'status', header: 'Status', cell: (j) => <JobStatusLabel status={j.status} /> },
  { id: 'time_start', header: 'Started', cell: (j) => formatDateTime(j.time_start) },
  {
    id: 'duration_millis',
    header: 'Duration',
    cell: (j) => (j.duration_millis === null ? '' : formatDuration(j.duration_millis)),
  },
  { id: 'success_count', header: 'Success Count', cell: (j) => j.success_count ?? '' },
  { id: 'error_count', header: 'Error Count', cell: (j) => j.error_count ?? '' },
  { id: 'hostname', header: 'Host', cell: (j) => j.hostname ?? '' },
];

/**
 * A resource's Job History tab: its runs from job history, newest first, paged on the server
 * (spec 001 §7, §9).
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
  const {
    page: result,
    error,
    isLoading,
  } = useJobHistory(resourceType, resourceId, page, pageSize);
  return (
    <>
      {error && !result && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId={`settings-${resourceType}-jobs`}
        aria-label="Job History"
        columns={COLUMNS}
        rows={result?.rows ?? []}
        rowKey={(j) => j.id}
        isLoading={isLoading}
        manualSort
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
    </>
  );
}
