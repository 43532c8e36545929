import { Alert, PageSection } from '@patternfly/react-core';
import { useCallback, useMemo, useState } from 'react';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { DataTable } from '../../components/DataTable/DataTable';
import { Pagination } from '../../components/Pagination/Pagination';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { CatalogTabs } from './CatalogTabs';
import { ChangeDetailsModal } from './ChangeDetailsModal';
import { changeColumns } from './changeColumns';
import {
  changesRequest,
  useCatalogChanges,
  usePeopleNames,
  type CatalogChange,
} from './changesApi';
import { ChangesFilters } from './ChangesFilters';
import { useChangesUrlState, type FreeFilter } from './changesUrlState';
import { useHideDeletedChanges } from './preferences';
import { LIST_ERROR, NO_RESULT } from './CatalogTable';

/** /catalog/changes: every change in the catalog (spec 002 §2 'Catalog changes'). */
export function ChangesPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'database', 'read')) return <UnauthorizedPage />;
  return <ChangesList />;
}

function ChangesList() {
  const { state, update } = useChangesUrlState();
  const [hideDeleted, setHideDeleted] = useHideDeletedChanges();
  const body = useMemo(() => changesRequest(state, hideDeleted), [state, hideDeleted]);
  const { data, error, isLoading, isValidating, mutate } = useCatalogChanges(body);
  const [opened, setOpened] = useState<CatalogChange>();
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Catalog Changes', onRefresh: refresh, isLoading: isValidating });

  const changes = data?.changes;
  const people = usePeopleNames(
    [...(changes ?? []).map((c) => c.created_by), state.created_by].filter(
      (id): id is string => !!id,
    ),
  );
  const createdBy = useCallback(
    (c: { created_by?: string | null; external_created_by?: string | null }) =>
      c.created_by ? (people[c.created_by] ?? c.created_by) : (c.external_created_by ?? ''),
    [people],
  );
  const filter = useCallback(
    (key: FreeFilter, value: string) => update({ [key]: value }),
    [update],
  );
  const columns = useMemo(() => changeColumns(filter, createdBy), [filter, createdBy]);
  const freeFilterText = (key: FreeFilter, value: string) => {
    if (key === 'created_by') return people[value] ?? value;
    if (key === 'id') return changes?.find((c) => c.config_id === value)?.name ?? value;
    return value;
  };

  return (
    <PageSection>
      <CatalogTabs active="changes" />
      <ChangesFilters
        state={state}
        onChange={update}
        hideDeleted={hideDeleted}
        onHideDeleted={setHideDeleted}
        freeFilterText={freeFilterText}
      />
      {error && (
        <Alert variant="danger" isInline title={LIST_ERROR}>
          {error.message}
        </Alert>
      )}
      <DataTable
        tableId="catalog-changes"
        aria-label="Catalog changes"
        columns={columns}
        rows={changes ?? []}
        rowKey={(c) => c.id}
        isLoading={isLoading}
        emptyText={NO_RESULT}
        onRowClick={setOpened}
        sort={state.sort}
        onSort={(sort) => update({ sort })}
        manualSort
      />
      <div style={{ marginTop: 'var(--pf-t--global--spacer--md)' }}>
        <Pagination
          page={state.page}
          pageSize={state.pageSize}
          totalRows={data?.total ?? 0}
          onPageChange={(page) => update({ page })}
          onPageSizeChange={(pageSize) => update({ pageSize })}
          isDisabled={isLoading}
        />
      </div>
      <ChangeDetailsModal
        change={opened}
        createdBy={createdBy}
        onClose={() => setOpened(undefined)}
      />
    </PageSection>
  );
}
