/**
 * One log line as the logs search answers it (docs/logs.md), and how raw lines of text or JSON
 * become one: a timestamp, the message and labels.
 */
export interface LogLine {
  /** RFC 3339, millisecond precision. */
  timestamp: string;
  message: string;
  labels: Record<string, string>;
}

/** A parsed line before it is answered: `ts` in ms since the epoch, undefined when unknown. */
export interface ParsedLine {
  ts: number | undefined;
  message: string;
  labels: Record<string, string>;
}

export type LineFormat = 'auto' | 'json' | 'text';

const TIME_KEYS = ['timestamp', 'time', 'ts', '@timestamp', 'date', 'datetime'];
const MESSAGE_KEYS = ['message', 'msg', 'log', 'text'];
/** pino's numeric levels, as their names. */
const PINO_LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
const MAX_LABELS = 50;
const MAX_LABEL_VALUE = 1000;

/**
 * A timestamp at the start of a text line: `2026-01-02T15:04:05.123Z`, `2026-01-02 15:04:05,123`,
 * with or without a zone (none: UTC), optionally in brackets.
 */
const TEXT_TIME =
  /^\s*\[?(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:[.,](\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?\]?[ \t]*/;

export function textTime(line: string): { ts: number; length: number } | undefined {
  const m = TEXT_TIME.exec(line);
  if (!m) return undefined;
  const frac = m[3] ? `.${m[3].slice(0, 3).padEnd(3, '0')}` : '';
  let zone = m[4] ?? 'Z';
  if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const ts = Date.parse(`${m[1]}T${m[2]}${frac}${zone}`);
  return Number.isNaN(ts) ? undefined : { ts, length: m[0].length };
}

/** A JSON time value: epoch seconds, ms, µs or ns by magnitude, or a date string. */
export function jsonTime(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const abs = Math.abs(value);
    if (abs > 1e17) return Math.floor(value / 1e6);
    if (abs > 1e14) return Math.floor(value / 1e3);
    if (abs > 1e11) return Math.floor(value);
    return Math.floor(value * 1000);
  }
  if (typeof value === 'string' && value) {
    if (/^\d+(\.\d+)?$/.test(value)) return jsonTime(Number(value));
    const text = textTime(value);
    if (text) return text.ts;
    const ts = Date.parse(value);
    return Number.isNaN(ts) ? undefined : ts;
  }
  return undefined;
}

const scalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function addLabels(
  labels: Record<string, string>,
  obj: Record<string, unknown>,
  prefix: string,
  depth: number,
  skip: ReadonlySet<string>,
) {
  for (const [key, value] of Object.entries(obj)) {
    if (Object.keys(labels).length >= MAX_LABELS) return;
    const name = prefix + key;
    if (!prefix && skip.has(key)) continue;
    if (scalar(value)) {
      labels[name] =
        name === 'level' && typeof value === 'number'
          ? (PINO_LEVELS[value] ?? String(value))
          : String(value).slice(0, MAX_LABEL_VALUE);
    } else if (value && typeof value === 'object' && !Array.isArray(value) && depth > 0) {
      addLabels(labels, value as Record<string, unknown>, `${name}.`, depth - 1, skip);
    }
  }
}

/** A JSON line (an object), or undefined when the line is not one. */
export function parseJsonLine(line: string): ParsedLine | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const obj = value as Record<string, unknown>;
  const timeKey = TIME_KEYS.find((k) => obj[k] !== undefined && jsonTime(obj[k]) !== undefined);
  const messageKey = MESSAGE_KEYS.find((k) => scalar(obj[k]));
  const skip = new Set([timeKey, messageKey].filter((k): k is string => !!k));
  const labels: Record<string, string> = {};
  addLabels(labels, obj, '', 2, skip);
  return {
    ts: timeKey ? jsonTime(obj[timeKey]) : undefined,
    message: messageKey ? String(obj[messageKey]) : line,
    labels,
  };
}

/** A text line: a leading timestamp, when there is one, is the line's time and left out. */
export function parseTextLine(line: string): ParsedLine {
  const time = textTime(line);
  if (!time) return { ts: undefined, message: line, labels: {} };
  return { ts: time.ts, message: line.slice(time.length), labels: {} };
}

export function parseLine(line: string, format: LineFormat): ParsedLine {
  if (format !== 'text' && /^\s*\{/.test(line)) {
    const json = parseJsonLine(line);
    if (json) return json;
  }
  return parseTextLine(line);
}

/** Every wanted label is on the line with the same value. */
export function labelsMatch(
  have: Readonly<Record<string, string>>,
  want: Readonly<Record<string, string>>,
): boolean {
  for (const [k, v] of Object.entries(want)) if (have[k] !== v) return false;
  return true;
}
