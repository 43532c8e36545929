import { describe, expect, it } from 'vitest';
import { virtualWindow } from './virtualWindow';

describe('virtualWindow', () => {
  it('renders the visible rows plus 10 below at the top, with 35 px rows', () => {
    const w = virtualWindow({ count: 1000, scrollTop: 0, viewportHeight: 350 });
    expect(w).toEqual({ start: 0, end: 21, paddingTop: 0, paddingBottom: (1000 - 21) * 35 });
  });

  it('renders 10 extra rows on both sides in the middle', () => {
    const w = virtualWindow({ count: 1000, scrollTop: 35 * 100, viewportHeight: 350 });
    expect(w.start).toBe(90);
    expect(w.end).toBe(121);
    expect(w.paddingTop).toBe(90 * 35);
  });

  it('stops at the last row', () => {
    const w = virtualWindow({ count: 50, scrollTop: 35 * 45, viewportHeight: 350 });
    expect(w.end).toBe(50);
    expect(w.paddingBottom).toBe(0);
  });

  it('handles an empty list and a scroll position beyond the end', () => {
    expect(virtualWindow({ count: 0, scrollTop: 100, viewportHeight: 100 }).end).toBe(0);
    const w = virtualWindow({ count: 5, scrollTop: 10_000, viewportHeight: 100 });
    expect([w.start, w.end]).toEqual([0, 5]);
  });
});
