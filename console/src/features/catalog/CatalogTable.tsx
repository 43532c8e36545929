import { Badge, Button, EmptyState, Label, Skeleton } from '@patternfly/react-core';
import { AngleDownIcon, AngleRightIcon } from '@patternfly/react-icons';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { TimeAgo } from '../../components/TimeAgo/TimeAgo';
import { formatCount } from '../../lib/format';
import { nextSort, type SortState } from '../../lib/tableRows';
import { virtualWindow } from '../../lib/virtualWindow';
import {
  ChangesCount,
  CostValue,
  HealthCounts,
  HealthValue,
  InsightCounts,
  TagLabels,
} from './catalogCells';
import type { ConfigItem } from './catalogApi';
import { ConfigIcon } from './ConfigIcon';
import type { DisplayRow } from './displayRows';
import type { GroupNode } from './grouping';

/** Spec 002 §9: the config list's row height estimate and overscan. */
export const ROW_HEIGHT = 37;
export const OVERSCAN = 20;
/** The scroll area's height before it is measured (and in tests, where nothing is laid out). */
export const FALLBACK_VIEWPORT = 600;

export const NO_RESULT = 'No result';
export const LIST_ERROR = 'Something went wrong';

interface Column {
  id: string;
  header: string;
  sortable: boolean;
  group: (node: GroupNode) => ReactNode;
  item: (item: ConfigItem) => ReactNode;
}

const COLUMNS: Column[] = [
  { id: 'name', header: 'Name', sortable: true, group: () => null, item: () => null },
  {
    id: 'type',
    header: 'Type',
    sortable: true,
    group: () => null,
    item: (c) => c.type,
  },
  {
    id: 'health',
    header: 'Health',
    sortable: true,
    group: (g) => <HealthCounts health={g.agg.health} />,
    item: (c) => <HealthValue health={c.health} />,
  },
  { id: 'status', header: 'Status', sortable: true, group: () => null, item: (c) => c.status },
  {
    id: 'changes',
    header: 'Changes',
    sortable: true,
    group: (g) => <ChangesCount changes={g.agg.changes} />,
    item: (c) => <ChangesCount changes={c.changes} />,
  },
  {
    id: 'insights',
    header: 'Insights',
    sortable: false,
    group: (g) => <InsightCounts analysis={g.agg.analysis} />,
    item: (c) => <InsightCounts analysis={c.analysis} />,
  },
  {
    id: 'cost',
    header: 'Cost',
    sortable: true,
    group: (g) => (
      <CostValue cost={{ cost_per_minute: g.agg.costPerMinute, cost_total_30d: g.agg.cost30d }} />
    ),
    item: (c) => <CostValue cost={c} />,
  },
  {
    id: 'tags',
    header: 'Tags',
    sortable: false,
    group: () => null,
    item: (c) => <TagLabels tags={c.tags} />,
  },
  {
    id: 'created_at',
    header: 'Created',
    sortable: true,
    group: (g) => <TimeAgo at={g.agg.createdAt} />,
    item: (c) => <TimeAgo at={c.created_at} />,
  },
  {
    id: 'updated_at',
    header: 'Updated',
    sortable: true,
    group: (g) => <TimeAgo at={g.agg.updatedAt} />,
    item: (c) => <TimeAgo at={c.updated_at} />,
  },
];

const CELL = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
const indent = (depth: number) => ({ ...CELL, paddingLeft: `calc(${depth * 1.5}rem + 0.5rem)` });

export interface CatalogTableProps {
  rows: readonly DisplayRow[];
  isLoading: boolean;
  error: string | undefined;
  sort: SortState;
  onSort: (sort: SortState) => void;
  onToggle: (groupId: string) => void;
  onOpen: (item: ConfigItem) => void;
  onLoadMore: (groupId: string) => void;
}

/**
 * The config list: group rows that open onto their items, drawn in a window of the rows in view
 * (row height 37, 20 rows of overscan each side) so thousands of items stay light.
 */
export function CatalogTable(props: CatalogTableProps) {
  const { rows, sort } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [measured, setMeasured] = useState(0);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setMeasured(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const viewportHeight = measured > 0 ? measured : FALLBACK_VIEWPORT;
  const win = virtualWindow({
    count: rows.length,
    scrollTop,
    viewportHeight,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const sortIndex = COLUMNS.findIndex((c) => c.id === sort.columnId);

  let body: ReactNode;
  if (props.isLoading && rows.length === 0) {
    body = Array.from({ length: 5 }, (_, r) => (
      <Tr key={`skeleton-${r}`}>
        {COLUMNS.map((c, i) => (
          <Td key={c.id}>
            <Skeleton screenreaderText={r === 0 && i === 0 ? 'Loading' : undefined} />
          </Td>
        ))}
      </Tr>
    ));
  } else if (props.error && rows.length === 0) {
    body = <MessageRow title={LIST_ERROR} detail={props.error} />;
  } else if (rows.length === 0) {
    body = <MessageRow title={NO_RESULT} />;
  } else {
    body = rows.slice(win.start, win.end).map((row) => <Row key={row.id} row={row} {...props} />);
  }

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Catalog"
      tabIndex={0}
      style={{ maxHeight: 'calc(100vh - 16rem)', minHeight: '20rem', overflow: 'auto' }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <Table aria-label="Catalog" variant="compact" isStickyHeader aria-busy={props.isLoading}>
        <Thead>
          <Tr>
            {COLUMNS.map((c, i) => (
              <Th
                key={c.id}
                sort={
                  c.sortable
                    ? {
                        columnIndex: i,
                        sortBy:
                          sortIndex >= 0 ? { index: sortIndex, direction: sort.direction } : {},
                        onSort: () => props.onSort(nextSort(sort, c.id)),
                      }
                    : undefined
                }
              >
                {c.header}
              </Th>
            ))}
          </Tr>
        </Thead>
        <Tbody>
          {win.paddingTop > 0 && <Tr aria-hidden style={{ height: win.paddingTop }} />}
          {body}
          {win.paddingBottom > 0 && <Tr aria-hidden style={{ height: win.paddingBottom }} />}
        </Tbody>
      </Table>
    </div>
  );
}

function MessageRow({ title, detail }: { title: string; detail?: string }) {
  return (
    <Tr>
      <Td colSpan={COLUMNS.length}>
        <EmptyState variant="sm" titleText={title} headingLevel="h4">
          {detail}
        </EmptyState>
      </Td>
    </Tr>
  );
}

function Row({ row, ...props }: CatalogTableProps & { row: DisplayRow }) {
  const height = { height: ROW_HEIGHT };
  switch (row.kind) {
    case 'group':
      return <GroupRow row={row} onToggle={props.onToggle} />;
    case 'item': {
      const { item } = row;
      return (
        <Tr isClickable onRowClick={() => props.onOpen(item)} style={height}>
          <Td dataLabel="Name" style={indent(row.depth)}>
            <ConfigIcon type={item.type} />
            {item.name || item.id}
            {item.deleted_at && (
              <Label isCompact color="red" style={{ marginLeft: 6 }}>
                Deleted
              </Label>
            )}
          </Td>
          {COLUMNS.slice(1).map((c) => (
            <Td key={c.id} dataLabel={c.header} style={CELL}>
              {c.item(item)}
            </Td>
          ))}
        </Tr>
      );
    }
    case 'more':
      return <MoreRow row={row} onLoadMore={props.onLoadMore} />;
    case 'status':
      return (
        <Tr style={height}>
          <Td colSpan={COLUMNS.length} style={indent(row.depth)}>
            {row.status === 'loading' ? (
              <Skeleton width="40%" screenreaderText="Loading" />
            ) : (
              <span>
                {LIST_ERROR}: {row.message}
              </span>
            )}
          </Td>
        </Tr>
      );
  }
}

function GroupRow({
  row,
  onToggle,
}: {
  row: Extract<DisplayRow, { kind: 'group' }>;
  onToggle: (id: string) => void;
}) {
  const { node } = row;
  const label = node.value ?? '(none)';
  return (
    <Tr isClickable onRowClick={() => onToggle(node.id)} style={{ height: ROW_HEIGHT }}>
      <Td dataLabel="Name" style={indent(row.depth)}>
        <Button
          variant="plain"
          isInline
          aria-expanded={row.expanded}
          icon={row.expanded ? <AngleDownIcon /> : <AngleRightIcon />}
          onClick={(event) => {
            event.stopPropagation();
            onToggle(node.id);
          }}
          style={{ padding: 0 }}
        >
          {node.key === 'type' || node.key === 'config_class' ? (
            <ConfigIcon type={node.value} />
          ) : null}
          {label} <Badge isRead>{formatCount(node.agg.count)}</Badge>
        </Button>
      </Td>
      {COLUMNS.slice(1).map((c) => (
        <Td key={c.id} dataLabel={c.header} style={CELL}>
          {c.group(node)}
        </Td>
      ))}
    </Tr>
  );
}

function MoreRow({
  row,
  onLoadMore,
}: {
  row: Extract<DisplayRow, { kind: 'more' }>;
  onLoadMore: (groupId: string) => void;
}) {
  // Scrolled into view: the next page loads by itself (the button is there for keyboards).
  useEffect(() => {
    onLoadMore(row.groupId);
  }, [onLoadMore, row.groupId, row.loaded]);
  return (
    <Tr style={{ height: ROW_HEIGHT }}>
      <Td colSpan={COLUMNS.length} style={indent(row.depth)}>
        <Button variant="link" isInline onClick={() => onLoadMore(row.groupId)}>
          Load more ({row.loaded} of {row.total})
        </Button>
      </Td>
    </Tr>
  );
}
