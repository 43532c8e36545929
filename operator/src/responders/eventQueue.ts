import type pg from 'pg';
import type { Logger } from 'pino';
import { backoffDelay } from '../db/backoff.js';

/** One row of event_queue as a handler sees it. */
export interface QueuedEvent {
  id: string;
  name: string;
  properties: Record<string, unknown>;
  /** Attempts made before this one. */
  attempts: number;
  /** The previous attempt's error, if any. */
  error: string | null;
  createdAt: Date;
}

export interface EventAttempt {
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** No retry follows if this attempt fails. */
  last: boolean;
  /** Aborted when the consumer stops or the attempt's deadline passes. */
  signal: AbortSignal;
  /**
   * The claim's own transaction: what a handler writes through it commits together with the
   * event's removal (exactly once), and is rolled back when the handler fails.
   */
  db: pg.PoolClient;
}

export type EventHandler = (event: QueuedEvent, attempt: EventAttempt) => Promise<void>;

/** A failure that retrying cannot fix (bad configuration): the event gives up at once. */
export class PermanentError extends Error {
  override name = 'PermanentError';
}

export interface EventQueueOptions {
  pool: pg.Pool;
  log: Logger;
  /** Handler per event name; the consumer claims only these names. */
  handlers: Record<string, EventHandler>;
  /** Attempts before an event is given up and left in the queue with its error (default 5). */
  maxAttempts?: number;
  /** Wait after the first failure; doubled after each further one (default 5 s). */
  backoffMs?: number;
  /** Longest wait between two attempts (default 10 min). */
  maxBackoffMs?: number;
  /** How often the queue is read without a notification (default 1 s). */
  pollMs?: number;
  /** Events handled at the same time (default 2). */
  concurrency?: number;
  /** Deadline of one attempt (default 2 min). */
  attemptTimeoutMs?: number;
  /** LISTEN on event_queue_updates to start at once on new events (default true). */
  listen?: boolean;
}

const CHANNEL = 'event_queue_updates';

interface Row {
  id: string;
  name: string;
  properties: Record<string, unknown> | null;
  attempts: number | null;
  error: string | null;
  created_at: Date;
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)) || 'unknown error';

/**
 * Consumes event_queue rows by name. Each event is claimed with FOR UPDATE SKIP LOCKED inside a
 * transaction that stays open while its handler runs, so replicas never take the same event and a
 * crash (the transaction rolls back) loses nothing: the event is simply taken again.
 *
 * Success deletes the row. Failure keeps it with attempts + 1, the error, last_attempt and the
 * backoff in `delay` (milliseconds after last_attempt); after maxAttempts it is no longer taken
 * and stays, with its error, for event_queue_summary / failed_events. enqueue_event() of the same
 * name and properties resets it (attempts 0), which is how a given-up event is retried.
 * Delivery is at least once: a crash after the handler's side effect and before COMMIT repeats it.
 */
export class EventQueueConsumer {
  private readonly names: string[];
  private readonly maxAttempts: number;
  private readonly stopController = new AbortController();
  private timer?: NodeJS.Timeout;
  private listener?: pg.PoolClient;
  private listening?: Promise<void>;
  private draining?: Promise<void>;
  private again = false;
  private started = false;
  private readFailures = 0;

  constructor(private readonly opts: EventQueueOptions) {
    this.names = Object.keys(opts.handlers);
    this.maxAttempts = opts.maxAttempts ?? 5;
  }

  /** Starts consuming; never throws (a failed LISTEN leaves polling). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.opts.listen !== false) await this.listen();
    this.tick();
  }

  async stop(): Promise<void> {
    this.stopController.abort();
    clearTimeout(this.timer);
    await this.draining?.catch(() => undefined);
    await this.listening;
    const client = this.listener;
    this.listener = undefined;
    if (client) {
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }

  /** Handles every event that is due now; resolves when none is left (tests, shutdown). */
  drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        const workers = Array.from({ length: this.opts.concurrency ?? 2 }, () => this.work());
        await Promise.all(workers);
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  /** The wait before attempt n + 1, after n failed attempts. */
  backoff(failures: number): number {
    const base = this.opts.backoffMs ?? 5000;
    const max = this.opts.maxBackoffMs ?? 10 * 60_000;
    return Math.min(max, base * 2 ** Math.max(0, failures - 1));
  }

  private get stopped(): boolean {
    return this.stopController.signal.aborted;
  }

  private tick(): void {
    if (this.stopped) return;
    let delayMs = this.opts.pollMs ?? 1000;
    void this.drain()
      .then(
        () => {
          this.readFailures = 0;
        },
        (error: unknown) => {
          // The database is away: poll (and reopen LISTEN) with backoff, not every second.
          delayMs = Math.max(delayMs, backoffDelay(this.readFailures++, { baseMs: delayMs }));
          this.opts.log.warn({ err: error, delayMs }, 'event queue read failed');
        },
      )
      .finally(() => {
        if (this.stopped) return;
        // A LISTEN connection lost with the database is opened again on the next tick.
        if (this.opts.listen !== false && !this.listener) void this.listen();
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.tick(), delayMs);
      });
  }

  /** Opens the LISTEN connection unless it is open or being opened. */
  private listen(): Promise<void> {
    this.listening ??= this.openListener().finally(() => {
      this.listening = undefined;
    });
    return this.listening;
  }

  private async openListener(): Promise<void> {
    let client: pg.PoolClient | undefined;
    try {
      client = await this.opts.pool.connect();
      client.on('notification', (msg) => {
        if (msg.payload && this.names.includes(msg.payload)) void this.drain().catch(() => {});
      });
      const own = client;
      own.on('error', (error) => {
        // Dropped with the database: released here, opened again on a later poll.
        if (this.listener !== own) return;
        this.opts.log.warn({ err: error }, 'event queue LISTEN connection lost');
        this.listener = undefined;
        own.release(error);
      });
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.stopped) {
        client.release();
        return;
      }
      this.listener = client;
    } catch (error) {
      this.opts.log.warn({ err: error }, 'event queue LISTEN failed; polling only');
      client?.release(error as Error);
    }
  }

  /** Takes and handles events one at a time until none is due. */
  private async work(): Promise<void> {
    while (!this.stopped && (await this.one())) {
      /* next */
    }
  }

  /** Claims and handles one due event; false when there is none. */
  private async one(): Promise<boolean> {
    const db = await this.opts.pool.connect();
    let broken: Error | undefined;
    try {
      await db.query('BEGIN');
      const { rows } = await db.query<Row>(
        `SELECT id, name, properties, attempts, error, created_at FROM event_queue
         WHERE name = ANY($1) AND coalesce(attempts, 0) < $2
           AND (last_attempt IS NULL
                OR last_attempt + coalesce(delay, 0) * interval '1 millisecond' <= clock_timestamp())
         ORDER BY priority DESC, created_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED`,
        [this.names, this.maxAttempts],
      );
      const row = rows[0];
      if (!row || this.stopped) {
        // Stopped while claiming: the event stays for the next consumer, untouched.
        await db.query(row ? 'ROLLBACK' : 'COMMIT');
        return false;
      }
      const handler = this.opts.handlers[row.name] as EventHandler;
      const attempts = row.attempts ?? 0;
      const attempt: EventAttempt = {
        attempt: attempts + 1,
        maxAttempts: this.maxAttempts,
        last: attempts + 1 >= this.maxAttempts,
        signal: AbortSignal.any([
          this.stopController.signal,
          AbortSignal.timeout(this.opts.attemptTimeoutMs ?? 120_000),
        ]),
        db,
      };
      const event: QueuedEvent = {
        id: row.id,
        name: row.name,
        properties: row.properties ?? {},
        attempts,
        error: row.error,
        createdAt: row.created_at,
      };
      try {
        await db.query('SAVEPOINT handler');
        await handler(event, attempt);
      } catch (error) {
        await db.query('ROLLBACK TO SAVEPOINT handler');
        if (this.stopped) {
          // Cut short by shutdown: not the event's fault, so it does not cost an attempt.
          await db.query('ROLLBACK');
          return false;
        }
        const permanent = error instanceof PermanentError;
        const failures = permanent ? this.maxAttempts : attempts + 1;
        const giveUp = failures >= this.maxAttempts;
        await db.query(
          `UPDATE event_queue SET attempts = $2, error = $3, last_attempt = clock_timestamp(),
             delay = $4 WHERE id = $1`,
          [row.id, failures, messageOf(error), giveUp ? null : this.backoff(failures)],
        );
        await db.query('COMMIT');
        this.opts.log[giveUp ? 'error' : 'warn'](
          { event: row.name, properties: event.properties, attempt: attempts + 1, err: error },
          giveUp ? 'event failed; giving up' : 'event failed; will retry',
        );
        return true;
      }
      await db.query('DELETE FROM event_queue WHERE id = $1', [row.id]);
      await db.query('COMMIT');
      return true;
    } catch (error) {
      broken = error as Error;
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      db.release(broken);
    }
  }
}
