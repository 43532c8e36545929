import {
  Alert,
  Button,
  Label,
  PageSection,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { useCallback, useMemo, useState } from 'react';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable';
import { SourceLink } from '../../components/SourceLink/SourceLink';
import { useToast } from '../../components/Toast/useToast';
import { formatDateTime } from '../../lib/format';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import {
  createConnection,
  deleteConnection,
  fetchConnection,
  updateConnection,
  useConnections,
} from './api';
import { ConnectionDialog } from './ConnectionDialog';
import {
  fromRow,
  toPayload,
  typeLabel,
  type ConnectionFormValues,
  type ConnectionRow,
} from './model';

export const DELETE_QUESTION = 'Are you sure you want to delete this connection?';

function errorText(error: unknown): string {
  return (error instanceof Error && error.message) || 'An error occurred';
}

/** /settings/connections: needs read on connections; changes need write (spec 002 §6). */
export function ConnectionsPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'connections', 'read')) return <UnauthorizedPage />;
  return (
    <ConnectionsList
      canWrite={hasGrant(whoami, 'connections', 'write')}
      canTest={hasGrant(whoami, 'connections', 'write')}
      userId={whoami.user.id}
    />
  );
}

type Editing = { initial?: ConnectionFormValues };

function ConnectionsList({
  canWrite,
  canTest,
  userId,
}: {
  canWrite: boolean;
  canTest: boolean;
  userId: string;
}) {
  const { rows, error, isLoading, isValidating, mutate } = useConnections();
  const { addToast } = useToast();
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<{ id: string; name: string }>();
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Connections', onRefresh: refresh, isLoading: isValidating });
  const fail = useCallback(
    (e: unknown) => addToast({ variant: 'danger', title: errorText(e) }),
    [addToast],
  );

  const open = useCallback(
    async (row: ConnectionRow) => {
      try {
        const fresh = await fetchConnection(row.id);
        if (!fresh) throw new Error(`connection ${row.name} no longer exists`);
        setEditing({ initial: fromRow(fresh) });
      } catch (e) {
        fail(e);
      }
    },
    [fail],
  );

  const columns = useMemo<DataTableColumn<ConnectionRow>[]>(
    () => [
      { id: 'name', header: 'Name', cell: (r) => r.name, sortable: true, sortValue: (r) => r.name },
      {
        id: 'type',
        header: 'Type',
        cell: (r) => (
          <Label isCompact variant="outline">
            {typeLabel(r.type)}
          </Label>
        ),
        sortable: true,
        sortValue: (r) => typeLabel(r.type),
      },
      { id: 'namespace', header: 'Namespace', cell: (r) => r.namespace },
      { id: 'source', header: 'Source', cell: (r) => <SourceLink row={r} variant="list" /> },
      {
        id: 'created_by',
        header: 'Created By',
        cell: (r) =>
          (r as ConnectionRow & { createdBy?: { name: string | null } | null }).createdBy?.name ??
          '',
      },
      {
        id: 'created_at',
        header: 'Created At',
        cell: (r) => formatDateTime(r.created_at),
        sortable: true,
        sortValue: (r) => r.created_at,
      },
      {
        id: 'updated_at',
        header: 'Updated At',
        cell: (r) => (r.updated_at ? formatDateTime(r.updated_at) : ''),
      },
    ],
    [],
  );

  const save = async (values: ConnectionFormValues) => {
    try {
      const row = toPayload(values);
      if (values.id) await updateConnection(values.id, row);
      else await createConnection(row, userId);
      addToast({
        variant: 'success',
        title: values.id ? 'Connection updated successfully' : 'Connection added successfully',
      });
      setEditing(undefined);
      await mutate();
    } catch (e) {
      fail(e);
      throw e;
    }
  };

  const remove = async (id: string) => {
    try {
      await deleteConnection(id);
      addToast({ variant: 'success', title: 'Connection deleted successfully' });
      setDeleting(undefined);
      setEditing(undefined);
      await mutate();
    } catch (e) {
      fail(e);
    }
  };

  return (
    <PageSection>
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button onClick={() => setEditing({})}>Add Connection</Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message || 'Something went wrong'} />}
      <DataTable
        tableId="settings-connections"
        aria-label="Connections"
        columns={columns}
        rows={rows ?? []}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        defaultSort={{ columnId: 'name', direction: 'asc' }}
        onRowClick={(row) => void open(row)}
      />
      {editing && (
        <ConnectionDialog
          initial={editing.initial}
          canWrite={canWrite}
          canTest={canTest}
          onSubmit={save}
          onDelete={
            editing.initial?.id
              ? () => {
                  // One dialog at a time: the question replaces the form.
                  setDeleting({
                    id: editing.initial?.id as string,
                    name: editing.initial?.name ?? '',
                  });
                  setEditing(undefined);
                }
              : undefined
          }
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        isOpen={Boolean(deleting)}
        title="Delete Connection"
        onConfirm={() => (deleting ? remove(deleting.id) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        {DELETE_QUESTION}
      </ConfirmDialog>
    </PageSection>
  );
}
