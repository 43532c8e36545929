import { Button } from '@patternfly/react-core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { RunStatusLabel } from '../../configDetail/playbooks/RunStatusLabel';
import { isNearBottom } from '../../configDetail/insights/scroll';
import { SeverityLabel } from '../../configDetail/SeverityLabel';
import { PlaybooksMenu } from '../../playbooks/launch/PlaybooksMenu';
import { catalogHref, playbookRunHref } from '../links';
import { fetchInsights, fetchRuns, usePagedPanelRows } from './panelsApi';
import { Grow, PanelRows } from './PanelRows';

interface Paged {
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * A scroll area that asks for the next page once scrolled within 300 px of its end (spec 002
 * §9), with a button for the same.
 */
function ScrollPager({
  label,
  paged,
  children,
}: {
  label: string;
  paged: Paged;
  children: ReactNode;
}) {
  const areaRef = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, loadMore } = paged;
  // A tall panel may show the whole first page without a scrollbar: fill it up.
  useEffect(() => {
    const area = areaRef.current;
    if (area && area.clientHeight > 0 && hasMore && !loadingMore && isNearBottom(area)) loadMore();
  });
  return (
    <div
      ref={areaRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ maxHeight: 360, overflow: 'auto' }}
      onScroll={(e) => {
        if (hasMore && !loadingMore && isNearBottom(e.currentTarget)) loadMore();
      }}
    >
      {children}
      {hasMore && (
        <Button variant="link" isInline isLoading={loadingMore} onClick={loadMore}>
          Load more
        </Button>
      )}
    </div>
  );
}

export function PlaybooksPanel({ componentId }: { componentId: string }) {
  const runs = usePagedPanelRows('runs', componentId, fetchRuns);
  return (
    <>
      <PlaybooksMenu resource={{ kind: 'component', id: componentId }} label="Run Playbook" />
      <ScrollPager label="Playbook runs list" paged={runs}>
        <PanelRows
          label="Playbook runs"
          rows={runs.isLoading ? undefined : runs.rows}
          error={runs.error}
          isLoading={runs.isLoading}
          rowKey={(r) => r.id}
          renderRow={(r) => (
            <>
              <Grow>
                <Link to={playbookRunHref(r.id)}>
                  {r.playbooks?.title || r.playbooks?.name || r.id}
                </Link>
              </Grow>
              <RunStatusLabel status={r.status} />
              <TimeAgo at={r.start_time ?? r.created_at} />
            </>
          )}
        />
      </ScrollPager>
    </>
  );
}

export function InsightsPanel({ componentId }: { componentId: string }) {
  const insights = usePagedPanelRows('insights', componentId, fetchInsights);
  return (
    <ScrollPager label="Insights list" paged={insights}>
      <PanelRows
        label="Insights"
        rows={insights.isLoading ? undefined : insights.rows}
        error={insights.error}
        isLoading={insights.isLoading}
        rowKey={(i) => i.analysis_id}
        renderRow={(i) => (
          <>
            <SeverityLabel severity={i.severity} />
            <span>{i.analysis_type ?? ''}</span>
            <Grow>
              <Link to={catalogHref(i.config_id)}>{i.name ?? i.config_id}</Link>
            </Grow>
            <TimeAgo at={i.last_observed ?? i.first_observed} />
          </>
        )}
      />
    </ScrollPager>
  );
}
