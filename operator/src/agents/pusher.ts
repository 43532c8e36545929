import type { Logger } from 'pino';
import type pg from 'pg';
import client from 'prom-client';
import { telemetry } from './settings.js';
import type { AgentSpec } from './spec.js';
import { PUSH_TABLES, type PushTable } from './tables.js';
import { LOCAL_AGENT_ID } from '../ids.js';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** The rows of one push, and its size in bytes at most (the central Vigil takes 32 MiB). */
const PUSH_ROWS = 2000;
const PUSH_BYTES = 8 * 1024 * 1024;
/**
 * Results younger than this are left for the next push: a result's created_at is its writing
 * transaction's start, so one committing late could otherwise fall behind the cursor.
 */
const SETTLE_MS = 2000;

export interface PusherOptions {
  pool: pg.Pool;
  log: Logger;
  registry: client.Registry;
  /** The central Vigil's base URL. */
  upstream: string;
  token: string;
  intervalMs: number;
  /** Check results waiting at most; beyond it the oldest are dropped (and counted). */
  queueLimit: number;
  /** Called with the agent's settings as the central Vigil keeps them, after each push. */
  onSettings?: (settings: AgentSettings) => Promise<void>;
  fetch?: typeof fetch;
}

/** What the central Vigil keeps about this agent, returned with every push. */
export interface AgentSettings {
  id: string;
  name: string;
  properties: Record<string, unknown>;
  spec: Record<string, unknown>;
}

class PushError extends Error {}

/**
 * The agent side (docs/agents.md): every interval, what changed here goes to the central Vigil
 * in batches, parents first. The agent's own database is the queue, on disk: a row is marked
 * pushed only once the central Vigil has committed it, so nothing is lost while it is away — a
 * push that fails is tried again next time, and the central side applies replays idempotently.
 */
export class Pusher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private reachable = true;
  private readonly fetch: typeof fetch;
  settings?: AgentSettings;
  private readonly pushes: client.Counter<'outcome'>;
  private readonly dropped: client.Counter;
  private readonly queued: client.Gauge;

  constructor(private readonly o: PusherOptions) {
    this.fetch = o.fetch ?? fetch;
    const registers = [o.registry];
    this.pushes = new client.Counter({
      name: 'vigil_agent_pushes_total',
      help: 'Pushes to the central Vigil, by outcome (ok, failed)',
      labelNames: ['outcome'],
      registers,
    });
    this.dropped = new client.Counter({
      name: 'vigil_agent_push_dropped_total',
      help: 'Check results dropped from the push queue because it was full',
      registers,
    });
    this.queued = new client.Gauge({
      name: 'vigil_agent_push_queue',
      help: 'Check results waiting to be pushed to the central Vigil',
      registers,
    });
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.o.registry.removeSingleMetric('vigil_agent_pushes_total');
    this.o.registry.removeSingleMetric('vigil_agent_push_dropped_total');
    this.o.registry.removeSingleMetric('vigil_agent_push_queue');
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.cycle().finally(() => this.schedule(this.o.intervalMs));
    }, ms);
  }

  /** One round: everything waiting, table by table; a heartbeat when nothing was. */
  async cycle(): Promise<void> {
    try {
      let sent = 0;
      for (const table of PUSH_TABLES) {
        if (this.stopped) return;
        sent += table.appendOnly ? await this.pushResults(table) : await this.pushChanged(table);
      }
      if (!sent || this.wantsTelemetry()) await this.send({}, true);
      if (this.settings && this.o.onSettings)
        await this.o
          .onSettings(this.settings)
          .catch((error: unknown) =>
            this.o.log.warn({ err: error }, "could not apply the agent's settings"),
          );
      if (!this.reachable)
        this.o.log.info({ upstream: this.o.upstream }, 'central Vigil reachable again');
      this.reachable = true;
    } catch (error) {
      if (!(error instanceof PushError)) throw error;
      if (this.reachable)
        this.o.log.warn(
          { upstream: this.o.upstream, err: error.message },
          'cannot push to the central Vigil; keeping everything queued here',
        );
      this.reachable = false;
    }
  }

  /** Rows not yet pushed (new, or changed since), parents first; marked once accepted. */
  private async pushChanged(table: PushTable): Promise<number> {
    const t = `"${table.name}"`;
    const local = table.owned ? `AND agent_id = '${LOCAL_AGENT_ID}'` : '';
    let sent = 0;
    for (;;) {
      const { rows } = await this.o.pool.query<{ ctid: string; xmin: string; row: object }>(
        `SELECT ctid::text AS ctid, xmin::text AS xmin, to_jsonb(x) - 'is_pushed' - 'agent_id' AS row
           FROM ${t} x WHERE NOT is_pushed ${local} ORDER BY ${table.order} LIMIT ${PUSH_ROWS}`,
      );
      if (!rows.length) return sent;
      const batch = fitted(rows);
      await this.send({ [table.name]: batch.map((r) => r.row) });
      // A row changed since it was read keeps is_pushed false (its xmin moved): sent again.
      await this.o.pool.query(
        `UPDATE ${t} SET is_pushed = true
          WHERE (ctid, xmin::text) IN (SELECT unnest($1::tid[]), unnest($2::text[]))`,
        [batch.map((r) => r.ctid), batch.map((r) => r.xmin)],
      );
      sent += batch.length;
      if (rows.length < PUSH_ROWS && batch.length === rows.length) return sent;
    }
  }

  /** Check results past the cursor, oldest first; the cursor moves once they are accepted. */
  private async pushResults(table: PushTable): Promise<number> {
    let sent = 0;
    await this.dropOverflow();
    for (;;) {
      const cursor = await this.cursor();
      const { rows } = await this.o.pool.query<{
        row: object;
        created_at: string;
        check_id: string;
        time: string;
      }>(
        `SELECT to_jsonb(s) - 'is_pushed' AS row, created_at::text, check_id, time::text
           FROM check_statuses s
          WHERE created_at >= $1 AND (created_at, check_id, time) > ($1, $2, $3)
            AND created_at < now() - make_interval(secs => $4)
          ORDER BY ${table.order} LIMIT ${PUSH_ROWS}`,
        [cursor.created_at, cursor.check_id, cursor.time, SETTLE_MS / 1000],
      );
      if (!rows.length) break;
      const batch = fitted(rows);
      await this.send({ check_statuses: batch.map((r) => r.row) });
      const last = batch[batch.length - 1] as (typeof rows)[number];
      await this.saveCursor(last);
      sent += batch.length;
      if (rows.length < PUSH_ROWS && batch.length === rows.length) break;
    }
    this.queued.set(await this.pending());
    return sent;
  }

  private async cursor(): Promise<{ created_at: string; check_id: string; time: string }> {
    const { rows } = await this.o.pool.query<{
      created_at: string;
      check_id: string;
      time: string;
    }>(
      `SELECT created_at::text, check_id, time::text FROM agent_push_cursors WHERE name = 'check_statuses'`,
    );
    // Before every result: the smallest uuid, at the beginning of time.
    return rows[0] ?? { created_at: '-infinity', check_id: NIL_UUID, time: '-infinity' };
  }

  private async saveCursor(at: { created_at: string; check_id: string; time: string }) {
    await this.o.pool.query(
      `INSERT INTO agent_push_cursors (name, created_at, check_id, time)
       VALUES ('check_statuses', $1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET created_at = $1, check_id = $2, time = $3`,
      [at.created_at, at.check_id, at.time],
    );
  }

  private async pending(): Promise<number> {
    const c = await this.cursor();
    const { rows } = await this.o.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM check_statuses
        WHERE created_at >= $1 AND (created_at, check_id, time) > ($1, $2, $3)`,
      [c.created_at, c.check_id, c.time],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * The queue is bounded: while the central Vigil is away for long, the oldest waiting results
   * are given up (they stay here, in this agent's own history) so the newest still get through.
   */
  private async dropOverflow(): Promise<void> {
    const waiting = await this.pending();
    const over = waiting - this.o.queueLimit;
    if (over <= 0) return;
    const c = await this.cursor();
    const { rows } = await this.o.pool.query<{
      created_at: string;
      check_id: string;
      time: string;
    }>(
      `SELECT created_at::text, check_id, time::text FROM check_statuses
        WHERE created_at >= $1 AND (created_at, check_id, time) > ($1, $2, $3)
        ORDER BY created_at, check_id, time OFFSET $4 LIMIT 1`,
      [c.created_at, c.check_id, c.time, over - 1],
    );
    if (!rows[0]) return;
    await this.saveCursor(rows[0]);
    this.dropped.inc(over);
    this.o.log.warn(
      { dropped: over, limit: this.o.queueLimit },
      'push queue full: the oldest check results waiting for the central Vigil were dropped',
    );
  }

  private wantsTelemetry(): boolean {
    return (this.settings?.spec as AgentSpec | undefined)?.pushTelemetry?.enabled === true;
  }

  /** One push; the heartbeat at the end of a round carries telemetry when it is wanted. */
  private async send(batch: Record<string, object[]>, heartbeat = false): Promise<void> {
    const payload =
      heartbeat && this.wantsTelemetry()
        ? { ...batch, telemetry: telemetry(await this.pending()) }
        : batch;
    let res: Response;
    try {
      res = await this.fetch(new URL('/api/upstream/push', this.o.upstream), {
        method: 'POST',
        headers: { authorization: `Bearer ${this.o.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      this.pushes.inc({ outcome: 'failed' });
      throw new PushError((error as Error).message);
    }
    const body = (await res.json().catch(() => ({}))) as {
      message?: string;
      agent?: AgentSettings;
      skipped?: Record<string, number>;
    };
    if (!res.ok) {
      this.pushes.inc({ outcome: 'failed' });
      throw new PushError(`${res.status} ${body.message ?? res.statusText}`);
    }
    this.pushes.inc({ outcome: 'ok' });
    if (body.skipped && Object.keys(body.skipped).length)
      this.o.log.warn(
        { skipped: body.skipped },
        'the central Vigil left out rows whose parents it lacks',
      );
    if (body.agent) this.settings = body.agent;
  }
}

/** As many leading rows as fit in one push (always at least one). */
function fitted<T extends { row: object }>(rows: T[]): T[] {
  let bytes = 0;
  for (let i = 0; i < rows.length; i++) {
    bytes += JSON.stringify((rows[i] as T).row).length;
    if (bytes > PUSH_BYTES && i > 0) return rows.slice(0, i);
  }
  return rows;
}
