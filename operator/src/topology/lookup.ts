import type pg from 'pg';
import type { Logger } from 'pino';
import { lookupConnection } from '../connections/lookup.js';
import { runCanary } from '../health/canaryRun.js';
import type { CheckDefinition } from '../health/pipeline.js';
import { checksOf } from '../health/projection.js';
import type { CheckRunner } from '../health/types.js';

/**
 * A lookup is an inline Canary spec run without storing anything: each check's `display` output
 * is read as JSON — an array of component objects (or one object) for a component lookup, a
 * scalar, a list of properties or a name → properties map for a property lookup. Errors name
 * the check; the caller keeps what it had when a lookup fails.
 */

export interface LookupDeps {
  pool: pg.Pool;
  log: Logger;
  runners: Record<string, CheckRunner>;
  signal: AbortSignal;
  /** Where the lookup belongs, for connection names and the canary context. */
  owner: { id: string; name: string; namespace: string };
}

export interface LookupResult {
  values: unknown[];
  errors: string[];
}

export async function runLookup(
  spec: Record<string, unknown>,
  deps: LookupDeps,
): Promise<LookupResult> {
  const checks: CheckDefinition[] = checksOf(spec).map((c, i) => ({
    id: `${deps.owner.id}/lookup/${i}`,
    type: c.type,
    name: c.name,
    labels: {},
    spec: c.spec,
  }));
  if (!checks.length) return { values: [], errors: ['the lookup holds no check to run'] };
  const canary = {
    id: deps.owner.id,
    name: deps.owner.name,
    namespace: deps.owner.namespace,
    labels: {},
    spec,
  };
  const runs = await runCanary(canary, checks, {
    runners: deps.runners,
    context: (check) => ({
      canary: { id: canary.id, name: canary.name, namespace: canary.namespace, labels: {} },
      check: { id: check.id, name: check.name, type: check.type },
      signal: deps.signal,
      pool: deps.pool,
      connection: (ref) => lookupConnection(deps.pool, ref, deps.owner.namespace),
    }),
  });
  const values: unknown[] = [];
  const errors: string[] = [];
  for (const run of runs) {
    for (const result of run.results) {
      const where = `lookup ${run.check.type} "${run.check.name}"`;
      if (result.invalid || !result.pass) {
        errors.push(`${where}: ${result.error || result.message || 'failed'}`);
        continue;
      }
      const text = result.message ?? '';
      if (!text.trim()) {
        errors.push(`${where}: its display gave nothing (set display.expr to return JSON)`);
        continue;
      }
      try {
        values.push(JSON.parse(text));
      } catch {
        // A plain display value (a property lookup's scalar) is kept as text.
        values.push(text);
      }
    }
  }
  return { values, errors };
}

/** Component objects of a component lookup: every array element, or the object itself. */
export function componentsOf(values: unknown[]): {
  components: Record<string, unknown>[];
  errors: string[];
} {
  const components: Record<string, unknown>[] = [];
  const errors: string[] = [];
  for (const v of values) {
    const list = Array.isArray(v) ? v : [v];
    for (const item of list) {
      if (item && typeof item === 'object' && !Array.isArray(item))
        components.push(item as Record<string, unknown>);
      else
        errors.push(
          `a lookup's display must be a JSON array of components (objects with at least a name), not ${JSON.stringify(item).slice(0, 80)}`,
        );
    }
  }
  return { components, errors };
}
