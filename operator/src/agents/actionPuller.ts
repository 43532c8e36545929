import type { KubeConfig } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import type pg from 'pg';
import { lookupConnection } from '../connections/lookup.js';
import type { AgentAction } from '../playbooks/agentActions.js';
import type { ActionResult, ActionRunner } from '../playbooks/types.js';
import type { Sandbox } from '../sandbox/sandbox.js';

export interface ActionPullerOptions {
  pool: pg.Pool;
  log: Logger;
  upstream: string;
  token: string;
  intervalMs: number;
  actions: Record<string, ActionRunner>;
  sandbox?: Sandbox;
  mode: 'embedded' | 'cluster';
  kubeconfig?: KubeConfig;
  /** Actions run here at the same time at most. */
  concurrency?: number;
  fetch?: typeof fetch;
}

/**
 * The agent side of playbook actions whose runsOn names this agent: every interval it claims
 * what waits for it at the central Vigil, runs each action with this agent's own runners,
 * connections and cluster, and reports the outcome. An action's fields arrive templated.
 */
export class ActionPuller {
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private readonly fetch: typeof fetch;
  private polling?: Promise<void>;

  constructor(private readonly o: ActionPullerOptions) {
    this.fetch = o.fetch ?? fetch;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    for (const { abort } of this.running.values()) abort.abort('stopping');
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.polling = this.poll()
        .catch((error: unknown) =>
          this.o.log.warn({ err: (error as Error).message }, 'cannot claim playbook actions'),
        )
        .finally(() => this.schedule(this.o.intervalMs));
    }, ms);
  }

  /** Claims what there is room for and starts it; resolves once started, not finished. */
  async poll(): Promise<void> {
    const room = (this.o.concurrency ?? 5) - this.running.size;
    if (room <= 0 || this.stopped) return;
    const claimed = (await this.call('/api/upstream/playbook-actions/claim', {
      limit: room,
    })) as AgentAction[];
    for (const action of claimed) {
      const abort = new AbortController();
      const done = this.run(action, abort.signal).finally(() => this.running.delete(action.id));
      this.running.set(action.id, { abort, done });
    }
  }

  /** Resolves when every action started so far has been reported (for tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private async run(action: AgentAction, stopping: AbortSignal): Promise<void> {
    const log = this.o.log.child({ run: action.run_id, action: action.name });
    const runner = this.o.actions[action.spec.kind];
    let outcome: ActionResult;
    if (!runner) {
      outcome = {
        status: 'failed',
        result: {},
        error: `action kind "${action.spec.kind}" does not run on this agent`,
      };
    } else {
      const signal = AbortSignal.any([stopping, AbortSignal.timeout(action.spec.timeoutMs)]);
      outcome = await runner(action.spec.fields, {
        signal,
        pool: this.o.pool,
        log,
        ...(this.o.sandbox ? { sandbox: this.o.sandbox } : {}),
        connection: (ref) => lookupConnection(this.o.pool, ref, action.run.playbook.namespace),
        mode: this.o.mode,
        ...(this.o.kubeconfig ? { kubeconfig: this.o.kubeconfig } : {}),
        run: {
          id: action.run_id,
          playbook: { id: action.playbook_id, ...action.run.playbook },
          parameters: action.run.parameters,
        },
      }).catch((error: unknown): ActionResult => ({
        status: 'failed',
        result: {},
        error: (error as Error).message || String(error),
      }));
      if (signal.aborted && outcome.status === 'completed') {
        // The runner finished as it was stopped: what it says stands.
      } else if (signal.aborted)
        outcome = {
          ...outcome,
          error: stopping.aborted
            ? 'the agent stopped while this action was running'
            : `timed out after ${Math.round(action.spec.timeoutMs / 1000)} s`,
        };
    }
    // Artifacts stay on the agent: only the result travels.
    const { artifacts: _files, ...report } = outcome;
    await this.call(`/api/upstream/playbook-actions/${action.id}`, report).catch((error: unknown) =>
      log.warn({ err: (error as Error).message }, 'could not report a playbook action'),
    );
  }

  private async call(path: string, body: unknown): Promise<unknown> {
    const res = await this.fetch(new URL(path, this.o.upstream), {
      method: 'POST',
      headers: { authorization: `Bearer ${this.o.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = (await res.json().catch(() => ({}))) as { message?: string };
    if (!res.ok) throw new Error(`${res.status} ${answer.message ?? res.statusText}`);
    return answer;
  }
}
