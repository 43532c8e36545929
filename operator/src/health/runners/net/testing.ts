import type { Pool } from '../../../db/pool.js';
import type {
  CheckResult,
  CheckRunner,
  CheckSpec,
  ConnectionFields,
  RunContext,
} from '../../types.js';

/** A RunContext for runner tests: no database, connections from a map. */
export function runContext(
  type: string,
  opts: { signal?: AbortSignal; connections?: Record<string, ConnectionFields> } = {},
): RunContext {
  return {
    canary: { id: 'canary-1', name: 'canary', namespace: 'default', labels: {} },
    check: { id: 'check-1', name: 'check', type },
    signal: opts.signal ?? new AbortController().signal,
    pool: {} as Pool,
    connection: (ref) => Promise.resolve(opts.connections?.[ref]),
  };
}

/** Runs a single-result runner and returns that result. */
export async function runOne(
  runner: CheckRunner,
  type: string,
  spec: CheckSpec,
  opts: Parameters<typeof runContext>[1] = {},
): Promise<CheckResult> {
  const results = await runner(spec, runContext(type, opts));
  if (results.length !== 1) throw new Error(`expected one result, got ${results.length}`);
  return results[0] as CheckResult;
}
