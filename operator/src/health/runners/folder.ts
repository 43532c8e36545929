import fs from 'node:fs';
import path from 'node:path';
import { protectedBy, protectedMessage } from '../protectedPaths.js';
import { invalidResult, resultFrom, type CheckResult, type CheckRunner } from '../types.js';
import { errorText } from './sql.js';
import { parseTime } from '../timeRange.js';

/**
 * folder check (crds.md §1.3-1.4) on local paths. `path` is a directory or a glob (`*`, `?`,
 * `[…]` within a name, `**` across directories); `recursive` walks subdirectories. A plain
 * directory lists its entries (subdirectories included, as `is_dir`); recursive walks and globs
 * list files. `filter` {minAge, maxAge, since, minSize, maxSize, regex} narrows the listing, then
 * the tests run: minCount/maxCount, minAge (on the newest), maxAge (on the oldest), minSize (on
 * the smallest), maxSize (on the largest), availableSize/totalSize (the filesystem's, from
 * statfs). Age and size tests are skipped when nothing is listed; a path that does not exist is
 * an empty listing. Data: `results` {files, oldest, newest, smallest, largest, size,
 * availableSize, totalSize} and `errorType` naming the failed test.
 *
 * Ages are compared exactly: canary-checker truncates them to whole hours (so `minAge: 4m` is
 * 0h there and never fails); Vigil does not, which is what a manifest's author means.
 */

const MAX_FILES = 100_000;
const STAT_BATCH = 256;

type ErrorType =
  | 'configuration_error'
  | 'connection_error'
  | 'listing_error'
  | 'min_age'
  | 'max_age'
  | 'min_count'
  | 'max_count'
  | 'available_size'
  | 'total_size'
  | 'min_size'
  | 'max_size';

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  y: 365 * 86_400_000,
};

/** Go durations plus `d`, `w` and `y` (`90s`, `1h30m`, `7d`) in milliseconds; undefined if bad. */
export function parseDuration(input: string): number | undefined {
  const s = input.trim();
  if (s === '0') return 0;
  const sign = s.startsWith('-') ? -1 : 1;
  const body = s.replace(/^[-+]/, '');
  if (
    !/^(\d+(\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h|d|w|y)((\d+(\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h|d|w|y))*$/.test(
      body,
    )
  )
    return undefined;
  let total = 0;
  for (const m of body.matchAll(/(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h|d|w|y)/g))
    total += Number(m[1]) * (UNIT_MS[m[2] as string] as number);
  return sign * total;
}

const SIZE_EXP: Record<string, number> = { '': 0, k: 1, m: 2, g: 3, t: 4, p: 5, e: 6 };

/**
 * Byte sizes: `1024`, `512b`, `10Mi`, `10mb`, `1GB`, `2.5 GiB`. Every unit is binary (1 KB = 1024
 * bytes), as in canary-checker, whose sizes are read by the datasize package.
 */
export function parseSize(input: string | number): number | undefined {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? input : undefined;
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(?:([kmgtpe])(i?b?)|(b|bytes?))?\s*$/i.exec(input);
  if (!m) return undefined;
  const exp = SIZE_EXP[(m[2] ?? '').toLowerCase()] ?? 0;
  return Math.round(Number(m[1]) * 1024 ** exp);
}

/** RFC 3339, or date math: `now`, `now-60d`, `now-1h+30m`, `now-1d/d` (rounded down, UTC). */
export function parseSince(input: string, now = Date.now()): number | undefined {
  try {
    return parseTime(input, now).getTime();
  } catch {
    return undefined;
  }
}

export function humanDuration(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const t = Math.abs(ms);
  if (t < 1000) return `${sign}${Math.round(t)}ms`;
  if (t < 60_000) return `${sign}${(t / 1000).toFixed(1)}s`;
  const d = Math.floor(t / 86_400_000);
  const h = Math.floor((t % 86_400_000) / 3_600_000);
  const m = Math.floor((t % 3_600_000) / 60_000);
  const s = Math.floor((t % 60_000) / 1000);
  if (d > 0) return `${sign}${d}d${h}h`;
  if (h > 0) return `${sign}${h}h${m}m`;
  return `${sign}${m}m${s}s`;
}

export function humanSize(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return i === 0 ? `${n} B` : `${n.toFixed(n < 10 ? 1 : 0)} ${units[i]}`;
}

/** Go's FileMode.String() for directories and files: `drwxr-xr-x`, `-rw-r--r--`. */
function modeString(mode: number, isDir: boolean, isLink: boolean): string {
  const rwx = 'rwxrwxrwx';
  let bits = '';
  for (let i = 0; i < 9; i++) bits += mode & (1 << (8 - i)) ? rwx[i] : '-';
  return (isDir ? 'd' : isLink ? 'L' : '-') + bits;
}

const hasGlob = (segment: string) => /[*?[]/.test(segment);

function segmentRegex(segment: string): RegExp {
  let re = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] as string;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = segment.indexOf(']', i + 2);
      if (end < 0) re += '\\[';
      else {
        let cls = segment.slice(i + 1, end).replace(/\\/g, '\\\\');
        if (cls.startsWith('!')) cls = `^${cls.slice(1)}`;
        re += `[${cls}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Matches relative path segments against glob segments, `**` spanning any number of them. */
function globMatch(pattern: (RegExp | '**')[], parts: string[], pi = 0, si = 0): boolean {
  if (pi === pattern.length) return si === parts.length;
  const p = pattern[pi];
  if (p === '**') {
    for (let k = si; k <= parts.length; k++) if (globMatch(pattern, parts, pi + 1, k)) return true;
    return false;
  }
  if (si >= parts.length || !p) return false;
  return p.test(parts[si] as string) && globMatch(pattern, parts, pi + 1, si + 1);
}

export interface FileEntry {
  name: string;
  size: number;
  mode: string;
  modified: string;
  is_dir: boolean;
  /** Milliseconds since the epoch, for comparisons; left out of the data. */
  mtimeMs: number;
  path: string;
  /** A symbolic link (listed, never entered; left out of the data). */
  isLink: boolean;
}

export class ListingError extends Error {}

/**
 * Lists a directory, or the matches of a glob, as file entries with names relative to the
 * listed directory. A path that does not exist lists nothing.
 */
export async function listPath(
  input: string,
  opts: { recursive?: boolean; signal?: AbortSignal; filesOnly?: boolean } = {},
): Promise<{ base: string; entries: FileEntry[] }> {
  const abs = path.resolve(input);
  const segments = abs.split(path.sep);
  const firstGlob = segments.findIndex(hasGlob);
  const base = firstGlob < 0 ? abs : segments.slice(0, firstGlob).join(path.sep) || path.sep;
  const pattern =
    firstGlob < 0
      ? undefined
      : segments
          .slice(firstGlob)
          .filter(Boolean)
          .map((s) => (s === '**' ? ('**' as const) : segmentRegex(s)));
  const maxDepth = !pattern
    ? opts.recursive
      ? Infinity
      : 1
    : pattern.includes('**')
      ? Infinity
      : pattern.length;
  const filesOnly = opts.filesOnly ?? (pattern !== undefined || opts.recursive === true);
  const entries: FileEntry[] = [];

  // Only real directories are entered below the base, so checking where it leads suffices.
  if (protectedBy(base)) throw new ListingError(protectedMessage(base));
  let st: fs.Stats;
  try {
    st = await fs.promises.stat(base);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { base, entries };
    throw new ListingError(`cannot read ${base}: ${errorText(err)}`);
  }
  if (!st.isDirectory()) {
    // A single file named directly.
    if (!pattern) entries.push(entry(path.basename(base), base, st, false));
    return { base: path.dirname(base), entries };
  }

  const walk = async (dir: string, rel: string[], depth: number): Promise<void> => {
    if (opts.signal?.aborted) throw new ListingError('the run was cancelled');
    let names: fs.Dirent[];
    try {
      names = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw new ListingError(`cannot list ${dir}: ${errorText(err)}`);
    }
    names.sort((a, b) => a.name.localeCompare(b.name));
    const descend = depth + 1 < maxDepth;
    // Only entries that match, or folders to enter, are stat'ed — and those many at a time:
    // a folder of 10,000 files is listed in one pass of concurrent stats, not 10,000 in a row.
    const wanted = names
      .map((d) => ({ d, full: path.join(dir, d.name), parts: [...rel, d.name] }))
      .filter(
        ({ d, parts }) =>
          (pattern ? globMatch(pattern, parts) : true) ||
          (descend && (d.isDirectory() || d.isSymbolicLink())),
      );
    const stats: (fs.Stats | undefined)[] = [];
    const links: boolean[] = [];
    for (let i = 0; i < wanted.length; i += STAT_BATCH) {
      const batch = wanted.slice(i, i + STAT_BATCH);
      const got = await Promise.all(
        batch.map(async ({ d, full }) => {
          try {
            return { s: await fs.promises.stat(full), link: d.isSymbolicLink() };
          } catch {
            try {
              return { s: await fs.promises.lstat(full), link: true }; // a dangling symlink
            } catch {
              return { s: undefined, link: false }; // removed while we listed
            }
          }
        }),
      );
      for (const g of got) {
        stats.push(g.s);
        links.push(g.link);
      }
    }
    for (const [i, { full, parts }] of wanted.entries()) {
      const s = stats[i];
      const isLink = links[i] as boolean;
      if (!s) continue;
      if (isLink && protectedBy(full)) continue; // a link into Vigil's data: not even its size
      const isDir = s.isDirectory();
      const matches = pattern ? globMatch(pattern, parts) : true;
      if (matches && !(filesOnly && isDir)) {
        entries.push(entry(parts.join('/'), full, s, isLink));
        if (entries.length > MAX_FILES)
          throw new ListingError(`more than ${MAX_FILES} files under ${base}: narrow the path`);
      }
      // Symlinked directories are listed but not entered (no cycles).
      if (isDir && !isLink && descend) await walk(full, parts, depth + 1);
    }
  };
  await walk(base, [], 0);
  return { base, entries };
}

function entry(name: string, full: string, s: fs.Stats, isLink: boolean): FileEntry {
  return {
    name,
    size: s.size,
    mode: modeString(s.mode, s.isDirectory(), isLink && !s.isDirectory() && !s.isFile()),
    modified: s.mtime.toISOString(),
    is_dir: s.isDirectory(),
    mtimeMs: s.mtimeMs,
    path: full,
    isLink,
  };
}

const publicEntry = (e: FileEntry | undefined) =>
  e ? { name: e.name, size: e.size, mode: e.mode, modified: e.modified, is_dir: e.is_dir } : null;

async function nearestStatfs(dir: string): Promise<fs.StatsFs | undefined> {
  for (let d = dir; ; d = path.dirname(d)) {
    try {
      return await fs.promises.statfs(d);
    } catch {
      if (path.dirname(d) === d) return undefined;
    }
  }
}

function str(v: unknown): string | undefined {
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

export const folderRunner: CheckRunner = async (spec, ctx) => {
  const start = new Date();
  const invalid = (msg: string): CheckResult[] => [
    { ...invalidResult(start, msg), data: { errorType: 'configuration_error' } },
  ];
  const p = str(spec.path);
  if (!p)
    return invalid(
      'folder check needs a path: a local directory or glob such as /var/backups/*.tar.gz',
    );
  if (/^(s3|gcs|smb|sftp):\/\//i.test(p) || p.startsWith('\\\\') || spec.sftpConnection)
    return invalid(
      `remote folders (${p.split(':')[0]}) are not supported by Vigil yet; folder checks read local paths`,
    );

  // Parse every age and size up front: a typo is a configuration error, not a failed test.
  const filter = (spec.filter ?? {}) as Record<string, unknown>;
  const durations: Record<string, number | undefined> = {};
  for (const [key, v] of [
    ['filter.minAge', filter.minAge],
    ['filter.maxAge', filter.maxAge],
    ['minAge', spec.minAge],
    ['maxAge', spec.maxAge],
  ] as const) {
    const s = str(v);
    if (s === undefined) continue;
    const ms = parseDuration(s);
    if (ms === undefined) return invalid(`${key}: ${s} is not a duration (e.g. 30m, 6h, 7d)`);
    durations[key] = ms;
  }
  const sizes: Record<string, number | undefined> = {};
  for (const [key, v] of [
    ['filter.minSize', filter.minSize],
    ['filter.maxSize', filter.maxSize],
    ['minSize', spec.minSize],
    ['maxSize', spec.maxSize],
    ['availableSize', spec.availableSize],
    ['totalSize', spec.totalSize],
  ] as const) {
    const s = str(v);
    if (s === undefined) continue;
    const bytes = parseSize(s);
    if (bytes === undefined) return invalid(`${key}: ${s} is not a size (e.g. 512Ki, 10Mi, 1GB)`);
    sizes[key] = bytes;
  }
  let since: number | undefined;
  const sinceText = str(filter.since);
  if (sinceText !== undefined) {
    since = parseSince(sinceText);
    if (since === undefined)
      return invalid(
        `filter.since: ${sinceText} is not an RFC 3339 time or date math such as now-7d`,
      );
  }
  let regex: RegExp | undefined;
  const regexText = str(filter.regex);
  if (regexText !== undefined) {
    try {
      regex = new RegExp(regexText);
    } catch {
      return invalid(`filter.regex: ${regexText} is not a valid regular expression`);
    }
  }
  for (const k of ['minCount', 'maxCount'] as const) {
    const v = spec[k];
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 0))
      return invalid(`${k} must be a whole number of files`);
  }

  let listing;
  try {
    listing = await listPath(p, { recursive: spec.recursive === true, signal: ctx.signal });
  } catch (err) {
    const error = errorText(err);
    return [resultFrom(start, false, { error, data: { errorType: 'listing_error' } })];
  }

  const now = Date.now();
  const files = listing.entries.filter((f) => {
    const age = now - f.mtimeMs;
    if (durations['filter.minAge'] !== undefined && age < durations['filter.minAge']) return false;
    if (durations['filter.maxAge'] !== undefined && age > durations['filter.maxAge']) return false;
    if (since !== undefined && f.mtimeMs <= since) return false;
    if (sizes['filter.minSize'] !== undefined && f.size < sizes['filter.minSize']) return false;
    if (sizes['filter.maxSize'] !== undefined && f.size > sizes['filter.maxSize']) return false;
    if (regex && !regex.test(path.basename(f.name))) return false;
    return true;
  });

  let oldest: FileEntry | undefined;
  let newest: FileEntry | undefined;
  let smallest: FileEntry | undefined;
  let largest: FileEntry | undefined;
  let total = 0;
  for (const f of files) {
    if (!oldest || f.mtimeMs < oldest.mtimeMs) oldest = f;
    if (!newest || f.mtimeMs > newest.mtimeMs) newest = f;
    if (!smallest || f.size < smallest.size) smallest = f;
    if (!largest || f.size > largest.size) largest = f;
    if (!f.is_dir) total += f.size;
  }
  const fsStats = await nearestStatfs(listing.base);
  const availableSize = fsStats ? fsStats.bavail * fsStats.bsize : undefined;
  const totalSize = fsStats ? fsStats.blocks * fsStats.bsize : undefined;
  const results = {
    files: files.map(publicEntry),
    oldest: publicEntry(oldest),
    newest: publicEntry(newest),
    smallest: publicEntry(smallest),
    largest: publicEntry(largest),
    size: total,
    availableSize: availableSize ?? null,
    totalSize: totalSize ?? null,
  };
  const fail = (errorType: ErrorType, error: string) => [
    resultFrom(start, false, { error, data: { results, errorType } }),
  ];

  const count = files.length;
  if (typeof spec.minCount === 'number' && count < spec.minCount)
    return fail('min_count', `too few files: ${count} < ${spec.minCount} in ${p}`);
  if (typeof spec.maxCount === 'number' && count > spec.maxCount)
    return fail('max_count', `too many files: ${count} > ${spec.maxCount} in ${p}`);
  if (newest && oldest && smallest && largest) {
    const minAge = durations.minAge;
    if (minAge !== undefined && now - newest.mtimeMs < minAge)
      return fail(
        'min_age',
        `${newest.name} is too new: modified ${humanDuration(now - newest.mtimeMs)} ago, minAge is ${str(spec.minAge)}`,
      );
    const maxAge = durations.maxAge;
    if (maxAge !== undefined && now - oldest.mtimeMs > maxAge)
      return fail(
        'max_age',
        `${oldest.name} is too old: modified ${humanDuration(now - oldest.mtimeMs)} ago, maxAge is ${str(spec.maxAge)}`,
      );
    if (sizes.minSize !== undefined && smallest.size < sizes.minSize)
      return fail(
        'min_size',
        `${smallest.name} is too small: ${humanSize(smallest.size)} < ${str(spec.minSize)}`,
      );
    if (sizes.maxSize !== undefined && largest.size > sizes.maxSize)
      return fail(
        'max_size',
        `${largest.name} is too large: ${humanSize(largest.size)} > ${str(spec.maxSize)}`,
      );
  }
  if (sizes.availableSize !== undefined) {
    if (availableSize === undefined)
      return fail('available_size', `available size is not supported for ${p}`);
    if (availableSize < sizes.availableSize)
      return fail(
        'available_size',
        `available size too small: ${humanSize(availableSize)} < ${str(spec.availableSize)}`,
      );
  }
  if (sizes.totalSize !== undefined) {
    if (totalSize === undefined) return fail('total_size', `total size is not supported for ${p}`);
    if (totalSize < sizes.totalSize)
      return fail(
        'total_size',
        `total size too small: ${humanSize(totalSize)} < ${str(spec.totalSize)}`,
      );
  }
  return [resultFrom(start, true, { data: { results, errorType: '' } })];
};
