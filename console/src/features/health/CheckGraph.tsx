import { EmptyState, Skeleton } from '@patternfly/react-core';
import { EMPTY_TABLE_TEXT } from '../../components/DataTable/DataTable';
import { formatDateTime, formatDuration } from '../../lib/format';
import { useCheckGraph } from './api';
import type { ApiRange } from './healthTimeRange';
import type { GraphPoint } from './types';

const WIDTH = 800;
const HEIGHT = 200;
const AXIS = 20;
const GREEN = 'var(--pf-t--color--green--50, #63993d)';
const RED = 'var(--pf-t--color--red--50, #ee0000)';

export interface Bar {
  x: number;
  width: number;
  height: number;
  passed: boolean;
  point: GraphPoint;
}

/** Bars for the points, oldest left, each as tall as its (average) duration. */
export function graphBars(points: readonly GraphPoint[], width = WIDTH, height = HEIGHT): Bar[] {
  const sorted = [...points].sort(
    (a, b) => new Date(a.time).getTime() - new Date(b.time).getTime(),
  );
  const max = Math.max(1, ...sorted.map((p) => p.duration ?? 0));
  const slot = sorted.length > 0 ? width / sorted.length : width;
  return sorted.map((point, i) => ({
    x: i * slot,
    width: Math.max(1, slot * 0.8),
    // A bucket that took no time still shows a sliver in its colour.
    height: Math.max(2, ((point.duration ?? 0) / max) * height),
    passed: point.status,
    point,
  }));
}

function barTitle(point: GraphPoint): string {
  const counts =
    point.passed !== undefined && point.passed !== null
      ? ` (${point.passed} passed, ${point.failed ?? 0} failed)`
      : '';
  return `${formatDateTime(point.time)}: ${point.status ? 'passed' : 'failed'}, ${formatDuration(
    point.duration ?? 0,
  )}${counts}`;
}

export function CheckGraph({
  checkId,
  range,
  refreshKey,
}: {
  checkId: string;
  range: ApiRange;
  refreshKey: number;
}) {
  const { graph, isLoading } = useCheckGraph(checkId, range, refreshKey);
  if (isLoading && !graph) return <Skeleton height="200px" screenreaderText="Loading graph" />;
  const points = graph?.points ?? [];
  if (points.length === 0) {
    return <EmptyState variant="sm" titleText={EMPTY_TABLE_TEXT} headingLevel="h4" />;
  }
  const bars = graphBars(points);
  const max = Math.max(1, ...points.map((p) => p.duration ?? 0));
  const first = bars[0]?.point.time;
  const last = bars[bars.length - 1]?.point.time;
  return (
    <svg
      role="img"
      aria-label={`Results graph${graph?.window ? `, ${graph.window} buckets` : ''}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
      width="100%"
      style={{ maxHeight: 260 }}
      preserveAspectRatio="none"
    >
      <text x={2} y={12} fontSize={11} fill="currentColor">
        {formatDuration(max)}
      </text>
      {bars.map((bar) => (
        <rect
          key={bar.point.time}
          data-status={bar.passed ? 'passed' : 'failed'}
          x={bar.x}
          y={HEIGHT - bar.height}
          width={bar.width}
          height={bar.height}
          fill={bar.passed ? GREEN : RED}
        >
          <title>{barTitle(bar.point)}</title>
        </rect>
      ))}
      <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="currentColor" strokeWidth={1} />
      <text x={2} y={HEIGHT + 15} fontSize={11} fill="currentColor">
        {formatDateTime(first)}
      </text>
      <text x={WIDTH - 2} y={HEIGHT + 15} fontSize={11} fill="currentColor" textAnchor="end">
        {formatDateTime(last)}
      </text>
    </svg>
  );
}
