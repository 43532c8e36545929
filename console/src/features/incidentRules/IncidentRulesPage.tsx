import {
  Alert,
  Button,
  PageSection,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable';
import { Pagination } from '../../components/Pagination/Pagination';
import { NO_RESOURCES } from '../../components/SettingsResource/SettingsResource';
import { SourceLink } from '../../components/SourceLink/SourceLink';
import { formatAge, formatDateTime } from '../../lib/format';
import { LIST_PAGE_SIZE } from '../../lib/settingsResource';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { useIncidentRules, type IncidentRuleListRow } from './api';

export const INCIDENT_RULES_PATH = '/settings/incident_rules';
export const INCIDENT_RULES_TITLE = 'Incident Rules';
/** The policy object guarding incident_rules on the server (operator/src/postgrest/exposure.ts). */
export const RULES_OBJECT = 'incident';

export function priorityOf(row: Pick<IncidentRuleListRow, 'spec'>): string {
  const priority = row.spec?.priority;
  return typeof priority === 'number' ? String(priority) : '';
}

function Age({ time }: { time: string | null }) {
  return time ? <span title={formatDateTime(time)}>{formatAge(time)} ago</span> : null;
}

const COLUMNS: DataTableColumn<IncidentRuleListRow>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, sortable: true },
  {
    id: 'priority',
    header: 'Priority',
    cell: priorityOf,
    sortable: true,
    sortValue: (r) => (typeof r.spec?.priority === 'number' ? r.spec.priority : 0),
  },
  {
    id: 'source',
    header: 'Source',
    // The row itself opens the editor; a link in it goes where it says.
    cell: (r) => (
      <span onClick={(e) => e.stopPropagation()}>
        <SourceLink row={r} variant="list" />
      </span>
    ),
  },
  { id: 'created_by', header: 'Created By', cell: (r) => r.created_by?.name ?? '' },
  {
    id: 'created_at',
    header: 'Created',
    cell: (r) => <Age time={r.created_at} />,
    sortable: true,
    sortValue: (r) => r.created_at,
  },
  {
    id: 'updated_at',
    header: 'Updated',
    cell: (r) => <Age time={r.updated_at} />,
    sortable: true,
    sortValue: (r) => r.updated_at ?? '',
  },
];

/** /settings/incident_rules (spec 001 "Settings resources (generic)"). */
export function IncidentRulesPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, RULES_OBJECT, 'read')) return <UnauthorizedPage />;
  return <IncidentRulesList canWrite={hasGrant(whoami, RULES_OBJECT, 'write')} />;
}

function IncidentRulesList({ canWrite }: { canWrite: boolean }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(LIST_PAGE_SIZE);
  const { page: result, error, isLoading, isValidating, mutate } = useIncidentRules(page, pageSize);
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: INCIDENT_RULES_TITLE, onRefresh: refresh, isLoading: isValidating });

  return (
    <PageSection>
      {canWrite && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button
                icon={<PlusIcon />}
                onClick={() => void navigate(`${INCIDENT_RULES_PATH}/new`)}
              >
                Add Incident Rule
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      {error && <Alert variant="danger" isInline title={error.message} />}
      <DataTable
        tableId="settings-incident-rules"
        aria-label={INCIDENT_RULES_TITLE}
        columns={COLUMNS}
        rows={result?.rows ?? []}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        emptyText={NO_RESOURCES}
        onRowClick={(r) => void navigate(`${INCIDENT_RULES_PATH}/${encodeURIComponent(r.id)}`)}
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
    </PageSection>
  );
}
