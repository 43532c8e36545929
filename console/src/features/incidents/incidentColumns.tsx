import { Label } from '@patternfly/react-core';
import type { LabelProps } from '@patternfly/react-core';
import { AvatarStack, AVATAR_STACK_MAX } from '../../components/AvatarStack/AvatarStack';
import type { AvatarPerson } from '../../components/AvatarStack/AvatarStack';
import type { DataTableColumn } from '../../components/DataTable/DataTable';
import { IncidentStatusBadge } from '../../components/IncidentStatusBadge/IncidentStatusBadge';
import { formatAge } from '../../lib/format';
import { severityLabel, typeLabel, type Actor, type IncidentSummaryRow } from './model';

const SEVERITY_COLORS: Record<string, LabelProps['color']> = {
  critical: 'red',
  blocker: 'red',
  high: 'orange',
  medium: 'yellow',
  warning: 'yellow',
  low: 'blue',
  info: 'grey',
};

export function SeverityLabel({ severity }: { severity: string }) {
  return (
    <Label isCompact color={SEVERITY_COLORS[severity.toLowerCase()] ?? 'grey'}>
      {severityLabel(severity)}
    </Label>
  );
}

function people(actors: readonly Actor[] | null): AvatarPerson[] {
  return (actors ?? [])
    .filter((a) => a.id !== null || a.name !== null)
    .map((a) => ({ id: a.id ?? undefined, name: a.name ?? '', avatar: a.avatar }));
}

/**
 * Id, Type, Severity, Status, Name, Age, Responders (spec 000 §2.3). Sorting happens on the
 * server (Severity by its rank, low to critical); Responders is not sortable.
 */
export function incidentColumns(now: number = Date.now()): DataTableColumn<IncidentSummaryRow>[] {
  return [
    {
      id: 'id',
      header: 'Id',
      sortable: true,
      width: 10,
      cell: (row) => row.incident_id,
    },
    { id: 'type', header: 'Type', sortable: true, cell: (row) => typeLabel(row.type) },
    {
      id: 'severity',
      header: 'Severity',
      sortable: true,
      cell: (row) => <SeverityLabel severity={row.severity} />,
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (row) => <IncidentStatusBadge status={row.status} />,
    },
    { id: 'name', header: 'Name', sortable: true, width: 30, cell: (row) => row.title },
    {
      id: 'age',
      header: 'Age',
      sortable: true,
      cell: (row) => <span title={row.created_at}>{formatAge(row.created_at, now)}</span>,
    },
    {
      id: 'responders',
      header: 'Responders',
      cell: (row) => <AvatarStack people={people(row.responders)} max={AVATAR_STACK_MAX} />,
    },
  ];
}
