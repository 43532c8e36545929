import { describe, expect, it } from 'vitest';
import { CappedOutput, formatBytes } from './output.js';

describe('CappedOutput', () => {
  it('keeps everything under the limit, unmarked', () => {
    const out = new CappedOutput(10);
    out.push(Buffer.from('hello '));
    out.push(Buffer.from('you'));
    expect(out.truncated).toBe(false);
    expect(out.text()).toBe('hello you');
  });

  it('keeps the first bytes across chunks and says how much was written', () => {
    const out = new CappedOutput(8);
    out.push(Buffer.from('12345'));
    out.push(Buffer.from('67890'));
    out.push(Buffer.alloc(2038, 'x'));
    expect(out.truncated).toBe(true);
    expect(out.text()).toBe('12345678\n[output truncated: 2 KiB written, the first 8 B kept]');
  });

  it.each([
    [4, 'abc'],
    [5, 'abcé'],
    [7, 'abcé'],
    [8, 'abcé€'],
  ])('never cuts a character in half (limit %d)', (limit, kept) => {
    const out = new CappedOutput(limit);
    out.push(Buffer.from('abcé€x')); // é is 2 bytes, € is 3
    expect(out.text().split('\n')[0]).toBe(kept);
  });

  it('replaces NUL characters, which the database cannot store', () => {
    const out = new CappedOutput(100);
    out.push(Buffer.from('A=1\0B=2\0'));
    expect(out.text()).toBe('A=1\uFFFDB=2\uFFFD');
  });
});

describe('formatBytes', () => {
  it.each([
    [512, '512 B'],
    [65536, '64 KiB'],
    [3000000, '2.9 MiB'],
    [1536, '1.5 KiB'],
  ])('%d -> %s', (n, text) => expect(formatBytes(n)).toBe(text));
});
