import { parseDateMath } from './dateMath';

export interface RelativeTimeRange {
  type: 'relative';
  /** A date-math expression such as now-2d (the past) or now+1h (the future). */
  range: string;
  display: string;
}

export interface AbsoluteTimeRange {
  type: 'absolute';
  /** ISO timestamps. */
  from: string;
  to: string;
  display: 'Custom';
}

export interface MappedTimeRange {
  type: 'mapped';
  name: string;
  display: string;
}

export type TimeRange = RelativeTimeRange | AbsoluteTimeRange | MappedTimeRange;

export interface TimeRangeOption {
  /** Short key used in settings, e.g. '15m', '1mo'. */
  key: string;
  label: string;
  /** Expression for the start of the range, e.g. now-1M. */
  range: string;
  minutes: number;
}

const UNIT_DEFS = {
  min: { expr: 'm', key: 'm', name: 'minute', minutes: 1 },
  h: { expr: 'h', key: 'h', name: 'hour', minutes: 60 },
  d: { expr: 'd', key: 'd', name: 'day', minutes: 1440 },
  w: { expr: 'w', key: 'w', name: 'week', minutes: 10_080 },
  mo: { expr: 'M', key: 'mo', name: 'month', minutes: 43_200 },
  y: { expr: 'y', key: 'y', name: 'year', minutes: 525_600 },
} as const;

type UnitName = keyof typeof UNIT_DEFS;

function option(count: number, unitName: UnitName): TimeRangeOption {
  const unit = UNIT_DEFS[unitName];
  return {
    key: `${count}${unit.key}`,
    label: `Last ${count} ${unit.name}${count === 1 ? '' : 's'}`,
    range: `now-${count}${unit.expr}`,
    minutes: count * unit.minutes,
  };
}

/** The time-range choices, 15m to 5y. */
export const TIME_RANGE_OPTIONS: readonly TimeRangeOption[] = [
  option(15, 'min'),
  ...[1, 2, 3, 6, 12].map((n) => option(n, 'h')),
  ...[1, 2, 3].map((n) => option(n, 'd')),
  ...[1, 2, 3].map((n) => option(n, 'w')),
  ...[1, 2, 3, 6].map((n) => option(n, 'mo')),
  ...[1, 2, 3, 5].map((n) => option(n, 'y')),
];

export function findTimeRangeOption(key: string): TimeRangeOption | undefined {
  return TIME_RANGE_OPTIONS.find((o) => o.key === key || o.range === key);
}

/** Quick relative ranges for the picker: 5 minutes to 5 years, past and future. */
export const PAST_PRESETS: readonly RelativeTimeRange[] = [
  option(5, 'min'),
  ...TIME_RANGE_OPTIONS,
].map((o) => ({ type: 'relative', range: o.range, display: o.label }));

export const FUTURE_PRESETS: readonly RelativeTimeRange[] = PAST_PRESETS.map((p) => ({
  type: 'relative',
  range: p.range.replace('now-', 'now+'),
  display: p.display.replace('Last ', 'Next '),
}));

interface NamedRange {
  display: string;
  from: string;
  to: string;
}

/** The table behind mapped ranges. */
export const NAMED_RANGES: Readonly<Record<string, NamedRange>> = {
  today: { display: 'Today', from: 'now/d', to: 'now/d' },
  'today-so-far': { display: 'Today so far', from: 'now/d', to: 'now' },
  yesterday: { display: 'Yesterday', from: 'now-1d/d', to: 'now-1d/d' },
  'this-week': { display: 'This week', from: 'now/w', to: 'now/w' },
  'this-week-so-far': { display: 'This week so far', from: 'now/w', to: 'now' },
  'previous-week': { display: 'Previous week', from: 'now-1w/w', to: 'now-1w/w' },
  'this-month-so-far': { display: 'This month so far', from: 'now/M', to: 'now' },
  'previous-month': { display: 'Previous month', from: 'now-1M/M', to: 'now-1M/M' },
  'this-year-so-far': { display: 'This year so far', from: 'now/y', to: 'now' },
};

export const MAPPED_PRESETS: readonly MappedTimeRange[] = Object.entries(NAMED_RANGES).map(
  ([name, r]) => ({ type: 'mapped', name, display: r.display }),
);

/** The concrete interval a range covers at the moment `now`. */
export function resolveTimeRange(
  range: TimeRange,
  now: Date = new Date(),
): { from: Date; to: Date } | undefined {
  let from: Date | undefined;
  let to: Date | undefined;
  if (range.type === 'absolute') {
    from = parseDateMath(range.from, now);
    to = parseDateMath(range.to, now, true);
  } else if (range.type === 'mapped') {
    const named = NAMED_RANGES[range.name];
    if (!named) return undefined;
    from = parseDateMath(named.from, now);
    to = parseDateMath(named.to, now, true);
  } else {
    // A relative range runs between now and the expression, whichever side of now it falls.
    const other = parseDateMath(range.range, now);
    if (!other) return undefined;
    [from, to] = other <= now ? [other, new Date(now)] : [new Date(now), other];
  }
  if (!from || !to) return undefined;
  return { from, to };
}

/** Length of a range in minutes (0 when it cannot be resolved); drives the refresh-rate rule. */
export function timeRangeMinutes(range: TimeRange | undefined, now: Date = new Date()): number {
  if (!range) return 0;
  const resolved = resolveTimeRange(range, now);
  return resolved ? (resolved.to.getTime() - resolved.from.getTime()) / 60_000 : 0;
}

export function isSameTimeRange(a: TimeRange | undefined, b: TimeRange | undefined): boolean {
  if (!a || !b || a.type !== b.type) return false;
  if (a.type === 'absolute' && b.type === 'absolute') return a.from === b.from && a.to === b.to;
  if (a.type === 'mapped' && b.type === 'mapped') return a.name === b.name;
  if (a.type === 'relative' && b.type === 'relative') return a.range === b.range;
  return false;
}
