/** Generic table estimates from the spec. */
export const ESTIMATED_ROW_HEIGHT = 35;
export const OVERSCAN = 10;

export interface VirtualWindowInput {
  count: number;
  scrollTop: number;
  viewportHeight: number;
  rowHeight?: number;
  overscan?: number;
}

export interface VirtualWindow {
  /** First rendered index. */
  start: number;
  /** One past the last rendered index. */
  end: number;
  /** Space standing in for the rows above and below the rendered slice. */
  paddingTop: number;
  paddingBottom: number;
}

/** Which rows to render for a scroll position, with `overscan` extra rows on each side. */
export function virtualWindow({
  count,
  scrollTop,
  viewportHeight,
  rowHeight = ESTIMATED_ROW_HEIGHT,
  overscan = OVERSCAN,
}: VirtualWindowInput): VirtualWindow {
  if (count <= 0) return { start: 0, end: 0, paddingTop: 0, paddingBottom: 0 };
  const top = Math.max(0, scrollTop);
  const firstVisible = Math.min(count - 1, Math.floor(top / rowHeight));
  const lastVisible = Math.min(
    count - 1,
    Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight),
  );
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(count, lastVisible + overscan + 1);
  return {
    start,
    end,
    paddingTop: start * rowHeight,
    paddingBottom: (count - end) * rowHeight,
  };
}
