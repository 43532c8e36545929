import type { KubeConfig } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';
import type { ConnectionFields } from '../health/types.js';
import type { Service } from '../notify/index.js';
import type { Sandbox } from '../sandbox/sandbox.js';

/**
 * The seam between the playbook engine and the actions. The engine decides when an action runs
 * (its `if`, `delay`, `timeout` and `retry`), templates its fields, and records what it returns;
 * an action only does its one thing. An action never throws for a failure of what it acts on: it
 * returns `failed` with an error a person can act on (a thrown error is recorded the same way).
 */

/** An action's own fields as written in the playbook (`exec`, `http`, … object), templated. */
export type ActionSpec = Record<string, unknown>;

/** A file an action produced, kept with the run (size-capped by the engine). */
export interface ArtifactFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ActionResult {
  status: 'completed' | 'failed';
  /** What later actions and templates read (`getAction("x").result.stdout`), and the run page shows. */
  result: Record<string, unknown>;
  error?: string;
  artifacts?: ArtifactFile[];
}

export interface ActionContext {
  /** Aborted on the action's timeout, the run's timeout, a cancel, or Vigil stopping. */
  signal: AbortSignal;
  pool: Pool;
  log: Logger;
  /** Runs scripts apart from Vigil (exec actions); see src/sandbox. */
  sandbox?: Sandbox;
  /** Resolves `connection://<type>/<name>`, `connection://<namespace>/<name>` or an id. */
  connection(ref: string): Promise<ConnectionFields | undefined>;
  /** Where Vigil runs: `embedded` (its own Kubernetes API) or `cluster` (a real cluster). */
  mode: 'embedded' | 'cluster';
  /** The cluster Vigil runs in (cluster mode): where pod actions make their pods. */
  kubeconfig?: KubeConfig;
  /** Service API bases that replace the public ones (VIGIL_NOTIFY_ENDPOINTS): notification. */
  notifyEndpoints?: Partial<Record<Service, string>>;
  /** The run, for context in messages and for actions that need it (notification). */
  run: {
    id: string;
    playbook: { id: string; name: string; namespace: string; title: string };
    parameters: Record<string, unknown>;
    /** The resource the run is about, as templates see it. */
    config?: Record<string, unknown>;
    component?: Record<string, unknown>;
    check?: Record<string, unknown>;
  };
  /** Public URL of Vigil, for links in notifications. */
  publicUrl?: string;
}

export type ActionRunner = (spec: ActionSpec, ctx: ActionContext) => Promise<ActionResult>;

/** Action kinds that run here. Other kinds are refused with a reason naming them. */
export const ACTION_KINDS = ['exec', 'http', 'sql', 'notification', 'gitops', 'pod'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
