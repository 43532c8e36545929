import type pg from 'pg';
import type { Logger } from 'pino';
import type { Sandbox } from '../sandbox/sandbox.js';
import { PlaybookExecutor, type ExecutorOptions } from './executor.js';
import { PlaybookTriggers } from './triggers.js';
import type { ActionRunner } from './types.js';

export interface PlaybookEngineOptions {
  pool: pg.Pool;
  log: Logger;
  actions: Record<string, ActionRunner>;
  sandbox?: Sandbox;
  mode: 'embedded' | 'cluster';
  publicUrl?: () => string | undefined;
  kubeconfig?: ExecutorOptions['kubeconfig'];
  notifyEndpoints?: ExecutorOptions['notifyEndpoints'];
  concurrency?: number;
  pollMs?: number;
}

/**
 * Playbooks on the leader: the executor runs due runs, the triggers start runs from events and
 * schedules. Runs started through the API on any replica reach the executor through the
 * database (NOTIFY, and its poll).
 */
export class PlaybookEngine {
  readonly executor: PlaybookExecutor;
  readonly triggers: PlaybookTriggers;

  constructor(opts: PlaybookEngineOptions) {
    this.executor = new PlaybookExecutor(opts);
    this.triggers = new PlaybookTriggers({ pool: opts.pool, log: opts.log });
  }

  async start(): Promise<void> {
    await this.executor.start();
    await this.triggers.start();
  }

  async stop(): Promise<void> {
    await this.triggers.stop();
    await this.executor.stop();
  }
}
