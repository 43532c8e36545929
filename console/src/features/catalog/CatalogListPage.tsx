import { PageSection } from '@patternfly/react-core';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { decodeTriState } from '../../lib/triState';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import { fetchSummary, listConditions, summaryRequest } from './catalogApi';
import { CatalogFilters } from './CatalogFilters';
import { CatalogTable } from './CatalogTable';
import { CatalogTabs } from './CatalogTabs';
import { useCatalogUrlState } from './catalogUrlState';
import { displayRows, ROOT_GROUP } from './displayRows';
import { CATALOG_CACHE_MS } from './filterOptionsApi';
import {
  buildGroupTree,
  groupConditions,
  sortGroups,
  splitGroupBy,
  summaryGroupBy,
  type GroupNode,
} from './grouping';
import { configPath } from './paths';
import { useHideDeletedCatalog } from './preferences';
import { keyFilters } from '../../lib/queryFilters';
import { useGroupItems, type ItemsSource } from './useGroupItems';

/** /catalog: the config list, grouped (spec 002 §2 'Catalog'). Needs read on the catalog. */
export function CatalogListPage() {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'database', 'read')) return <UnauthorizedPage />;
  return <CatalogList />;
}

/** The groups open down to the ones that list items: those items are loaded. */
function openSources(nodes: readonly GroupNode[], expanded: ReadonlySet<string>): ItemsSource[] {
  return nodes.flatMap((node) => {
    if (!expanded.has(node.id)) return [];
    if (node.children.length > 0) return openSources(node.children, expanded);
    return [{ id: node.id, conditions: groupConditions(node.conditions) }];
  });
}

const ROOT: ItemsSource[] = [{ id: ROOT_GROUP, conditions: [] }];

function CatalogList() {
  const navigate = useNavigate();
  const { state, update } = useCatalogUrlState();
  const [hideDeleted] = useHideDeletedCatalog();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const { server, client } = useMemo(() => splitGroupBy(state.groupBy), [state.groupBy]);
  const summaryFilter = useMemo(
    () => ({
      configType: state.configType,
      tags: keyFilters(decodeTriState(state.tags)),
      agent: state.agent,
    }),
    [state.configType, state.tags, state.agent],
  );
  const grouped = server.length > 0;
  const body = grouped
    ? JSON.stringify(summaryRequest(state, summaryGroupBy(server, summaryFilter), hideDeleted))
    : null;
  const summary = useSWR(
    body ? ['catalog/summary', body] : null,
    ([, b]) => fetchSummary(JSON.parse(b)),
    {
      dedupingInterval: CATALOG_CACHE_MS,
      keepPreviousData: true,
    },
  );
  const groups = useMemo(
    () =>
      summary.data
        ? sortGroups(buildGroupTree(summary.data, server, summaryFilter), state.sort)
        : undefined,
    [summary.data, server, summaryFilter, state.sort],
  );

  const filters = useMemo(() => listConditions(state, hideDeleted), [state, hideDeleted]);
  const open = useMemo(
    () => (grouped ? openSources(groups ?? [], expanded) : ROOT),
    [grouped, groups, expanded],
  );
  const items = useGroupItems(filters, state.sort, open);
  const rows = useMemo(
    () =>
      grouped && !groups
        ? []
        : displayRows({
            groups: grouped ? groups : undefined,
            expanded,
            items: (id) => items.groups[id],
            clientKeys: client,
            sort: state.sort,
          }),
    [grouped, groups, expanded, items.groups, client, state.sort],
  );

  const { mutate } = summary;
  const { reload } = items;
  const refresh = useCallback(() => {
    void mutate();
    reload();
  }, [mutate, reload]);
  usePageHeader({ title: 'Catalog', onRefresh: refresh, isLoading: summary.isValidating });

  const toggle = useCallback(
    (id: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const root = items.groups[ROOT_GROUP];
  const isLoading = grouped ? summary.isLoading : !root || (root.loading && root.rows.length === 0);
  const error = grouped ? (summary.error as Error | undefined)?.message : root?.error;

  return (
    <PageSection>
      <CatalogTabs active="catalog" />
      <CatalogFilters state={state} onChange={update} />
      <CatalogTable
        rows={rows}
        isLoading={isLoading}
        error={error}
        sort={state.sort}
        onSort={(sort) => update({ sort })}
        onToggle={toggle}
        onOpen={(item) => void navigate(configPath(item.id))}
        onLoadMore={items.loadMore}
      />
    </PageSection>
  );
}
