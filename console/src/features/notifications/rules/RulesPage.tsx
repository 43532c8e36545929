import {
  Alert,
  Button,
  PageSection,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import { useCallback } from 'react';
import { hasGrant } from '../../../app/access';
import { usePageHeader } from '../../../app/pageHeader';
import { useSession } from '../../../app/session';
import { DataTable } from '../../../components/DataTable/DataTable';
import { Pagination } from '../../../components/Pagination/Pagination';
import { UnauthorizedPage } from '../../errors/UnauthorizedPage';
import { useListUrlState } from '../listUrlState';
import { NOTIFICATIONS_PAGE_SIZE } from '../messages';
import { NotificationsTabs } from '../NotificationsTabs';
import { NEW_ID } from '../paths';
import { useRules } from './api';
import { RULE_COLUMNS } from './ruleColumns';
import { RuleDialog } from './RuleDialog';

export const NO_RULES = 'No notification rules';
const NO_FILTERS = [] as const;

/** /notifications/rules: rules with their send statistics; add and edit in a modal (?id=). */
export function RulesPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'notifications', 'read')) return <UnauthorizedPage />;
  return (
    <RulesList canWrite={hasGrant(whoami, 'notifications', 'write')} userId={whoami.user.id} />
  );
}

function RulesList({ canWrite, userId }: { canWrite: boolean; userId: string }) {
  const { state, update } = useListUrlState(NO_FILTERS, NOTIFICATIONS_PAGE_SIZE);
  const { page, error, isLoading, isValidating, mutate } = useRules(state.page, state.pageSize);
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Notification Rules', onRefresh: refresh, isLoading: isValidating });
  // Without write, ?id=new has nothing to show.
  const openId = state.id === NEW_ID && !canWrite ? '' : state.id;
  return (
    <PageSection>
      <NotificationsTabs active="rules" />
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button icon={<PlusIcon />} onClick={() => update({ id: NEW_ID })}>
                Add Rule
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="notification-rules"
        aria-label="Notification rules"
        columns={RULE_COLUMNS}
        rows={page?.rows ?? []}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        emptyText={NO_RULES}
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
      {openId && (
        <RuleDialog
          id={openId}
          canWrite={canWrite}
          userId={userId}
          onClose={() => update({ id: '' })}
          onChanged={refresh}
        />
      )}
    </PageSection>
  );
}
