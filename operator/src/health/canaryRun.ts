import { REMOVED_CHECK_TYPES } from '@vigil/crds';
import {
  runPipeline,
  type CanaryDefinition,
  type CheckDefinition,
  type FinalResult,
} from './pipeline.js';
import type { CheckTimeout } from './timeouts.js';
import type { CheckRunner, RunContext } from './types.js';

/**
 * One run of a canary: its checks in order (crds.md §1.5 "Order"), `dependsOn` as a topological
 * sort with `outputs`, and `resultMode: junit` collapsing everything into one synthetic check.
 */

export interface CheckRun {
  check: CheckDefinition;
  results: FinalResult[];
}

export interface CanaryRunDeps {
  runners: Record<string, CheckRunner>;
  context(check: CheckDefinition): RunContext;
  lastResult?(checkId: string): Promise<Record<string, unknown> | undefined>;
  /** Checks run at once within one canary when none depends on another. */
  parallelism?: number;
  /**
   * Called with each check's results as soon as that check is done, so a slow check does not
   * hold back its siblings' results. Not called with resultMode junit, whose one result needs
   * every check.
   */
  onCheckDone?(run: CheckRun): void;
  /** A check's time limit per attempt, instead of its type's default (timeouts.ts). */
  timeoutOf?(check: CheckDefinition): CheckTimeout | undefined;
}

export const REMOVED_TYPES = new Set<string>(REMOVED_CHECK_TYPES);
export const REMOVED_MESSAGE =
  'this check type has been removed, use kubernetesResource or exec checks instead';
export const JUNIT_REPORT_NAME = 'Result Mode: JUnit Report';

/** Why the checks cannot be ordered (cycle, unknown or duplicate names), or undefined. */
export function dependencyProblem(checks: { name: string; spec: Record<string, unknown> }[]) {
  if (!checks.some((c) => Array.isArray(c.spec.dependsOn) && c.spec.dependsOn.length)) return;
  const names = new Set<string>();
  for (const c of checks) {
    if (names.has(c.name))
      return `duplicate check name "${c.name}": names must be unique when dependsOn is used`;
    names.add(c.name);
  }
  for (const c of checks) {
    for (const d of (c.spec.dependsOn as string[] | undefined) ?? []) {
      if (!names.has(d))
        return `check "${c.name}" depends on "${d}", which is not a check of this canary`;
    }
  }
  return order(checks) ? undefined : 'dependsOn forms a cycle';
}

/** Kahn's algorithm; checks with no dependencies first, spec order kept among equals. */
function order<T extends { name: string; spec: Record<string, unknown> }>(
  checks: T[],
): T[] | undefined {
  const done = new Set<string>();
  const out: T[] = [];
  let pending = [...checks];
  while (pending.length) {
    const ready = pending.filter((c) =>
      ((c.spec.dependsOn as string[] | undefined) ?? []).every((d) => done.has(d)),
    );
    if (!ready.length) return undefined;
    ready.forEach((c) => {
      done.add(c.name);
      out.push(c);
    });
    pending = pending.filter((c) => !ready.includes(c));
  }
  return out;
}

export async function runCanary(
  canary: CanaryDefinition,
  checks: CheckDefinition[],
  deps: CanaryRunDeps,
): Promise<CheckRun[]> {
  const junit = canary.spec.resultMode === 'junit';
  const done = (run: CheckRun) => {
    if (!junit) deps.onCheckDone?.(run);
    return run;
  };
  const problem = dependencyProblem(checks);
  if (problem) {
    return checks.map((check) => done({ check, results: [invalid(problem)] }));
  }
  const withDeps = checks.some((c) => Array.isArray(c.spec.dependsOn) && c.spec.dependsOn.length);
  let runs: CheckRun[];
  if (withDeps) {
    const outputs: Record<string, unknown> = {};
    runs = [];
    for (const check of order(checks) ?? []) {
      const failedDep = ((check.spec.dependsOn as string[] | undefined) ?? []).find(
        (d) => !outputs[d],
      );
      const results = failedDep
        ? [skipped(`skipped: check "${failedDep}" it depends on did not pass`)]
        : await runOne(canary, check, deps, outputs);
      const first = results[0];
      if (first?.pass) {
        outputs[check.name] = {
          pass: true,
          message: first.message ?? '',
          duration: first.duration,
          ...first.data,
        };
      }
      runs.push(done({ check, results }));
    }
  } else {
    // Fixed order (types alphabetically, spec order within a type), a few at a time.
    const sorted = [...checks].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
    runs = new Array<CheckRun>(sorted.length);
    let next = 0;
    const worker = async () => {
      while (next < sorted.length) {
        const i = next++;
        const check = sorted[i] as CheckDefinition;
        runs[i] = done({ check, results: await runOne(canary, check, deps) });
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(deps.parallelism ?? 4, sorted.length) }, worker),
    );
  }
  return junit ? collapseToJunit(runs) : runs;
}

async function runOne(
  canary: CanaryDefinition,
  check: CheckDefinition,
  deps: CanaryRunDeps,
  outputs?: Record<string, unknown>,
): Promise<FinalResult[]> {
  if (REMOVED_TYPES.has(check.type)) return [failed(REMOVED_MESSAGE)];
  const runner = deps.runners[check.type];
  if (!runner) return [invalid(`Vigil cannot run ${check.type} checks yet`)];
  return runPipeline({
    check,
    canary,
    runner,
    ctx: deps.context(check),
    outputs,
    timeout: deps.timeoutOf?.(check),
    lastResult: deps.lastResult
      ? () => deps.lastResult?.(check.id) ?? Promise.resolve(undefined)
      : undefined,
  });
}

function collapseToJunit(runs: CheckRun[]): CheckRun[] {
  const first = runs[0];
  if (!first) return runs;
  const all = runs.flatMap((r) =>
    r.results.map((x) => ({ name: r.check.name, type: r.check.type, r: x })),
  );
  const failedOnes = all.filter((x) => !x.r.pass);
  const start = all.reduce((t, x) => (x.r.start < t ? x.r.start : t), new Date());
  const tests = all.map((x) => ({
    name: x.name,
    classname: x.type,
    duration: x.r.duration / 1000,
    status: x.r.pass ? 'passed' : 'failed',
    message: x.r.error ?? x.r.message ?? '',
  }));
  const result: FinalResult = {
    name: JUNIT_REPORT_NAME,
    pass: failedOnes.length === 0,
    start,
    duration: all.reduce((d, x) => d + x.r.duration, 0),
    message: `${all.length - failedOnes.length} passed, ${failedOnes.length} failed`,
    error: failedOnes.length
      ? failedOnes.map((x) => `${x.name}: ${x.r.error ?? 'failed'}`).join('; ')
      : undefined,
    data: {
      results: {
        passed: all.length - failedOnes.length,
        failed: failedOnes.length,
        skipped: 0,
        error: 0,
        suites: [{ name: 'canary', tests }],
      },
    },
  };
  return [{ check: first.check, results: [result] }];
}

const invalid = (error: string): FinalResult => ({
  pass: false,
  invalid: true,
  error,
  duration: 0,
  start: new Date(),
});
const failed = (error: string): FinalResult => ({
  pass: false,
  error,
  duration: 0,
  start: new Date(),
});
const skipped = (error: string): FinalResult => failed(error);
