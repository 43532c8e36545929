import { Environment } from '@marcbachmann/cel-js';

/**
 * CEL for the `test`, `display`, `transform` and `metrics` expressions of checks (crds.md §1.4).
 * Variables are dynamic (each check type brings its own), optional chaining (`json.?a.orValue(1)`)
 * is on, and a few of the helpers users reach for in upstream canaries are registered.
 */
const env = new Environment({
  unlistedVariablesAreDyn: true,
  enableOptionalTypes: true,
  homogeneousAggregateLiterals: false,
  limits: { maxAstNodes: 10_000, maxDepth: 100, maxListElements: 10_000, maxMapEntries: 10_000 },
})
  .registerFunction('toJSON(dyn): string', (v: unknown) => JSON.stringify(plain(v)))
  .registerFunction('HumanDuration(dyn): string', (ms: unknown) => humanDuration(Number(ms)))
  .registerFunction('HumanSize(dyn): string', (bytes: unknown) => humanSize(Number(bytes)))
  // cel-go's lists extension: one level, so a list of pages' item lists becomes one list.
  .registerFunction('list.flatten(): list', (list: unknown[]) => list.flat());

type Compiled = (vars: Record<string, unknown>) => unknown;
const cache = new Map<string, Compiled>();
const CACHE_LIMIT = 5000;

export class CelError extends Error {}

/** Parses (once, cached) and type-checks an expression; throws CelError with the reason. */
export function compile(expression: string): Compiled {
  const hit = cache.get(expression);
  if (hit) return hit;
  let parsed: Compiled;
  try {
    parsed = env.parse(rewriteLastResult(expression)) as unknown as Compiled;
  } catch (error) {
    throw new CelError(firstLine(error));
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(expression, parsed);
  return parsed;
}

/** The reason an expression cannot be compiled, or undefined when it can. */
export function compileError(expression: string): string | undefined {
  try {
    compile(expression);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Evaluates an expression; the result is converted to plain JSON values (ints as numbers). */
export function evaluate(expression: string, vars: Record<string, unknown>): unknown {
  const fn = compile(expression);
  try {
    return plain(fn(vars));
  } catch (error) {
    throw new CelError(firstLine(error));
  }
}

/**
 * `last_result()` reads the check's newest stored status. CEL functions see no evaluation
 * context, so the call is rewritten to a variable the pipeline fills in when it is used.
 */
export const LAST_RESULT_VAR = '__last_result';
const rewriteLastResult = (expression: string) =>
  expression.replace(/\blast_result\(\s*\)/g, LAST_RESULT_VAR);
export const usesLastResult = (expression: string) => /\blast_result\(\s*\)/.test(expression);

/** CEL values (BigInt ints, Durations, Maps) to JSON-friendly ones. */
export function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Map) {
    return Object.fromEntries([...value.entries()].map(([k, v]) => [String(k), plain(v)]));
  }
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as object | null;
    // A protobuf Duration from duration("1s"): milliseconds are what every consumer here wants.
    if ('seconds' in value && 'nanos' in value && proto !== Object.prototype) {
      const d = value as { seconds: number | bigint; nanos: number };
      return Number(d.seconds) * 1000 + d.nanos / 1e6;
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'invalid expression';

export function humanDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = ms / 1000;
  if (s < 60) return `${Number(s.toFixed(1))}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${Math.round(s % 60) ? `${Math.round(s % 60)}s` : ''}`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h${m % 60 ? `${m % 60}m` : ''}`;
  return `${Math.floor(h / 24)}d${h % 24 ? `${h % 24}h` : ''}`;
}

export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return '';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = bytes;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number(v.toFixed(1))}${units[i] as string}`;
}
