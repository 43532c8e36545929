import { Alert, Button, Card, CardBody, Content, Skeleton } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import { useEffect, useRef } from 'react';
import { TimeAgo } from '../../../components/TimeAgo/TimeAgo';
import { SeverityLabel } from '../SeverityLabel';
import { useConfigInsights, type ConfigInsight } from './api';
import { isNearBottom } from './scroll';

/** Spec 002 §2: insight messages are cut at 500 characters. */
export const MESSAGE_LIMIT = 500;

export function truncateMessage(text: string | null, limit = MESSAGE_LIMIT): string {
  if (!text) return '';
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

function InsightRow({ insight }: { insight: ConfigInsight }) {
  return (
    <Tr>
      <Td dataLabel="Analyzer">{insight.analyzer}</Td>
      <Td dataLabel="Type">{insight.analysis_type ?? ''}</Td>
      <Td dataLabel="Severity">
        <SeverityLabel severity={insight.severity} />
      </Td>
      <Td dataLabel="Status">{insight.status ?? ''}</Td>
      <Td dataLabel="Message" modifier="breakWord">
        {truncateMessage(insight.message || insight.summary)}
      </Td>
      <Td dataLabel="First Observed">
        <TimeAgo at={insight.first_observed} />
      </Td>
      <Td dataLabel="Last Observed">
        <TimeAgo at={insight.last_observed} />
      </Td>
    </Tr>
  );
}

/**
 * The Insights tab: the config's analysis findings, newest first, 50 at a time; the next 50 load
 * when the list is scrolled within 300 px of its end (spec 002 §9).
 */
export function InsightsTab({ configId }: { configId: string }) {
  const { rows, total, hasMore, error, isLoading, loadingMore, loadMore } =
    useConfigInsights(configId);
  const areaRef = useRef<HTMLDivElement>(null);

  const maybeLoadMore = (area: HTMLElement | null) => {
    if (area && hasMore && !loadingMore && isNearBottom(area)) loadMore();
  };
  // A tall screen may show the whole first page without a scrollbar: fill it up.
  useEffect(() => {
    const area = areaRef.current;
    if (area && area.clientHeight > 0 && hasMore && !loadingMore && isNearBottom(area)) {
      loadMore();
    }
  });

  return (
    <Card isCompact>
      <CardBody>
        {error && <Alert variant="danger" isInline title={error.message} />}
        {isLoading ? (
          <Skeleton height="12rem" screenreaderText="Loading insights" />
        ) : rows.length === 0 && !error ? (
          <Content component="p">No insights</Content>
        ) : (
          <>
            <div
              ref={areaRef}
              role="region"
              aria-label="Insights list"
              tabIndex={0}
              style={{ maxHeight: '65vh', overflow: 'auto' }}
              onScroll={(event) => maybeLoadMore(event.currentTarget)}
            >
              <Table aria-label="Insights" variant="compact" isStickyHeader>
                <Thead>
                  <Tr>
                    <Th>Analyzer</Th>
                    <Th>Type</Th>
                    <Th>Severity</Th>
                    <Th>Status</Th>
                    <Th>Message</Th>
                    <Th>First Observed</Th>
                    <Th>Last Observed</Th>
                  </Tr>
                </Thead>
                <Tbody>
                  {rows.map((insight) => (
                    <InsightRow key={insight.id} insight={insight} />
                  ))}
                </Tbody>
              </Table>
              {loadingMore && <Skeleton screenreaderText="Loading more insights" />}
            </div>
            <Content component="small">
              {rows.length} of {total}
              {hasMore && (
                <>
                  {' '}
                  <Button variant="link" isInline onClick={loadMore} isDisabled={loadingMore}>
                    Load more
                  </Button>
                </>
              )}
            </Content>
          </>
        )}
      </CardBody>
    </Card>
  );
}
