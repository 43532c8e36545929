import { compile, evaluate } from '../health/cel.js';

/**
 * Definition-of-done scripts (spec 000 §2.4): a CEL expression over the evidence's target that
 * says whether the item holds. The variables:
 *
 *   check      the evidence's check: id, name, type, status (its latest result: healthy or
 *              unhealthy), severity, labels, namespace, message, last_runtime,
 *              last_transition_time, deleted_at, age
 *   component  the component: id, name, type, status, health, labels, namespace, status_reason,
 *              updated_at, deleted_at, age
 *   config     the config item: id, name, type, config_class, status, health, ready, labels,
 *              tags, updated_at, deleted_at, age
 *   analysis   the config analysis: id, analyzer, analysis_type, severity, status, message,
 *              summary, first_observed, last_observed, age
 *   change     the config change: id, change_type, severity, summary, created_at, age
 *   evidence   the evidence itself: id, type, description, evidence, properties
 *   now        the evaluation time
 *
 * Only the targets the evidence links are defined. The fields of its main target (by evidence
 * type: check, topology -> component, config, config_analysis -> analysis, config_change ->
 * change; otherwise the first linked) are also top-level variables, which is what makes the
 * topology shortcut `status == 'healthy'` work. `age` is a duration: how long since the target
 * last changed (a check: since its status last changed; an analysis: since first observed).
 */

export type TargetName = 'check' | 'component' | 'config' | 'analysis' | 'change';
export type Target = Record<string, unknown>;

export interface ScriptSubject {
  evidence: Target & { type: string };
  targets: Partial<Record<TargetName, Target | null>>;
}

export type ScriptOutcome = { done: boolean; result: string } | { error: string };

/** The wizard's default scripts (§2.4), accepted by the names it shows them under. */
export const SHORTCUT_SCRIPTS: Readonly<Record<string, string>> = {
  'check healthy and age over 5m': `check.status == 'healthy' && check.age > duration('5m')`,
  'analysis resolved': `analysis.status == 'resolved'`,
};

const TARGETS: readonly TargetName[] = ['check', 'component', 'config', 'analysis', 'change'];

const MAIN_TARGET: Readonly<Record<string, TargetName>> = {
  check: 'check',
  topology: 'component',
  config: 'config',
  config_analysis: 'analysis',
  config_change: 'change',
};

/** The field each target's age counts from. */
const AGE_FROM: Readonly<Record<TargetName, string[]>> = {
  check: ['last_transition_time', 'last_runtime'],
  component: ['updated_at'],
  config: ['updated_at'],
  analysis: ['first_observed'],
  change: ['created_at'],
};

const TIME_FIELDS = new Set([
  'last_runtime',
  'last_transition_time',
  'created_at',
  'updated_at',
  'deleted_at',
  'first_observed',
  'last_observed',
]);

/** The script to run: a shortcut name becomes its expression. */
export function expandScript(script: string): string {
  const name = script.trim().replace(/\s+/g, ' ').toLowerCase();
  return SHORTCUT_SCRIPTS[name] ?? script.trim();
}

/** The CEL variables for one evidence (see the top of this file). */
export function scriptVariables(subject: ScriptSubject, now: Date): Record<string, unknown> {
  const targets: Partial<Record<TargetName, Target>> = {};
  for (const name of TARGETS) {
    const target = subject.targets[name];
    if (target) targets[name] = withTimes(name, target, now);
  }
  const mainName = MAIN_TARGET[subject.evidence.type];
  const main = (mainName && targets[mainName]) ?? TARGETS.map((n) => targets[n]).find(Boolean);
  return { ...main, ...targets, evidence: subject.evidence, now };
}

/** Runs a script: it must answer true or false; anything else is an error, never a throw. */
export function runScript(script: string, vars: Record<string, unknown>): ScriptOutcome {
  let value: unknown;
  try {
    value = evaluate(expandScript(script), vars);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  if (typeof value !== 'boolean') {
    return { error: `the script must answer true or false, not ${JSON.stringify(value)}` };
  }
  return { done: value, result: String(value) };
}

/** Timestamps as CEL timestamps (JSON brings strings) and the target's age as a duration. */
function withTimes(name: TargetName, target: Target, now: Date): Target {
  const out: Target = {};
  for (const [key, value] of Object.entries(target)) {
    out[key] = TIME_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value;
  }
  const from = AGE_FROM[name].map((key) => out[key]).find((v) => v instanceof Date);
  if (from instanceof Date) out.age = celDuration(now.getTime() - from.getTime());
  return out;
}

/** cel-js does not export its Duration type, so one is made by CEL itself. */
function celDuration(ms: number): unknown {
  return compile('duration(d)')({ d: `${Math.max(0, Math.round(ms))}ms` });
}
