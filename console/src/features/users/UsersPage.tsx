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
import { useToast } from '../../components/Toast/useToast';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { deleteUser, errorText, recoveryLink, useUsers, type UserRow } from './api';
import { UserDialogs, type UserDialog } from './UserDialogs';
import { usersColumns } from './usersColumns';

/** /settings/users: needs read on identities; inviting, editing and deleting need write. */
export function UsersPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'identities', 'read')) return <UnauthorizedPage />;
  return <UsersList canWrite={hasGrant(whoami, 'identities', 'write')} />;
}

function UsersList({ canWrite }: { canWrite: boolean }) {
  const { users, error, isLoading, isValidating, mutate } = useUsers();
  const { addToast } = useToast();
  const [dialog, setDialog] = useState<UserDialog>();
  const [deleting, setDeleting] = useState<UserRow>();
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Users', onRefresh: refresh, isLoading: isValidating });

  const fail = useCallback(
    (e: unknown) => addToast({ variant: 'danger', title: errorText(e) }),
    [addToast],
  );
  const columns = useMemo(
    () =>
      usersColumns(
        canWrite
          ? {
              edit: (user) => setDialog({ kind: 'edit', user }),
              remove: setDeleting,
              recoveryLink: (user) =>
                void recoveryLink(user.id).then(
                  (link) => setDialog({ kind: 'link', purpose: 'recovery', user, link }),
                  fail,
                ),
            }
          : undefined,
      ),
    [canWrite, fail],
  );

  const remove = async (user: UserRow) => {
    try {
      await deleteUser(user.id);
      addToast({ variant: 'success', title: 'user deleted successfully' });
      setDeleting(undefined);
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
              <Button onClick={() => setDialog({ kind: 'invite' })}>Invite User</Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="settings-users"
        aria-label="Users"
        columns={columns}
        rows={users ?? []}
        rowKey={(u) => u.id}
        isLoading={isLoading}
        defaultSort={{ columnId: 'name', direction: 'asc' }}
      />
      <UserDialogs dialog={dialog} onChange={setDialog} onSaved={refresh} onError={fail} />
      <ConfirmDialog
        isOpen={Boolean(deleting)}
        title="Delete user"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        Are you sure you want to delete {deleting?.name || deleting?.email}? Their sessions and API
        tokens end at once.
      </ConfirmDialog>
    </PageSection>
  );
}
