/**
 * Validates a schedule the way the scheduler will read it: a 5-field cron expression, or a
 * descriptor (`@every 1m30s`, `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`, `@never`).
 * Returns the reason it cannot be used, or undefined when it is valid.
 */
const DESCRIPTORS = new Set([
  '@yearly',
  '@annually',
  '@monthly',
  '@weekly',
  '@daily',
  '@midnight',
  '@hourly',
  '@never',
]);
const FIELDS: [string, number, number, string[]?][] = [
  ['minute', 0, 59],
  ['hour', 0, 23],
  ['day of month', 1, 31],
  [
    'month',
    1,
    12,
    ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'],
  ],
  ['day of week', 0, 7, ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']],
];

export function parseDuration(text: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/gy;
  const unit: Record<string, number> = {
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
    d: 86_400_000,
    w: 604_800_000,
  };
  let total = 0;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(text))) {
    total += Number(m[1]) * (unit[m[2] as string] as number);
    end = re.lastIndex;
  }
  return end === text.length && text.length > 0 ? total : undefined;
}

function fieldError(
  value: string,
  [name, min, max, names]: [string, number, number, string[]?],
): string | undefined {
  for (const part of value.split(',')) {
    const [range, step] = part.split('/');
    if (step !== undefined && !/^\d+$/.test(step))
      return `invalid step "${step}" in the ${name} field`;
    if (range === '*') continue;
    for (const bound of (range ?? '').split('-')) {
      const n = /^\d+$/.test(bound)
        ? Number(bound)
        : names
          ? names.indexOf(bound.toLowerCase()) + (name === 'month' ? 1 : 0)
          : NaN;
      if (
        !Number.isInteger(n) ||
        n < min ||
        n > max ||
        (names && !/^\d+$/.test(bound) && n < (name === 'month' ? 1 : 0))
      ) {
        return `"${bound}" is out of range for the ${name} field (${min}-${max})`;
      }
    }
  }
  return undefined;
}

export function scheduleError(schedule: string): string | undefined {
  const s = schedule.trim();
  if (DESCRIPTORS.has(s)) return undefined;
  if (s.startsWith('@every')) {
    const d = parseDuration(s.slice(6).trim());
    return d && d >= 1000
      ? undefined
      : `"${s}" needs a duration of at least 1s, such as @every 30s or @every 1m30s`;
  }
  if (s.startsWith('@')) return `unknown schedule descriptor "${s}"`;
  const fields = s.split(/\s+/);
  if (fields.length !== 5)
    return `"${s}" is not a 5-field cron expression (minute hour day-of-month month day-of-week)`;
  for (let i = 0; i < 5; i++) {
    const error = fieldError(fields[i] as string, FIELDS[i] as [string, number, number, string[]?]);
    if (error) return error;
  }
  return undefined;
}
