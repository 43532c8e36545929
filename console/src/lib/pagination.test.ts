import { describe, expect, it } from 'vitest';
import {
  PAGE_SIZE_CHOICES,
  clampPage,
  nextVirtualPageSize,
  pageCount,
  pageOffset,
  pageSizeChoices,
} from './pagination';

describe('pagination math', () => {
  it('offers exactly the spec page sizes', () => {
    expect(PAGE_SIZE_CHOICES).toEqual([5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000]);
  });

  it('counts pages, with at least one', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(1000, 150)).toBe(7);
  });

  it('keeps a go-to page between 1 and the page count', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3.7, 5)).toBe(3);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
  });

  it('keeps an unusual current page size among the choices', () => {
    expect(pageSizeChoices(75)).toContain(75);
    expect(pageSizeChoices(50)).toHaveLength(PAGE_SIZE_CHOICES.length);
  });

  it('turns a page into a row offset', () => {
    expect(pageOffset(1, 50)).toBe(0);
    expect(pageOffset(3, 50)).toBe(100);
  });
});

describe('nextVirtualPageSize', () => {
  it('doubles the page size when the last row is reached', () => {
    expect(nextVirtualPageSize(50, 49, 50)).toBe(100);
    expect(nextVirtualPageSize(100, 99, 100, 500)).toBe(200);
  });

  it('keeps the page size before the last row or when everything is loaded', () => {
    expect(nextVirtualPageSize(50, 48, 50)).toBe(50);
    expect(nextVirtualPageSize(50, 49, 50, 50)).toBe(50);
    expect(nextVirtualPageSize(50, 0, 0)).toBe(50);
  });
});
