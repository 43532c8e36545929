import { Alert } from '@patternfly/react-core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDuration } from '../../lib/format';
import type { SortState } from '../../lib/tableRows';
import { DataTable, type DataTableColumn } from '../DataTable/DataTable';
import { Pagination } from '../Pagination/Pagination';
import { NIL_AGENT_ID } from '../SourceLink/SourceLink';
import { TimeAgo } from '../TimeAgo/TimeAgo';
import {
  DEFAULT_JOB_SORT,
  JOB_SORT_COLUMNS,
  type JobHistoryRow,
  type JobSort,
  type JobSortColumn,
} from './api';
import { JobDetailsDialog } from './JobDetailsDialog';
import { jobDetailTabs } from './jobDetails';
import { jobResourceHref } from './jobResources';
import { JobStatusLabel } from './JobStatusLabel';

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

function ResourceCell({ job }: { job: JobHistoryRow }) {
  const name = job.resource_name ?? job.resource_id ?? '';
  const href = jobResourceHref(job.resource_type, job.resource_id);
  // The row opens the details; the link goes to the resource.
  return href ? (
    <Link to={href} onClick={stop}>
      {name}
    </Link>
  ) : (
    <>{name}</>
  );
}

const agentName = (j: JobHistoryRow) =>
  j.agent?.id && j.agent.id !== NIL_AGENT_ID ? (j.agent.name ?? j.agent.id) : '';

const COLUMNS: DataTableColumn<JobHistoryRow>[] = [
  { id: 'name', header: 'Job Name', cell: (j) => j.name ?? '', sortable: true },
  {
    id: 'resource_name',
    header: 'Resource',
    cell: (j) => <ResourceCell job={j} />,
    sortable: true,
  },
  { id: 'resource_type', header: 'Resource Type', cell: (j) => j.resource_type ?? '' },
  {
    id: 'status',
    header: 'Status',
    cell: (j) => <JobStatusLabel status={j.status} />,
    sortable: true,
  },
  {
    id: 'time_start',
    header: 'Started',
    cell: (j) => <TimeAgo at={j.time_start} />,
    sortable: true,
  },
  {
    id: 'duration_millis',
    header: 'Duration',
    cell: (j) => (j.duration_millis === null ? '' : formatDuration(j.duration_millis)),
    sortable: true,
  },
  {
    id: 'success_count',
    header: 'Success Count',
    cell: (j) => j.success_count ?? '',
    sortable: true,
  },
  { id: 'error_count', header: 'Error Count', cell: (j) => j.error_count ?? '', sortable: true },
  { id: 'agent', header: 'Agent', cell: agentName },
  { id: 'hostname', header: 'Host', cell: (j) => j.hostname ?? '' },
];

/** On a resource's own tab, the resource columns say nothing new. */
const RESOURCE_COLUMNS = new Set(['resource_name', 'resource_type']);

const isSortColumn = (id: string): id is JobSortColumn =>
  (JOB_SORT_COLUMNS as readonly string[]).includes(id);

export interface JobHistoryTableProps {
  /** The page of runs, or undefined while the first one loads. */
  rows: readonly JobHistoryRow[] | undefined;
  total: number;
  error: Error | undefined;
  isLoading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sort: JobSort;
  onSort: (sort: JobSort) => void;
  /** A resource's tab: no Resource columns. */
  forResource?: boolean;
  /** Names the remembered scroll position. */
  tableId: string;
}

/**
 * The job history table of /settings/jobs and of every resource's Job History tab: runs with
 * their status colours, sorted and paged on the server; a row with details opens "Details for
 * job {name}" (spec 001 "Job History page").
 */
export function JobHistoryTable(props: JobHistoryTableProps) {
  const [open, setOpen] = useState<JobHistoryRow>();
  const columns = props.forResource ? COLUMNS.filter((c) => !RESOURCE_COLUMNS.has(c.id)) : COLUMNS;
  const sort: SortState | undefined =
    props.sort.column === DEFAULT_JOB_SORT.column
      ? undefined
      : { columnId: props.sort.column, direction: props.sort.desc ? 'desc' : 'asc' };
  return (
    <>
      {props.error && !props.rows && (
        <Alert variant="danger" isInline title={props.error.message} />
      )}
      <DataTable
        tableId={props.tableId}
        aria-label="Job History"
        columns={columns}
        rows={props.rows ?? []}
        rowKey={(j) => j.id}
        isLoading={props.isLoading && !props.rows}
        manualSort
        sort={sort}
        onSort={(next) => {
          if (isSortColumn(next.columnId))
            props.onSort({ column: next.columnId, desc: next.direction === 'desc' });
        }}
        // Only a run with details has a dialog (spec 001: none opens otherwise).
        onRowClick={(j) => (jobDetailTabs(j.details).length > 0 ? setOpen(j) : undefined)}
      />
      <div style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}>
        <Pagination
          page={props.page}
          pageSize={props.pageSize}
          totalRows={props.total}
          onPageChange={props.onPageChange}
          onPageSizeChange={props.onPageSizeChange}
          isDisabled={props.isLoading}
        />
      </div>
      {open && <JobDetailsDialog job={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
