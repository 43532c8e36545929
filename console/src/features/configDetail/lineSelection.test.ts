import { describe, expect, it } from 'vitest';
import {
  formatSelected,
  parseSelected,
  pickLine,
  selectRange,
  toLineIndexes,
  toggleLine,
  withinLines,
} from './lineSelection';

describe('the selected query parameter', () => {
  it('reads comma separated 1-based line numbers, sorted and without duplicates', () => {
    expect(parseSelected('3,4,9')).toEqual([3, 4, 9]);
    expect(parseSelected('9, 3,3,4')).toEqual([3, 4, 9]);
  });

  it('drops what is not a line number', () => {
    expect(parseSelected('0,-2,a,1.5,,7,1e3')).toEqual([7]);
    expect(parseSelected('')).toEqual([]);
    expect(parseSelected(null)).toEqual([]);
  });

  it('writes what it reads', () => {
    expect(formatSelected([9, 3, 4, 3])).toBe('3,4,9');
    expect(parseSelected(formatSelected([12, 1, 5]))).toEqual([1, 5, 12]);
    expect(formatSelected([])).toBe('');
  });

  it('ignores lines past the end of the config', () => {
    expect(withinLines([1, 5, 21], 20)).toEqual([1, 5]);
  });
});

describe('choosing lines', () => {
  it('toggles one line', () => {
    expect(toggleLine([2, 8], 5)).toEqual([2, 5, 8]);
    expect(toggleLine([2, 5, 8], 5)).toEqual([2, 8]);
  });

  it('adds a range in either direction to what is selected', () => {
    expect(selectRange([1], 4, 6)).toEqual([1, 4, 5, 6]);
    expect(selectRange([], 6, 4)).toEqual([4, 5, 6]);
  });

  it('extends a shift-click from the last clicked line, which stays the anchor', () => {
    const first = pickLine([], undefined, 3, false);
    expect(first).toEqual({ selected: [3], anchor: 3 });
    const range = pickLine(first.selected, first.anchor, 6, true);
    expect(range).toEqual({ selected: [3, 4, 5, 6], anchor: 3 });
    expect(pickLine(range.selected, range.anchor, 1, true).selected).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('grows a shift-click from the nearest line selected by a link, or toggles without one', () => {
    expect(pickLine([2, 10], undefined, 8, true)).toEqual({ selected: [2, 8, 9, 10], anchor: 10 });
    expect(pickLine([], undefined, 4, true)).toEqual({ selected: [4], anchor: 4 });
  });

  it('hands the evidence 0-based indexes into the lines', () => {
    expect(toLineIndexes([1, 5])).toEqual([0, 4]);
  });
});
