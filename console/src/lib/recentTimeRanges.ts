import type { AbsoluteTimeRange, TimeRange } from './timeRange';

export const RECENT_RANGES_LIMIT = 5;
export const RECENT_RANGES_STORAGE_KEY = 'vigil.timeRange.recent';

/** Newest first, no duplicates, at most five. */
export function addRecentRange(
  recent: readonly AbsoluteTimeRange[],
  range: AbsoluteTimeRange,
): AbsoluteTimeRange[] {
  const others = recent.filter((r) => r.from !== range.from || r.to !== range.to);
  return [range, ...others].slice(0, RECENT_RANGES_LIMIT);
}

function isAbsoluteRange(value: unknown): value is AbsoluteTimeRange {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return r.type === 'absolute' && typeof r.from === 'string' && typeof r.to === 'string';
}

// Storage is user-editable and may be unavailable (private mode), so reading never throws.
export function loadRecentRanges(key: string = RECENT_RANGES_STORAGE_KEY): AbsoluteTimeRange[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isAbsoluteRange)
      .map((r) => ({
        type: 'absolute' as const,
        from: r.from,
        to: r.to,
        display: 'Custom' as const,
      }))
      .slice(0, RECENT_RANGES_LIMIT);
  } catch {
    return [];
  }
}

/** Records an absolute range as most recent and returns the new list. */
export function rememberRecentRange(
  range: AbsoluteTimeRange,
  key: string = RECENT_RANGES_STORAGE_KEY,
): AbsoluteTimeRange[] {
  const next = addRecentRange(loadRecentRanges(key), range);
  try {
    localStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Quota or privacy mode: the list simply is not remembered.
  }
  return next;
}

/** Query-string keys that hold a time range; Clear removes all of them. */
export const TIME_RANGE_PARAM_KEYS = ['rangeType', 'range', 'from', 'to', 'display'] as const;

export function timeRangeToParams(range: TimeRange): Record<string, string> {
  switch (range.type) {
    case 'absolute':
      return { rangeType: 'absolute', from: range.from, to: range.to };
    case 'mapped':
      return { rangeType: 'mapped', range: range.name, display: range.display };
    case 'relative':
      return { rangeType: 'relative', range: range.range, display: range.display };
  }
}

export function timeRangeFromParams(params: URLSearchParams): TimeRange | undefined {
  const type = params.get('rangeType');
  const range = params.get('range');
  const display = params.get('display');
  if (type === 'absolute') {
    const from = params.get('from');
    const to = params.get('to');
    return from && to ? { type: 'absolute', from, to, display: 'Custom' } : undefined;
  }
  if (type === 'mapped' && range) return { type: 'mapped', name: range, display: display ?? range };
  if (type === 'relative' && range) {
    return { type: 'relative', range, display: display ?? range };
  }
  return undefined;
}

/** Writes the range into a copy of the params; undefined removes every range key. */
export function withTimeRangeParams(
  params: URLSearchParams,
  range: TimeRange | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of TIME_RANGE_PARAM_KEYS) next.delete(key);
  if (range) for (const [k, v] of Object.entries(timeRangeToParams(range))) next.set(k, v);
  return next;
}
