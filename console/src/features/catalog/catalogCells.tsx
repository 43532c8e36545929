import { Label, LabelGroup } from '@patternfly/react-core';
import { ArrowDownIcon, ArrowUpIcon } from '@patternfly/react-icons';
import { StatusDot } from '../../components/StatusDot/StatusDot';
import { formatCount } from '../../lib/format';
import {
  costTrend,
  formatCost,
  formatCostPercent,
  isHotChanges,
  type CostFigures,
} from './costFormat';

const RED = 'var(--pf-t--global--text--color--status--danger--default, #c9190b)';
const GREEN = 'var(--pf-t--global--text--color--status--success--default, #3e8635)';

/** A 7-day changes count: Nk+ above 999, red from 500. */
export function ChangesCount({ changes }: { changes: number | null | undefined }) {
  if (!changes) return null;
  const hot = isHotChanges(changes);
  return (
    <span
      data-hot={hot ? 'true' : undefined}
      title={`${changes} changes in the last 7 days`}
      style={hot ? { color: RED, fontWeight: 600 } : undefined}
    >
      {formatCount(changes)}
    </span>
  );
}

/** Open insights per analysis type. */
export function InsightCounts({
  analysis,
}: {
  analysis: Record<string, number> | null | undefined;
}) {
  const entries = Object.entries(analysis ?? {}).filter(([, n]) => n > 0);
  if (entries.length === 0) return null;
  return (
    <LabelGroup numLabels={3} isCompact>
      {entries.map(([type, n]) => (
        <Label key={type} isCompact color="orange">
          {type || 'unknown'} {formatCount(n)}
        </Label>
      ))}
    </LabelGroup>
  );
}

/** Health per value with a coloured dot: a group's '9 healthy, 1 unhealthy'. */
export function HealthCounts({ health }: { health: Record<string, number> }) {
  const entries = Object.entries(health).filter(([, n]) => n > 0);
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      {entries.map(([value, n]) => (
        <span key={value} style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
          <StatusDot status={value} />
          {formatCount(n)}
        </span>
      ))}
    </span>
  );
}

export function HealthValue({ health }: { health: string | null | undefined }) {
  if (!health) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
      <StatusDot status={health} />
      {health}
    </span>
  );
}

function costTitle(cost: CostFigures): string {
  const parts: [string, number | null | undefined][] = [
    ['per minute', cost.cost_per_minute],
    ['1d', cost.cost_total_1d],
    ['7d', cost.cost_total_7d],
    ['30d', cost.cost_total_30d],
  ];
  return parts
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([name, v]) => `${name}: ${formatCost(v) || '$0.00'}`)
    .join(', ');
}

/** The 30-day cost, with the trend of the daily cost against the 30-day daily average. */
export function CostValue({ cost }: { cost: CostFigures }) {
  const text = formatCost(cost.cost_total_30d);
  if (!text) return null;
  const trend = costTrend(cost);
  return (
    <span title={costTitle(cost)} style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
      {text}
      {trend && (
        <span
          aria-label={`Daily cost ${trend.direction === 'up' ? 'above' : 'below'} the 30-day average by ${formatCostPercent(trend.percent)}`}
          style={{ color: trend.direction === 'up' ? RED : GREEN, fontSize: '0.85em' }}
        >
          {trend.direction === 'up' ? <ArrowUpIcon /> : <ArrowDownIcon />}
          {formatCostPercent(trend.percent)}
        </span>
      )}
    </span>
  );
}

/** Tags as key: value labels; the first two, then a count. */
export function TagLabels({ tags }: { tags: Record<string, unknown> | null | undefined }) {
  const entries = Object.entries(tags ?? {});
  if (entries.length === 0) return null;
  return (
    <LabelGroup numLabels={2} isCompact>
      {entries.map(([key, value]) => (
        <Label key={key} isCompact>
          {key}: {typeof value === 'string' ? value : JSON.stringify(value)}
        </Label>
      ))}
    </LabelGroup>
  );
}
