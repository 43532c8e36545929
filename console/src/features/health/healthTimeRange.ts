import { parseDateMath } from '../../lib/dateMath';
import {
  FUTURE_PRESETS,
  NAMED_RANGES,
  PAST_PRESETS,
  TIME_RANGE_OPTIONS,
  findTimeRangeOption,
} from '../../lib/timeRange';
import type { TimeRange, TimeRangeOption } from '../../lib/timeRange';

/** The dashboard's default `timeRange` (spec 001 §9). */
export const DEFAULT_TIME_RANGE = '1h';

/**
 * The dashboard keeps its range in one query parameter, `timeRange`: a preset key ('1h', '2d',
 * '1mo'), a date-math expression ('now-5m', 'now+1h'), a named range ('today') or an absolute
 * range as 'from,to' (ISO timestamps never contain a comma).
 */
export function encodeTimeRange(range: TimeRange): string {
  switch (range.type) {
    case 'absolute':
      return `${range.from},${range.to}`;
    case 'mapped':
      return range.name;
    case 'relative':
      return findTimeRangeOption(range.range)?.key ?? range.range;
  }
}

function presetDisplay(expr: string): string | undefined {
  return [...PAST_PRESETS, ...FUTURE_PRESETS].find((p) => p.range === expr)?.display;
}

/** Reads `timeRange`; anything unreadable is the default last hour. */
export function decodeTimeRange(value: string | null | undefined): TimeRange {
  const text = value?.trim() || DEFAULT_TIME_RANGE;
  const comma = text.indexOf(',');
  if (comma > 0) {
    const from = text.slice(0, comma);
    const to = text.slice(comma + 1);
    if (parseDateMath(from) && parseDateMath(to)) {
      return { type: 'absolute', from, to, display: 'Custom' };
    }
  }
  const named = NAMED_RANGES[text];
  if (named) return { type: 'mapped', name: text, display: named.display };
  const option = findTimeRangeOption(text);
  if (option) return { type: 'relative', range: option.range, display: option.label };
  if (text.startsWith('now') && parseDateMath(text)) {
    return { type: 'relative', range: text, display: presetDisplay(text) ?? text };
  }
  return decodeTimeRange(DEFAULT_TIME_RANGE);
}

export interface ApiRange {
  start: string;
  end?: string;
}

/**
 * The `start`/`end` query values for a range. Relative ranges go to the server as date math so
 * that every refresh is relative to its own now; rounded ends are resolved here because they need
 * rounding up (the end of yesterday), which date math on the server does not say.
 */
export function toApiRange(range: TimeRange, now: Date = new Date()): ApiRange {
  if (range.type === 'relative') {
    return range.range.startsWith('now-')
      ? { start: range.range }
      : { start: 'now', end: range.range };
  }
  const from = range.type === 'absolute' ? range.from : NAMED_RANGES[range.name]?.from;
  const to = range.type === 'absolute' ? range.to : NAMED_RANGES[range.name]?.to;
  const resolve = (expr: string | undefined, roundUp: boolean) => {
    if (!expr || expr === 'now') return 'now';
    return parseDateMath(expr, now, roundUp)?.toISOString() ?? 'now';
  };
  return { start: resolve(from, false), end: resolve(to, true) };
}

/** The drawer's choices start at one hour (spec 001: auto-chosen from 1h up to 5y). */
const AUTO_CHOICES: readonly TimeRangeOption[] = TIME_RANGE_OPTIONS.filter((o) => o.minutes >= 60);

/** Drawer time-range choices: the standard options, 15m to 5y. */
export const DRAWER_RANGE_OPTIONS = TIME_RANGE_OPTIONS;

/**
 * The drawer's initial range: the shortest option of at least an hour that still reaches back to
 * the check's last run, so an idle check shows its last results; 5y at most.
 */
export function autoRangeKey(
  lastRuntime: string | null | undefined,
  now: Date = new Date(),
): string {
  const fallback = AUTO_CHOICES[0]?.key ?? '1h';
  if (!lastRuntime) return fallback;
  const last = new Date(lastRuntime).getTime();
  if (Number.isNaN(last)) return fallback;
  const ageMinutes = Math.max(0, now.getTime() - last) / 60_000;
  const fit = AUTO_CHOICES.find((o) => o.minutes >= ageMinutes);
  return (fit ?? AUTO_CHOICES[AUTO_CHOICES.length - 1])?.key ?? fallback;
}
