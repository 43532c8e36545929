import type { EvidenceAttachment } from '../incidents';

/**
 * The Logs page's rules (spec 000 §2.6) and what POST /api/logs answers (docs/logs.md).
 */

export const LOGS_TITLE = 'Logs';
export const NO_MATCHING_LOGS = 'There are no logs matching the search query';
export const SELECT_COMPONENT = 'Please select a component to view the logs';
export const COMPONENTS_FAILED = 'Unable to load components!';
/** The search box reaches the URL this long after the last keystroke. */
export const QUERY_DEBOUNCE_MS = 500;
/** The table's estimated row height and the rows drawn beyond the visible ones. */
export const LOG_ROW_HEIGHT = 62;
export const LOG_OVERSCAN = 10;
/** Column widths are saved this long after the last resize. */
export const WIDTHS_DEBOUNCE_MS = 500;
export const PAGE_SIZE = 100;
/** Context lines kept around the selected lines of log evidence (spec 000 §2.4). */
export const EVIDENCE_CONTEXT = 3;
/** At most this many lines go into one log evidence. */
export const EVIDENCE_MAX_LINES = 500;

export interface LogLine {
  timestamp: string;
  message: string;
  labels: Record<string, string>;
}

export interface LogsPage {
  total: number;
  results: LogLine[];
  next?: string;
  errors?: { backend: string; message: string }[];
  partial?: boolean;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD HH:mm.ss.SSS in local time (spec 000 §2.6), or the text as given if not a time. */
export function formatLogTimestamp(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}.${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
  );
}

/** One line as evidence shows it: its time and message. */
export const evidenceText = (line: LogLine) =>
  `${formatLogTimestamp(line.timestamp)} ${line.message}`;

/**
 * Selected log lines as evidence (spec 000 §2.4, §2.7): the lines from 3 before the first
 * selected one to 3 after the last (only the selected ones when that span is too long), and the
 * selected ones by their index in that list, as the evidence list highlights them.
 */
export function logEvidence(
  componentId: string,
  lines: readonly LogLine[],
  selected: readonly number[],
  opts: { logName?: string; query?: string; start?: string; description?: string } = {},
): EvidenceAttachment {
  const picked = [...new Set(selected)]
    .filter((i) => i >= 0 && i < lines.length)
    .sort((a, b) => a - b);
  const first = picked[0] ?? 0;
  const last = picked[picked.length - 1] ?? -1;
  const from = Math.max(0, first - EVIDENCE_CONTEXT);
  const to = Math.min(lines.length, last + EVIDENCE_CONTEXT + 1);
  const window = to - from <= EVIDENCE_MAX_LINES;
  const kept = window ? lines.slice(from, to) : picked.map((i) => lines[i] as LogLine);
  const selectedLines: Record<string, string> = {};
  picked.forEach((index, n) => {
    const at = window ? index - from : n;
    selectedLines[String(at)] = evidenceText(kept[at] as LogLine);
  });
  return {
    type: 'log',
    component_id: componentId,
    description: opts.description,
    evidence: {
      lines: kept.map(evidenceText),
      selected_lines: selectedLines,
      ...(opts.start ? { start: opts.start } : {}),
      ...(opts.logName ? { logs: opts.logName } : {}),
      ...(opts.query ? { query: opts.query } : {}),
    },
  };
}
