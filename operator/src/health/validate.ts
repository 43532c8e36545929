import { scheduleError } from '../controllers/schedule.js';
import { dependencyProblem } from './canaryRun.js';
import { compileError } from './cel.js';
import { templateProblem } from './pipeline.js';
import { checksOf, type Spec } from './projection.js';

/**
 * What makes an accepted Canary unusable, as a Ready=False reason and message: a schedule that
 * does not parse, an expression that does not compile, dependsOn that cannot be ordered.
 * Caught when the canary is applied, so a user sees it in `kubectl get` instead of a silent
 * no-op; the same problems still fail the affected results at run time.
 */
export function canaryProblem(spec: Spec): { reason: string; message: string } | undefined {
  const schedule = typeof spec.schedule === 'string' ? spec.schedule.trim() : '';
  if (schedule) {
    const error = scheduleError(schedule);
    if (error) return { reason: 'InvalidSchedule', message: error };
  } else if (spec.interval !== undefined && !(Number(spec.interval) > 0)) {
    return {
      reason: 'InvalidSchedule',
      message: 'interval must be a positive number of seconds',
    };
  }
  const checks = checksOf(spec);
  if (checks.length === 0 && !spec.webhook) {
    return { reason: 'NoChecks', message: 'the canary defines no checks' };
  }
  for (const c of checks) {
    const unsupported = templateProblem(c.spec);
    if (unsupported) return { reason: 'InvalidExpression', message: `${c.name}: ${unsupported}` };
    for (const field of ['test', 'display', 'transform'] as const) {
      const expr = (c.spec[field] as { expr?: unknown } | undefined)?.expr;
      if (typeof expr !== 'string') continue;
      const error = compileError(expr);
      if (error) {
        return {
          reason: 'InvalidExpression',
          message: `${c.name}: ${field}.expr does not compile: ${error}`,
        };
      }
    }
    for (const [i, m] of ((c.spec.metrics as { value?: unknown }[] | undefined) ?? []).entries()) {
      if (typeof m.value !== 'string') continue;
      const error = compileError(m.value);
      if (error) {
        return {
          reason: 'InvalidExpression',
          message: `${c.name}: metrics[${i}].value does not compile: ${error}`,
        };
      }
    }
  }
  const deps = dependencyProblem(checks);
  if (deps) return { reason: 'InvalidDependencies', message: deps };
  return undefined;
}
