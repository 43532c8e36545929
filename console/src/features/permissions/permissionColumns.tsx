import { Label } from '@patternfly/react-core';
import type { DataTableColumn } from '../../components/DataTable/DataTable';
import { RowActions } from '../../components/RowActions/RowActions';
import { formatDateTime } from '../../lib/format';
import { RESOURCE_KINDS, resourceOf, subjectOf, type PermissionRow } from './model';

/** Rows from configuration files (source other than UI) are changed there, not here. */
export function isEditable(row: PermissionRow): boolean {
  return !row.source || row.source === 'UI';
}

export interface PermissionActions {
  edit: (row: PermissionRow) => void;
  remove: (row: PermissionRow) => void;
}

function ResourceCell({ row }: { row: PermissionRow }) {
  const { kind, ref } = resourceOf(row);
  const kindLabel = RESOURCE_KINDS.find((k) => k.kind === kind)?.label;
  return (
    <>
      <Label isCompact variant="outline">
        {kindLabel}
      </Label>{' '}
      {ref?.label ?? row.object}
    </>
  );
}

export function permissionColumns(
  actions: PermissionActions | undefined,
): DataTableColumn<PermissionRow>[] {
  const columns: DataTableColumn<PermissionRow>[] = [
    { id: 'resource', header: 'Resource', cell: (row) => <ResourceCell row={row} /> },
    {
      id: 'subject',
      header: 'Subject',
      cell: (row) => {
        const { kind, ref } = subjectOf(row);
        return ref ? `${ref.label} (${kind === 'team' ? 'Team' : 'Person'})` : '';
      },
    },
    { id: 'action', header: 'Action', cell: (row) => row.action },
    {
      id: 'deny',
      header: 'Effect',
      cell: (row) =>
        row.deny ? (
          <Label isCompact color="red">
            Deny
          </Label>
        ) : (
          <Label isCompact color="green">
            Allow
          </Label>
        ),
    },
    { id: 'description', header: 'Description', cell: (row) => row.description ?? '' },
    {
      id: 'until',
      header: 'Until',
      cell: (row) => (row.until ? formatDateTime(row.until) : ''),
    },
    { id: 'source', header: 'Source', cell: (row) => row.source ?? '' },
    { id: 'created_by', header: 'Created By', cell: (row) => row.createdBy?.name ?? '' },
    { id: 'created_at', header: 'Created At', cell: (row) => formatDateTime(row.created_at) },
  ];
  if (!actions) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      width: 10,
      cell: (row) => (
        <RowActions
          aria-label={`Actions for permission ${row.id}`}
          actions={[
            { label: 'Edit', onClick: () => actions.edit(row), isDisabled: !isEditable(row) },
            {
              label: 'Delete',
              onClick: () => actions.remove(row),
              isDisabled: !isEditable(row),
              isDanger: true,
            },
          ]}
        />
      ),
    },
  ];
}
