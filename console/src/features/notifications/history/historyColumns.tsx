import type { DataTableColumn } from '../../../components/DataTable/DataTable';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { ResourceCell } from '../cells';
import type { HistoryRow } from './api';
import { HistoryStatusLabel } from './HistoryStatusLabel';

/** When it was sent; a repeated send also says how often, and since when. */
export function AgeCell({
  row,
}: {
  row: Pick<HistoryRow, 'created_at' | 'count' | 'first_observed'>;
}) {
  const repeated = (row.count ?? 1) > 1;
  return (
    <span>
      <TimeAgo at={row.created_at} />
      {repeated && (
        <span style={{ color: 'var(--pf-t--global--text--color--subtle)' }}>
          {' '}
          ({row.count} times
          {row.first_observed && (
            <>
              , first <TimeAgo at={row.first_observed} />
            </>
          )}
          )
        </span>
      )}
    </span>
  );
}

/** The send history's columns (spec 002 §2 "Notifications"). */
export const HISTORY_COLUMNS: DataTableColumn<HistoryRow>[] = [
  { id: 'age', header: 'Age', cell: (r) => <AgeCell row={r} /> },
  {
    id: 'resource',
    header: 'Resource',
    cell: (r) => <ResourceCell kind={r.resource_type} resource={r.resource} />,
  },
  { id: 'status', header: 'Status', cell: (r) => <HistoryStatusLabel status={r.status} /> },
  { id: 'source_event', header: 'Event', cell: (r) => r.source_event },
];
