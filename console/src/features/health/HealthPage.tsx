import {
  Alert,
  Badge,
  Drawer,
  DrawerContent,
  DrawerContentBody,
  DrawerPanelContent,
  Flex,
  FlexItem,
  Label,
  PageSection,
  Sidebar,
  SidebarContent,
  SidebarPanel,
  Tab,
  TabTitleText,
  Tabs,
} from '@patternfly/react-core';
import { useCallback, useMemo, useState } from 'react';
import { usePageHeader } from '../../app/pageHeader';
import { Pagination } from '../../components/Pagination/Pagination';
import { RefreshRatePicker } from '../../components/RefreshRatePicker/RefreshRatePicker';
import { useRefreshRate } from '../../components/RefreshRatePicker/useRefreshRate';
import { timeRangeMinutes } from '../../lib/timeRange';
import { errorText, useSummary } from './api';
import { CheckDrawer } from './CheckDrawer';
import { ChecksCards } from './ChecksCards';
import { ChecksTable } from './ChecksTable';
import { dashboardView, groupByChoices, labelFilterGroups, tabByChoices, tabOf } from './checks';
import type { CheckItem } from './checks';
import { FilterBar, FilterSidebar } from './HealthFilters';
import { decodeTimeRange, encodeTimeRange, toApiRange } from './healthTimeRange';
import type { CheckSummary } from './types';
import { ALL_TAB, NO_GROUPING, useHealthUrlState } from './urlState';

export const REFRESH_RATE_KEY = 'vigil.health.refreshRate';

function HealthCounts({ passing, failing }: { passing: number; failing: number }) {
  return (
    <Flex gap={{ default: 'gapSm' }} aria-label="Check counts" role="group">
      <Label color="green" isCompact>
        Passing {passing}
      </Label>
      <Label color="red" isCompact>
        Failing {failing}
      </Label>
    </Flex>
  );
}

/** /health: the checks with their uptime and latency, filtered, grouped and tabbed. */
export function HealthPage() {
  const { state, update } = useHealthUrlState();
  const range = useMemo(() => decodeTimeRange(state.timeRange), [state.timeRange]);
  const apiRange = useMemo(() => toApiRange(range), [range]);
  const rangeMinutes = useMemo(() => timeRangeMinutes(range), [range]);
  const refreshRate = useRefreshRate(REFRESH_RATE_KEY, rangeMinutes);
  // Run Now bumps this: the summary (and the drawer's history) fetch again.
  const [runCount, setRunCount] = useState(0);
  const { checks, error, isLoading, isValidating, mutate } = useSummary(
    apiRange,
    refreshRate.intervalMs,
    runCount,
  );
  const onRefresh = useCallback(() => void mutate(), [mutate]);
  usePageHeader({ title: 'Health', onRefresh, isLoading: isValidating });

  const all = useMemo(() => checks ?? [], [checks]);
  const isCards = state.layout === 'card';
  const view = useMemo(
    () =>
      dashboardView(all, {
        ...state,
        // Cards show checks one by one.
        groupBy: isCards ? NO_GROUPING : state.groupBy,
      }),
    [all, state, isCards],
  );
  const labelGroups = useMemo(() => labelFilterGroups(all), [all]);
  const groupChoices = useMemo(() => groupByChoices(all), [all]);
  const tabChoices = useMemo(() => tabByChoices(all), [all]);
  const tabCounts = useMemo(() => {
    const counts = new Map<string, number>([[ALL_TAB, all.length]]);
    for (const check of all) {
      const tab = tabOf(check, state.tabBy);
      if (tab !== undefined) counts.set(tab, (counts.get(tab) ?? 0) + 1);
    }
    return counts;
  }, [all, state.tabBy]);

  const open = useCallback((check: CheckSummary) => update({ checkId: check.id }), [update]);
  const close = useCallback(() => update({ checkId: undefined }), [update]);
  const selected = state.checkId ? all.find((c) => c.id === state.checkId) : undefined;
  const cardChecks = view.page.flatMap((item: CheckItem) =>
    item.kind === 'check' ? [item.check] : item.checks,
  );

  const panel = state.checkId ? (
    <CheckDrawer
      key={state.checkId}
      checkId={state.checkId}
      row={selected}
      refreshKey={runCount}
      onClose={close}
      onRan={() => setRunCount((n) => n + 1)}
    />
  ) : (
    <DrawerPanelContent />
  );

  return (
    <Drawer isExpanded={Boolean(state.checkId)} position="end">
      <DrawerContent panelContent={panel}>
        <DrawerContentBody>
          <PageSection aria-label="Health dashboard">
            <Flex
              justifyContent={{ default: 'justifyContentSpaceBetween' }}
              alignItems={{ default: 'alignItemsCenter' }}
            >
              <FlexItem>
                <HealthCounts {...view.counts} />
              </FlexItem>
              <FlexItem>
                <RefreshRatePicker
                  value={refreshRate.value}
                  onChange={refreshRate.setValue}
                  rangeMinutes={rangeMinutes}
                />
              </FlexItem>
            </Flex>
            <Sidebar hasGutter>
              <SidebarPanel width={{ default: 'width_25', lg: 'width_25' }}>
                <FilterSidebar
                  hidePassing={state.hidePassing}
                  onHidePassing={(hidePassing) => update({ hidePassing })}
                  labelGroups={labelGroups}
                  labels={state.labels}
                  onLabels={(labels) => update({ labels })}
                />
              </SidebarPanel>
              <SidebarContent>
                <FilterBar
                  query={state.query}
                  onQuery={(query) => update({ query }, { replace: true })}
                  groupBy={state.groupBy}
                  groupByChoices={groupChoices}
                  onGroupBy={(groupBy) => update({ groupBy })}
                  tabBy={state.tabBy}
                  tabByChoices={tabChoices}
                  onTabBy={(tabBy) => update({ tabBy, tab: ALL_TAB })}
                  layout={state.layout}
                  onLayout={(layout) => update({ layout })}
                  timeRange={range}
                  onTimeRange={(next) =>
                    update({ timeRange: next ? encodeTimeRange(next) : undefined })
                  }
                />
                {error && <Alert variant="danger" isInline title={errorText(error)} />}
                <Tabs
                  aria-label="Check tabs"
                  activeKey={state.tab}
                  onSelect={(_event, key) => update({ tab: String(key) })}
                  mountOnEnter
                  unmountOnExit
                >
                  {view.tabs.map((tab) => (
                    <Tab
                      key={tab}
                      eventKey={tab}
                      title={
                        <TabTitleText>
                          {tab} <Badge isRead>{tabCounts.get(tab) ?? 0}</Badge>
                        </TabTitleText>
                      }
                    />
                  ))}
                </Tabs>
                <div style={{ marginTop: '1rem' }}>
                  {isCards ? (
                    <ChecksCards checks={cardChecks} onOpen={open} />
                  ) : (
                    <ChecksTable
                      items={view.page}
                      groupBy={state.groupBy}
                      sortBy={state.sortBy}
                      sortDesc={state.sortDesc}
                      onSort={(sortBy, sortDesc) => update({ sortBy, sortDesc })}
                      onOpen={open}
                      isLoading={isLoading && !checks}
                    />
                  )}
                </div>
                <Flex justifyContent={{ default: 'justifyContentFlexEnd' }}>
                  <Pagination
                    page={state.pageIndex + 1}
                    pageSize={state.pageSize}
                    totalRows={view.totalItems}
                    onPageChange={(page) => update({ pageIndex: page - 1 })}
                    onPageSizeChange={(pageSize) => update({ pageSize, pageIndex: 0 })}
                  />
                </Flex>
              </SidebarContent>
            </Sidebar>
          </PageSection>
        </DrawerContentBody>
      </DrawerContent>
    </Drawer>
  );
}
