import crypto from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import { PgListener } from '../playbooks/listener.js';

const ASK = 'vigil_owner_ask';
const DONE = 'vigil_owner_done';
/** A notification holds 8000 bytes; answers are kept under this. */
export const MAX_ANSWER_BYTES = 7000;

interface Ask {
  kind: string;
  key: string;
  work: string;
  reply: string;
}
interface Done {
  reply: string;
  answer: unknown;
}

/** What a kind of work does where it is owned, and how the owner is known. */
export interface RelayedWork<T> {
  /** The share key (canary or scraper id) of the work's id. */
  keyOf(work: string): Promise<string | undefined>;
  /** Runs it here (only called on the owner); its answer must fit a notification. */
  run(work: string): Promise<T | undefined>;
}

/**
 * "Run now" when replicas share the work (shares.ts): the replica that owns the work runs it,
 * whichever replica the request reached — so a check or a scrape still never runs twice at
 * once. The ask and the small answer travel by NOTIFY; no owner answering within the wait is
 * `undefined` (a replica died, and its work is moving).
 */
export class OwnerRelay {
  private readonly listener: PgListener;
  private readonly waiting = new Map<string, (done: Done) => void>();
  private readonly kinds = new Map<string, RelayedWork<unknown>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly owns: (key: string) => boolean,
    private readonly waitMs = 120_000,
  ) {
    this.listener = new PgListener(pool, log, {
      [ASK]: (payload) => void this.answer(JSON.parse(payload) as Ask),
      [DONE]: (payload) => {
        const done = JSON.parse(payload) as Done;
        this.waiting.get(done.reply)?.(done);
      },
    });
  }

  register<T>(kind: string, work: RelayedWork<T>): (id: string) => Promise<T | undefined> {
    this.kinds.set(kind, work as RelayedWork<unknown>);
    return (id) => this.run(kind, work, id);
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }

  private async run<T>(kind: string, work: RelayedWork<T>, id: string): Promise<T | undefined> {
    const key = await work.keyOf(id);
    if (!key) return undefined;
    if (this.owns(key)) return work.run(id);
    const reply = crypto.randomUUID();
    const answered = new Promise<Done | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), this.waitMs);
      this.waiting.set(reply, (done) => {
        clearTimeout(timer);
        resolve(done);
      });
    });
    try {
      const ask: Ask = { kind, key, work: id, reply };
      await this.pool.query('SELECT pg_notify($1, $2)', [ASK, JSON.stringify(ask)]);
      const done = await answered;
      return (done?.answer ?? undefined) as T | undefined;
    } finally {
      this.waiting.delete(reply);
    }
  }

  private async answer(ask: Ask): Promise<void> {
    const work = this.kinds.get(ask.kind);
    if (!work || !this.owns(ask.key)) return;
    try {
      const answer = (await work.run(ask.work)) ?? null;
      const done = JSON.stringify({ reply: ask.reply, answer } satisfies Done);
      if (Buffer.byteLength(done) > MAX_ANSWER_BYTES + 200)
        throw new Error(`the answer to ${ask.kind} ${ask.work} is too large to relay`);
      await this.pool.query('SELECT pg_notify($1, $2)', [DONE, done]);
    } catch (error) {
      this.log.warn(
        { err: error, kind: ask.kind, work: ask.work },
        'run asked by another replica failed',
      );
    }
  }
}

/** A scrape's outcome cut to fit a notification: its first errors, each at most 500 characters. */
export function relayable<T extends { errors: string[] }>(outcome: T | undefined): T | undefined {
  if (!outcome) return undefined;
  const errors = outcome.errors
    .slice(0, 10)
    .map((e) => (e.length > 500 ? `${e.slice(0, 500)}…` : e));
  return { ...outcome, errors };
}
