import { EmptyState, Label, LabelGroup, Skeleton } from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr } from '@patternfly/react-table';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { virtualWindow } from '../../lib/virtualWindow';
import {
  LOG_OVERSCAN,
  LOG_ROW_HEIGHT,
  WIDTHS_DEBOUNCE_MS,
  formatLogTimestamp,
  type LogLine,
} from './model';

/**
 * The log lines (spec 000 §2.6): drawn in a window of the rows in view (estimated row height 62,
 * 10 rows beyond on either side), columns resizable with widths remembered in this browser, rows
 * selectable (shift-click selects a run) to attach as evidence.
 */

export const WIDTHS_STORAGE_KEY = 'vigil.logs.columnWidths';
export type ResizableColumn = 'timestamp' | 'message' | 'labels';
export const DEFAULT_WIDTHS: Record<ResizableColumn, number> = {
  timestamp: 210,
  message: 640,
  labels: 320,
};
const MIN_WIDTH = 80;
const SELECT_WIDTH = 48;
const HEIGHT = 600;

function loadWidths(): Record<ResizableColumn, number> {
  try {
    const saved = JSON.parse(localStorage.getItem(WIDTHS_STORAGE_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    const out = { ...DEFAULT_WIDTHS };
    for (const key of Object.keys(out) as ResizableColumn[]) {
      const v = saved[key];
      if (typeof v === 'number' && Number.isFinite(v) && v >= MIN_WIDTH) out[key] = v;
    }
    return out;
  } catch {
    return { ...DEFAULT_WIDTHS };
  }
}

/** Column widths from localStorage, saved again 500 ms after the last change. */
export function useColumnWidths() {
  const [widths, setWidths] = useState(loadWidths);
  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current) return;
    const timer = setTimeout(() => {
      localStorage.setItem(WIDTHS_STORAGE_KEY, JSON.stringify(widths));
    }, WIDTHS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [widths]);
  const setWidth = (column: ResizableColumn, width: number) => {
    changed.current = true;
    setWidths((w) => ({ ...w, [column]: Math.max(MIN_WIDTH, Math.round(width)) }));
  };
  return { widths, setWidth };
}

function ResizeHandle(props: { label: string; width: number; onResize: (w: number) => void }) {
  const { width, onResize } = props;
  const start = (event: ReactPointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const x0 = event.clientX;
    const move = (e: PointerEvent) => onResize(width + e.clientX - x0);
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const key = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key === 'ArrowLeft') onResize(width - 16);
    else if (event.key === 'ArrowRight') onResize(width + 16);
    else return;
    event.preventDefault();
  };
  return (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={props.label}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={start}
      onKeyDown={key}
      style={{
        position: 'absolute',
        top: 0,
        right: 0,
        width: 8,
        height: '100%',
        cursor: 'col-resize',
        borderRight: '2px solid var(--pf-t--global--border--color--default, #d2d2d2)',
      }}
    />
  );
}

const clamp2 = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  fontFamily: 'var(--pf-t--global--font--family--mono, monospace)',
  fontSize: '0.85em',
} as const;

export interface LogsTableProps {
  lines: readonly LogLine[];
  selected: ReadonlySet<number>;
  onSelect: (selected: Set<number>) => void;
  isLoading: boolean;
  emptyText: string;
  /** Called once per row count when the last rows come into view (the next page). */
  onEndReached?: () => void;
  loadingMore?: boolean;
}

export function LogsTable(props: LogsTableProps) {
  const { lines, selected, onSelect, isLoading, onEndReached } = props;
  const { widths, setWidth } = useColumnWidths();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(HEIGHT);
  const anchor = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setViewport(el.clientHeight || HEIGHT));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const win = virtualWindow({
    count: lines.length,
    scrollTop,
    viewportHeight: viewport,
    rowHeight: LOG_ROW_HEIGHT,
    overscan: LOG_OVERSCAN,
  });

  const reported = useRef(-1);
  const nearEnd = lines.length > 0 && win.end >= lines.length;
  useEffect(() => {
    if (!nearEnd || reported.current === lines.length) return;
    reported.current = lines.length;
    onEndReached?.();
  }, [nearEnd, lines.length, onEndReached]);

  const toggle = (index: number, range: boolean) => {
    const next = new Set(selected);
    if (range && anchor.current !== undefined) {
      const [a, b] = [anchor.current, index].sort((x, y) => x - y) as [number, number];
      for (let i = a; i <= b; i++) next.add(i);
    } else if (next.has(index)) next.delete(index);
    else next.add(index);
    anchor.current = index;
    onSelect(next);
  };

  const header = (column: ResizableColumn, title: string) => (
    <Th style={{ width: widths[column], position: 'relative' }}>
      {title}
      <ResizeHandle
        label={`Resize ${title} column`}
        width={widths[column]}
        onResize={(w) => setWidth(column, w)}
      />
    </Th>
  );

  let body;
  if (isLoading) {
    body = Array.from({ length: 5 }, (_, r) => (
      <Tr key={`skeleton-${r}`}>
        <Td colSpan={4}>
          <Skeleton screenreaderText={r === 0 ? 'Loading' : undefined} />
        </Td>
      </Tr>
    ));
  } else if (lines.length === 0) {
    body = (
      <Tr>
        <Td colSpan={4}>
          <EmptyState variant="sm" headingLevel="h4" titleText={props.emptyText} />
        </Td>
      </Tr>
    );
  } else {
    body = lines.slice(win.start, win.end).map((line, i) => {
      const index = win.start + i;
      const isSelected = selected.has(index);
      const labels = Object.entries(line.labels);
      return (
        <Tr
          key={index}
          isClickable
          isRowSelected={isSelected}
          onRowClick={(event) => {
            // The checkbox answers for itself.
            if ((event?.target as HTMLElement | undefined)?.closest('input, button, a')) return;
            toggle(index, Boolean(event?.shiftKey));
          }}
          style={{ height: LOG_ROW_HEIGHT }}
        >
          <Td
            select={{
              rowIndex: index,
              isSelected,
              onSelect: (event) =>
                toggle(index, Boolean((event.nativeEvent as MouseEvent | undefined)?.shiftKey)),
            }}
          />
          <Td dataLabel="Time" style={{ whiteSpace: 'nowrap' }}>
            {formatLogTimestamp(line.timestamp)}
          </Td>
          <Td dataLabel="Message">
            <div style={clamp2} title={line.message}>
              {line.message}
            </div>
          </Td>
          <Td dataLabel="Labels">
            <div style={{ maxHeight: LOG_ROW_HEIGHT - 16, overflow: 'hidden' }}>
              <LabelGroup numLabels={3} isCompact>
                {labels.map(([k, v]) => (
                  <Label key={k} isCompact title={`${k}=${v}`}>
                    {k}={v.length > 40 ? `${v.slice(0, 40)}…` : v}
                  </Label>
                ))}
              </LabelGroup>
            </div>
          </Td>
        </Tr>
      );
    });
  }

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Log lines"
      tabIndex={0}
      style={{ maxHeight: HEIGHT, overflow: 'auto' }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <Table
        aria-label="Logs"
        aria-busy={isLoading}
        variant="compact"
        isStickyHeader
        style={{ tableLayout: 'fixed' }}
      >
        <Thead>
          <Tr>
            <Th screenReaderText="Select" style={{ width: SELECT_WIDTH }} />
            {header('timestamp', 'Time')}
            {header('message', 'Message')}
            {header('labels', 'Labels')}
          </Tr>
        </Thead>
        <Tbody>
          {win.paddingTop > 0 && !isLoading && (
            <Tr aria-hidden style={{ height: win.paddingTop }} />
          )}
          {body}
          {win.paddingBottom > 0 && !isLoading && (
            <Tr aria-hidden style={{ height: win.paddingBottom }} />
          )}
          {props.loadingMore && (
            <Tr>
              <Td colSpan={4}>
                <Skeleton screenreaderText="Loading more" />
              </Td>
            </Tr>
          )}
        </Tbody>
      </Table>
    </div>
  );
}
