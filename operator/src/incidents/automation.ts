import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';
import { runDefinitionsOfDone } from './definitionOfDone.js';
import { runIncidentRules } from './rules.js';

export interface IncidentAutomationOptions {
  pool: Pool;
  log: Logger;
  /** Time between passes (default 30 s). */
  everyMs?: number;
  /** Time before the first pass, so start-up is not slowed (default 5 s). */
  firstDelayMs?: number;
}

/**
 * The leader's incident automation: every 30 seconds the incident rules run (opening, resolving
 * and closing incidents), then the definition-of-done scripts (resolving incidents whose every
 * item holds). Passes never overlap; a failing pass is logged and the next one runs as usual.
 */
export class IncidentAutomation {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private started = false;
  private stopped = false;

  constructor(private readonly opts: IncidentAutomationOptions) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(this.opts.firstDelayMs ?? 5000);
  }

  /** Stops scheduling and waits for a pass in flight, so nothing queries a closing pool. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pass: rules first, so the definition of done sees the evidence they attach. */
  async runOnce(now = new Date()): Promise<void> {
    await this.stage('incident rules', async () => {
      const passes = await runIncidentRules(this.opts.pool, now);
      for (const p of passes) {
        if (p.opened.length || p.resolved.length || p.closed.length) {
          this.opts.log.info(
            { rule: p.rule, opened: p.opened, resolved: p.resolved, closed: p.closed },
            'incident rule changed incidents',
          );
        }
        if (p.errors.length)
          this.opts.log.warn({ rule: p.rule, errors: p.errors }, 'incident rule');
      }
    });
    await this.stage('definition of done', async () => {
      const pass = await runDefinitionsOfDone(this.opts.pool, now);
      if (pass.resolved.length) {
        this.opts.log.info(
          { resolved: pass.resolved },
          'definition of done met; incidents resolved',
        );
      }
    });
  }

  private async stage(name: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (error) {
      this.opts.log.warn({ err: error }, `${name} pass failed; will retry`);
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce().finally(() => this.schedule(this.opts.everyMs ?? 30_000));
    }, delayMs);
  }
}
