import { parseLine } from './line.js';
import type { LineFilter, LineSource, SourceLine } from './source.js';

/**
 * A Loki-compatible server read through its query_range API
 * (GET {url}/loki/api/v1/query_range, direction=backward), newest line first, a batch at a time.
 * The stream selector is the backend's `selector` with the wanted labels added; the query
 * becomes a line filter (`|= "text"`, case-sensitive like the other backends).
 */

export class LokiError extends Error {}

export interface LokiTarget {
  url: string;
  username?: string;
  password?: string;
  /** X-Scope-OrgID, for multi-tenant servers. */
  tenant?: string;
  /** A stream selector such as {namespace="shop"}; the wanted labels are added to it. */
  selector?: string;
}

/** Where a Loki source resumes: below `e` (ns, exclusive) less the `k` lines already answered at e-1. */
export interface LokiResume {
  e: string;
  k: number;
}

const BATCH = 500;
/** Loki's own default max_entries_limit_per_query. */
const MAX_LIMIT = 5000;
const TIMEOUT_MS = 30_000;

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A LogQL string literal. */
function quote(text: string): string {
  return text.includes('`') ? JSON.stringify(text) : `\`${text}\``;
}

/** The LogQL query: the selector with the wanted labels, then the line filter. */
export function logQuery(
  selector: string | undefined,
  labels: Record<string, string>,
  query: string,
) {
  const matchers: string[] = [];
  const base = selector
    ?.trim()
    .replace(/^\{|\}$/g, '')
    .trim();
  if (base) matchers.push(base);
  for (const [k, v] of Object.entries(labels)) {
    if (!LABEL_NAME.test(k)) throw new LokiError(`"${k}" is not a Loki label name`);
    matchers.push(`${k}=${JSON.stringify(v)}`);
  }
  if (!matchers.length)
    throw new LokiError(
      'a Loki backend needs a stream selector: set spec.loki.selector or labels on the log selector',
    );
  return `{${matchers.join(', ')}}${query ? ` |= ${quote(query)}` : ''}`;
}

interface LokiAnswer {
  status?: string;
  data?: {
    resultType?: string;
    result?: { stream?: Record<string, string>; values?: [string, string][] }[];
  };
}

interface Entry {
  ns: bigint;
  line: string;
  stream: Record<string, string>;
}

export class LokiSource implements LineSource {
  private end: bigint;
  /** Lines at end-1 already answered (they come first in the next batch and are dropped). */
  private skip: number;
  private readonly startNs: bigint;
  private batch: Entry[] = [];
  private exhausted = false;
  private readonly logql: string;
  private readonly first: LokiResume;

  constructor(
    readonly key: string,
    private readonly target: LokiTarget,
    private readonly labels: Record<string, string>,
    filter: LineFilter,
    /** The wanted labels the backend's own labels do not already give. */
    streamLabels: Record<string, string>,
    resume?: LokiResume,
    private readonly signal?: AbortSignal,
  ) {
    const endNs = BigInt(Math.floor(filter.end)) * 1_000_000n + 1_000_000n;
    this.end = resume ? BigInt(resume.e) : endNs;
    this.skip = resume?.k ?? 0;
    this.startNs = Number.isFinite(filter.start)
      ? BigInt(Math.floor(filter.start)) * 1_000_000n
      : 0n;
    this.logql = logQuery(target.selector, streamLabels, filter.query);
    this.first = { e: this.end.toString(), k: this.skip };
  }

  initial(): LokiResume {
    return this.first;
  }

  upper(): number {
    const head = this.batch[0];
    return Number((head ? head.ns : this.end) / 1_000_000n);
  }

  async next(): Promise<SourceLine | undefined> {
    if (!this.batch.length && !this.exhausted) await this.fetch();
    const entry = this.batch.shift();
    if (!entry) return undefined;
    // Answered lines at this nanosecond: this one is the skip-th.
    const at = entry.ns + 1n;
    if (at !== this.end) {
      this.end = at;
      this.skip = 0;
    }
    const k = this.skip++;
    const parsed = parseLine(entry.line, 'auto');
    return {
      ts: Number(entry.ns / 1_000_000n),
      message: parsed.message,
      labels: { ...parsed.labels, ...entry.stream, ...this.labels },
      resume: { e: at.toString(), k } satisfies LokiResume,
      after: { e: at.toString(), k: k + 1 } satisfies LokiResume,
    };
  }

  async close(): Promise<void> {}

  private async fetch(): Promise<void> {
    if (this.end <= this.startNs) {
      this.exhausted = true;
      return;
    }
    const limit = Math.min(MAX_LIMIT, BATCH + this.skip);
    const params = new URLSearchParams({
      query: this.logql,
      start: this.startNs.toString(),
      end: this.end.toString(),
      limit: String(limit),
      direction: 'backward',
    });
    const url = `${this.target.url.replace(/\/+$/, '')}/loki/api/v1/query_range?${params}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.target.username !== undefined || this.target.password !== undefined)
      headers.Authorization = `Basic ${Buffer.from(`${this.target.username ?? ''}:${this.target.password ?? ''}`).toString('base64')}`;
    if (this.target.tenant) headers['X-Scope-OrgID'] = this.target.tenant;
    const signals = [AbortSignal.timeout(TIMEOUT_MS), ...(this.signal ? [this.signal] : [])];
    let res: Response;
    try {
      res = await fetch(url, { headers, signal: AbortSignal.any(signals) });
    } catch (error) {
      throw new LokiError(`cannot reach ${this.target.url}: ${(error as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok)
      throw new LokiError(
        `${this.target.url} answered ${res.status}: ${text.slice(0, 300).trim()}`,
      );
    let body: LokiAnswer;
    try {
      body = JSON.parse(text) as LokiAnswer;
    } catch {
      throw new LokiError(`${this.target.url} did not answer JSON`);
    }
    if (body.status !== 'success' || body.data?.resultType !== 'streams')
      throw new LokiError(`${this.target.url} did not answer log streams`);
    const entries: (Entry & { key: string })[] = [];
    for (const s of body.data.result ?? []) {
      const stream = s.stream ?? {};
      const key = JSON.stringify(Object.entries(stream).sort(([a], [b]) => (a < b ? -1 : 1)));
      for (const [ns, line] of s.values ?? []) {
        if (!/^\d+$/.test(ns) || typeof line !== 'string') continue;
        entries.push({ ns: BigInt(ns), line, stream, key });
      }
    }
    // One order for lines of the same nanosecond, whatever order Loki gives them in, so that
    // a page ending among them resumes right (the next query skips the ones answered).
    entries.sort((a, b) =>
      a.ns !== b.ns
        ? a.ns > b.ns
          ? -1
          : 1
        : a.key !== b.key
          ? a.key < b.key
            ? -1
            : 1
          : a.line < b.line
            ? -1
            : a.line > b.line
              ? 1
              : 0,
    );
    if (entries.length < limit) this.exhausted = true;
    else {
      // Cut off by the limit: the oldest nanosecond may be missing lines, and which ones Loki
      // left out is arbitrary. Leave it to the next query, which starts with all of it.
      const oldest = (entries[entries.length - 1] as Entry).ns;
      if ((entries[0] as Entry).ns !== oldest)
        while ((entries[entries.length - 1] as Entry).ns === oldest) entries.pop();
    }
    // Lines at end-1 answered on an earlier page (or batch) come first: leave them out.
    let drop = 0;
    while (drop < this.skip && entries[drop]?.ns === this.end - 1n) drop++;
    this.batch = entries.slice(drop);
    if (!this.batch.length && !this.exhausted) {
      // A nanosecond holding more lines than one query answers: go on below it.
      this.end -= 1n;
      this.skip = 0;
      await this.fetch();
    }
  }
}
