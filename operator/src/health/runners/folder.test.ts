import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../db/pool.js';
import type { CheckResult, CheckSpec, RunContext } from '../types.js';
import { folderRunner, parseDuration, parseSince, parseSize } from './folder.js';

function ctx(signal = new AbortController().signal): RunContext {
  return {
    canary: { id: 'c1', name: 'canary', namespace: 'default', labels: {} },
    check: { id: 'k1', name: 'folder', type: 'folder' },
    signal,
    pool: {} as Pool,
    connection: () => Promise.resolve(undefined),
  };
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type Entry = { name: string; size: number; mode: string; modified: string; is_dir: boolean };
type Results = {
  files: Entry[];
  oldest: Entry | null;
  newest: Entry | null;
  smallest: Entry | null;
  largest: Entry | null;
  size: number;
  availableSize: number;
};
const resultsOf = (r: CheckResult | undefined) => r?.data?.results as Results;
const names = (r: CheckResult | undefined) => resultsOf(r).files.map((f) => f.name);

describe('folder sizes, durations and dates', () => {
  it('reads sizes with binary units, as canary-checker does', () => {
    expect(parseSize('1024')).toBe(1024);
    expect(parseSize('512b')).toBe(512);
    expect(parseSize('10Mi')).toBe(10 * 1024 ** 2);
    expect(parseSize('10mb')).toBe(10 * 1024 ** 2);
    expect(parseSize('1GB')).toBe(1024 ** 3);
    expect(parseSize('2.5 GiB')).toBe(2.5 * 1024 ** 3);
    expect(parseSize('1k')).toBe(1024);
    expect(parseSize('ten')).toBeUndefined();
    expect(parseSize('5 parsecs')).toBeUndefined();
  });

  it('reads Go durations with days, weeks and years', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('1h30m')).toBe(90 * MIN);
    expect(parseDuration('7d')).toBe(7 * DAY);
    expect(parseDuration('2w')).toBe(14 * DAY);
    expect(parseDuration('1y')).toBe(365 * DAY);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('0')).toBe(0);
    expect(parseDuration('7 days')).toBeUndefined();
    expect(parseDuration('12')).toBeUndefined();
  });

  it('reads RFC 3339 times and date math', () => {
    const now = Date.UTC(2026, 4, 15, 13, 45, 30);
    expect(parseSince('now', now)).toBe(now);
    expect(parseSince('now-60d', now)).toBe(now - 60 * DAY);
    expect(parseSince('now-1h+30m', now)).toBe(now - 30 * MIN);
    expect(parseSince('now-1d/d', now)).toBe(Date.UTC(2026, 4, 14));
    expect(parseSince('now-1M', now)).toBe(Date.UTC(2026, 3, 15, 13, 45, 30));
    expect(parseSince('2026-01-02T03:04:05Z')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(parseSince('yesterday')).toBeUndefined();
  });
});

describe('folder runner', () => {
  let dir: string;
  const now = Date.now();
  const make = (rel: string, size: number, ageMs: number) => {
    const p = path.join(dir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, 'x'.repeat(size), { mode: 0o644 });
    fs.chmodSync(p, 0o644);
    const t = new Date(now - ageMs);
    fs.utimesSync(p, t, t);
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-folder-test-'));
    make('a.log', 10, 2 * HOUR);
    make('b.log', 2000, 30 * MIN);
    make('c.txt', 5, 3 * DAY);
    make('sub/d.log', 100, HOUR);
    make('sub/deeper/e.log', 1, 10 * DAY);
    const t = new Date(now - 5 * MIN);
    fs.utimesSync(path.join(dir, 'sub'), t, t);
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = async (spec: CheckSpec, signal?: AbortSignal) => {
    const results = await folderRunner(spec, ctx(signal));
    expect(results).toHaveLength(1);
    return results[0];
  };

  it('lists a directory with its subdirectories, and the extremes', async () => {
    const r = await run({ path: dir });
    expect(r?.pass).toBe(true);
    expect(r?.data?.errorType).toBe('');
    const res = resultsOf(r);
    expect(names(r)).toEqual(['a.log', 'b.log', 'c.txt', 'sub']);
    expect(res.files[0]).toEqual({
      name: 'a.log',
      size: 10,
      mode: '-rw-r--r--',
      modified: new Date(now - 2 * HOUR).toISOString(),
      is_dir: false,
    });
    expect(res.files[3]).toMatchObject({ name: 'sub', is_dir: true });
    expect(res.files[3]?.mode).toMatch(/^d/);
    expect(res.oldest?.name).toBe('c.txt');
    expect(res.newest?.name).toBe('sub');
    expect(res.smallest?.name).toBe('c.txt');
    expect(res.size).toBe(2015);
    expect(res.availableSize).toBeGreaterThan(0);
  });

  it('walks subdirectories with recursive, listing files', async () => {
    const r = await run({ path: dir, recursive: true });
    expect(names(r)).toEqual(['a.log', 'b.log', 'c.txt', 'sub/d.log', 'sub/deeper/e.log']);
    expect(resultsOf(r).oldest?.name).toBe('sub/deeper/e.log');
  });

  it('matches * within a directory and ** across directories', async () => {
    expect(names(await run({ path: path.join(dir, '*.log') }))).toEqual(['a.log', 'b.log']);
    expect(names(await run({ path: path.join(dir, '**', '*.log') }))).toEqual([
      'a.log',
      'b.log',
      'sub/d.log',
      'sub/deeper/e.log',
    ]);
    expect(names(await run({ path: path.join(dir, 's?b', '*') }))).toEqual(['sub/d.log']);
  });

  it('filters by age, since, size and name', async () => {
    const glob = path.join(dir, '**', '*');
    expect(names(await run({ path: glob, filter: { maxAge: '90m' } }))).toEqual([
      'b.log',
      'sub/d.log',
    ]);
    expect(names(await run({ path: glob, filter: { minAge: '1d' } }))).toEqual([
      'c.txt',
      'sub/deeper/e.log',
    ]);
    expect(names(await run({ path: glob, filter: { since: 'now-45m' } }))).toEqual(['b.log']);
    expect(names(await run({ path: glob, filter: { minSize: '50', maxSize: '1Ki' } }))).toEqual([
      'sub/d.log',
    ]);
    expect(names(await run({ path: glob, filter: { regex: '^[ab]\\.' } }))).toEqual([
      'a.log',
      'b.log',
    ]);
  });

  it('tests the file count', async () => {
    const few = await run({ path: path.join(dir, '*.log'), minCount: 3 });
    expect(few?.pass).toBe(false);
    expect(few?.error).toBe(`too few files: 2 < 3 in ${path.join(dir, '*.log')}`);
    expect(few?.data?.errorType).toBe('min_count');
    const many = await run({ path: dir, recursive: true, maxCount: 4 });
    expect(many?.data?.errorType).toBe('max_count');
    expect(many?.error).toMatch(/^too many files: 5 > 4/);
    expect((await run({ path: dir, recursive: true, minCount: 5, maxCount: 5 }))?.pass).toBe(true);
  });

  it('tests minAge on the newest file and maxAge on the oldest, exactly', async () => {
    const logs = path.join(dir, '*.log');
    const tooNew = await run({ path: logs, minAge: '1h' });
    expect(tooNew?.pass).toBe(false);
    expect(tooNew?.data?.errorType).toBe('min_age');
    expect(tooNew?.error).toMatch(/^b\.log is too new: modified 30m\d+s ago, minAge is 1h$/);
    expect((await run({ path: logs, minAge: '20m' }))?.pass).toBe(true);
    // canary-checker truncates ages to whole hours, so 30m < 45m would pass there.
    expect((await run({ path: logs, minAge: '45m' }))?.pass).toBe(false);
    const tooOld = await run({ path: logs, maxAge: '1h' });
    expect(tooOld?.data?.errorType).toBe('max_age');
    expect(tooOld?.error).toMatch(/^a\.log is too old: modified 2h0m ago, maxAge is 1h$/);
    expect((await run({ path: logs, maxAge: '3h' }))?.pass).toBe(true);
  });

  it('tests minSize on the smallest file and maxSize on the largest', async () => {
    const logs = path.join(dir, '*.log');
    const small = await run({ path: logs, minSize: '1Ki' });
    expect(small?.data?.errorType).toBe('min_size');
    expect(small?.error).toBe('a.log is too small: 10 B < 1Ki');
    const large = await run({ path: logs, maxSize: '1Ki' });
    expect(large?.data?.errorType).toBe('max_size');
    expect(large?.error).toBe('b.log is too large: 2.0 KiB > 1Ki');
    expect((await run({ path: logs, minSize: '10b', maxSize: '2000' }))?.pass).toBe(true);
  });

  it('tests the filesystem available and total size', async () => {
    expect((await run({ path: dir, availableSize: '1Ki', totalSize: '1Mi' }))?.pass).toBe(true);
    const full = await run({ path: dir, availableSize: '1000000Ti' });
    expect(full?.data?.errorType).toBe('available_size');
    expect(full?.error).toMatch(/^available size too small: .* < 1000000Ti$/);
    const small = await run({ path: dir, totalSize: '1000000Ti' });
    expect(small?.data?.errorType).toBe('total_size');
  });

  it('lists nothing for a path that does not exist, and skips age and size tests', async () => {
    const missing = path.join(dir, 'no', 'such', 'dir');
    const r = await run({ path: missing, minAge: '1h', maxSize: '1b' });
    expect(r?.pass).toBe(true);
    expect(resultsOf(r)).toMatchObject({ files: [], oldest: null, newest: null, size: 0 });
    const counted = await run({ path: missing, minCount: 1 });
    expect(counted?.pass).toBe(false);
    expect(counted?.data?.errorType).toBe('min_count');
  });

  it('stops when the run is cancelled', async () => {
    const ac = new AbortController();
    ac.abort();
    const r = await run({ path: dir, recursive: true }, ac.signal);
    expect(r?.pass).toBe(false);
    expect(r?.error).toBe('the run was cancelled');
    expect(r?.data?.errorType).toBe('listing_error');
  });

  it('calls bad settings configuration errors', async () => {
    for (const [spec, error] of [
      [{}, 'folder check needs a path: a local directory or glob such as /var/backups/*.tar.gz'],
      [{ path: dir, minAge: 'an hour' }, 'minAge: an hour is not a duration (e.g. 30m, 6h, 7d)'],
      [{ path: dir, maxSize: 'big' }, 'maxSize: big is not a size (e.g. 512Ki, 10Mi, 1GB)'],
      [
        { path: dir, filter: { since: 'last week' } },
        'filter.since: last week is not an RFC 3339 time or date math such as now-7d',
      ],
      [{ path: dir, filter: { regex: '(' } }, 'filter.regex: ( is not a valid regular expression'],
      [{ path: dir, minCount: -1 }, 'minCount must be a whole number of files'],
      [
        { path: 's3://bucket/backups' },
        'remote folders (s3) are not supported by Vigil yet; folder checks read local paths',
      ],
    ] as [CheckSpec, string][]) {
      const r = await run(spec);
      expect(r).toMatchObject({
        pass: false,
        invalid: true,
        error,
        data: { errorType: 'configuration_error' },
      });
    }
  });
});
