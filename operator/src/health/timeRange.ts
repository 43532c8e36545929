/**
 * Time parameters of the Health API: RFC 3339, `now`, date math (`now-1h`, `now-7d/d`,
 * `now-1M+2d`) or a bare duration meaning "that long ago" (`1h`). Units: s, m, h, d, w, M, y.
 */
const UNIT_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

export class TimeParseError extends Error {}

export function parseTime(text: string, now = Date.now()): Date {
  const value = text.trim();
  if (/^\d+(s|m|h|d|w|M|y)$/.test(value)) return parseTime(`now-${value}`, now);
  if (value.startsWith('now')) {
    let t = new Date(now);
    const re = /([+-])(\d+)(s|m|h|d|w|M|y)|\/(s|m|h|d|w|M|y)/gy;
    re.lastIndex = 3;
    let m: RegExpExecArray | null;
    while ((m = re.exec(value))) {
      if (m[4]) t = roundDown(t, m[4]);
      else t = shift(t, (m[1] === '-' ? -1 : 1) * Number(m[2]), m[3] as string);
      if (re.lastIndex === value.length) break;
    }
    if (value.length > 3 && re.lastIndex !== value.length) {
      throw new TimeParseError(
        `"${text}" is not a time: use RFC 3339 or date math such as now-1h or now-7d/d`,
      );
    }
    return t;
  }
  const t = new Date(value);
  if (Number.isNaN(t.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
    throw new TimeParseError(
      `"${text}" is not a time: use RFC 3339 (2026-01-02T15:04:05Z) or date math such as now-1h`,
    );
  }
  return t;
}

function shift(t: Date, n: number, unit: string): Date {
  const d = new Date(t);
  if (unit === 'M') d.setUTCMonth(d.getUTCMonth() + n);
  else if (unit === 'y') d.setUTCFullYear(d.getUTCFullYear() + n);
  else d.setTime(d.getTime() + n * (UNIT_MS[unit] as number));
  return d;
}

function roundDown(t: Date, unit: string): Date {
  const d = new Date(t);
  switch (unit) {
    case 'y':
      d.setUTCMonth(0, 1);
      d.setUTCHours(0, 0, 0, 0);
      break;
    case 'M':
      d.setUTCDate(1);
      d.setUTCHours(0, 0, 0, 0);
      break;
    case 'w':
      d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
      d.setUTCHours(0, 0, 0, 0);
      break;
    case 'd':
      d.setUTCHours(0, 0, 0, 0);
      break;
    case 'h':
      d.setUTCMinutes(0, 0, 0);
      break;
    case 'm':
      d.setUTCSeconds(0, 0);
      break;
    case 's':
      d.setUTCMilliseconds(0);
      break;
  }
  return d;
}

/** `500ms`, `2s`, `1.5s` or a number of milliseconds; undefined for anything else. */
export function parseMinDuration(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * (m[2] === 's' ? 1000 : 1);
}

/** Percentile from a duration histogram (see migration 0020): the bucket's geometric middle. */
export function histogramPercentile(hist: readonly number[], p: number): number | null {
  const total = hist.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (let k = 0; k < hist.length; k++) {
    seen += hist[k] as number;
    if (seen >= rank) return Math.max(0, Math.round(1.2 ** (k + 0.5) - 1));
  }
  return null;
}
