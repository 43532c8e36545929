/**
 * Selected lines are 1-based line numbers, as shown beside the lines and kept in the query
 * parameter `selected` (spec 002: 'Selected code lines are kept in the query parameter
 * selected'), e.g. `?selected=3,4,9`.
 */

export const SELECTED_PARAM = 'selected';

/** Sorted, without duplicates. */
function normalise(lines: Iterable<number>): number[] {
  return [...new Set(lines)].sort((a, b) => a - b);
}

/** The line numbers in a `selected` value; anything that is not a line number is dropped. */
export function parseSelected(value: string | null | undefined): number[] {
  if (!value) return [];
  return normalise(
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => /^\d+$/.test(part))
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n >= 1),
  );
}

/** The `selected` value for some lines; '' for none (the parameter is then left out). */
export function formatSelected(lines: Iterable<number>): string {
  return normalise(lines).join(',');
}

/** Lines that exist in a config of `count` lines (a shared link may outlive a shorter config). */
export function withinLines(selected: readonly number[], count: number): number[] {
  return selected.filter((n) => n <= count);
}

/** A click: the line in or out of the selection. */
export function toggleLine(selected: readonly number[], line: number): number[] {
  return selected.includes(line)
    ? selected.filter((n) => n !== line)
    : normalise([...selected, line]);
}

/** A shift-click: every line from the anchor to this one joins the selection. */
export function selectRange(selected: readonly number[], anchor: number, line: number): number[] {
  const from = Math.min(anchor, line);
  const to = Math.max(anchor, line);
  const range = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return normalise([...selected, ...range]);
}

/**
 * The evidence helper wants 0-based indexes into the lines, and the incident's evidence view
 * keys the stored selected_lines by the same index (it shows index + 1 beside each line).
 */
export function toLineIndexes(selected: readonly number[]): number[] {
  return selected.map((n) => n - 1);
}

/** The line nearest to `line` among the selected ones. */
function nearest(selected: readonly number[], line: number): number | undefined {
  let best: number | undefined;
  for (const n of selected) {
    if (best === undefined || Math.abs(n - line) < Math.abs(best - line)) best = n;
  }
  return best;
}

export interface Picked {
  selected: number[];
  /** Where the next shift-click range starts. */
  anchor: number | undefined;
}

/**
 * A click on a line. Without shift it toggles the line, which becomes the anchor; with shift it
 * selects from the anchor to the line. Lines selected by a shared link have no clicked anchor:
 * the range then grows from the nearest selected line, as the eye expects. With nothing to
 * grow from, a shift-click is a plain click.
 */
export function pickLine(
  selected: readonly number[],
  anchor: number | undefined,
  line: number,
  extend: boolean,
): Picked {
  const from = anchor ?? nearest(selected, line);
  if (extend && from !== undefined) {
    return { selected: selectRange(selected, from, line), anchor: from };
  }
  return { selected: toggleLine(selected, line), anchor: line };
}
