/**
 * The quantities parameters take (docs/api/playbooks.md): durations as Go writes them (`1h30m`,
 * `500ms`), bytes as Kubernetes quantities (`512Mi`, `1G`) and CPU in millicores (`500m`, `2`).
 * Each parser answers the amount in one unit, or undefined for text that is not one.
 */

const DURATION_UNITS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** Milliseconds of `1h30m`, `45s`, `1.5h`; `0` alone is allowed. */
export function parseDuration(text: string): number | undefined {
  const value = text.trim();
  if (value === '0') return 0;
  const part = /(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h|d|w)/y;
  let total = 0;
  let at = 0;
  while (at < value.length) {
    part.lastIndex = at;
    const match = part.exec(value);
    if (!match) return undefined;
    total += Number(match[1]) * (DURATION_UNITS[match[2] ?? ''] ?? NaN);
    at = part.lastIndex;
  }
  return at > 0 && Number.isFinite(total) ? total : undefined;
}

const BYTE_SUFFIXES: Readonly<Record<string, number>> = {
  '': 1,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** Bytes of `512Mi`, `1.5G`, `1024`. */
export function parseBytes(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?|\.\d+)([KMGTPE]i|[kKMGTPE])?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * (BYTE_SUFFIXES[match[2] ?? ''] ?? NaN);
}

/** Millicores of `500m`, or of whole and fractional cores (`2`, `0.5`). */
export function parseMillicores(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?|\.\d+)(m?)$/.exec(text.trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  return match[2] === 'm' ? amount : amount * 1000;
}

/** A plain number (`3`, `-1.5`); blank text is none. */
export function parseNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
