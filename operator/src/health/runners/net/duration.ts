import { SpecError } from './spec.js';

const UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * A Go duration in milliseconds. A number is what encoding/json makes of a time.Duration:
 * nanoseconds. A string is Go's syntax (`10s`, `1m30s`, `500ms`).
 */
export function goDurationMillis(raw: unknown, field: string, fallback: number): number {
  if (raw === undefined || raw === null || raw === '' || raw === 0) return fallback;
  if (typeof raw === 'number' && Number.isFinite(raw) && raw > 0) return raw / 1e6;
  if (typeof raw === 'string') {
    const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
    let total = 0;
    let end = 0;
    for (let m = re.exec(raw); m; m = re.exec(raw)) {
      total += Number(m[1]) * (UNITS[m[2] ?? ''] ?? 0);
      end = re.lastIndex;
    }
    if (end === raw.length && end > 0) return total;
  }
  throw new SpecError(`${field} must be a duration such as "10s", got ${JSON.stringify(raw)}`);
}
