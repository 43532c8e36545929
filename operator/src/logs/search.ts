import fs from 'node:fs';
import type pg from 'pg';
import { denial, mayReachSome, type Subject } from '../auth/policy.js';
import { RowPolicyError } from '../auth/rowPolicy.js';
import { lookupConnection } from '../connections/lookup.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { ListingError, listPath } from '../health/runners/folder.js';
import { Sql } from '../http/routes/sql.js';
import { componentScope } from '../topology/query.js';
import { FileSource, LogFileError, MAX_CHUNK, type FileResume } from './fileSource.js';
import type { LogLine } from './line.js';
import { LokiError, LokiSource, type LokiResume } from './loki.js';
import { RingSource, vigilLogs, type LogRing, type RingResume } from './ring.js';
import { BackendSpecError, parseBackendSpec, type BackendSpec } from './spec.js';
import type { LineFilter, LineSource, SourceLine } from './source.js';

/**
 * POST /api/logs (docs/logs.md): the lines of one of a component's logs, newest first, a page
 * at a time. The component's log selector ({name, type, labels}) chooses the log backends
 * (of that type, whose labels agree with the selector's) and the lines (every selector label
 * must be among a line's labels; a line carries its backend's labels). Sources — each file,
 * Vigil's own log ring, each Loki backend — are merged by time; reading stops when the page is
 * full, and the cursor answered with it resumes each source where the page left it.
 */

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
export const DEFAULT_START = 'now-1h';
/** How long one page may search before answering what it found (with a cursor to go on). */
export const SEARCH_BUDGET_MS = 20_000;
/** Files one file backend may read at once. */
export const MAX_FILES = 500;
/** What all the files of one backend may read at once (two chunk buffers each). */
const CHUNK_BUDGET = 32 * 1024 * 1024;
const COMPRESSED = /\.(gz|bz2|xz|zst|zip|lz4|7z)$/i;

export interface LogSelector {
  name: string;
  type?: string;
  labels: Record<string, string>;
}

export interface LogsQuery {
  /** The component. */
  id: string;
  /** Its log selector's name; the first when left out. */
  name?: string;
  query: string;
  labels: Record<string, string>;
  /** ms since the epoch. */
  start: number;
  end: number;
  limit: number;
  cursor?: string;
}

export interface LogsPage {
  /** The number of lines in this page. */
  total: number;
  results: LogLine[];
  /** Pass back as `cursor` for the next (older) page; absent on the last page. */
  next?: string;
  /** Backends that could not be read (the other backends' lines are still answered). */
  errors?: { backend: string; message: string }[];
  /** The search ran out of time before the page was full; `next` goes on from there. */
  partial?: boolean;
}

export interface SearchOptions {
  ring?: LogRing;
  signal?: AbortSignal;
  budgetMs?: number;
}

interface Cursor {
  v: 1;
  id: string;
  name: string;
  q: string;
  start: number;
  end: number;
  /** Each source's resume point; null when it has no more lines. */
  s: Record<string, unknown>;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (c.v === 1 && typeof c.s === 'object' && c.s && typeof c.start === 'number') return c;
  } catch {
    // answered below
  }
  throw badRequest('cursor is not one this server answered');
}

/** The log selectors a component row holds (components.log_selectors), well-formed ones only. */
export function logSelectors(value: unknown): LogSelector[] {
  if (!Array.isArray(value)) return [];
  const out: LogSelector[] = [];
  for (const s of value) {
    if (!s || typeof s !== 'object') continue;
    const { name, type, labels } = s as Record<string, unknown>;
    if (typeof name !== 'string' || !name) continue;
    const l: Record<string, string> = {};
    if (labels && typeof labels === 'object' && !Array.isArray(labels))
      for (const [k, v] of Object.entries(labels))
        if (v !== null && v !== undefined) l[k] = String(v);
    out.push({ name, ...(typeof type === 'string' && type ? { type } : {}), labels: l });
  }
  return out;
}

interface BackendRow {
  id: string;
  name: string;
  labels: unknown;
  spec: unknown;
}

const stringLabels = (v: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object' && !Array.isArray(v))
    for (const [k, x] of Object.entries(v)) if (x !== null && x !== undefined) out[k] = String(x);
  return out;
};

/** A backend serves a selector when its kind is the selector's type and no label disagrees. */
export function serves(
  kind: string,
  backendLabels: Record<string, string>,
  selector: { type?: string; labels: Record<string, string> },
): boolean {
  if (selector.type && selector.type !== kind) return false;
  return Object.entries(backendLabels).every(
    ([k, v]) => selector.labels[k] === undefined || selector.labels[k] === v,
  );
}

async function loadComponent(pool: pg.Pool, subject: Subject, id: string) {
  // Components are read under topology: a global deny there hides every component's logs.
  if (!mayReachSome(subject, 'topologies', 'read', ['component']))
    throw forbidden(denial(subject, 'topologies', 'read'));
  const sql = new Sql();
  const idParam = sql.bind(id);
  let scope: string | undefined;
  try {
    scope = componentScope(subject, sql)('c');
  } catch (error) {
    if (error instanceof RowPolicyError) throw forbidden(denial(subject, 'topologies', 'read'));
    throw error;
  }
  const { rows } = await pool.query<{ id: string; name: string; log_selectors: unknown }>(
    `SELECT c.id, c.name, c.log_selectors FROM components c
     WHERE c.id = ${idParam} AND c.deleted_at IS NULL${scope ? ` AND (${scope})` : ''}`,
    sql.params,
  );
  return rows[0];
}

/** Chooses the component's selector: by name, or its first. */
export function chooseSelector(
  component: { name: string; log_selectors: unknown },
  name: string | undefined,
): LogSelector {
  const selectors = logSelectors(component.log_selectors);
  if (!selectors.length) throw badRequest(`component "${component.name}" has no logs`);
  if (name === undefined || name === '') return selectors[0] as LogSelector;
  const found = selectors.find((s) => s.name === name);
  if (!found)
    throw badRequest(
      `component "${component.name}" has no logs named "${name}"; it has: ${selectors.map((s) => s.name).join(', ')}`,
    );
  return found;
}

interface Built {
  sources: LineSource[];
  /** Each source's backend name, by source key. */
  names: Map<string, string>;
  errors: { backend: string; message: string }[];
  matched: number;
}

async function fileSources(
  backend: BackendRow & { labels: Record<string, string> },
  spec: Extract<BackendSpec, { kind: 'file' }>['file'],
  filter: LineFilter,
  cursor: Cursor | undefined,
  errors: Built['errors'],
  until: { deadline: number; signal?: AbortSignal },
): Promise<LineSource[]> {
  const sources: LineSource[] = [];
  const files: { path: string; key: string; resume?: FileResume }[] = [];
  const seen = new Set<string>();
  let refused = false;
  for (const glob of spec.paths) {
    let entries;
    try {
      ({ entries } = await listPath(glob, { filesOnly: true }));
    } catch (error) {
      if (!(error instanceof ListingError)) throw error;
      errors.push({ backend: backend.name, message: error.message });
      continue;
    }
    for (const entry of entries) {
      if (entry.is_dir || COMPRESSED.test(entry.path)) continue;
      let st: fs.Stats;
      try {
        st = await fs.promises.stat(entry.path);
      } catch {
        continue; // gone since it was listed
      }
      if (!st.isFile()) continue;
      // By device and inode: a file renamed by rotation is still the same source.
      const key = `f:${backend.id}:${st.dev}:${st.ino}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const resume = cursor?.s[key];
      if (cursor && !resume) continue; // new since the first page, or already read to the end
      if (files.length >= MAX_FILES) {
        if (!refused)
          errors.push({
            backend: backend.name,
            message: `more than ${MAX_FILES} files match: only the ${MAX_FILES} first are read`,
          });
        refused = true;
        continue;
      }
      files.push({ path: entry.path, key, resume: resume as FileResume | undefined });
    }
  }
  // Each file reads in chunks of up to 4 MiB, less when there are many: at most ~64 MiB in all.
  const maxChunk = Math.min(
    MAX_CHUNK,
    Math.max(64 * 1024, Math.floor(CHUNK_BUDGET / files.length)),
  );
  for (const f of files) {
    try {
      sources.push(
        await FileSource.open(f.path, {
          key: f.key,
          format: spec.format,
          labels: { file: f.path, ...backend.labels },
          filter,
          resume: f.resume,
          until,
          maxChunk,
        }),
      );
    } catch (error) {
      if (!(error instanceof LogFileError)) throw error;
      errors.push({ backend: backend.name, message: error.message });
    }
  }
  return sources;
}

async function buildSources(
  pool: pg.Pool,
  selector: LogSelector,
  filter: LineFilter,
  cursor: Cursor | undefined,
  opts: SearchOptions,
  deadline: number,
): Promise<Built> {
  const { rows } = await pool.query<BackendRow>(
    `SELECT id, name, labels, spec FROM logging_backends
     WHERE deleted_at IS NULL ORDER BY name, id`,
  );
  const built: Built = { sources: [], names: new Map(), errors: [], matched: 0 };
  const wanted = filter.labels;
  for (const row of rows) {
    const backend = { ...row, labels: stringLabels(row.labels) };
    let spec: BackendSpec;
    try {
      spec = parseBackendSpec(row.spec);
    } catch (error) {
      if (!(error instanceof BackendSpecError)) throw error;
      // Reported when it might have served this selector.
      const kind = BACKEND_KIND_OF(row.spec);
      if (serves(kind ?? selector.type ?? '', backend.labels, { ...selector, labels: wanted }))
        built.errors.push({ backend: row.name, message: `invalid spec: ${error.message}` });
      continue;
    }
    if (!serves(spec.kind, backend.labels, { type: selector.type, labels: wanted })) continue;
    built.matched++;
    const resumeOf = (key: string) => (cursor ? cursor.s[key] : undefined);
    try {
      if (spec.kind === 'file') {
        built.sources.push(
          ...(await fileSources(backend, spec.file, filter, cursor, built.errors, {
            deadline,
            signal: opts.signal,
          })),
        );
      } else if (spec.kind === 'vigil') {
        const key = `v:${row.id}`;
        if (cursor && !resumeOf(key)) continue;
        built.sources.push(
          new RingSource(
            key,
            opts.ring ?? vigilLogs,
            backend.labels,
            filter,
            resumeOf(key) as RingResume | undefined,
          ),
        );
      } else {
        const key = `l:${row.id}`;
        if (cursor && !resumeOf(key)) continue;
        const target = {
          url: spec.loki.url ?? '',
          selector: spec.loki.selector,
          tenant: spec.loki.tenant,
        } as {
          url: string;
          selector?: string;
          tenant?: string;
          username?: string;
          password?: string;
        };
        if (spec.loki.connection) {
          const conn = await lookupConnection(pool, spec.loki.connection, 'default');
          if (!conn) throw new LokiError(`connection ${spec.loki.connection} not found`);
          target.url = spec.loki.url ?? conn.url ?? '';
          if (conn.username) target.username = conn.username;
          if (conn.password) target.password = conn.password;
          if (!target.url) throw new LokiError(`connection ${spec.loki.connection} has no url`);
        }
        // The wanted labels this backend's own labels do not already give go to Loki.
        const streamLabels = Object.fromEntries(
          Object.entries(wanted).filter(([k]) => backend.labels[k] === undefined),
        );
        built.sources.push(
          new LokiSource(
            key,
            target,
            backend.labels,
            filter,
            streamLabels,
            resumeOf(key) as LokiResume | undefined,
            opts.signal,
          ),
        );
      }
    } catch (error) {
      if (!(error instanceof LokiError)) throw error;
      built.errors.push({ backend: row.name, message: error.message });
    }
    for (const source of built.sources)
      if (!built.names.has(source.key)) built.names.set(source.key, row.name);
  }
  return built;
}

const BACKEND_KIND_OF = (spec: unknown): string | undefined => {
  if (!spec || typeof spec !== 'object') return undefined;
  return ['file', 'vigil', 'loki'].find((k) => k in (spec as object));
};

interface Slot {
  source: LineSource;
  head?: SourceLine;
  last?: SourceLine;
  done: boolean;
}

/**
 * Takes lines from the sources, newest first, until `limit` or the budget runs out. A source is
 * read only when its next line could be the newest: its upper bound beats every line in hand.
 */
async function merge(
  slots: Slot[],
  limit: number,
  deadline: number,
  signal: AbortSignal | undefined,
  onError: (slot: Slot, error: Error) => void,
): Promise<{ lines: SourceLine[]; partial: boolean }> {
  const lines: SourceLine[] = [];
  while (lines.length < limit) {
    if (signal?.aborted) break;
    if (Date.now() > deadline) return { lines, partial: true };
    let best: Slot | undefined;
    let bestTs = Number.NEGATIVE_INFINITY;
    for (const slot of slots) {
      if (slot.done) continue;
      const ts = slot.head ? slot.head.ts : slot.source.upper();
      // On a tie, a line in hand beats a source that has not been read.
      if (!best || ts > bestTs || (ts === bestTs && slot.head && !best.head)) {
        best = slot;
        bestTs = ts;
      }
    }
    if (!best) break;
    if (!best.head) {
      try {
        best.head = await best.source.next();
      } catch (error) {
        onError(best, error as Error);
        best.done = true;
        continue;
      }
      if (!best.head) {
        // Out of time inside a long stretch without matches: answer what there is.
        if (best.source.stopped?.() !== undefined) return { lines, partial: true };
        best.done = true;
      }
      continue;
    }
    lines.push(best.head);
    best.last = best.head;
    best.head = undefined;
  }
  return { lines, partial: false };
}

/** One page of a component's log lines. */
export async function searchLogs(
  pool: pg.Pool,
  subject: Subject,
  q: LogsQuery,
  opts: SearchOptions = {},
): Promise<LogsPage> {
  const component = await loadComponent(pool, subject, q.id);
  if (!component) throw notFound(`component ${q.id} not found`);
  const selector = chooseSelector(component, q.name);
  const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
  if (cursor && (cursor.id !== q.id || cursor.name !== selector.name || cursor.q !== q.query))
    throw badRequest('cursor belongs to another search: start again without it');
  const filter: LineFilter = {
    query: q.query,
    start: cursor ? cursor.start : q.start,
    end: cursor ? cursor.end : q.end,
    labels: { ...selector.labels, ...q.labels },
  };
  const deadline = Date.now() + (opts.budgetMs ?? SEARCH_BUDGET_MS);
  const built = await buildSources(pool, selector, filter, cursor, opts, deadline);
  const errors = built.errors;
  if (!built.matched && !cursor)
    errors.push({
      backend: '',
      message: `no log backend serves "${selector.name}"${selector.type ? ` (type ${selector.type})` : ''}${Object.keys(filter.labels).length ? ` with labels ${JSON.stringify(filter.labels)}` : ''}`,
    });
  const slots: Slot[] = built.sources.map((source) => ({ source, done: false }));
  const backendOf = (key: string) => built.names.get(key) ?? key;
  try {
    const { lines, partial } = await merge(slots, q.limit, deadline, opts.signal, (slot, error) =>
      errors.push({ backend: backendOf(slot.source.key), message: error.message }),
    );
    const state: Record<string, unknown> = {};
    let more = false;
    for (const slot of slots) {
      const at = slot.head
        ? slot.head.resume
        : slot.done
          ? null
          : (slot.source.stopped?.() ?? (slot.last ? slot.last.after : slot.source.initial()));
      if (at !== null) {
        state[slot.source.key] = at;
        more = true;
      }
    }
    const page: LogsPage = {
      total: lines.length,
      results: lines.map((l) => ({
        timestamp: new Date(l.ts).toISOString(),
        message: l.message,
        labels: l.labels,
      })),
    };
    if (more)
      page.next = encodeCursor({
        v: 1,
        id: q.id,
        name: selector.name,
        q: q.query,
        start: filter.start,
        end: filter.end,
        s: state,
      });
    if (errors.length) page.errors = dedupe(errors);
    if (partial) page.partial = true;
    return page;
  } finally {
    await Promise.all(built.sources.map((s) => s.close()));
  }
}

function dedupe(errors: { backend: string; message: string }[]) {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.backend}\n${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
