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
const MAX_CHUNK = 4 * 1024 * 1024;
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
}

export class FileSource implements LineSource {
  readonly key: string;
  private buf: Buffer = Buffer.alloc(0);
  private view: Buffer = Buffer.alloc(0);
  private chunk = FIRST_CHUNK;
  /** Absolute offset of view[0]. */
  private chunkStart = 0;
  /** Bytes before this are still to be read. */
  private pos: number;
  /** Line spans [start, end) in `view` still to answer, consumed from the end. */
  private spans: number[] = [];
  private stopAfterChunk = false;
  private done = false;
  private lastTs: number | undefined;
  private readonly needle: Buffer | undefined;

  private constructor(
    private readonly fh: fs.promises.FileHandle,
    size: number,
    private readonly mtimeMs: number,
    private readonly opts: FileSourceOptions,
  ) {
    this.key = opts.key;
    this.pos = Math.min(size, opts.resume?.p ?? size);
    this.lastTs = opts.resume?.t;
    this.needle = opts.filter.query ? Buffer.from(opts.filter.query) : undefined;
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

  upper(): number {
    return this.lastTs ?? this.mtimeMs;
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
      if (this.done || this.stopAfterChunk || this.pos <= 0) return this.finish();
      await this.readChunk();
    }
  }

  async close(): Promise<void> {
    this.finish();
    await this.fh.close().catch(() => undefined);
  }

  private finish(): undefined {
    this.done = true;
    this.spans = [];
    this.buf = this.view = Buffer.alloc(0);
    return undefined;
  }

  /** Reads the bytes before `pos`: whole lines only, the chunk growing up to MAX_CHUNK. */
  private async readChunk(): Promise<void> {
    let size = this.chunk;
    for (;;) {
      const len = Math.min(size, this.pos);
      const start = this.pos - len;
      if (this.buf.length < len) this.buf = Buffer.allocUnsafe(Math.max(len, this.chunk));
      const view = this.buf.subarray(0, len);
      let got = 0;
      while (got < len) {
        const { bytesRead } = await this.fh.read(view, got, len - got, start + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      if (got < len) {
        // The file shrank (truncated under us): what is left of it is all there is.
        this.pos = 0;
        return;
      }
      let from = 0;
      if (start > 0) {
        const nl = view.indexOf(NL);
        if (nl < 0) {
          if (size < MAX_LINE && size < this.pos) {
            size *= 2;
            continue;
          }
          this.pos = start; // a line longer than MAX_LINE: skipped
          return;
        }
        from = nl + 1;
      }
      this.view = view;
      this.chunkStart = start;
      this.collect(from, len);
      this.checkStart(from, len);
      this.pos = start + from;
      this.chunk = Math.min(MAX_CHUNK, this.chunk * 2);
      return;
    }
  }

  /** The spans of the lines in view[from, to) that contain the query (all lines without one). */
  private collect(from: number, to: number): void {
    const view = this.view;
    const spans = this.spans;
    const needle = this.needle;
    if (needle) {
      let i = view.indexOf(needle, from);
      while (i >= 0) {
        const s = i > from ? view.lastIndexOf(NL, i - 1) + 1 : from;
        let e = view.indexOf(NL, i + needle.length);
        if (e < 0) e = to;
        spans.push(Math.max(s, from), e);
        if (e + 1 >= to) break;
        i = view.indexOf(needle, e + 1);
      }
      return;
    }
    let s = from;
    while (s < to) {
      let e = view.indexOf(NL, s);
      if (e < 0) e = to;
      if (e > s) spans.push(s, e);
      s = e + 1;
    }
  }

  /** When the chunk's oldest line is older than the range, nothing before it is read. */
  private checkStart(from: number, to: number): void {
    if (!Number.isFinite(this.opts.filter.start) || from >= to) return;
    let e = this.view.indexOf(NL, from);
    if (e < 0) e = to;
    const ts = parseLine(this.text(from, e), this.opts.format).ts;
    if (ts !== undefined && ts < this.opts.filter.start) this.stopAfterChunk = true;
  }

  private text(start: number, end: number): string {
    if (end > start && this.view[end - 1] === CR) end--;
    return this.view.toString('utf8', start, end);
  }

  /** The line at view[start, end) if it passes the filter; sets `done` past the range start. */
  private answer(start: number, end: number): SourceLine | undefined {
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
    return { ts, message: parsed.message, labels, resume };
  }
}
