import type { Pool } from '../db/pool.js';

/**
 * The seam between the engine and the check runners. A runner does the probe of one check type
 * and reports what it saw; the engine (pipeline.ts) then applies transform, display, test,
 * retries and dependsOn, and writes the results. Runners never throw for a failed probe: a
 * refused connection is a failed result with an error, a spec that cannot be used is an
 * invalid one.
 */

/** One check's definition as written in the Canary spec (crds.md §1.2-1.3), JSON field names. */
export type CheckSpec = Record<string, unknown> & { name?: string };

export interface RunContext {
  /** The canary the check belongs to (for defaults such as the namespace). */
  canary: { id: string; name: string; namespace: string; labels: Record<string, string> };
  /** Resolved check row. */
  check: { id: string; name: string; type: string };
  /** Aborted when the run is cancelled (server stopping) or its overall deadline passes. */
  signal: AbortSignal;
  /** The Vigil database, for the catalog runner and connection lookups. */
  pool: Pool;
  /** Resolves `connection://<namespace>/<name>` (or `connection://<name>`) to its fields. */
  connection(ref: string): Promise<ConnectionFields | undefined>;
}

export interface ConnectionFields {
  url?: string;
  username?: string;
  password?: string;
  properties?: Record<string, string>;
  [key: string]: unknown;
}

export interface CheckResult {
  /** true = passed. */
  pass: boolean;
  /** The check's configuration cannot be used (never retried, not counted as a failure). */
  invalid?: boolean;
  message?: string;
  error?: string;
  /** Milliseconds the probe took (≥ 1 when it ran). */
  duration: number;
  /** When the probe started. */
  start: Date;
  /**
   * Variables the type adds to the CEL environment (crds.md §1.4): e.g. http's `code`, `headers`,
   * `content`, `json`, `sslAge`; exec/sql/folder put theirs under `results`. Stored as details.
   */
  data?: Record<string, unknown>;
  /** Label pairs discovered by the probe (prometheus merges the first sample's labels). */
  labels?: Record<string, string>;
}

/** A check type's probe. Returns one result, or several (e.g. kubernetes: one per resource). */
export type CheckRunner = (spec: CheckSpec, ctx: RunContext) => Promise<CheckResult[]>;

/** Helper for runners: a result from a start time, pass/fail and optional fields. */
export function resultFrom(
  start: Date,
  pass: boolean,
  fields: Partial<Omit<CheckResult, 'pass' | 'start' | 'duration'>> & { duration?: number } = {},
): CheckResult {
  const duration = fields.duration ?? Math.max(1, Date.now() - start.getTime());
  return { ...fields, pass, start, duration };
}

export const invalidResult = (start: Date, error: string): CheckResult =>
  resultFrom(start, false, { invalid: true, error, duration: 0 });
