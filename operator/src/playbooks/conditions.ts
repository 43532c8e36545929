import { CelError, evaluate } from '../health/cel.js';
import type { ActionRecord } from './template.js';

/**
 * An action's `if` (crds.md §4.4): `success()` (the default: no earlier action failed),
 * `failure()` (one did), `always()`, `timeout()` (one ran out of time), `skip()` (never), or any
 * CEL expression over the run's variables, in which those functions and `getAction("name")` /
 * `getLastAction()` may be used too. CEL functions see no per-run context, so the calls are
 * rewritten to variables filled in here.
 */

export interface RunSoFar {
  actions: readonly ActionRecord[];
  /** Names of actions that failed because their timeout passed. */
  timedOut: ReadonlySet<string>;
}

const CALLS: [RegExp, string][] = [
  [/\bsuccess\(\s*\)/g, '__success'],
  [/\bfailure\(\s*\)/g, '__failure'],
  [/\balways\(\s*\)/g, '__always'],
  [/\btimeout\(\s*\)/g, '__timeout'],
  [/\bskip\(\s*\)/g, '__skip'],
  [/\bgetLastAction\(\s*\)/g, '__last'],
  [/\bgetAction\(\s*("(?:[^"\\]|\\.)*"|'[^']*')\s*\)/g, '__actions[$1]'],
];

export function rewrite(expression: string): string {
  return CALLS.reduce((e, [re, to]) => e.replace(re, to), expression);
}

function conditionVars(vars: Record<string, unknown>, run: RunSoFar): Record<string, unknown> {
  const failed = run.actions.some((a) => a.status === 'failed');
  const actions = Object.fromEntries(run.actions.map((a) => [a.name, a]));
  return {
    ...vars,
    __success: !failed,
    __failure: failed,
    __always: true,
    __timeout: run.timedOut.size > 0,
    __skip: false,
    __last: run.actions[run.actions.length - 1] ?? null,
    __actions: actions,
  };
}

/** Whether the action runs; a CEL error is thrown as CelError with its reason. */
export function shouldRun(
  condition: string | undefined,
  vars: Record<string, unknown>,
  run: RunSoFar,
): boolean {
  const expression = condition?.trim() || 'success()';
  const value = evaluate(rewrite(expression), conditionVars(vars, run));
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new CelError(`"if: ${expression}" must give true or false, not ${JSON.stringify(value)}`);
}

/** A CEL filter of a playbook or trigger: all must hold. Errors name the filter. */
export function filterHolds(expression: string, vars: Record<string, unknown>): boolean {
  const value = evaluate(rewrite(expression), vars);
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new CelError(
    `filter "${expression}" must give true or false, not ${JSON.stringify(value)}`,
  );
}

/** A CEL expression (for `delay`), evaluated with the same helpers. */
export function evaluateExpression(
  expression: string,
  vars: Record<string, unknown>,
  run: RunSoFar,
): unknown {
  return evaluate(rewrite(expression), conditionVars(vars, run));
}
