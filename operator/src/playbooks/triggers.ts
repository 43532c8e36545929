import { createHash } from 'node:crypto';
import { Cron } from 'croner';
import type pg from 'pg';
import type { Logger } from 'pino';
import { matchRequirements, parseLabelSelector } from '../labelSelector.js';
import { EventQueueConsumer, type QueuedEvent } from '../responders/eventQueue.js';
import { RUN_CHANGE_TYPES } from './changes.js';
import { filterHolds } from './conditions.js';
import { livePlaybooks, PLAYBOOK_COLUMNS, playbookVars, type PlaybookRow } from './match.js';
import { loadTarget, type LoadedTarget, type TargetKind } from './resources.js';
import { createRun } from './runs.js';
import { durationMs, literalEnv, type TriggerDef } from './spec.js';
import { render } from './template.js';

/**
 * Event and schedule triggers (crds.md §4.2), on the leader.
 *
 * Events: the database publishes check, component and config events to each consumer that
 * subscribed (event_subscriptions, migration 0032); the `playbook` consumer is subscribed to the
 * events some live playbook's `on` names, by a trigger on playbooks in the same transaction as
 * the playbook's write. For each event, every playbook whose trigger matches (its `labels` and
 * `filter`) starts a run about the event's resource, acting as the playbook itself.
 *
 * Schedules: each `on.schedule` entry is a cron (UTC, or `CRON_TZ=<zone> …`) or `@every <d>`;
 * its `parameters` are templated per run.
 */

export const CONSUMER = 'playbook';

/** `on.<key>` triggers listen to `<prefix>.<event>` events about a resource of `kind`. */
const SOURCES = [
  { key: 'canary', prefix: 'check', kind: 'check' },
  { key: 'component', prefix: 'component', kind: 'component' },
  { key: 'config', prefix: 'config', kind: 'config' },
] as const;

/** Every queue name the consumer may see (handlers are fixed; subscriptions pick among them). */
const ALL_EVENTS = [
  'check.passed',
  'check.failed',
  ...['healthy', 'unhealthy', 'warning', 'unknown'].map((s) => `component.${s}`),
  ...[
    'created',
    'updated',
    'changed',
    'deleted',
    'healthy',
    'unhealthy',
    'warning',
    'degraded',
    'unknown',
  ].map((s) => `config.${s}`),
];

interface Wanted {
  playbook: PlaybookRow;
  trigger: TriggerDef;
  kind: TargetKind;
}

export interface TriggerOptions {
  pool: pg.Pool;
  log: Logger;
  /** How often playbooks are re-read for changed triggers (default 5 s). */
  refreshMs?: number;
}

export class PlaybookTriggers {
  private readonly consumer: EventQueueConsumer;
  private schedules = new Map<string, { hash: string; stop: () => void }>();
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private lastHash = '';

  constructor(private readonly opts: TriggerOptions) {
    this.consumer = new EventQueueConsumer({
      pool: opts.pool,
      log: opts.log,
      handlers: Object.fromEntries(
        ALL_EVENTS.map((name) => [
          `${CONSUMER}:${name}`,
          (event: QueuedEvent) => this.handle(name, event),
        ]),
      ),
      maxAttempts: 3,
    });
  }

  async start(): Promise<void> {
    await this.refresh();
    await this.consumer.start();
    this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const s of this.schedules.values()) s.stop();
    this.schedules.clear();
    await this.consumer.stop();
  }

  /** Handles every queued event now (tests). */
  drain(): Promise<void> {
    return this.consumer.drain();
  }

  private loop(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.refresh()
        .catch((error: unknown) =>
          this.opts.log.warn({ err: error }, 'reading playbook triggers failed'),
        )
        .finally(() => this.loop());
    }, this.opts.refreshMs ?? 5000);
    this.timer.unref();
  }

  /** Re-reads playbooks; subscriptions and schedules follow what their `on` says now. */
  async refresh(): Promise<void> {
    const playbooks = (await livePlaybooks(this.opts.pool)).filter((p) => p.spec?.on);
    const hash = createHash('sha256')
      .update(JSON.stringify(playbooks.map((p) => [p.id, p.spec.on, p.spec.parameters])))
      .digest('hex');
    if (hash === this.lastHash) return;
    this.reschedule(playbooks);
    this.lastHash = hash;
  }

  /** The triggers that listen to an event, read now (a playbook stored a moment ago counts). */
  private async listening(name: string): Promise<Wanted[]> {
    const [prefix = '', event = ''] = name.split('.', 2);
    const source = SOURCES.find((s) => s.prefix === prefix);
    if (!source) return [];
    const { key, kind } = source;
    const { rows } = await this.opts.pool.query<PlaybookRow>(
      `SELECT ${PLAYBOOK_COLUMNS} FROM playbooks
        WHERE deleted_at IS NULL AND spec -> 'on' -> $1 @> jsonb_build_array(jsonb_build_object('event', $2::text))
        ORDER BY created_at`,
      [key, event],
    );
    return rows.flatMap((playbook) =>
      (playbook.spec.on?.[key] ?? [])
        .filter((t) => t?.event === event)
        .map((trigger) => ({ playbook, trigger, kind })),
    );
  }

  private async handle(name: string, event: QueuedEvent): Promise<void> {
    const id = event.properties.id;
    if (typeof id !== 'string') return;
    const wanted = await this.listening(name);
    if (!wanted.length) return;
    if (name === 'config.changed' && (await this.isRunChange(event.properties.change_id))) return;
    const kind = wanted[0]?.kind as TargetKind;
    const target = await loadTarget(
      this.opts.pool,
      { kind, id },
      { includeDeleted: name.endsWith('.deleted') },
    );
    if (!target) return;
    for (const w of wanted) {
      if (!this.matches(w, target)) continue;
      try {
        const started = await createRun(this.opts.pool, {
          playbook: w.playbook,
          target,
          triggered: true,
        });
        this.opts.log.info(
          { playbook: w.playbook.name, run: started.run_id, event: name, resource: id },
          'playbook triggered',
        );
      } catch (error) {
        // A run that cannot start (bad parameters, filters) is this playbook's problem; the
        // others still run, and the event is not retried for it.
        this.opts.log.warn(
          { err: error, playbook: w.playbook.name, event: name },
          'triggered playbook did not start',
        );
      }
    }
  }

  /** A change a playbook run wrote itself must not trigger playbooks again (a loop). */
  private async isRunChange(changeId: unknown): Promise<boolean> {
    if (typeof changeId !== 'string') return false;
    const { rows } = await this.opts.pool.query<{ change_type: string }>(
      'SELECT change_type FROM config_changes WHERE id = $1',
      [changeId],
    );
    return RUN_CHANGE_TYPES.includes(rows[0]?.change_type ?? '');
  }

  private matches(w: Wanted, target: LoadedTarget): boolean {
    const labels = w.trigger.labels;
    if (labels && typeof labels === 'object' && Object.keys(labels).length) {
      const own = (target.view.labels ?? {}) as Record<string, string>;
      const tags = (target.view.tags ?? {}) as Record<string, string>;
      const selector = Object.entries(labels)
        .map(([k, v]) => `${k}=${v}`)
        .join(',');
      try {
        const reqs = parseLabelSelector(selector);
        if (!matchRequirements(reqs, own) && !matchRequirements(reqs, tags)) return false;
      } catch {
        return false;
      }
    }
    if (w.trigger.filter?.trim()) {
      const vars = {
        [target.kind]: target.view,
        playbook: playbookVars(w.playbook),
        env: literalEnv(w.playbook.spec),
      };
      try {
        return filterHolds(w.trigger.filter, vars);
      } catch (error) {
        this.opts.log.warn(
          { err: error, playbook: w.playbook.name, filter: w.trigger.filter },
          'trigger filter cannot be evaluated; the playbook does not start',
        );
        return false;
      }
    }
    return true;
  }

  private reschedule(playbooks: readonly PlaybookRow[]): void {
    const seen = new Set<string>();
    for (const playbook of playbooks) {
      (playbook.spec.on?.schedule ?? []).forEach((entry, i) => {
        if (!entry || typeof entry.schedule !== 'string') return;
        const key = `${playbook.id}#${i}`;
        seen.add(key);
        const hash = JSON.stringify([entry, playbook.spec.parameters]);
        const existing = this.schedules.get(key);
        if (existing?.hash === hash) return;
        existing?.stop();
        const stop = this.every(
          entry.schedule,
          () => this.fire(playbook, entry.parameters ?? {}),
          playbook.name,
        );
        this.schedules.set(key, { hash, stop });
      });
    }
    for (const [key, s] of this.schedules)
      if (!seen.has(key)) {
        s.stop();
        this.schedules.delete(key);
      }
  }

  /** Calls `fn` on the schedule; answers how to stop. A schedule that cannot be read is logged. */
  private every(schedule: string, fn: () => void, playbook: string): () => void {
    const text = schedule.trim();
    if (text.startsWith('@every')) {
      const period = durationMs(text.slice(6).trim());
      if (!period || period < 1000) {
        this.opts.log.warn({ playbook, schedule }, 'playbook schedule needs @every of at least 1s');
        return () => undefined;
      }
      const t = setInterval(fn, period);
      t.unref();
      return () => clearInterval(t);
    }
    const tz = /^CRON_TZ=(\S+)\s+(.*)$/.exec(text);
    try {
      const cron = new Cron(
        tz ? (tz[2] as string) : text,
        { timezone: tz ? tz[1] : 'UTC', unref: true },
        fn,
      );
      return () => cron.stop();
    } catch (error) {
      this.opts.log.warn({ err: error, playbook, schedule }, 'playbook schedule cannot be read');
      return () => undefined;
    }
  }

  private fire(playbook: PlaybookRow, parameters: Record<string, string>): void {
    const vars = { playbook: playbookVars(playbook), env: literalEnv(playbook.spec) };
    let params: Record<string, unknown>;
    try {
      params = Object.fromEntries(
        Object.entries(parameters).map(([k, v]) => [
          k,
          typeof v === 'string' ? render(v, { vars }) : v,
        ]),
      );
    } catch (error) {
      this.opts.log.warn(
        { err: error, playbook: playbook.name },
        'scheduled playbook parameters cannot be templated',
      );
      return;
    }
    createRun(this.opts.pool, { playbook, params, triggered: true }).then(
      (started) =>
        this.opts.log.info(
          { playbook: playbook.name, run: started.run_id },
          'scheduled playbook started',
        ),
      (error: unknown) =>
        this.opts.log.warn(
          { err: error, playbook: playbook.name },
          'scheduled playbook did not start',
        ),
    );
  }
}
