export type DateMathUnit = 'ms' | 's' | 'm' | 'h' | 'd' | 'w' | 'M' | 'y';

const UNITS: readonly DateMathUnit[] = ['ms', 's', 'm', 'h', 'd', 'w', 'M', 'y'];

// 'ms' must be tried before 'm' and 's'.
const TOKEN = /^(?:([+-])(\d*)(ms|s|m|h|d|w|M|y)|\/(ms|s|m|h|d|w|M|y))/;

const FIXED_MS: Partial<Record<DateMathUnit, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

export function isDateMathUnit(value: string): value is DateMathUnit {
  return (UNITS as readonly string[]).includes(value);
}

function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getDate();
  result.setDate(1);
  result.setMonth(result.getMonth() + months);
  // Clamp like calendars do: Jan 31 + 1M is the last day of February, not early March.
  const lastDay = new Date(result.getFullYear(), result.getMonth() + 1, 0).getDate();
  result.setDate(Math.min(day, lastDay));
  return result;
}

export function addUnits(date: Date, amount: number, unit: DateMathUnit): Date {
  const fixed = FIXED_MS[unit];
  if (fixed !== undefined) return new Date(date.getTime() + amount * fixed);
  if (unit === 'M') return addMonths(date, amount);
  if (unit === 'y') return addMonths(date, amount * 12);
  // Days and weeks follow the local calendar so a DST change does not shift the time of day.
  const result = new Date(date);
  result.setDate(result.getDate() + amount * (unit === 'w' ? 7 : 1));
  return result;
}

/** Start of the unit in local time; weeks start on Monday. */
export function startOf(date: Date, unit: DateMathUnit): Date {
  const d = new Date(date);
  switch (unit) {
    case 'y':
      return new Date(d.getFullYear(), 0, 1);
    case 'M':
      return new Date(d.getFullYear(), d.getMonth(), 1);
    case 'w': {
      const sinceMonday = (d.getDay() + 6) % 7;
      return new Date(d.getFullYear(), d.getMonth(), d.getDate() - sinceMonday);
    }
    case 'd':
      return new Date(d.getFullYear(), d.getMonth(), d.getDate());
    case 'h':
      d.setMinutes(0, 0, 0);
      return d;
    case 'm':
      d.setSeconds(0, 0);
      return d;
    case 's':
      d.setMilliseconds(0);
      return d;
    case 'ms':
      return d;
  }
}

/** Last millisecond of the unit, so a rounded 'to' covers the whole unit. */
export function endOf(date: Date, unit: DateMathUnit): Date {
  if (unit === 'ms') return new Date(date);
  return new Date(addUnits(startOf(date, unit), 1, unit).getTime() - 1);
}

/**
 * Parses `now` expressions such as `now-2d`, `now-1h/h` or `now/w+1d`: each step adds (+) or
 * subtracts (-) a count of a unit (count defaults to 1) or rounds (/) to the unit. With roundUp a
 * rounding step goes to the end of the unit instead of its start, which is what the 'to' end of
 * a range needs. Anything not starting with `now` is read as a date string. Returns undefined
 * when the text cannot be read.
 */
export function parseDateMath(
  text: string | null | undefined,
  now: Date = new Date(),
  roundUp = false,
): Date | undefined {
  const expr = text?.trim();
  if (!expr) return undefined;
  if (!expr.startsWith('now')) {
    const date = new Date(expr);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  let date = new Date(now);
  let rest = expr.slice(3);
  while (rest.length > 0) {
    const match = TOKEN.exec(rest);
    if (!match) return undefined;
    const [token, sign, count, unit, roundUnit] = match;
    if (roundUnit && isDateMathUnit(roundUnit)) {
      date = roundUp ? endOf(date, roundUnit) : startOf(date, roundUnit);
    } else if (unit && isDateMathUnit(unit)) {
      const amount = count ? Number(count) : 1;
      date = addUnits(date, sign === '-' ? -amount : amount, unit);
    }
    rest = rest.slice(token.length);
  }
  return date;
}
