import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearProtectedPaths, protectPath } from '../health/protectedPaths.js';
import { FileSource, LogFileError, Needle, refusedPath, type FileResume } from './fileSource.js';
import type { LineFilter, SourceLine } from './source.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-logfile-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => clearProtectedPaths());

const ALL: LineFilter = { query: '', start: -Infinity, end: Infinity, labels: {} };
let n = 0;
function file(content: string | Buffer): string {
  const p = path.join(dir, `f${n++}.log`);
  fs.writeFileSync(p, content);
  return p;
}

async function read(
  p: string,
  filter: Partial<LineFilter> = {},
  opts: { limit?: number; resume?: FileResume } = {},
) {
  const src = await FileSource.open(p, {
    key: 'k',
    format: 'auto',
    labels: { file: p },
    filter: { ...ALL, ...filter },
    resume: opts.resume,
  });
  const lines: SourceLine[] = [];
  try {
    while (lines.length < (opts.limit ?? Infinity)) {
      const line = await src.next();
      if (!line) break;
      lines.push(line);
    }
  } finally {
    await src.close();
  }
  return lines;
}

/** What grep -F over the file, newest first, would find. */
function expected(content: string, query = ''): string[] {
  return content
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() && l.includes(query))
    .reverse();
}

describe('FileSource', () => {
  it('answers lines newest first, with the time, message and labels of each', async () => {
    const p = file(
      [
        '2026-01-02T03:04:05Z first',
        '{"time":"2026-01-02T03:04:06Z","level":"warn","msg":"second"}',
        '2026-01-02T03:04:07Z third',
      ].join('\n') + '\n',
    );
    const lines = await read(p);
    expect(lines.map((l) => l.message)).toEqual(['third', 'second', 'first']);
    expect(lines[1]).toMatchObject({
      ts: Date.parse('2026-01-02T03:04:06Z'),
      labels: { level: 'warn', file: p },
    });
  });

  it('reads a file without a final newline, with CRLF and blank lines', async () => {
    const content = 'a\r\n\r\nb\n\n\nc';
    expect((await read(file(content))).map((l) => l.message)).toEqual(['c', 'b', 'a']);
  });

  it('gives lines without a time the time of the next line that has one, else the mtime', async () => {
    const p = file('2026-01-02T03:04:05Z head\n  at stack\n2026-01-02T03:04:09Z tail\nlast\n');
    const mtime = fs.statSync(p).mtimeMs;
    const lines = await read(p);
    expect(lines.map((l) => [l.message, l.ts])).toEqual([
      ['last', mtime],
      ['tail', Date.parse('2026-01-02T03:04:09Z')],
      ['  at stack', Date.parse('2026-01-02T03:04:09Z')],
      ['head', Date.parse('2026-01-02T03:04:05Z')],
    ]);
  });

  it('matches the query as grep -F does, over many chunks and lines that cross them', async () => {
    const rand = fc.sample(
      fc.array(fc.oneof(fc.constantFrom('ERROR boom', 'ok', 'x'.repeat(70_000)), fc.string()), {
        minLength: 2000,
        maxLength: 4000,
      }),
      { numRuns: 1, seed: 42 },
    )[0] as string[];
    const content = rand.map((s) => s.replace(/[\r\n]/g, ' ')).join('\n');
    const p = file(content);
    expect(fs.statSync(p).size).toBeGreaterThan(1_000_000);
    const got = await read(p, { query: 'boom' });
    expect(got.map((l) => l.message)).toEqual(expected(content, 'boom'));
    const every = await read(p);
    expect(every.map((l) => l.message)).toEqual(expected(content));
  });

  it('finds every match, by its rarest byte or, when that is common, by substring', () => {
    // Long enough for the rare byte to prove common (over a thousand misses) and fall back.
    const text = fc
      .array(fc.constantFrom('a', 'b', '\n'), { maxLength: 12_000 })
      .map((c) => c.join(''));
    fc.assert(
      fc.property(text, text, fc.stringMatching(/^[ab]{1,4}$/), (sample, hay, query) => {
        const needle = new Needle(query);
        needle.tune(Buffer.from(sample));
        const buf = Buffer.from(hay);
        const found: number[] = [];
        needle.each(buf, 0, buf.length, (at) => {
          found.push(at);
          return at + 1;
        });
        const want: number[] = [];
        for (let i = hay.indexOf(query); i >= 0; i = hay.indexOf(query, i + 1)) want.push(i);
        expect(found).toEqual(want);
      }),
      { numRuns: 200 },
    );
  });

  it('pages: resuming at a line answers it again, after it the next one', async () => {
    const content = Array.from(
      { length: 30_000 },
      (_, i) => `line ${i} ${'.'.repeat(i % 50)}`,
    ).join('\n');
    const p = file(content);
    const all = expected(content, '7');
    const pages: string[] = [];
    let resume: FileResume | undefined;
    for (;;) {
      const lines = await read(p, { query: '7' }, { limit: 1000, resume });
      pages.push(...lines.map((l) => l.message));
      const last = lines[lines.length - 1];
      if (!last || lines.length < 1000) break;
      resume = last.after as FileResume;
    }
    expect(pages).toEqual(all);
    const first = (await read(p, { query: '7' }, { limit: 2 }))[1] as SourceLine;
    const again = await read(p, { query: '7' }, { limit: 1, resume: first.resume as FileResume });
    expect(again[0]?.message).toBe(first.message);
  });

  it('reuses chunk buffers across searches, never two at once', async () => {
    const make = (tag: string) =>
      Array.from(
        { length: 300_000 },
        (_, i) => `${tag} ${i} ${i % 11 ? 'x' : 'hit'} ${'.'.repeat(i % 40)}`,
      ).join('\n');
    const a = make('a');
    const b = make('b');
    const [pa, pb] = [file(a), file(b)];
    expect(fs.statSync(pa).size).toBeGreaterThan(8 * 1024 * 1024);
    for (let round = 0; round < 2; round++) {
      const open = (p: string) =>
        FileSource.open(p, {
          key: p,
          format: 'text',
          labels: {},
          filter: { ...ALL, query: 'hit' },
        });
      const [sa, sb] = await Promise.all([open(pa), open(pb)]);
      const got: Record<string, string[]> = { a: [], b: [] };
      for (;;) {
        const [la, lb] = await Promise.all([sa.next(), sb.next()]);
        if (la) got.a?.push(la.message);
        if (lb) got.b?.push(lb.message);
        if (!la && !lb) break;
      }
      await Promise.all([sa.close(), sb.close()]);
      expect(got.a).toEqual(expected(a, 'hit'));
      expect(got.b).toEqual(expected(b, 'hit'));
    }
  });

  it('stops between chunks when out of time, and resumes where it stopped', async () => {
    const content = Array.from(
      { length: 60_000 },
      (_, i) => `line ${i} ${i % 7 === 0 ? 'match' : 'other'} ${'.'.repeat(i % 30)}`,
    ).join('\n');
    const p = file(content);
    let checks = 0;
    const until = {
      get deadline() {
        return ++checks > 3 ? 0 : Infinity;
      },
    };
    const src = await FileSource.open(p, {
      key: 'k',
      format: 'auto',
      labels: {},
      filter: { ...ALL, query: 'match' },
      until,
    });
    const before: string[] = [];
    for (let line = await src.next(); line; line = await src.next()) before.push(line.message);
    const stopped = src.stopped();
    await src.close();
    expect(stopped).toBeDefined();
    expect(before.length).toBeGreaterThan(0);
    const after = (await read(p, { query: 'match' }, { resume: stopped })).map((l) => l.message);
    expect([...before, ...after]).toEqual(expected(content, 'match'));
  });

  it('stops at the first timed line older than the range, and leaves out newer ones', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const lines = Array.from(
      { length: 100_000 },
      (_, i) => `${new Date(base + i * 1000).toISOString()} event ${i}`,
    );
    const p = file(lines.join('\n'));
    const got = await read(p, { start: base + 99_000_000, end: base + 99_990_000 });
    expect(got.map((l) => l.message)).toEqual(
      Array.from({ length: 991 }, (_, i) => `event ${99_990 - i}`),
    );
  });

  it('filters by labels, the file labels included', async () => {
    const p = file('{"msg":"a","app":"x"}\n{"msg":"b","app":"y"}\n');
    expect((await read(p, { labels: { app: 'x' } })).map((l) => l.message)).toEqual(['a']);
    expect((await read(p, { labels: { file: p } })).map((l) => l.message)).toEqual(['b', 'a']);
    expect(await read(p, { labels: { file: 'other' } })).toEqual([]);
  });

  it('skips lines longer than 16 MiB and goes on before them', async () => {
    const content = `before\n${'z'.repeat(17 * 1024 * 1024)}\nafter\n`;
    expect((await read(file(content))).map((l) => l.message)).toEqual(['after', 'before']);
  });

  it('never reads Vigil data, /proc, /sys or /dev, links followed', async () => {
    const data = fs.mkdtempSync(path.join(dir, 'data-'));
    fs.writeFileSync(path.join(data, 'postgres.password'), 'secret\n');
    protectPath(data);
    const link = path.join(dir, 'innocent.log');
    fs.symlinkSync(path.join(data, 'postgres.password'), link);
    await expect(read(path.join(data, 'postgres.password'))).rejects.toThrow(LogFileError);
    await expect(read(link)).rejects.toThrow(/inside Vigil's own data/);
    expect(refusedPath('/proc/self/environ')).toMatch(/under \/proc/);
    await expect(read('/proc/self/environ')).rejects.toThrow(/under \/proc/);
    expect(refusedPath('/dev/null')).toMatch(/under \/dev/);
    expect(refusedPath(path.join(dir, 'f0.log'))).toBeUndefined();
    await expect(read(dir)).rejects.toThrow(/not a regular file/);
  });
});
