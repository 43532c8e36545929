import { describe, expect, it } from 'vitest';
import { evidenceHunks, lineText } from './evidenceLines';

const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`);
const keys = (hunks: ReturnType<typeof evidenceHunks>) => hunks.map((h) => h.map((l) => l.key));

describe('evidence lines', () => {
  it('shows a selected line with 3 lines of context on each side', () => {
    const hunks = evidenceHunks(lines, { 10: 'line 10' });
    expect(keys(hunks)).toEqual([['7', '8', '9', '10', '11', '12', '13']]);
    expect(hunks[0]?.filter((l) => l.selected).map((l) => l.text)).toEqual(['line 10']);
    expect(hunks[0]?.[0]?.number).toBe('8');
  });

  it('splits far apart selections and merges close ones', () => {
    expect(keys(evidenceHunks(lines, { 1: '', 15: '' }))).toEqual([
      ['0', '1', '2', '3', '4'],
      ['12', '13', '14', '15', '16', '17', '18'],
    ]);
    expect(keys(evidenceHunks(lines, [5, 11]))).toEqual([
      ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14'],
    ]);
  });

  it('clips context at the first and last line', () => {
    expect(keys(evidenceHunks(lines, [0, 19]))).toEqual([
      ['0', '1', '2', '3'],
      ['16', '17', '18', '19'],
    ]);
  });

  it('accepts the selected lines themselves and log line objects', () => {
    const logs = lines.map((message, i) => ({ timestamp: `t${i}`, message }));
    const hunks = evidenceHunks(logs, [{ timestamp: 't4', message: 'line 4' }]);
    expect(keys(hunks)).toEqual([['1', '2', '3', '4', '5', '6', '7']]);
    expect(hunks[0]?.[3]).toMatchObject({ text: 't4 line 4', selected: true });
  });

  it('keys object-shaped config lines by their own numbers', () => {
    const config = { 1: 'a: 1', 2: 'b: 2', 3: 'c: 3', 10: 'z: 9' };
    const hunks = evidenceHunks(config, { 10: 'z: 9' }, 1);
    expect(hunks.map((h) => h.map((l) => l.number))).toEqual([['3', '10']]);
  });

  it('shows every line, none highlighted, without a selection', () => {
    const hunks = evidenceHunks(['a', 'b'], undefined);
    expect(hunks).toHaveLength(1);
    expect(hunks[0]?.every((l) => !l.selected)).toBe(true);
    expect(evidenceHunks(undefined, undefined)).toEqual([]);
  });

  it('writes line objects as text', () => {
    expect(lineText({ message: 'x' })).toBe('x');
    expect(lineText({ other: 1 })).toBe('{"other":1}');
    expect(lineText(3)).toBe('3');
  });
});
