import { Badge, Button, EmptyState, Label, Skeleton } from '@patternfly/react-core';
import { AngleDownIcon, AngleRightIcon } from '@patternfly/react-icons';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import type { ReactNode } from 'react';
import { EMPTY_TABLE_TEXT } from '../../components/DataTable/DataTable';
import { useExpandedGroups } from '../../components/DataTable/useTableSession';
import { StatusDot } from '../../components/StatusDot/StatusDot';
import { formatAge, formatDateTime, formatDuration } from '../../lib/format';
import type { CheckGroup, CheckItem } from './checks';
import type { CheckSummary } from './types';
import { UPTIME_CSS, uptimeColor, uptimeText } from './uptime';

export const CHECK_COLUMNS = [
  { id: 'name', header: 'Checks' },
  { id: 'health', header: 'Health' },
  { id: 'uptime', header: 'Uptime' },
  { id: 'latency', header: 'Latency' },
  { id: 'transition', header: 'Transition' },
] as const;

export interface ChecksTableProps {
  items: readonly CheckItem[];
  /** Part of the remembered expanded-group keys, so groupings do not share them. */
  groupBy: string;
  sortBy: string;
  sortDesc: boolean;
  onSort: (sortBy: string, sortDesc: boolean) => void;
  onOpen: (check: CheckSummary) => void;
  isLoading?: boolean;
}

export function Ago({ time }: { time: string | null | undefined }) {
  const age = formatAge(time);
  if (!age) return null;
  return <span title={formatDateTime(time)}>{age} ago</span>;
}

export function UptimeText({ check }: { check: CheckSummary }) {
  const passed = check.uptime?.passed ?? 0;
  const failed = check.uptime?.failed ?? 0;
  const color = uptimeColor(passed, failed);
  const text = uptimeText(check.uptime);
  if (!text) return null;
  return (
    <span
      title={`${passed} passed, ${failed} failed`}
      data-color={color}
      style={color ? { color: UPTIME_CSS[color], fontWeight: 600 } : undefined}
    >
      {text}
    </span>
  );
}

function GroupUptime({ group }: { group: CheckGroup }) {
  const color = uptimeColor(group.passing, group.total - group.passing);
  return (
    <span
      title={`${group.passing} of ${group.total} checks passing`}
      data-color={color}
      style={color ? { color: UPTIME_CSS[color], fontWeight: 600 } : undefined}
    >
      {group.passing}/{group.total}
    </span>
  );
}

function latencyText(check: CheckSummary): string {
  const p95 = check.latency?.p95;
  return typeof p95 === 'number' ? formatDuration(p95) : '';
}

function CheckName({ check, onOpen }: { check: CheckSummary; onOpen: () => void }) {
  return (
    <>
      <Button
        variant="link"
        isInline
        onClick={(event) => {
          event.stopPropagation();
          onOpen();
        }}
      >
        {check.name}
      </Button>
      {check.type && (
        <Label isCompact style={{ marginLeft: '0.5rem' }}>
          {check.type}
        </Label>
      )}
      {check.deleted_at && (
        <Label isCompact color="grey" style={{ marginLeft: '0.5rem' }}>
          deleted
        </Label>
      )}
    </>
  );
}

function CheckRow({
  check,
  nested,
  onOpen,
}: {
  check: CheckSummary;
  nested: boolean;
  onOpen: (check: CheckSummary) => void;
}) {
  return (
    <Tr isClickable onRowClick={() => onOpen(check)} data-testid={`check-${check.id}`}>
      <Td />
      <Td dataLabel="Checks" style={nested ? { paddingLeft: '2rem' } : undefined}>
        <CheckName check={check} onOpen={() => onOpen(check)} />
      </Td>
      <Td dataLabel="Health">
        <StatusDot status={check.status} /> <span>{check.status ?? 'unknown'}</span>
      </Td>
      <Td dataLabel="Uptime">
        <UptimeText check={check} />
      </Td>
      <Td dataLabel="Latency">{latencyText(check)}</Td>
      <Td dataLabel="Transition">
        <Ago time={check.last_transition_time} />
      </Td>
    </Tr>
  );
}

/**
 * The checks table: expander, Checks, Health, Uptime, Latency, Transition. Groups summarise their
 * checks (uptime as passing/total, health mixed when they disagree) and expand to show them.
 */
export function ChecksTable(props: ChecksTableProps) {
  const { items, groupBy, sortBy, sortDesc, onSort, onOpen, isLoading = false } = props;
  const { expanded, toggle } = useExpandedGroups('health-checks');
  const sortIndex = CHECK_COLUMNS.findIndex((c) => c.id === sortBy);

  let body: ReactNode;
  if (isLoading) {
    body = Array.from({ length: 5 }, (_, r) => (
      <Tr key={`skeleton-${r}`}>
        {[0, 1, 2, 3, 4, 5].map((c) => (
          <Td key={c}>
            <Skeleton screenreaderText={r === 0 && c === 0 ? 'Loading' : undefined} />
          </Td>
        ))}
      </Tr>
    ));
  } else if (items.length === 0) {
    body = (
      <Tr>
        <Td colSpan={CHECK_COLUMNS.length + 1}>
          <EmptyState variant="sm" titleText={EMPTY_TABLE_TEXT} headingLevel="h4" />
        </Td>
      </Tr>
    );
  } else {
    body = items.flatMap((item) => {
      if (item.kind === 'check') {
        return [<CheckRow key={item.check.id} check={item.check} nested={false} onOpen={onOpen} />];
      }
      const groupKey = `${groupBy}:${item.key}`;
      const isExpanded = expanded.has(groupKey);
      const rows = [
        <Tr key={`group:${item.key}`} data-testid={`group-${item.key}`}>
          <Td>
            <Button
              variant="plain"
              hasNoPadding
              aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${item.key}`}
              aria-expanded={isExpanded}
              icon={isExpanded ? <AngleDownIcon /> : <AngleRightIcon />}
              onClick={() => toggle(groupKey)}
            />
          </Td>
          <Td dataLabel="Checks">
            <strong>{item.key}</strong>{' '}
            <Badge isRead aria-label={`${item.total} checks`}>
              {item.total}
            </Badge>
          </Td>
          <Td dataLabel="Health">
            <StatusDot status={item.status} /> <span>{item.status}</span>
          </Td>
          <Td dataLabel="Uptime">
            <GroupUptime group={item} />
          </Td>
          <Td dataLabel="Latency" />
          <Td dataLabel="Transition">
            <Ago time={item.lastTransition} />
          </Td>
        </Tr>,
      ];
      if (isExpanded) {
        for (const check of item.checks) {
          rows.push(
            <CheckRow key={`${item.key}/${check.id}`} check={check} nested onOpen={onOpen} />,
          );
        }
      }
      return rows;
    });
  }

  return (
    <Table aria-label="Checks" variant="compact" aria-busy={isLoading}>
      <Thead>
        <Tr>
          <Th screenReaderText="Expand group" width={10} />
          {CHECK_COLUMNS.map((column, index) => (
            <Th
              key={column.id}
              sort={{
                columnIndex: index,
                sortBy:
                  sortIndex >= 0 ? { index: sortIndex, direction: sortDesc ? 'desc' : 'asc' } : {},
                onSort: () => onSort(column.id, column.id === sortBy ? !sortDesc : false),
              }}
            >
              {column.header}
            </Th>
          ))}
        </Tr>
      </Thead>
      <Tbody>{body}</Tbody>
    </Table>
  );
}
