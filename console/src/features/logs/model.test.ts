import { describe, expect, it } from 'vitest';
import { formatLogTimestamp, logEvidence, type LogLine } from './model';

const line = (i: number): LogLine => ({
  timestamp: new Date(2026, 0, 2, 3, 4, 5, i).toISOString(),
  message: `line ${i}`,
  labels: {},
});

describe('formatLogTimestamp', () => {
  it('writes YYYY-MM-DD HH:mm.ss.SSS in local time', () => {
    expect(formatLogTimestamp(new Date(2026, 0, 2, 3, 4, 5, 67).toISOString())).toBe(
      '2026-01-02 03:04.05.067',
    );
    expect(formatLogTimestamp('not a time')).toBe('not a time');
  });
});

describe('logEvidence', () => {
  const lines = Array.from({ length: 20 }, (_, i) => line(i));

  it('keeps 3 lines around the selection and the selected ones by their index there', () => {
    const e = logEvidence('c1', lines, [9, 7], { logName: 'app', query: 'x', description: 'd' });
    expect(e).toMatchObject({ type: 'log', component_id: 'c1', description: 'd' });
    expect(e.evidence?.lines).toEqual(
      [4, 5, 6, 7, 8, 9, 10, 11, 12].map(
        (i) => `2026-01-02 03:04.05.${String(i).padStart(3, '0')} line ${i}`,
      ),
    );
    expect(e.evidence?.selected_lines).toEqual({
      '3': '2026-01-02 03:04.05.007 line 7',
      '5': '2026-01-02 03:04.05.009 line 9',
    });
    expect(e.evidence).toMatchObject({ logs: 'app', query: 'x' });
  });

  it('stops at the ends, and keeps only the selected lines when they are far apart', () => {
    expect(logEvidence('c1', lines, [0]).evidence?.lines).toHaveLength(4);
    const many = Array.from({ length: 1000 }, (_, i) => line(i % 1000));
    const far = logEvidence('c1', many, [1, 900]);
    expect(far.evidence?.lines).toHaveLength(2);
    expect(Object.keys(far.evidence?.selected_lines ?? {})).toEqual(['0', '1']);
  });
});
