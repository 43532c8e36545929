import { Alert, Card, CardBody } from '@patternfly/react-core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable';
import { Pagination } from '../../../components/Pagination/Pagination';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { formatDuration } from '../../../lib/format';
import { PlaybooksMenu } from '../../playbooks/launch/PlaybooksMenu';
import { RUNS_PAGE_SIZE, useConfigRuns, type ConfigPlaybookRun } from './api';
import { RunStatusLabel } from './RunStatusLabel';

export const runPath = (id: string) => `/playbooks/runs/${encodeURIComponent(id)}`;

function duration(run: ConfigPlaybookRun): string {
  if (!run.start_time || !run.end_time) return '';
  const ms = new Date(run.end_time).getTime() - new Date(run.start_time).getTime();
  return Number.isFinite(ms) && ms >= 0 ? formatDuration(ms) : '';
}

const COLUMNS: DataTableColumn<ConfigPlaybookRun>[] = [
  {
    id: 'playbook',
    header: 'Playbook',
    cell: (r) => (
      <Link to={runPath(r.id)}>{r.playbooks?.title || r.playbooks?.name || 'Playbook run'}</Link>
    ),
  },
  { id: 'status', header: 'Status', cell: (r) => <RunStatusLabel status={r.status} /> },
  { id: 'start_time', header: 'Started', cell: (r) => <TimeAgo at={r.start_time} /> },
  { id: 'duration', header: 'Duration', cell: duration },
  { id: 'created_at', header: 'Created', cell: (r) => <TimeAgo at={r.created_at} /> },
];

/** The Playbooks tab: the config's playbook runs, newest first, 200 a page (spec 002 §9). */
export function PlaybooksTab({ configId }: { configId: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(RUNS_PAGE_SIZE);
  const { page: result, error, isLoading } = useConfigRuns(configId, page, pageSize);
  return (
    <Card isCompact>
      <CardBody>
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <PlaybooksMenu resource={{ kind: 'config', id: configId }} label="Run Playbook" />
        </div>
        {error && <Alert variant="danger" isInline title={error.message} />}
        <DataTable
          tableId={`config-playbook-runs-${configId}`}
          aria-label="Playbook runs"
          columns={COLUMNS}
          rows={result?.rows ?? []}
          rowKey={(r) => r.id}
          isLoading={isLoading && !result}
          emptyText="No playbook runs"
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
      </CardBody>
    </Card>
  );
}
