import type pg from 'pg';
import type { Logger } from 'pino';
import { NotifyError, send, type Service } from '../notify/index.js';
import { toRule } from '../auth/identity.js';
import { refusal } from '../playbooks/access.js';
import { PgListener } from '../playbooks/listener.js';
import { PLAYBOOK_COLUMNS, type PlaybookRow } from '../playbooks/match.js';
import { loadTarget, type TargetKind } from '../playbooks/resources.js';
import { createRun } from '../playbooks/runs.js';
import { durationMs } from '../playbooks/spec.js';
import { RULE_COLUMNS } from './decide.js';
import { currentHealth, loadEventContext } from './eventContext.js';
import { renderMessage, TemplateError } from './messages.js';
import { resolveRecipient, type Delivery } from './recipients.js';
import { activeSilence } from './silences.js';
import { OPEN_STATUSES, type EventContext, type RuleRow, type SendRow } from './types.js';

export interface DispatcherOptions {
  pool: pg.Pool;
  log: Logger;
  /** Where links in messages point (the console). */
  baseUrl: string;
  smtpUrl?: string;
  endpoints?: Partial<Record<Service, string>>;
  /** Sends in flight at once (default 20). */
  concurrency?: number;
  /** How often due rows are looked for besides NOTIFY wake-ups (default 1 s). */
  pollMs?: number;
  /** First retry after this long, doubling each time (default 5 s, at most 5 min). */
  retryBaseMs?: number;
  /** Attempts before a send is given up and the fallback tried (default 5). */
  maxAttempts?: number;
  /** A claimed row is taken again after this long if its sender died (default 2 min). */
  leaseMs?: number;
  /** One send's time limit (default 30 s). */
  sendTimeoutMs?: number;
  /** History older than this is deleted, once an hour (default 30 days). */
  retentionDays?: number;
}

const ENDED_RUN = ['completed', 'failed', 'timed_out', 'cancelled'];

/** The columns of a claimed send row (SendRow), as the claim queries return them. */
const SEND_COLUMNS = `h.id, h.notification_id, h.status, h.source_event, h.resource_id, h.attempts,
  h.first_observed, h.created_at, h.parent_id, h.group_id, h.playbook_run_id, h.payload`;

/** Why a send did not happen, as a person reads it, and whether trying again can help. */
class Failure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * Sends what decide.ts left pending. Rows are claimed with FOR UPDATE SKIP LOCKED and leased
 * (not_before pushed ahead) before anything is sent, so replicas never send the same row twice
 * and a sender that dies mid-send leaves the row to be taken again when the lease ends
 * (at least once). Each outcome is written to the row itself; a failed attempt stays as an
 * `error` row and the retry is a new `pending` row (parent_id), so history shows error, then
 * sent — and after the last attempt, the fallback recipient.
 */
export class NotificationDispatcher {
  private readonly active = new Set<Promise<void>>();
  private readonly listener: PgListener;
  private timer?: NodeJS.Timeout;
  private claiming?: Promise<void>;
  private again = false;
  private stopped = false;
  private readonly stopController = new AbortController();

  constructor(private readonly opts: DispatcherOptions) {
    this.listener = new PgListener(opts.pool, opts.log, {
      notification_sends_due: () => void this.wake(),
    });
  }

  async start(): Promise<void> {
    await this.listener.start();
    this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopController.abort();
    await this.claiming?.catch(() => undefined);
    await Promise.all([...this.active]);
    await this.listener.stop();
  }

  /** Sends everything due now, and waits for those sends (tests and the bench). */
  async drain(): Promise<void> {
    do {
      await this.wake();
      // A send that ends claims the next ones (its finally wakes): those are leased, so not
      // due, and not in an earlier snapshot of `active` — wait until none is in flight.
      while (this.active.size > 0 || this.claiming)
        await Promise.all([...this.active, this.claiming]);
    } while (await this.anyDue());
  }

  private async anyDue(): Promise<boolean> {
    const { rows } = await this.opts.pool.query(
      `SELECT 1 FROM notification_send_history
        WHERE status = ANY($1) AND not_before <= now() LIMIT 1`,
      [OPEN_STATUSES],
    );
    return rows.length > 0;
  }

  private lastPrune = 0;

  /** Deletes finished history older than the retention (rows still to be sent are kept). */
  async prune(): Promise<number> {
    const { rowCount } = await this.opts.pool.query(
      `DELETE FROM notification_send_history
        WHERE created_at < now() - $1 * interval '1 day' AND NOT (status = ANY($2))`,
      [this.opts.retentionDays ?? 30, OPEN_STATUSES],
    );
    return rowCount ?? 0;
  }

  private tick(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      if (Date.now() - this.lastPrune > 3_600_000) {
        this.lastPrune = Date.now();
        void this.prune().catch((error: unknown) =>
          this.opts.log.warn({ err: error }, 'pruning notification history failed'),
        );
      }
      void this.wake().finally(() => this.tick());
    }, this.opts.pollMs ?? 1000);
    this.timer.unref();
  }

  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.claiming) {
      this.again = true;
      return this.claiming;
    }
    this.claiming = (async () => {
      do {
        this.again = false;
        await this.claim().catch((error: unknown) =>
          this.opts.log.warn({ err: error }, 'claiming notification sends failed'),
        );
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.claiming = undefined;
    });
    return this.claiming;
  }

  private async claim(): Promise<void> {
    const free = (this.opts.concurrency ?? 20) - this.active.size;
    if (free <= 0) return;
    const { rows } = await this.opts.pool.query<SendRow>(
      `UPDATE notification_send_history h SET not_before = now() + $3 * interval '1 millisecond'
        WHERE h.id IN (SELECT id FROM notification_send_history
                        WHERE status = ANY($1) AND not_before <= now()
                        ORDER BY not_before LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING ${SEND_COLUMNS}`,
      [OPEN_STATUSES, free, this.opts.leaseMs ?? 120_000],
    );
    for (const row of rows) {
      const done: Promise<void> = this.process(row)
        .catch((error: unknown) =>
          this.opts.log.error({ err: error, send: row.id }, 'notification send crashed'),
        )
        .finally(() => {
          this.active.delete(done);
          if (!this.stopped) void this.wake();
        });
      this.active.add(done);
    }
    if (rows.length === free) this.again = true;
  }

  private async process(row: SendRow): Promise<void> {
    const { pool } = this.opts;
    const { rows: rules } = await pool.query<RuleRow>(
      `SELECT ${RULE_COLUMNS} FROM notifications WHERE id = $1 AND deleted_at IS NULL`,
      [row.notification_id],
    );
    const rule = rules[0];
    if (!rule) return this.finish(row, 'cancelled', { reason: 'the rule was deleted' });
    if (row.status === 'pending_playbook_completion') return this.followRun(row);
    const payload = row.payload;
    if (!payload) return this.finish(row, 'skipped', { reason: 'nothing recorded to send' });
    const ctx = await loadEventContext(
      pool,
      payload.event,
      payload.properties,
      new Date(payload.eventTime),
      this.opts.baseUrl,
    );
    if (!ctx)
      return this.finish(row, 'skipped', { reason: 'what the event was about no longer exists' });

    let members: SendRow[] = [];
    if (payload.waitFor && row.status === 'pending') {
      await this.setStatus(row, 'evaluating-waitfor');
      const changed = await this.healthChanged(ctx);
      if (changed) return this.finish(row, 'skipped', { reason: changed });
      const silence = await activeSilence(pool, ctx);
      if (silence)
        return this.finish(row, 'silenced', {
          reason: `silenced${silence.description ? ` (${silence.description})` : ''} while waiting`,
          silencedBy: silence.id,
        });
      if (payload.groupKey) {
        const taken = await this.groupMembers(row, rule, ctx);
        // Another row leads this one's group: its message covers this row too.
        if (!taken) return;
        members = taken;
      }
    }

    // A first attempt checks the repeat interval again: another row for the same rule, resource
    // and event may have been sent while this one waited.
    if (row.attempts === 0 && !payload.fallback) {
      const held = await this.sentWithin(row, rule);
      if (held) return this.finish(row, 'repeat-interval', { reason: held });
    }

    let message;
    try {
      message = renderMessage(rule, ctx);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      return this.failed(row, rule, new Failure(`template: ${error.message}`, true), 0);
    }
    const started = performance.now();
    let deliveries: Delivery[] = [];
    try {
      const recipient = payload.fallback ? rule.fallback : rule;
      if (!recipient) throw new Failure('the rule has no fallback recipient', true);
      deliveries = await resolveRecipient(pool, recipient, rule.properties ?? {}, {
        smtpUrl: this.opts.smtpUrl,
        namespace: rule.namespace ?? 'default',
      });
      const recipientText = deliveries.map((d) => d.description).join('; ');
      const playbook = deliveries.find((d) => d.kind === 'playbook');
      if (playbook?.kind === 'playbook') {
        const runId = await this.startRun(playbook.playbookId, ctx, row);
        await pool.query(
          `UPDATE notification_send_history SET status = 'pending_playbook_completion',
                  playbook_run_id = $2, recipient = $3, body = $4, not_before = now() + interval '2 seconds'
            WHERE id = $1`,
          [row.id, runId, recipientText, message.body],
        );
        return;
      }
      for (const d of deliveries)
        if (d.kind === 'notify')
          await send(d.target, message, {
            signal: AbortSignal.any([
              this.stopController.signal,
              AbortSignal.timeout(this.opts.sendTimeoutMs ?? 30_000),
            ]),
            endpoints: this.opts.endpoints,
            timeoutMs: this.opts.sendTimeoutMs,
          });
      const ms = Math.round(performance.now() - started);
      await this.finish(row, 'sent', { body: message.body, recipient: recipientText, ms });
      for (const m of members)
        await this.finish(m, 'sent', {
          body: message.body,
          recipient: recipientText,
          reason: 'sent in one message with its group',
          groupId: row.id,
        });
      await pool.query(
        `UPDATE notifications SET error = NULL, error_at = NULL WHERE id = $1 AND error IS NOT NULL`,
        [rule.id],
      );
    } catch (error) {
      if (this.stopped) {
        // Cut short by shutdown: the row is taken again when its lease ends, not counted.
        return;
      }
      const failure =
        error instanceof Failure
          ? error
          : error instanceof NotifyError
            ? new Failure(error.message, error.permanent)
            : new Failure((error as Error).message || String(error), false);
      const recipientText = deliveries.map((d) => d.description).join('; ');
      await this.failed(row, rule, failure, Math.round(performance.now() - started), {
        body: message.body,
        recipient: recipientText,
      });
      for (const m of members) await this.release(m);
    }
  }

  /** The reason to hold a send as a repeat, when the same was sent within repeatInterval. */
  private async sentWithin(row: SendRow, rule: RuleRow): Promise<string | undefined> {
    const repeatMs = durationMs(rule.repeat_interval ?? undefined);
    if (!repeatMs) return undefined;
    const { rows } = await this.opts.pool.query<{ created_at: Date }>(
      `SELECT created_at FROM notification_send_history
        WHERE notification_id = $1 AND resource_id = $2 AND source_event = $3 AND status = 'sent'
          AND id <> $4 AND created_at > now() - $5 * interval '1 millisecond'
        ORDER BY created_at DESC LIMIT 1`,
      [rule.id, row.resource_id, row.source_event, row.id, repeatMs],
    );
    const last = rows[0];
    return last
      ? `already sent at ${last.created_at.toISOString()}; repeats are held for ${rule.repeat_interval}`
      : undefined;
  }

  /** Why a health event should not be sent after waitFor: the resource is not in that state now. */
  private async healthChanged(ctx: EventContext): Promise<string | undefined> {
    if (!ctx.announced) return undefined;
    const now = await currentHealth(this.opts.pool, ctx.kind, ctx.resourceId);
    if (now === ctx.announced) return undefined;
    return `${ctx.kind} ${ctx.resourceName} is ${now ?? 'gone'} now, not ${ctx.announced}: not sent after waiting`;
  }

  /**
   * Makes this row the lead of its group and takes the other rows of the rule waiting with the
   * same group key (within groupByInterval) into its message; undefined when another row
   * already took this one. Serialised per group by an advisory lock, so two rows of one group
   * that came due together never both lead. Members whose resource recovered are skipped.
   */
  private async groupMembers(
    row: SendRow,
    rule: RuleRow,
    lead: EventContext,
  ): Promise<SendRow[] | undefined> {
    const windowMs = durationMs(rule.group_by_interval ?? '24h') ?? 86_400_000;
    const client = await this.opts.pool.connect();
    let rows: SendRow[];
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `notification-group:${rule.id}:${row.payload?.groupKey}`,
      ]);
      const mine = await client.query(
        'UPDATE notification_send_history SET group_id = id WHERE id = $1 AND group_id IS NULL',
        [row.id],
      );
      if (!mine.rowCount) {
        await client.query('COMMIT');
        return undefined;
      }
      ({ rows } = await client.query<SendRow>(
        `UPDATE notification_send_history h SET group_id = $2, status = 'evaluating-waitfor',
                not_before = now() + $4 * interval '1 millisecond'
          WHERE h.notification_id = $1 AND h.id <> $2 AND h.group_id IS NULL
            AND h.status IN ('pending', 'evaluating-waitfor') AND h.payload ->> 'groupKey' = $3
            AND h.created_at > now() - $5 * interval '1 millisecond'
          RETURNING ${SEND_COLUMNS}`,
        [rule.id, row.id, row.payload?.groupKey, this.opts.leaseMs ?? 120_000, windowMs],
      ));
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    const members: SendRow[] = [];
    const grouped = [{ id: lead.resourceId, name: lead.resourceName }];
    for (const m of rows) {
      const p = m.payload;
      const ctx = p
        ? await loadEventContext(this.opts.pool, p.event, p.properties, new Date(p.eventTime), '')
        : undefined;
      const changed = ctx ? await this.healthChanged(ctx) : 'what it was about no longer exists';
      if (changed || !ctx) {
        await this.finish(m, 'skipped', { reason: changed ?? 'gone' });
        continue;
      }
      members.push(m);
      grouped.push({ id: ctx.resourceId, name: ctx.resourceName });
    }
    lead.vars.groupedResources = grouped;
    return members;
  }

  /** A group member whose lead failed waits for its own turn again. */
  private async release(m: SendRow): Promise<void> {
    await this.opts.pool.query(
      `UPDATE notification_send_history SET group_id = NULL, status = 'pending', not_before = now()
        WHERE id = $1`,
      [m.id],
    );
  }

  private async startRun(playbookId: string, ctx: EventContext, row: SendRow): Promise<string> {
    const { pool } = this.opts;
    const { rows } = await pool.query<PlaybookRow>(
      `SELECT ${PLAYBOOK_COLUMNS} FROM playbooks WHERE id = $1 AND deleted_at IS NULL`,
      [playbookId],
    );
    const playbook = rows[0];
    if (!playbook) throw new Failure('the playbook to run no longer exists', true);
    const kind = ['check', 'config', 'component'].includes(ctx.kind)
      ? (ctx.kind as TargetKind)
      : undefined;
    const target = kind ? await loadTarget(pool, { kind, id: ctx.resourceId }) : undefined;
    // A rule runs a playbook only with a Permission whose subject is the rule (as upstream):
    // writing a rule must not be a way around who may run what.
    const { rows: grants } = await pool.query<Record<string, unknown>>(
      `SELECT * FROM permissions WHERE notification_id = $1 AND (until IS NULL OR until > now())`,
      [row.notification_id],
    );
    const refused = refusal({ roles: [], rules: grants.map(toRule) }, 'run', playbook, target);
    if (refused)
      throw new Failure(
        `the rule may not run playbook ${playbook.namespace}/${playbook.name} (${refused}): grant it playbook:run with a Permission whose subject is this notification`,
        true,
      );
    try {
      const started = await createRun(pool, { playbook, target, triggered: true });
      await pool.query(`UPDATE playbook_runs SET notification_send_id = $2 WHERE id = $1`, [
        started.run_id,
        row.id,
      ]);
      return started.run_id;
    } catch (error) {
      throw new Failure(`the playbook could not start: ${(error as Error).message}`, true);
    }
  }

  /** A playbook recipient is sent when its run completes, failed when it ends otherwise. */
  private async followRun(row: SendRow): Promise<void> {
    const { rows } = await this.opts.pool.query<{ status: string; error: string | null }>(
      'SELECT status, error FROM playbook_runs WHERE id = $1',
      [row.playbook_run_id],
    );
    const run = rows[0];
    if (!run) return this.finish(row, 'error', { error: 'the playbook run was deleted' });
    if (!ENDED_RUN.includes(run.status)) {
      await this.opts.pool.query(
        `UPDATE notification_send_history SET not_before = now() + interval '2 seconds' WHERE id = $1`,
        [row.id],
      );
      return;
    }
    if (run.status === 'completed') return this.finish(row, 'sent', {});
    return this.finish(row, 'error', {
      error: `the playbook run ${run.status}${run.error ? `: ${run.error}` : ''}`,
    });
  }

  private async failed(
    row: SendRow,
    rule: RuleRow,
    failure: Failure,
    ms: number,
    x: { body?: string; recipient?: string } = {},
  ): Promise<void> {
    const { pool } = this.opts;
    await this.finish(row, 'error', { ...x, error: failure.message, ms });
    await pool.query(`UPDATE notifications SET error = $2, error_at = now() WHERE id = $1`, [
      rule.id,
      failure.message,
    ]);
    const attempts = row.attempts + 1;
    const payload = { ...row.payload, waitFor: false } as SendRow['payload'];
    if (!failure.permanent && attempts < (this.opts.maxAttempts ?? 5)) {
      const delay = Math.min(300_000, (this.opts.retryBaseMs ?? 5000) * 2 ** (attempts - 1));
      await pool.query(
        `INSERT INTO notification_send_history (notification_id, source_event, resource_id, status,
           attempts, not_before, payload, parent_id, first_observed, person_id, reason)
         SELECT notification_id, source_event, resource_id, $2, $3,
                now() + $4 * interval '1 millisecond', $5, id, first_observed, person_id, $6
           FROM notification_send_history WHERE id = $1`,
        [
          row.id,
          row.status === 'attempting_fallback' ? 'attempting_fallback' : 'pending',
          attempts,
          delay,
          JSON.stringify(payload),
          `retry ${attempts + 1} after: ${failure.message}`,
        ],
      );
      return;
    }
    if (!row.payload?.fallback && rule.fallback) {
      const delayMs = durationMs(rule.fallback_delay ?? undefined) ?? 0;
      await pool.query(
        `INSERT INTO notification_send_history (notification_id, source_event, resource_id, status,
           not_before, payload, parent_id, first_observed, reason)
         SELECT notification_id, source_event, resource_id, 'attempting_fallback',
                greatest(now(), first_observed + $2 * interval '1 millisecond'), $3, id,
                first_observed, $4
           FROM notification_send_history WHERE id = $1`,
        [
          row.id,
          delayMs,
          JSON.stringify({ ...payload, fallback: true }),
          `the primary recipient failed: ${failure.message}`,
        ],
      );
    }
  }

  private async setStatus(row: SendRow, status: string): Promise<void> {
    await this.opts.pool.query(`UPDATE notification_send_history SET status = $2 WHERE id = $1`, [
      row.id,
      status,
    ]);
    row.status = status;
  }

  private async finish(
    row: SendRow,
    status: string,
    x: {
      reason?: string;
      error?: string;
      body?: string;
      recipient?: string;
      ms?: number;
      silencedBy?: string;
      groupId?: string;
    },
  ): Promise<void> {
    await this.opts.pool.query(
      `UPDATE notification_send_history
          SET status = $2, reason = coalesce($3, CASE WHEN $2 = 'sent' THEN NULL ELSE reason END),
              error = $4, body = coalesce($5, body), recipient = coalesce($6, recipient),
              duration_millis = coalesce($7, duration_millis), silenced_by = coalesce($8, silenced_by),
              group_id = coalesce($9, group_id), not_before = NULL
        WHERE id = $1`,
      [
        row.id,
        status,
        x.reason ?? null,
        x.error ?? null,
        x.body ?? null,
        x.recipient ?? null,
        x.ms ?? null,
        x.silencedBy ?? null,
        x.groupId ?? null,
      ],
    );
  }
}
