import { Label, LabelGroup } from '@patternfly/react-core';
import type { DataTableColumn } from '../../components/DataTable/DataTable';
import { RowActions } from '../../components/RowActions/RowActions';
import { formatDateTime } from '../../lib/format';
import type { UserRow } from './api';

export interface UserActions {
  edit: (user: UserRow) => void;
  recoveryLink: (user: UserRow) => void;
  remove: (user: UserRow) => void;
}

/** The Users table (spec 002 §2); the Actions column only for writers on identities. */
export function usersColumns(actions: UserActions | undefined): DataTableColumn<UserRow>[] {
  const columns: DataTableColumn<UserRow>[] = [
    { id: 'name', header: 'Name', cell: (u) => u.name, sortable: true },
    { id: 'email', header: 'Email', cell: (u) => u.email, sortable: true },
    {
      id: 'roles',
      header: 'Roles',
      cell: (u) => (
        <LabelGroup>
          {u.roles.map((role) => (
            <Label key={role} isCompact>
              {role}
            </Label>
          ))}
        </LabelGroup>
      ),
    },
    {
      id: 'state',
      header: 'State',
      sortable: true,
      cell: (u) => (
        <Label
          isCompact
          color={u.state === 'active' ? 'green' : u.state === 'invited' ? 'blue' : 'grey'}
        >
          {u.state}
        </Label>
      ),
    },
    {
      id: 'created_at',
      header: 'Created At',
      sortable: true,
      cell: (u) => formatDateTime(u.created_at),
    },
  ];
  if (!actions) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      width: 10,
      cell: (u) => (
        <RowActions
          aria-label={`Actions for ${u.name || u.email}`}
          actions={[
            { label: 'Edit User', onClick: () => actions.edit(u) },
            { label: 'Recovery link', onClick: () => actions.recoveryLink(u) },
            { label: 'Delete', onClick: () => actions.remove(u), isDanger: true },
          ]}
        />
      ),
    },
  ];
}
