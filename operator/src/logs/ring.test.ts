import { describe, expect, it } from 'vitest';
import { LogRing, RING_LINE_BYTES, RingSource, type RingResume } from './ring.js';
import type { LineFilter, SourceLine } from './source.js';

const T = Date.parse('2026-03-01T00:00:00Z');
const ALL: LineFilter = { query: '', start: -Infinity, end: Infinity, labels: {} };
const pino = (time: number, msg: string, extra: object = {}) =>
  `${JSON.stringify({ level: 30, time, service: 'vigil', msg, ...extra })}\n`;

async function read(
  ring: LogRing,
  filter: Partial<LineFilter> = {},
  resume?: RingResume,
  limit = Infinity,
) {
  const src = new RingSource('v:1', ring, { backend: 'vigil' }, { ...ALL, ...filter }, resume);
  const out: SourceLine[] = [];
  while (out.length < limit) {
    const line = await src.next();
    if (!line) break;
    out.push(line);
  }
  return out;
}

describe('LogRing', () => {
  it('keeps the newest lines up to its capacity, and bounds each line', () => {
    const ring = new LogRing(3);
    for (let i = 0; i < 5; i++) ring.write(pino(i, `m${i}`));
    ring.write(Buffer.from(`${'x'.repeat(RING_LINE_BYTES + 10)}\n`));
    expect([ring.oldest, ring.newest]).toEqual([3, 5]);
    expect(ring.at(2)).toBeUndefined();
    expect(ring.at(5)).toHaveLength(RING_LINE_BYTES);
  });

  it('answers pino lines newest first, by level name, filtered and resumable', async () => {
    const ring = new LogRing(100);
    for (let i = 0; i < 10; i++)
      ring.write(pino(T + i, `request ${i}`, { component: i % 2 ? 'health' : 'db' }));
    const lines = await read(ring, { query: 'request', labels: { component: 'health' } });
    expect(lines.map((l) => l.message)).toEqual([
      'request 9',
      'request 7',
      'request 5',
      'request 3',
      'request 1',
    ]);
    expect(lines[0]).toMatchObject({
      ts: T + 9,
      labels: { level: 'info', backend: 'vigil', service: 'vigil' },
    });
    const first = await read(ring, {}, undefined, 2);
    const rest = await read(ring, {}, (first[1] as SourceLine).after as RingResume);
    expect([...first, ...rest].map((l) => l.message)).toHaveLength(10);
    expect(rest[0]?.message).toBe('request 7');
    expect((await read(ring, { start: T + 7 })).map((l) => l.message)).toEqual([
      'request 9',
      'request 8',
      'request 7',
    ]);
  });
});
