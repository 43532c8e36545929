/** Catalog cost and count display rules (spec 002 §9). */

/** A changes count at or above this is highlighted red. */
export const HOT_CHANGES = 500;
/** A trend shows when the daily cost is this far (percent) from the 30-day daily average. */
export const COST_TREND_THRESHOLD = 10;

export const isHotChanges = (changes: number | null | undefined) => (changes ?? 0) >= HOT_CHANGES;

const usd = (value: number, decimals: number) =>
  `$${value.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })}`;

/** '$4.25' at 10 or under, '$1,234' above; nothing for no cost. */
export function formatCost(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return '';
  return Math.abs(value) <= 10 ? usd(value, 2) : usd(value, 0);
}

/** '25%', or '2.5x' above 100 percent. */
export function formatCostPercent(percent: number): string {
  const size = Math.abs(percent);
  if (size > 100) return `${Number((size / 100).toFixed(1))}x`;
  return `${Math.round(size)}%`;
}

export interface CostFigures {
  cost_per_minute?: number | null;
  cost_total_1d?: number | null;
  cost_total_7d?: number | null;
  cost_total_30d?: number | null;
}

export interface CostTrend {
  direction: 'up' | 'down';
  /** How far the daily cost is from the 30-day daily average, in percent (always positive). */
  percent: number;
}

/** The daily cost against the 30-day daily average, when it differs by more than 10%. */
export function costTrend(cost: CostFigures): CostTrend | undefined {
  const daily = cost.cost_total_1d;
  const month = cost.cost_total_30d;
  if (daily === null || daily === undefined || !month) return undefined;
  const average = month / 30;
  const percent = ((daily - average) / average) * 100;
  if (!Number.isFinite(percent) || Math.abs(percent) <= COST_TREND_THRESHOLD) return undefined;
  return { direction: percent > 0 ? 'up' : 'down', percent: Math.abs(percent) };
}
