import {
  Alert,
  Button,
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
import { DataTable } from '../../components/DataTable/DataTable';
import { Pagination } from '../../components/Pagination/Pagination';
import { useToast } from '../../components/Toast/useToast';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { createPermission, deletePermission, updatePermission, usePermissions } from './api';
import {
  EMPTY_PERMISSION,
  fromRow,
  toPayload,
  type EntityRef,
  type PermissionFormValues,
  type PermissionRow,
} from './model';
import { ExplainDialog } from './ExplainDialog';
import { PermissionDialog } from './PermissionDialog';
import { isEditable, permissionColumns } from './permissionColumns';

export const DEFAULT_PAGE_SIZE = 50;

function errorText(error: unknown): string {
  return (error instanceof Error && error.message) || 'An error occurred';
}

/** /settings/permissions: needs read on permissions; changes need write. */
export function PermissionsPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'permissions', 'read')) return <UnauthorizedPage />;
  return (
    <PermissionsList
      canWrite={hasGrant(whoami, 'permissions', 'write')}
      me={{ id: whoami.user.id, label: whoami.user.name }}
    />
  );
}

function PermissionsList({ canWrite, me }: { canWrite: boolean; me: EntityRef }) {
  const userId = me.id;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const { page: result, error, isLoading, isValidating, mutate } = usePermissions(page, pageSize);
  const { addToast } = useToast();
  const [editing, setEditing] = useState<PermissionFormValues>();
  const [deleting, setDeleting] = useState<PermissionRow>();
  const [explaining, setExplaining] = useState(false);
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Permissions', onRefresh: refresh, isLoading: isValidating });

  const columns = useMemo(
    () =>
      permissionColumns(
        canWrite ? { edit: (row) => setEditing(fromRow(row)), remove: setDeleting } : undefined,
      ),
    [canWrite],
  );
  const fail = (e: unknown) => addToast({ variant: 'danger', title: errorText(e) });

  const save = async (values: PermissionFormValues) => {
    try {
      const row = toPayload(values);
      if (values.id) await updatePermission(values.id, row, userId);
      else await createPermission(row, userId);
      addToast({
        variant: 'success',
        title: values.id ? 'Permission updated' : 'Permission added',
      });
      setEditing(undefined);
      await mutate();
    } catch (e) {
      fail(e);
      throw e;
    }
  };

  const remove = async (row: PermissionRow) => {
    try {
      await deletePermission(row.id);
      addToast({ variant: 'success', title: 'Permission deleted' });
      setDeleting(undefined);
      // The last row of a later page is gone: show the page before it.
      if (result?.rows.length === 1 && page > 1) setPage(page - 1);
      else await mutate();
    } catch (e) {
      fail(e);
    }
  };

  return (
    <PageSection>
      <Toolbar>
        <ToolbarContent>
          {canWrite && (
            <ToolbarItem>
              <Button onClick={() => setEditing(EMPTY_PERMISSION)}>Add Permission</Button>
            </ToolbarItem>
          )}
          <ToolbarItem>
            <Button variant="secondary" onClick={() => setExplaining(true)}>
              Explain
            </Button>
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="settings-permissions"
        aria-label="Permissions"
        columns={columns}
        rows={result?.rows ?? []}
        rowKey={(row) => row.id}
        isLoading={isLoading}
        onRowClick={canWrite ? (row) => isEditable(row) && setEditing(fromRow(row)) : undefined}
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
      {editing && (
        <PermissionDialog initial={editing} onSubmit={save} onClose={() => setEditing(undefined)} />
      )}
      {explaining && <ExplainDialog me={me} onClose={() => setExplaining(false)} />}
      <ConfirmDialog
        isOpen={Boolean(deleting)}
        title="Delete Permission"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        Are you sure you want to delete the permission?
      </ConfirmDialog>
    </PageSection>
  );
}
