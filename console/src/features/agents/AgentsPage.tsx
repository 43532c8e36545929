import {
  Alert,
  Button,
  Drawer,
  DrawerContent,
  DrawerContentBody,
  DrawerPanelContent,
  EmptyState,
  EmptyStateActions,
  EmptyStateBody,
  EmptyStateFooter,
  PageSection,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import { useCallback, useState } from 'react';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { DataTable } from '../../components/DataTable/DataTable';
import { Pagination } from '../../components/Pagination/Pagination';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { AGENT_COLUMNS } from './agentColumns';
import { AgentDrawer } from './AgentDrawer';
import type { GeneratedAgent } from './agentModel';
import { useAgentsUrlState } from './agentsUrlState';
import { useAgents } from './api';
import type { AgentInstall } from './installInstructions';
import { InstallInstructionsDialog } from './InstallInstructionsDialog';
import { ADD_AGENT, AGENTS_TITLE, NO_AGENTS, NO_AGENTS_BODY } from './messages';

/** /agents and /settings/agents: the agents that push to this Vigil. Needs read on agents. */
export function AgentsPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'agents', 'read')) return <UnauthorizedPage />;
  return <AgentsList canWrite={hasGrant(whoami, 'agents', 'write')} />;
}

function AddAgentButton({ onClick }: { onClick: () => void }) {
  return (
    <Button icon={<PlusIcon />} onClick={onClick}>
      {ADD_AGENT}
    </Button>
  );
}

function AgentsList({ canWrite }: { canWrite: boolean }) {
  const { state, update } = useAgentsUrlState();
  const { page, error, isLoading, isValidating, mutate } = useAgents(
    state.sort,
    state.page,
    state.pageSize,
  );
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: AGENTS_TITLE, onRefresh: refresh, isLoading: isValidating });
  // Held in memory only: the token must not reach the URL or any cache.
  const [install, setInstall] = useState<AgentInstall>();

  const add = () => update({ adding: true, id: '' });
  const close = () => update({ adding: false, id: '' });
  const installed = (agent: GeneratedAgent) => {
    close();
    setInstall({
      name: agent.name,
      upstreamUrl: window.location.origin,
      token: agent.access_token,
    });
  };

  // Without write, ?addAgent=true has nothing to show.
  const creating = state.adding && canWrite && !state.id;
  const drawerOpen = creating || Boolean(state.id);
  const rows = page?.rows ?? [];
  const isEmpty = !isLoading && !error && page?.total === 0;

  const panel = drawerOpen ? (
    <AgentDrawer
      id={state.id || undefined}
      row={rows.find((r) => r.id === state.id)}
      canWrite={canWrite}
      onClose={close}
      onChanged={refresh}
      onCreated={installed}
    />
  ) : (
    <DrawerPanelContent />
  );

  return (
    <>
      <Drawer isExpanded={drawerOpen} position="end">
        <DrawerContent panelContent={panel}>
          <DrawerContentBody>
            <PageSection aria-label={AGENTS_TITLE}>
              {canWrite && !isEmpty && (
                <Toolbar>
                  <ToolbarContent>
                    <ToolbarItem>
                      <AddAgentButton onClick={add} />
                    </ToolbarItem>
                  </ToolbarContent>
                </Toolbar>
              )}
              {error && <Alert variant="danger" isInline title={error.message} />}
              {isEmpty ? (
                <EmptyState titleText={NO_AGENTS} headingLevel="h2">
                  <EmptyStateBody>{NO_AGENTS_BODY}</EmptyStateBody>
                  {canWrite && (
                    <EmptyStateFooter>
                      <EmptyStateActions>
                        <AddAgentButton onClick={add} />
                      </EmptyStateActions>
                    </EmptyStateFooter>
                  )}
                </EmptyState>
              ) : (
                <>
                  <DataTable
                    tableId="agents"
                    aria-label={AGENTS_TITLE}
                    columns={AGENT_COLUMNS}
                    rows={rows}
                    rowKey={(r) => r.id}
                    isLoading={isLoading}
                    onRowClick={(r) => update({ id: r.id, adding: false })}
                    sort={state.sort}
                    onSort={(sort) => update({ sort })}
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
                </>
              )}
            </PageSection>
          </DrawerContentBody>
        </DrawerContent>
      </Drawer>
      {install && (
        <InstallInstructionsDialog install={install} onClose={() => setInstall(undefined)} />
      )}
    </>
  );
}
