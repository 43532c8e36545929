import {
  Alert,
  Button,
  PageSection,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { hasGrant } from '../../../app/access';
import { usePageHeader } from '../../../app/pageHeader';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { DataTable } from '../../../components/DataTable/DataTable';
import { Pagination } from '../../../components/Pagination/Pagination';
import { useToast } from '../../../components/Toast/useToast';
import { errorText } from '../../../lib/settingsResource';
import { UnauthorizedPage } from '../../errors/UnauthorizedPage';
import { useListUrlState } from '../listUrlState';
import {
  DELETE_SILENCE_QUESTION,
  NOTIFICATIONS_PAGE_SIZE,
  SILENCE_DELETED_TOAST,
} from '../messages';
import { NotificationsTabs } from '../NotificationsTabs';
import { ADD_SILENCE_PATH } from '../paths';
import { deleteSilence, useSilences, type SilenceRow } from './api';
import { EditSilenceDialog } from './EditSilenceDialog';
import { silenceColumns } from './silenceColumns';

export const NO_SILENCES = 'No notification silences';
const NO_FILTERS = [] as const;

/**
 * /notifications/silences: silences in force, expired or to come; a row opens its edit modal
 * (?id=). Adding and saving need write on notifications; the delete control also needs write on
 * identities (spec 002 §6).
 */
export function SilencesPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'notifications', 'read')) return <UnauthorizedPage />;
  const canWrite = hasGrant(whoami, 'notifications', 'write');
  return (
    <SilencesList
      canWrite={canWrite}
      canDelete={canWrite && hasGrant(whoami, 'identities', 'write')}
    />
  );
}

function SilencesList({ canWrite, canDelete }: { canWrite: boolean; canDelete: boolean }) {
  const { state, update } = useListUrlState(NO_FILTERS, NOTIFICATIONS_PAGE_SIZE);
  const { page, error, isLoading, isValidating, mutate } = useSilences(state.page, state.pageSize);
  const { addToast } = useToast();
  const [deleting, setDeleting] = useState<SilenceRow>();
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Notification Silences', onRefresh: refresh, isLoading: isValidating });
  const columns = useMemo(() => silenceColumns(canDelete ? setDeleting : undefined), [canDelete]);

  const remove = async (row: SilenceRow) => {
    try {
      await deleteSilence(row.id);
      addToast({ variant: 'success', title: SILENCE_DELETED_TOAST });
      setDeleting(undefined);
      // The last row of a later page is gone: show the page before it.
      if (page?.rows.length === 1 && state.page > 1) update({ page: state.page - 1 });
      else await mutate();
    } catch (e) {
      addToast({ variant: 'danger', title: errorText(e) });
    }
  };

  return (
    <PageSection>
      <NotificationsTabs active="silences" />
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button
                icon={<PlusIcon />}
                component={(props) => <Link {...props} to={ADD_SILENCE_PATH} />}
              >
                Add Silence
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="notification-silences"
        aria-label="Notification silences"
        columns={columns}
        rows={page?.rows ?? []}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        emptyText={NO_SILENCES}
        onRowClick={(r) => update({ id: r.id })}
        manualSort
      />
      <div style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}>
        <Pagination
          page={state.page}
          pageSize={state.pageSize}
          totalRows={page?.total ?? 0}
          onPageChange={(p) => update({ page: p })}
          onPageSizeChange={(pageSize) => update({ pageSize })}
          isDisabled={isLoading}
        />
      </div>
      {state.id && (
        <EditSilenceDialog
          id={state.id}
          canWrite={canWrite}
          onClose={() => update({ id: '' })}
          onChanged={refresh}
        />
      )}
      <ConfirmDialog
        isOpen={Boolean(deleting)}
        title="Delete Notification Silence"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        {DELETE_SILENCE_QUESTION}
      </ConfirmDialog>
    </PageSection>
  );
}
