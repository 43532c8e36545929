import { parseError } from './errors.js';

/**
 * Mission Control's `<col>.filter=<value>` extension, which its console uses for job history,
 * notification history and catalog status filters. It is rewritten into ordinary PostgREST
 * filters: timestamp columns take `[=|>|<]<date math>`; other columns take a comma list where
 * `!x` excludes, `x*`/`*x` match prefixes and suffixes, and plain items form an `in` list.
 */
const TIME_COLUMNS = new Set(
  'created_at updated_at deleted_at time time_start time_end start_time end_time scheduled_time first_observed last_observed last_seen last_runtime next_runtime last_transition_time last_login expires_at acknowledged resolved closed silenced_at check_time last_attempt last_received last_scraped_time'.split(
    ' ',
  ),
);

const UNITS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  M: 2_592_000_000,
  y: 31_536_000_000,
};

/** `now`, `now-2d`, `now+1h-30m`, or an absolute timestamp. */
export function parseDateMath(expr: string, now: Date): Date {
  if (expr.startsWith('now')) {
    let t = now.getTime();
    const re = /([+-])(\d+)([smhdwMy])/gy;
    re.lastIndex = 3;
    let m: RegExpExecArray | null;
    while ((m = re.exec(expr))) {
      t += (m[1] === '-' ? -1 : 1) * Number(m[2]) * (UNITS[m[3] as string] as number);
      if (re.lastIndex === expr.length) break;
    }
    if (re.lastIndex !== expr.length && expr !== 'now')
      throw parseError(`"${expr}" is not a valid time expression such as now-2d`);
    return new Date(t);
  }
  const d = new Date(expr);
  if (Number.isNaN(d.getTime()))
    throw parseError(`"${expr}" is not a valid time or time expression such as now-2d`);
  return d;
}

function quote(v: string): string {
  return `"${v.replace(/["\\]/g, '\\$&')}"`;
}

export function rewriteSearchFilter(
  column: string,
  value: string,
  now = new Date(),
): [string, string][] {
  if (TIME_COLUMNS.has(column)) {
    const m = /^([=<>]?)(.+)$/.exec(value.trim());
    if (!m) throw parseError(`${column}.filter needs a time such as >now-2d`);
    const op = m[1] === '=' ? 'eq' : m[1] === '>' ? 'gt' : 'lt';
    return [[column, `${op}.${parseDateMath(m[2] as string, now).toISOString()}`]];
  }
  const include: string[] = [];
  const exclude: string[] = [];
  const out: [string, string][] = [];
  for (const raw of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const negate = raw.startsWith('!');
    const item = negate ? raw.slice(1) : raw;
    if (item.startsWith('*') || item.endsWith('*'))
      out.push([column, `${negate ? 'not.' : ''}like.${item}`]);
    else (negate ? exclude : include).push(item);
  }
  if (include.length) out.push([column, `in.(${include.map(quote).join(',')})`]);
  if (exclude.length) out.push([column, `not.in.(${exclude.map(quote).join(',')})`]);
  return out;
}
