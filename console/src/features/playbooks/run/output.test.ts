import { describe, expect, it } from 'vitest';
import { formatBytes } from './formatBytes';
import { outputParts } from './output';

describe('outputParts', () => {
  it('shows a script as its streams', () => {
    expect(outputParts({ stdout: 'done', stderr: '', exitCode: 0 })).toEqual({ stdout: 'done' });
  });

  it('shows any other result as JSON', () => {
    expect(outputParts({ status: 200 })).toEqual({ json: '{\n  "status": 200\n}' });
    expect(outputParts(null)).toEqual({});
    expect(outputParts({})).toEqual({});
  });
});

describe('formatBytes', () => {
  it.each([
    [512, '512 B'],
    [2048, '2 KiB'],
    [1536, '1.5 KiB'],
    [20 * 2 ** 20, '20 MiB'],
  ])('%d is %s', (size, text) => expect(formatBytes(size)).toBe(text));
});
