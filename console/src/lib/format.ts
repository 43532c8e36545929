const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function isValidAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

// Truncate rather than round so a value never displays as the next unit's threshold (59999 ms
// must not read '60s').
function oneDecimal(value: number): string {
  return String(Math.floor(value * 10) / 10);
}

/** Durations per the display rules: ms, then s, then m, then h. Invalid input shows nothing. */
export function formatDuration(ms: unknown): string {
  if (!isValidAmount(ms)) {
    console.error('formatDuration: invalid duration', ms);
    return '';
  }
  if (ms < SECOND) return `${Math.floor(ms)}ms`;
  if (ms < MINUTE) return `${oneDecimal(ms / SECOND)}s`;
  if (ms < HOUR) return `${oneDecimal(ms / MINUTE)}m`;
  return `${oneDecimal(ms / HOUR)}h`;
}

/** A percentage (0–100 scale) with exactly one decimal, e.g. 99.5%. */
export function formatPercent(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return `${value.toFixed(1)}%`;
}

/** Counts above 999 collapse to thousands, e.g. 2500 -> '2k+'. */
export function formatCount(value: unknown): string {
  if (!isValidAmount(value)) return '';
  const count = Math.floor(value);
  return count > 999 ? `${Math.floor(count / 1000)}k+` : String(count);
}

function toTime(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/** Compact age of a timestamp relative to now, e.g. '45s', '5m', '2h', '3d', '4mo', '1y'. */
export function formatAge(
  timestamp: Date | string | number | null | undefined,
  now: Date | number = Date.now(),
): string {
  if (timestamp === null || timestamp === undefined || timestamp === '') return '';
  const then = toTime(timestamp);
  const current = toTime(now);
  if (Number.isNaN(then) || Number.isNaN(current)) return '';
  // Clock skew between server and browser can put a fresh timestamp slightly in the future.
  const age = Math.max(0, current - then);
  if (age < MINUTE) return `${Math.floor(age / SECOND)}s`;
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h`;
  if (age < 30 * DAY) return `${Math.floor(age / DAY)}d`;
  if (age < 365 * DAY) return `${Math.floor(age / (30 * DAY))}mo`;
  return `${Math.floor(age / (365 * DAY))}y`;
}

/** Up to two initials for an avatar without a picture: 'Ada Lovelace' -> 'AL'. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (Array.from(first)[0] ?? '').concat(Array.from(last)[0] ?? '').toUpperCase();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local 'YYYY-MM-DDTHH:mm', the value format of a datetime-local input; '' when invalid. */
export function toDateTimeLocal(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Local 'YYYY-MM-DD HH:mm' for showing a moment to a person; '' when invalid. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  return toDateTimeLocal(value).replace('T', ' ');
}
