export const PAGE_SIZE_CHOICES = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;

export type PaginationType = 'complete' | 'virtual';

/** At least one page, so an empty list still reads 'Page 1 of 1'. */
export function pageCount(totalRows: number, pageSize: number): number {
  if (!Number.isFinite(totalRows) || totalRows <= 0 || !(pageSize > 0)) return 1;
  return Math.ceil(totalRows / pageSize);
}

/** A typed page number brought into 1..pages; junk input goes to page 1. */
export function clampPage(page: number, pages: number): number {
  const last = Math.max(1, Math.floor(pages));
  if (!Number.isFinite(page)) return 1;
  return Math.min(last, Math.max(1, Math.trunc(page)));
}

/** Choices to offer: the standard list plus a non-standard current size so it stays visible. */
export function pageSizeChoices(current?: number): number[] {
  const choices: number[] = [...PAGE_SIZE_CHOICES];
  if (current !== undefined && current > 0 && !choices.includes(current)) {
    choices.push(current);
    choices.sort((a, b) => a - b);
  }
  return choices;
}

/** Row offset of a 1-based page, for limit/offset APIs. */
export function pageOffset(page: number, pageSize: number): number {
  return Math.max(0, page - 1) * pageSize;
}

/**
 * Virtual pagination grows instead of paging: once the last loaded row is reached the page size
 * doubles, unless every row is already loaded.
 */
export function nextVirtualPageSize(
  pageSize: number,
  lastVisibleIndex: number,
  loadedRows: number,
  totalRows?: number,
): number {
  const reachedEnd = loadedRows > 0 && lastVisibleIndex >= loadedRows - 1;
  const moreAvailable = totalRows === undefined || loadedRows < totalRows;
  return reachedEnd && moreAvailable ? pageSize * 2 : pageSize;
}
