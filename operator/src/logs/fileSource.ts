import fs from 'node:fs';
import path from 'node:path';
import { protectedBy } from '../health/protectedPaths.js';
import { labelsMatch, parseLine, type LineFormat } from './line.js';
import type { LineFilter, LineSource, SourceLine } from './source.js';

/**
 * One log file read backwards, newest line first, in chunks: never the whole file. With a query
 * each chunk is searched as bytes (Buffer.indexOf, like grep -F) and only matching lines are
 * decoded and parsed; reading stops as soon as the caller stops asking (the page is full) or a
 * line older than the range's start is met (files are written in time order).
 */

const FIRST_CHUNK = 64 * 1024;
export const MAX_CHUNK = 4 * 1024 * 1024;
/**
 * Chunk buffers of the largest size are kept for the next search instead of being freed: a
 * search would otherwise allocate (and the garbage collector reclaim) megabytes each time.
 */
const POOLED = MAX_CHUNK + 64 * 1024;
const POOL_MAX = 8;
const pool: Buffer[] = [];

function takeBuffer(size: number, max: number): Buffer {
  if (size <= POOLED && max >= MAX_CHUNK) return pool.pop() ?? Buffer.allocUnsafeSlow(POOLED);
  return Buffer.allocUnsafe(Math.max(size, Math.min(max, MAX_CHUNK / 4)));
}

function giveBuffer(buf: Buffer): void {
  if (buf.length === POOLED && pool.length < POOL_MAX && !pool.includes(buf)) pool.push(buf);
}

/** Chunks this big or bigger are read in two halves at once. */
const SPLIT_READ = 1024 * 1024;
/** A line longer than this is skipped (the search goes on before it). */
const MAX_LINE = 16 * 1024 * 1024;
const NL = 10;
const CR = 13;

export class LogFileError extends Error {}

/** System pseudo-files: /proc/self/environ holds Vigil's own settings, secrets included. */
const PSEUDO_ROOTS = ['/proc', '/sys', '/dev'];

function real(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/**
 * Why a log backend may not read this path (links followed), or undefined when it may: never
 * Vigil's data directory or TLS key (src/health/protectedPaths.ts), nor /proc, /sys or /dev.
 */
export function refusedPath(p: string): string | undefined {
  const target = real(p);
  const dir = protectedBy(target);
  if (dir) return `${p} is inside Vigil's own data (${dir}), which log backends may not read`;
  const pseudo = PSEUDO_ROOTS.find((r) => target === r || target.startsWith(`${r}/`));
  if (pseudo) return `${p} is under ${pseudo}, which log backends may not read`;
  return undefined;
}

/** Where a file source resumes: before byte `p`, with `t` the time of the line ending there. */
export interface FileResume {
  p: number;
  t?: number;
}

export interface FileSourceOptions {
  key: string;
  format: LineFormat;
  /** Labels every line of the file carries (the backend's, the file's path). */
  labels: Record<string, string>;
  filter: LineFilter;
  resume?: FileResume;
  /** The largest chunk read at once (default MAX_CHUNK); two are held at a time. */
  maxChunk?: number;
  /** Stop searching (between chunks) after this time (ms) or when this signal aborts. */
  until?: { deadline?: number; signal?: AbortSignal };
}

/**
 * Finds a literal in bytes fast: the needle's byte that is rarest in the file (counted on its
 * first chunk) is looked for with memchr (Buffer.indexOf of one byte), each hit checked against
 * the whole needle. When that byte turns out to be common, the plain substring search is used.
 */
export class Needle {
  readonly bytes: Buffer;
  private rareAt = 0;
  private checkAt = 0;
  private tuned = false;

  constructor(text: string) {
    this.bytes = Buffer.from(text);
  }

  /** Picks the rarest byte of the needle in `sample` (once). */
  tune(sample: Buffer): void {
    if (this.tuned) return;
    this.tuned = true;
    const counts = new Uint32Array(256);
    for (let i = 0; i < sample.length; i++) {
      const b = sample[i] as number;
      counts[b] = (counts[b] as number) + 1;
    }
    const order = [...this.bytes.keys()].sort(
      (a, b) =>
        (counts[this.bytes[a] as number] as number) - (counts[this.bytes[b] as number] as number),
    );
    this.rareAt = order[0] ?? 0;
    this.checkAt = order[1] ?? this.rareAt;
  }

  /** Calls `hit` with the offset of each match in view[from, to), until it answers a resume offset < 0. */
  each(view: Buffer, from: number, to: number, hit: (at: number) => number): void {
    const n = this.bytes.length;
    const bytes = this.bytes;
    const rare = bytes[this.rareAt] as number;
    const check = bytes[this.checkAt] as number;
    const checkOff = this.checkAt - this.rareAt;
    let i = view.indexOf(rare, from + this.rareAt);
    let tried = 0;
    while (i >= 0 && i < to) {
      const s = i - this.rareAt;
      if (
        s + n <= to &&
        view[i + checkOff] === check &&
        view.compare(bytes, 0, n, s, s + n) === 0
      ) {
        const next = hit(s);
        if (next < 0) return;
        i = view.indexOf(rare, next + this.rareAt);
        continue;
      }
      // A common byte after all: one hit per 256 bytes costs more than the substring search.
      if (++tried > 1024 && tried * 256 > i - from) {
        let j = view.indexOf(bytes, s + 1);
        while (j >= 0 && j + n <= to) {
          const next = hit(j);
          if (next < 0) return;
          j = view.indexOf(bytes, next);
        }
        return;
      }
      i = view.indexOf(rare, i + 1);
    }
  }
}

interface Chunk {
  buf: Buffer;
  /** Absolute offset of buf[0]. */
  start: number;
  /** Bytes read from disk into buf[0, len). */
  len: number;
  read: Promise<number>;
}

export class FileSource implements LineSource {
  readonly key: string;
  /** Two buffers: one being searched, the other being read into (the older chunk). */
  private bufs: [Buffer, Buffer] = [Buffer.alloc(0), Buffer.alloc(0)];
  private turn = 0;
  private pending: Chunk | undefined;
  private view: Buffer = Buffer.alloc(0);
  private chunk: number;
  private readonly maxChunk: number;
  /** Absolute offset of view[0]. */
  private chunkStart = 0;
  /** Bytes before this are still to be read from disk. */
  private pos: number;
  /** The start of the oldest line seen so far (bytes [pos, pos + carry) of the file). */
  private carry = 0;
  /** The head of an over-long line is being skipped: ignore up to the next newline. */
  private dropTail = false;
  /** Line spans [start, end) in `view` still to answer, consumed from the end. */
  private spans: number[] = [];
  private stopAfterChunk = false;
  private done = false;
  private lastTs: number | undefined;
  private readonly needle: Needle | undefined;
  /** Where reading began. */
  private readonly first: number;
  /** Every line ending at or after this offset has been searched. */
  private searched: number;
  private interrupted = false;

  private constructor(
    private readonly fh: fs.promises.FileHandle,
    size: number,
    private readonly mtimeMs: number,
    private readonly opts: FileSourceOptions,
  ) {
    this.key = opts.key;
    this.maxChunk = Math.max(FIRST_CHUNK, opts.maxChunk ?? MAX_CHUNK);
    this.chunk = Math.min(FIRST_CHUNK, this.maxChunk);
    this.pos = this.first = this.searched = Math.min(size, opts.resume?.p ?? size);
    this.lastTs = opts.resume?.t;
    this.needle = opts.filter.query ? new Needle(opts.filter.query) : undefined;
  }

  /** Opens a regular file that log backends may read (checked again on the open descriptor). */
  static async open(file: string, opts: FileSourceOptions): Promise<FileSource> {
    const refused = refusedPath(file);
    if (refused) throw new LogFileError(refused);
    let fh: fs.promises.FileHandle;
    try {
      fh = await fs.promises.open(real(file), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    } catch (error) {
      throw new LogFileError(`cannot read ${file}: ${(error as Error).message}`);
    }
    try {
      // What was opened, whatever a link or a renamed folder did in between.
      const opened = await fs.promises.readlink(`/proc/self/fd/${fh.fd}`).catch(() => undefined);
      const again = opened && refusedPath(opened);
      if (again) throw new LogFileError(again);
      const st = await fh.stat();
      if (!st.isFile()) throw new LogFileError(`${file} is not a regular file`);
      return new FileSource(fh, st.size, st.mtimeMs, opts);
    } catch (error) {
      await fh.close();
      throw error;
    }
  }

  initial(): FileResume {
    return {
      p: this.first,
      ...(this.opts.resume?.t !== undefined ? { t: this.opts.resume.t } : {}),
    };
  }

  upper(): number {
    return this.lastTs ?? this.mtimeMs;
  }

  /** Where the search stopped when it ran out of time; undefined when it did not. */
  stopped(): FileResume | undefined {
    if (!this.interrupted) return undefined;
    return { p: this.searched, ...(this.lastTs !== undefined ? { t: this.lastTs } : {}) };
  }

  async next(): Promise<SourceLine | undefined> {
    for (;;) {
      while (this.spans.length > 0) {
        const end = this.spans.pop() as number;
        const start = this.spans.pop() as number;
        const line = this.answer(start, end);
        if (line) return line;
        if (this.done) return this.finish();
      }
      if (this.done || this.stopAfterChunk || (!this.pending && this.pos <= 0))
        return this.finish();
      const until = this.opts.until;
      if (until && ((until.deadline ?? Infinity) < Date.now() || until.signal?.aborted)) {
        // Out of time: what is left is searched by the next page, from where this one stopped.
        this.interrupted = true;
        return undefined;
      }
      await this.readChunk();
    }
  }

  async close(): Promise<void> {
    // A read still in flight writes into its buffer: let it land before the descriptor closes.
    await this.pending?.read.catch(() => undefined);
    this.pending = undefined;
    this.finish();
    await this.fh.close().catch(() => undefined);
  }

  private finish(): undefined {
    this.done = true;
    this.spans = [];
    this.view = Buffer.alloc(0);
    if (!this.pending) {
      for (const b of this.bufs) giveBuffer(b);
      this.bufs = [Buffer.alloc(0), Buffer.alloc(0)];
    }
    return undefined;
  }

  /** Starts reading the chunk before `pos` into the free buffer, with room for the carry. */
  private startRead(carry: number): Chunk | undefined {
    if (this.pos <= 0) return undefined;
    const len = Math.min(this.chunk, this.pos);
    const start = this.pos - len;
    const k = this.turn;
    if ((this.bufs[k] as Buffer).length < len + carry) {
      giveBuffer(this.bufs[k] as Buffer);
      this.bufs[k] = takeBuffer(len + carry, this.maxChunk);
    }
    const buf = this.bufs[k] as Buffer;
    this.turn ^= 1;
    this.pos = start;
    this.chunk = Math.min(this.maxChunk, this.chunk * 2);
    // Big chunks are read as two halves at once (two threads copy from the page cache).
    const part = async (from: number, to: number) => {
      let got = from;
      while (got < to) {
        const { bytesRead } = await this.fh.read(buf, got, to - got, start + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return got - from;
    };
    const half = len >= SPLIT_READ ? Math.floor(len / 2) : len;
    const read =
      half < len
        ? Promise.all([part(0, half), part(half, len)]).then(([a, b]) => (a < half ? a : a + b))
        : part(0, len);
    return { buf, start, len, read };
  }

  /**
   * Reads the next older chunk: the bytes before `pos`, then the carried head of the line that
   * the newer chunk began in the middle of. Only whole lines are searched; the older chunk is
   * read while this one is searched.
   */
  private async readChunk(): Promise<void> {
    const chunk = this.pending ?? this.startRead(this.carry);
    this.pending = undefined;
    if (!chunk) {
      this.done = true;
      return;
    }
    const got = await chunk.read;
    if (got < chunk.len) {
      // The file shrank (truncated under us): nothing older is worth reading.
      this.pos = 0;
      this.carry = 0;
      this.done = true;
      return;
    }
    const { buf, start, len } = chunk;
    if (this.carry > 0) {
      if (buf.length < len + this.carry) {
        const bigger = Buffer.allocUnsafe(len + this.carry);
        buf.copy(bigger, 0, 0, len);
        this.view.copy(bigger, len, 0, this.carry);
        giveBuffer(buf);
        this.bufs[this.turn ^ 1] = bigger;
        return this.continueWith(bigger, start, len);
      }
      this.view.copy(buf, len, 0, this.carry);
    }
    return this.continueWith(buf, start, len);
  }

  private continueWith(buf: Buffer, start: number, len: number): void {
    const view = buf.subarray(0, len + this.carry);
    let from = 0;
    if (start > 0) {
      const nl = view.indexOf(NL);
      if (nl < 0 || nl >= view.length) {
        // Still inside one line: carry all of it to the next chunk, up to MAX_LINE.
        if (view.length > MAX_LINE) {
          this.carry = 0;
          this.dropTail = true;
        } else {
          this.carry = view.length;
          this.view = view;
        }
        this.pending = this.startRead(this.carry);
        return;
      }
      from = nl + 1;
    }
    let to = view.length;
    if (this.dropTail) {
      // The end of this chunk is the start of a line too long to show.
      to = view.lastIndexOf(NL) + 1;
      this.dropTail = false;
    }
    this.view = view;
    this.carry = from;
    this.searched = start + from;
    this.pending = this.startRead(from);
    this.searchView(view, start, from, to);
  }

  private searchView(view: Buffer, start: number, from: number, to: number): void {
    this.view = view;
    this.chunkStart = start;
    this.collect(from, to);
    this.checkStart(from, to);
  }

  /** The spans of the lines in view[from, to) that contain the query (all lines without one). */
  private collect(from: number, to: number): void {
    const view = this.view;
    const spans = this.spans;
    const needle = this.needle;
    if (needle) {
      needle.tune(view.subarray(from, Math.min(to, from + FIRST_CHUNK)));
      needle.each(view, from, to, (at) => {
        const s = at > from ? view.lastIndexOf(NL, at - 1) + 1 : from;
        let e = view.indexOf(NL, at + needle.bytes.length);
        if (e < 0 || e >= to) e = to;
        spans.push(Math.max(s, from), e);
        return e + 1 >= to ? -1 : e + 1;
      });
      return;
    }
    let s = from;
    while (s < to) {
      let e = view.indexOf(NL, s);
      if (e < 0 || e >= to) e = to;
      if (e > s) spans.push(s, e);
      s = e + 1;
    }
  }

  /** When the chunk's oldest line is older than the range, nothing before it is read. */
  private checkStart(from: number, to: number): void {
    if (!Number.isFinite(this.opts.filter.start) || from >= to) return;
    let e = this.view.indexOf(NL, from);
    if (e < 0 || e >= to) e = to;
    const ts = parseLine(this.text(from, e), this.opts.format).ts;
    if (ts !== undefined && ts < this.opts.filter.start) this.stopAfterChunk = true;
  }

  private text(start: number, end: number): string {
    if (end > start && this.view[end - 1] === CR) end--;
    return this.view.toString('utf8', start, end);
  }

  /** The line at view[start, end) if it passes the filter; sets `done` past the range start. */
  private answer(start: number, end: number): SourceLine | undefined {
    if (end - start > MAX_LINE) return undefined;
    const raw = this.text(start, end);
    if (!raw.trim()) return undefined;
    const parsed = parseLine(raw, this.opts.format);
    const { filter } = this.opts;
    const ts = parsed.ts ?? this.lastTs ?? this.mtimeMs;
    if (parsed.ts !== undefined) this.lastTs = parsed.ts;
    if (ts > filter.end) return undefined;
    if (ts < filter.start) {
      // Written in time order: every line before a timed one this old is older still.
      if (parsed.ts !== undefined) this.done = true;
      return undefined;
    }
    const labels = { ...parsed.labels, ...this.opts.labels };
    if (!labelsMatch(labels, filter.labels)) return undefined;
    const resume: FileResume = { p: this.chunkStart + end, t: ts };
    const after: FileResume = { p: this.chunkStart + start, t: ts };
    return { ts, message: parsed.message, labels, resume, after };
  }
}
