/**
 * A source of log lines, newest first: one file, Vigil's own log ring, or one Loki backend.
 * The search merges sources by time and stops when its page is full.
 */

/** What every source filters by before answering a line. */
export interface LineFilter {
  /** Lines must contain this text exactly (case-sensitive), like `grep -F`; empty: every line. */
  query: string;
  /** Lines older than this (ms since the epoch) are left out. */
  start: number;
  /** Lines newer than this are left out. */
  end: number;
  /** Every one of these must be among the line's labels. */
  labels: Readonly<Record<string, string>>;
}

export interface SourceLine {
  /** Milliseconds since the epoch. */
  ts: number;
  message: string;
  labels: Record<string, string>;
  /** Where this source resumes so that this line is the next it answers (in a page cursor). */
  resume: unknown;
  /** Where it resumes so that the line after this one is the next it answers. */
  after: unknown;
}

export interface LineSource {
  /** Names the source in a page cursor. */
  readonly key: string;
  /** Where it resumes to answer what it would have answered first (for a cursor). */
  initial(): unknown;
  /** No line still to come is newer than this (ms); +Infinity when unknown. */
  upper(): number;
  /** The next line, newest first; undefined when there are no more (or it stopped). */
  next(): Promise<SourceLine | undefined>;
  /** When next() answered undefined for lack of time, where to resume; else undefined. */
  stopped?(): unknown;
  close(): Promise<void>;
}
