import {
  Alert,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  PageSection,
} from '@patternfly/react-core';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable';
import { Dialog } from '../../components/Dialog/Dialog';
import { Pagination } from '../../components/Pagination/Pagination';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';
import { formatDateTime } from '../../lib/format';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { CatalogTabs } from './CatalogTabs';
import { LIST_ERROR, NO_RESULT } from './CatalogTable';
import { ConfigIcon } from './ConfigIcon';
import { truncateMessage, useInsights, type InsightRow } from './insightsApi';
import { InsightsFilters } from './InsightsFilters';
import { useInsightsUrlState } from './insightsUrlState';
import { configPath } from './paths';

const configName = (i: InsightRow) => i.config?.name || i.config_id;

const COLUMNS: DataTableColumn<InsightRow>[] = [
  {
    id: 'config',
    header: 'Catalog',
    cell: (i) => (
      <>
        <ConfigIcon type={i.config?.type ?? i.config_type} />
        {configName(i)}
      </>
    ),
  },
  { id: 'analysis_type', header: 'Type', sortable: true, cell: (i) => i.analysis_type ?? '' },
  { id: 'analyzer', header: 'Analyzer', sortable: true, cell: (i) => i.analyzer },
  { id: 'severity', header: 'Severity', sortable: true, cell: (i) => i.severity ?? '' },
  { id: 'status', header: 'Status', sortable: true, cell: (i) => i.status ?? '' },
  {
    id: 'first_observed',
    header: 'First Observed',
    sortable: true,
    cell: (i) => <TimeAgo at={i.first_observed} />,
  },
  {
    id: 'last_observed',
    header: 'Last Observed',
    sortable: true,
    cell: (i) => <TimeAgo at={i.last_observed} />,
  },
];

/** /catalog/insights: analysis findings across the catalog (spec 002 §2 'Catalog insights'). */
export function InsightsPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'database', 'read')) return <UnauthorizedPage />;
  return <InsightsList />;
}

function InsightsList() {
  const { state, update } = useInsightsUrlState();
  const { page, error, isLoading, isValidating, mutate } = useInsights(state);
  const [opened, setOpened] = useState<InsightRow>();
  const refresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Catalog Insights', onRefresh: refresh, isLoading: isValidating });
  return (
    <PageSection>
      <CatalogTabs active="insights" />
      <InsightsFilters state={state} onChange={update} />
      {error && (
        <Alert variant="danger" isInline title={LIST_ERROR}>
          {error.message}
        </Alert>
      )}
      <DataTable
        tableId="catalog-insights"
        aria-label="Catalog insights"
        columns={COLUMNS}
        rows={page?.rows ?? []}
        rowKey={(i) => i.id}
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
          totalRows={page?.total ?? 0}
          onPageChange={(p) => update({ page: p })}
          onPageSizeChange={(pageSize) => update({ pageSize })}
          isDisabled={isLoading}
        />
      </div>
      <InsightDialog insight={opened} onClose={() => setOpened(undefined)} />
    </PageSection>
  );
}

function InsightDialog({ insight, onClose }: { insight?: InsightRow; onClose: () => void }) {
  const fields: [string, ReactNode][] = insight
    ? [
        ['Catalog', <Link to={configPath(insight.config_id)}>{configName(insight)}</Link>],
        ['Type', insight.analysis_type ?? ''],
        ['Analyzer', insight.analyzer],
        ['Severity', insight.severity ?? ''],
        ['Status', insight.status ?? ''],
        ['First Observed', formatDateTime(insight.first_observed)],
        ['Last Observed', formatDateTime(insight.last_observed)],
        [
          'Message',
          <span style={{ whiteSpace: 'pre-wrap' }}>{truncateMessage(insight.message)}</span>,
        ],
      ]
    : [];
  return (
    <Dialog isOpen={insight !== undefined} onClose={onClose} title={insight?.analyzer ?? ''}>
      <DescriptionList isHorizontal isCompact>
        {fields.map(([term, value]) => (
          <DescriptionListGroup key={term}>
            <DescriptionListTerm>{term}</DescriptionListTerm>
            <DescriptionListDescription>{value}</DescriptionListDescription>
          </DescriptionListGroup>
        ))}
      </DescriptionList>
    </Dialog>
  );
}
