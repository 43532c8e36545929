import { Badge, Button, EmptyState, Skeleton } from '@patternfly/react-core';
import { AngleDownIcon, AngleRightIcon } from '@patternfly/react-icons';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import type { ThProps } from '@patternfly/react-table';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { displayItems, nextSort, sortRows } from '../../lib/tableRows';
import type { SortState, SortValue } from '../../lib/tableRows';
import { ESTIMATED_ROW_HEIGHT, virtualWindow } from '../../lib/virtualWindow';
import { readScrollTop, useExpandedGroups, writeScrollTop } from './useTableSession';

export const EMPTY_TABLE_TEXT = 'No data available';
/** Above this many drawn rows the table windows them unless told otherwise. */
export const VIRTUALIZE_AFTER = 100;
const DEFAULT_VIRTUAL_HEIGHT = 600;
const SKELETON_ROWS = 5;

export interface DataTableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** What client sorting compares; defaults to the row's property named like the column id. */
  sortValue?: (row: Row) => SortValue;
  width?: ThProps['width'];
}

export interface DataTableProps<Row> {
  /** Names the remembered scroll position and expanded groups for this table. */
  tableId: string;
  'aria-label': string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  isLoading?: boolean;
  emptyText?: string;
  onRowClick?: (row: Row) => void;
  /** Controlled sort; pair with onSort. */
  sort?: SortState;
  defaultSort?: SortState;
  onSort?: (sort: SortState) => void;
  /** Rows arrive sorted (server-side); clicking a header only reports through onSort. */
  manualSort?: boolean;
  groupBy?: (row: Row) => string;
  groupHeader?: (key: string, rows: readonly Row[]) => ReactNode;
  /** Draw only the rows in view; defaults to on above VIRTUALIZE_AFTER rows. */
  virtualize?: boolean;
  /** Scroll area height in px; defaults to 600 when virtualized, else the page scrolls. */
  maxHeight?: number;
  /** Called once per row count when the last row scrolls into view (virtual pagination). */
  onEndReached?: () => void;
}

function sortValueOf<Row>(column: DataTableColumn<Row>): (row: Row) => SortValue {
  if (column.sortValue) return column.sortValue;
  return (row) => {
    const value: unknown =
      typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[column.id] : row;
    return typeof value === 'string' || typeof value === 'number' || value instanceof Date
      ? value
      : undefined;
  };
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { tableId, columns, rows, rowKey, isLoading = false, groupBy, onEndReached } = props;
  const { expanded, toggle } = useExpandedGroups(tableId);
  const [ownSort, setOwnSort] = useState(props.defaultSort);
  const sort = props.sort ?? ownSort;

  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.id === sort.columnId);
    if (props.manualSort || !sort || !column) return rows;
    return sortRows(rows, sortValueOf(column), sort.direction);
  }, [rows, columns, sort, props.manualSort]);
  const items = useMemo(() => displayItems(sorted, groupBy, expanded), [sorted, groupBy, expanded]);

  const virtual = props.virtualize ?? items.length > VIRTUALIZE_AFTER;
  const height = props.maxHeight ?? (virtual ? DEFAULT_VIRTUAL_HEIGHT : undefined);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(() => readScrollTop(tableId));
  const [measured, setMeasured] = useState(0);
  const viewportHeight = measured > 0 ? measured : (height ?? 0);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setMeasured(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Restore once there are rows to scroll through; earlier the browser would clamp it to 0.
  const restored = useRef(false);
  const hasRows = !isLoading && items.length > 0;
  useLayoutEffect(() => {
    if (restored.current || !hasRows || !scrollRef.current) return;
    restored.current = true;
    scrollRef.current.scrollTop = readScrollTop(tableId);
  }, [hasRows, tableId]);

  const reportedEnd = useRef(-1);
  const lastVisible = Math.ceil((scrollTop + viewportHeight) / ESTIMATED_ROW_HEIGHT);
  const endInView = height !== undefined && hasRows && lastVisible >= items.length - 1;
  useEffect(() => {
    if (!endInView || reportedEnd.current === items.length) return;
    reportedEnd.current = items.length;
    onEndReached?.();
  }, [endInView, items.length, onEndReached]);

  const win =
    virtual && hasRows
      ? virtualWindow({ count: items.length, scrollTop, viewportHeight })
      : { start: 0, end: items.length, paddingTop: 0, paddingBottom: 0 };

  const changeSort = (columnId: string) => {
    const next = nextSort(sort, columnId);
    if (!props.sort) setOwnSort(next);
    props.onSort?.(next);
  };
  const sortIndex = sort ? columns.findIndex((c) => c.id === sort.columnId) : -1;
  const span = columns.length;

  let body: ReactNode;
  if (isLoading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, r) => (
      <Tr key={`skeleton-${r}`}>
        {columns.map((c, i) => (
          <Td key={c.id}>
            <Skeleton screenreaderText={r === 0 && i === 0 ? 'Loading' : undefined} />
          </Td>
        ))}
      </Tr>
    ));
  } else if (items.length === 0) {
    body = (
      <Tr>
        <Td colSpan={span}>
          <EmptyState
            variant="sm"
            titleText={props.emptyText ?? EMPTY_TABLE_TEXT}
            headingLevel="h4"
          />
        </Td>
      </Tr>
    );
  } else {
    body = items.slice(win.start, win.end).map((item) => {
      if (item.kind === 'group') {
        return (
          <Tr key={`group:${item.key}`}>
            <Td colSpan={span}>
              <Button
                variant="plain"
                aria-expanded={item.expanded}
                icon={item.expanded ? <AngleDownIcon /> : <AngleRightIcon />}
                onClick={() => toggle(item.key)}
              >
                {props.groupHeader ? props.groupHeader(item.key, item.rows) : item.key}{' '}
                <Badge isRead>{item.rows.length}</Badge>
              </Button>
            </Td>
          </Tr>
        );
      }
      const { row } = item;
      const onRowClick = props.onRowClick;
      return (
        <Tr
          key={rowKey(row)}
          isClickable={Boolean(onRowClick)}
          onRowClick={onRowClick ? () => onRowClick(row) : undefined}
        >
          {columns.map((c, i) => (
            <Td
              key={c.id}
              dataLabel={typeof c.header === 'string' ? c.header : undefined}
              style={item.group !== undefined && i === 0 ? { paddingLeft: '2.5rem' } : undefined}
            >
              {c.cell(row)}
            </Td>
          ))}
        </Tr>
      );
    });
  }

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={props['aria-label']}
      tabIndex={height !== undefined ? 0 : undefined}
      style={height !== undefined ? { maxHeight: height, overflow: 'auto' } : undefined}
      onScroll={(event) => {
        const top = event.currentTarget.scrollTop;
        setScrollTop(top);
        writeScrollTop(tableId, top);
      }}
    >
      <Table
        aria-label={props['aria-label']}
        aria-busy={isLoading}
        variant="compact"
        isStickyHeader={height !== undefined}
      >
        <Thead>
          <Tr>
            {columns.map((c, i) => (
              <Th
                key={c.id}
                width={c.width}
                sort={
                  c.sortable
                    ? {
                        columnIndex: i,
                        sortBy:
                          sortIndex >= 0 ? { index: sortIndex, direction: sort?.direction } : {},
                        onSort: () => changeSort(c.id),
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
