import { parseDuration } from '../controllers/schedule.js';
import { renderTemplate } from '../template.js';
import { CelError, evaluate, LAST_RESULT_VAR, usesLastResult } from './cel.js';
import { checkTimeout, runWithTimeout, type CheckTimeout } from './timeouts.js';
import type { CheckResult, CheckRunner, CheckSpec, RunContext } from './types.js';

/**
 * One check, one attempt series: run the probe, then transform, display and test
 * (crds.md §1.5), retrying a failing (not invalid) result per `retries`. Expression errors end
 * as failed or invalid results with the reason, never as exceptions.
 */

export interface CheckDefinition {
  id: string;
  type: string;
  name: string;
  description?: string | null;
  labels: Record<string, string>;
  spec: CheckSpec;
}

export interface CanaryDefinition {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
}

/** A result after the pipeline; `name` is set on results a transform created as new checks. */
export interface FinalResult extends CheckResult {
  name?: string;
  description?: string;
}

export interface PipelineInput {
  check: CheckDefinition;
  canary: CanaryDefinition;
  runner: CheckRunner;
  ctx: RunContext;
  /** outputs.<checkName> of checks that ran before (dependsOn). */
  outputs?: Record<string, unknown>;
  /** The newest stored status, for last_result(); read only when an expression uses it. */
  lastResult?: () => Promise<Record<string, unknown> | undefined>;
  /** The time limit of one attempt (default: the type's, see timeouts.ts). */
  timeout?: CheckTimeout;
}

interface Template {
  expr?: string;
  template?: string;
  javascript?: string;
  jsonPath?: string;
}

/** The reason a check's expressions cannot be used (Ready=False at reconcile), or undefined. */
export function templateProblem(spec: CheckSpec): string | undefined {
  for (const field of ['test', 'display', 'transform'] as const) {
    const t = spec[field] as Template | undefined;
    if (!t || typeof t !== 'object') continue;
    if (t.javascript || t.jsonPath) {
      return `${field}: only expr (CEL) and template expressions are supported; rewrite "${t.javascript ?? t.jsonPath}" as CEL`;
    }
  }
  return undefined;
}

export async function runPipeline(input: PipelineInput): Promise<FinalResult[]> {
  const retries = retryPolicy(input.check.spec, input.canary.spec);
  const deadline = retries.timeout ? Date.now() + retries.timeout : Infinity;
  if (retries.delay) await sleep(retries.delay, input.ctx.signal);
  for (let attempt = 0; ; attempt++) {
    const results = await attemptOnce(input);
    const retryable = results.some((r) => !r.pass && !r.invalid);
    const more =
      retryable &&
      attempt < retries.maxRetries &&
      Date.now() + retries.interval < deadline &&
      !input.ctx.signal.aborted;
    if (!more) {
      if (attempt > 0)
        for (const r of results) r.data = { ...r.data, retries: { attempts: attempt + 1 } };
      return results;
    }
    await sleep(retries.interval, input.ctx.signal);
  }
}

async function attemptOnce(input: PipelineInput): Promise<FinalResult[]> {
  const { check, ctx } = input;
  let raw: CheckResult[];
  try {
    // Every attempt runs under its check's time limit, enforced here whatever the runner does.
    raw = await runWithTimeout(
      input.runner,
      check.type,
      check.spec,
      ctx,
      input.timeout ?? checkTimeout(check.type, check.spec),
    );
  } catch (error) {
    // A runner bug must not stop the canary: report it on the result.
    raw = [
      {
        pass: false,
        error: `the ${check.type} check failed unexpectedly: ${(error as Error).message}`,
        duration: 0,
        start: new Date(),
      },
    ];
  }
  const out: FinalResult[] = [];
  for (const r of raw) out.push(...(await postProcess(input, r)));
  return out;
}

async function postProcess(input: PipelineInput, result: CheckResult): Promise<FinalResult[]> {
  const { spec } = input.check;
  const vars = await variables(input, result);
  const transform = spec.transform as Template | undefined;
  let results: FinalResult[] = [result];
  if (exprOf(transform)) {
    try {
      results = applyTransform(input, result, expressionValue(transform as Template, vars));
    } catch (error) {
      return [{ ...result, pass: false, invalid: true, error: `transform: ${messageOf(error)}` }];
    }
  }
  return results.map((r) => (r.name ? r : displayAndTest(input, r, vars)));
}

function displayAndTest(
  input: PipelineInput,
  result: FinalResult,
  base: Record<string, unknown>,
): FinalResult {
  const { spec, type } = input.check;
  const vars = { ...base, ...resultVars(result) };
  const display = spec.display as Template | undefined;
  if (exprOf(display)) {
    try {
      const value = expressionValue(display as Template, vars);
      result.message = typeof value === 'string' ? value : JSON.stringify(value);
    } catch (error) {
      return { ...result, pass: false, error: `display: ${messageOf(error)}` };
    }
  }
  const test = spec.test as Template | undefined;
  if (!exprOf(test) || result.invalid) return result;
  // exec: the test, when given, decides instead of the exit code (crds.md §1.3).
  if (type === 'exec') {
    result.pass = true;
    result.error = undefined;
  } else if (!result.pass) return result;
  let value: unknown;
  try {
    value = expressionValue(test as Template, vars);
  } catch (error) {
    return { ...result, pass: false, error: `test: ${messageOf(error)}` };
  }
  const verdict =
    typeof value === 'boolean'
      ? value
      : value === 'true'
        ? true
        : value === 'false'
          ? false
          : undefined;
  if (verdict === undefined) {
    return { ...result, pass: false, error: 'test expression did not return a boolean value' };
  }
  if (verdict) return result;
  if (type === 'exec') {
    const r = (result.data?.results ?? {}) as {
      stdout?: string;
      stderr?: string;
      exitCode?: number;
    };
    const text = [r.stderr, r.stdout].filter(Boolean).join('\n');
    return { ...result, pass: false, error: text || `exit code ${r.exitCode ?? 0}` };
  }
  return { ...result, pass: false, error: 'test failed' };
}

/** crds.md §1.5 step 2: edit in place, drop, or fan out into new (transformed) checks. */
function applyTransform(input: PipelineInput, result: CheckResult, value: unknown): FinalResult[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) {
      return input.check.spec.markFailOnEmpty
        ? [{ ...result, pass: false, error: 'transform returned no results' }]
        : [];
    }
    const first = parsed[0] as Record<string, unknown>;
    if (typeof first === 'object' && first && first.name && first.name !== input.check.name) {
      // New checks, plus the original result without its detail.
      const children = parsed.map((item) => childResult(result, item as Record<string, unknown>));
      return [{ ...result, data: undefined }, ...children];
    }
    return parsed.map((item) => edited(result, item as Record<string, unknown>));
  }
  if (parsed && typeof parsed === 'object')
    return [edited(result, parsed as Record<string, unknown>)];
  throw new CelError('transform must return an object or a list of objects');
}

function edited(result: CheckResult, fields: Record<string, unknown>): FinalResult {
  const r: FinalResult = { ...result };
  if (typeof fields.pass === 'boolean') r.pass = fields.pass;
  if (typeof fields.invalid === 'boolean') r.invalid = fields.invalid;
  if (fields.message !== undefined) r.message = String(fields.message);
  if (fields.error !== undefined) r.error = String(fields.error);
  if (typeof fields.duration === 'number') r.duration = fields.duration;
  if (fields.description !== undefined) r.description = String(fields.description);
  if (fields.detail === '$delete') r.data = undefined;
  else if (fields.detail !== undefined) r.data = { results: fields.detail };
  if (fields.labels && typeof fields.labels === 'object') {
    r.labels = { ...r.labels, ...(fields.labels as Record<string, string>) };
  }
  return r;
}

function childResult(parent: CheckResult, fields: Record<string, unknown>): FinalResult {
  const r = edited({ ...parent, data: undefined, message: undefined, error: undefined }, fields);
  r.name = String(fields.name);
  if (typeof fields.pass !== 'boolean') r.pass = parent.pass;
  return r;
}

async function variables(input: PipelineInput, result: CheckResult) {
  const { check, canary, spec } = { ...input, spec: input.check.spec };
  const vars: Record<string, unknown> = {
    canary: {
      name: canary.name,
      namespace: canary.namespace,
      labels: canary.labels,
      id: canary.id,
    },
    check: {
      name: check.name,
      id: check.id,
      description: check.description ?? '',
      labels: check.labels,
      endpoint: spec.url ?? spec.endpoint ?? '',
    },
    errorType: '',
    results: {},
    ...(input.outputs ? { outputs: input.outputs } : {}),
    ...result.data,
    ...resultVars(result),
  };
  const texts = ['test', 'display', 'transform'].map((f) => exprOf(spec[f] as Template) ?? '');
  if (input.lastResult && texts.some(usesLastResult)) {
    vars[LAST_RESULT_VAR] = (await input.lastResult()) ?? {};
  }
  return vars;
}

const resultVars = (r: CheckResult) => ({
  duration: r.duration,
  error: r.error ?? '',
  message: r.message ?? '',
  pass: r.pass,
});

const exprOf = (t: Template | undefined): string | undefined =>
  t && typeof t === 'object' ? (t.expr ?? t.template) : undefined;

/** `expr` is CEL; `template` is a Go-style `{{ .path }}` template over the same variables. */
function expressionValue(t: Template, vars: Record<string, unknown>): unknown {
  if (t.expr) return evaluate(t.expr, vars);
  if (t.template !== undefined) return renderTemplate(t.template, vars);
  throw new CelError('only expr (CEL) and template expressions are supported');
}

interface RetryPolicy {
  maxRetries: number;
  interval: number;
  timeout: number;
  delay: number;
}

/** A check's `retries` override the canary's field by field; on only with maxRetries or timeout. */
export function retryPolicy(check: CheckSpec, canary: Record<string, unknown>): RetryPolicy {
  const merged = {
    ...((canary.retries as Record<string, unknown>) ?? {}),
    ...((check.retries as Record<string, unknown>) ?? {}),
  };
  const ms = (v: unknown) =>
    typeof v === 'number' ? v * 1000 : typeof v === 'string' ? (parseDuration(v) ?? 0) : 0;
  const maxRetries = Number(merged.maxRetries ?? 0) || 0;
  const timeout = ms(merged.timeout);
  if (merged.disabled === true || (maxRetries <= 0 && timeout <= 0)) {
    return { maxRetries: 0, interval: 0, timeout: 0, delay: 0 };
  }
  return {
    maxRetries: maxRetries > 0 ? maxRetries : Number.MAX_SAFE_INTEGER,
    interval: ms(merged.interval) || 1000,
    timeout,
    delay: ms(merged.delay),
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });
