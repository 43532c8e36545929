import { EVIDENCE_CONTEXT_LINES } from './model';

/** One line of log or config evidence as shown. */
export interface EvidenceLine {
  /** Key of the line in the evidence body (array index or object key). */
  key: string;
  /** The number shown beside it: array index + 1, or the object key. */
  number: string;
  text: string;
  selected: boolean;
}

/** Consecutive lines shown together; a gap separates hunks. */
export type Hunk = EvidenceLine[];

/** Log lines may be objects ({timestamp, message, ...}); config lines are strings. */
export function lineText(line: unknown): string {
  if (typeof line === 'string') return line;
  if (typeof line === 'number' || typeof line === 'boolean') return String(line);
  if (line && typeof line === 'object') {
    const l = line as Record<string, unknown>;
    const message = l.message ?? l.msg ?? l.text ?? l.line;
    const time = l.timestamp ?? l.time;
    if (typeof message === 'string') {
      return typeof time === 'string' && time ? `${time} ${message}` : message;
    }
    return JSON.stringify(line);
  }
  return '';
}

function entries(lines: unknown): { key: string; number: string; raw: unknown }[] {
  if (Array.isArray(lines)) {
    return lines.map((raw, i) => ({ key: String(i), number: String(i + 1), raw }));
  }
  if (typeof lines === 'string') {
    return lines.split('\n').map((raw, i) => ({ key: String(i), number: String(i + 1), raw }));
  }
  if (lines && typeof lines === 'object') {
    return Object.entries(lines as Record<string, unknown>)
      .map(([key, raw]) => ({ key, number: key, raw }))
      .sort((a, b) => Number(a.key) - Number(b.key) || a.key.localeCompare(b.key));
  }
  return [];
}

/**
 * Which lines are selected. selected_lines is an object keyed like the lines (upstream), an
 * array of keys, or an array of the selected lines themselves.
 */
function selectedKeys(all: { key: string; raw: unknown }[], selected: unknown): Set<string> {
  const keys = new Set<string>();
  if (Array.isArray(selected)) {
    const texts = new Set<string>();
    for (const s of selected) {
      if (typeof s === 'number') keys.add(String(s));
      else texts.add(lineText(s));
    }
    for (const line of all) if (texts.has(lineText(line.raw))) keys.add(line.key);
  } else if (selected && typeof selected === 'object') {
    for (const key of Object.keys(selected)) keys.add(key);
  }
  return keys;
}

/**
 * The lines to show: every selected line with `context` lines around it, overlapping ranges
 * merged; all lines, none highlighted, when nothing is selected.
 */
export function evidenceHunks(
  lines: unknown,
  selected: unknown,
  context: number = EVIDENCE_CONTEXT_LINES,
): Hunk[] {
  const all = entries(lines);
  const keys = selectedKeys(all, selected);
  const shown = all.map((e) => ({
    key: e.key,
    number: e.number,
    text: lineText(e.raw),
    selected: keys.has(e.key),
  }));
  const positions = shown.flatMap((l, i) => (l.selected ? [i] : []));
  if (positions.length === 0) return shown.length > 0 ? [shown] : [];
  const hunks: Hunk[] = [];
  let start = -1;
  let end = -1;
  for (const p of positions) {
    const from = Math.max(0, p - context);
    const to = Math.min(shown.length - 1, p + context);
    if (start !== -1 && from <= end + 1) {
      end = Math.max(end, to);
    } else {
      if (start !== -1) hunks.push(shown.slice(start, end + 1));
      start = from;
      end = to;
    }
  }
  hunks.push(shown.slice(start, end + 1));
  return hunks;
}
