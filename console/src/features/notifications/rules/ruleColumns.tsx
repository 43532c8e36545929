import { Button, Label, LabelGroup, Popover } from '@patternfly/react-core';
import type { DataTableColumn } from '../../../components/DataTable/DataTable';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { formatCount, formatDuration } from '../../../lib/format';
import { PersonCell } from '../cells';
import { prettyError } from '../history/prettyError';
import type { RuleRow } from './api';

const MONO = {
  fontFamily: 'var(--pf-t--global--font--family--mono)',
  fontSize: 'var(--pf-t--global--font--size--sm)',
} as const;

function EventsCell({ events }: { events: readonly string[] | null }) {
  if (!events || events.length === 0) return null;
  return (
    <LabelGroup numLabels={2} isCompact>
      {events.map((event) => (
        <Label key={event} isCompact>
          {event}
        </Label>
      ))}
    </LabelGroup>
  );
}

/** The failed count; a click shows the error that came back most often. */
export function FailedCell({ row }: { row: Pick<RuleRow, 'failed' | 'most_common_error'> }) {
  const failed = row.failed ?? 0;
  if (failed === 0 || !row.most_common_error) return <>{formatCount(failed)}</>;
  return (
    <Popover
      headerContent="Most common error"
      bodyContent={
        <pre style={{ ...MONO, whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }}>
          {prettyError(row.most_common_error)}
        </pre>
      }
      maxWidth="40rem"
    >
      <Button
        variant="link"
        isInline
        isDanger
        aria-label={`${failed} failed: show the most common error`}
        // The row opens the rule; this shows the error instead.
        onClick={(event) => event.stopPropagation()}
      >
        {formatCount(failed)}
      </Button>
    </Popover>
  );
}

/** The rule list's columns (spec 002 §2 "Notifications"). */
export const RULE_COLUMNS: DataTableColumn<RuleRow>[] = [
  { id: 'events', header: 'Events', cell: (r) => <EventsCell events={r.events} /> },
  { id: 'title', header: 'Title', cell: (r) => r.title ?? '' },
  {
    id: 'filter',
    header: 'Filter',
    cell: (r) =>
      r.filter ? (
        <code style={MONO} title={r.filter}>
          {r.filter.length > 80 ? `${r.filter.slice(0, 80)}…` : r.filter}
        </code>
      ) : null,
  },
  { id: 'pending', header: 'Pending', cell: (r) => formatCount(r.pending ?? 0) },
  { id: 'failed', header: 'Failed', cell: (r) => <FailedCell row={r} /> },
  { id: 'sent', header: 'Sent', cell: (r) => formatCount(r.sent ?? 0) },
  {
    id: 'avg_duration_ms',
    header: 'Avg Duration',
    cell: (r) =>
      r.avg_duration_ms === null || r.avg_duration_ms === undefined
        ? ''
        : formatDuration(Number(r.avg_duration_ms)),
  },
  { id: 'repeat_interval', header: 'Repeat Interval', cell: (r) => r.repeat_interval ?? '' },
  { id: 'created_at', header: 'Created At', cell: (r) => <TimeAgo at={r.created_at} /> },
  { id: 'updated_at', header: 'Updated At', cell: (r) => <TimeAgo at={r.updated_at} /> },
  { id: 'created_by', header: 'Created By', cell: (r) => <PersonCell person={r.created_by} /> },
];
