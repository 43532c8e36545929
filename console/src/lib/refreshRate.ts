export type RefreshRateValue = 'none' | '15s' | '30s' | '60s' | '2m' | '3m' | '5m' | '10m' | '15m';

export interface RefreshRateOption {
  value: RefreshRateValue;
  label: string;
  /** 0 means no automatic refresh. */
  ms: number;
}

export const REFRESH_RATE_OPTIONS: readonly RefreshRateOption[] = [
  { value: 'none', label: 'None', ms: 0 },
  { value: '15s', label: '15s', ms: 15_000 },
  { value: '30s', label: '30s', ms: 30_000 },
  { value: '60s', label: '60s', ms: 60_000 },
  { value: '2m', label: '2m', ms: 120_000 },
  { value: '3m', label: '3m', ms: 180_000 },
  { value: '5m', label: '5m', ms: 300_000 },
  { value: '10m', label: '10m', ms: 600_000 },
  { value: '15m', label: '15m', ms: 900_000 },
];

export function isRefreshRateValue(value: unknown): value is RefreshRateValue {
  return REFRESH_RATE_OPTIONS.some((o) => o.value === value);
}

export function refreshRateMs(value: RefreshRateValue): number {
  return REFRESH_RATE_OPTIONS.find((o) => o.value === value)?.ms ?? 0;
}

/** Wide ranges are expensive to reload, so fast rates are switched off for them. */
export function isRefreshRateDisabled(value: RefreshRateValue, rangeMinutes = 0): boolean {
  if (rangeMinutes >= 60 && (value === '15s' || value === '30s')) return true;
  if (rangeMinutes >= 180 && (value === '2m' || value === '3m')) return true;
  return false;
}

/**
 * The rate actually used: a chosen rate that the range disables falls back to the next slower
 * rate that is allowed, so widening the range never leaves a forbidden rate polling.
 */
export function effectiveRefreshRate(value: RefreshRateValue, rangeMinutes = 0): RefreshRateValue {
  if (!isRefreshRateDisabled(value, rangeMinutes)) return value;
  const ms = refreshRateMs(value);
  const slower = REFRESH_RATE_OPTIONS.find(
    (o) => o.ms > ms && !isRefreshRateDisabled(o.value, rangeMinutes),
  );
  return slower?.value ?? 'none';
}
