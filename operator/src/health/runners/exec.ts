import { defaultSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import { invalidResult, resultFrom, type CheckRunner } from '../types.js';
import { errorText, seconds } from './sql.js';

/**
 * exec check (crds.md §1.3): runs `script` with bash, or with the interpreter its `#!` line names,
 * in the script sandbox (src/sandbox): a fresh working directory, only the spec's `env` (plus
 * PATH, HOME, TMPDIR), and, when Vigil is root, an unprivileged OS user. `timeout` (seconds,
 * default 60) and the run's signal kill everything the script started. stdout and stderr are
 * trimmed and kept up to VIGIL_SCRIPT_OUTPUT_LIMIT each (64 KiB by default; a cut one ends with a
 * note and is listed in `extra.truncated`). `data.results` = {stdout, stderr, exitCode, path,
 * args, extra}; a non-zero exit fails with stderr (or "exit code N") as the error.
 */

/** The interpreter line as Linux reads it: the program, then at most one argument. */
export function shebang(script: string): string[] | undefined {
  if (!script.startsWith('#!')) return undefined;
  const line = script.slice(2, script.includes('\n') ? script.indexOf('\n') : undefined).trim();
  if (!line) return undefined;
  const m = /^(\S+)(?:\s+(.*))?$/.exec(line);
  if (!m?.[1]) return undefined;
  return m[2] ? [m[1], m[2].trim()] : [m[1]];
}

/** The exec runner with its scripts run in `sandbox` (server.ts passes the configured one). */
export function execRunnerFor(sandbox: Sandbox): CheckRunner {
  return async (spec, ctx) => {
    const start = new Date();
    const script = typeof spec.script === 'string' ? spec.script : '';
    if (!script.trim()) return [invalidResult(start, 'exec check needs a script to run')];

    const env: Record<string, string> = {};
    const specEnv: unknown = spec.env ?? [];
    if (!Array.isArray(specEnv))
      return [invalidResult(start, 'env must be a list of {name, value}')];
    for (const [i, e] of specEnv.entries()) {
      const item = (e ?? {}) as { name?: unknown; value?: unknown; valueFrom?: unknown };
      if (typeof item.name !== 'string' || !item.name)
        return [invalidResult(start, `env[${i}] needs a name`)];
      if (item.value === undefined && item.valueFrom !== undefined)
        return [
          invalidResult(
            start,
            `env ${item.name}: valueFrom could not be resolved; give a value, or read the secret inside the script`,
          ),
        ];
      env[item.name] = item.value === undefined || item.value === null ? '' : String(item.value);
    }

    const timeoutS = seconds(spec.timeout, 60);
    if (ctx.signal.aborted) return [resultFrom(start, false, { error: 'the run was cancelled' })];

    // A shebang script is written to ./script in the run's directory and given to its interpreter.
    const interp = shebang(script);
    const cmd = interp ? (interp[0] as string) : 'bash';
    const args = interp ? [...interp.slice(1), './script'] : ['-c', script];
    const outcome = await sandbox.run({
      command: cmd,
      args,
      env,
      files: interp ? { script } : {},
      timeoutMs: timeoutS * 1000,
      signal: ctx.signal,
    });

    const exitCode = outcome.exitCode ?? -1;
    const results = {
      stdout: outcome.stdout.trim(),
      stderr: outcome.stderr.trim(),
      exitCode,
      path: cmd,
      args: [cmd, ...args],
      extra: outcome.truncated.length ? { truncated: outcome.truncated } : {},
    };
    const data = { results };
    if (outcome.error)
      return [
        resultFrom(start, false, { error: `cannot run ${cmd}: ${errorText(outcome.error)}`, data }),
      ];
    if (outcome.stopped === 'timeout')
      return [resultFrom(start, false, { error: `timed out after ${timeoutS}s`, data })];
    if (outcome.stopped === 'cancelled')
      return [resultFrom(start, false, { error: 'the run was cancelled', data })];
    if (outcome.exitCode === null)
      return [
        resultFrom(start, false, { error: `killed by ${outcome.signal ?? 'a signal'}`, data }),
      ];
    if (exitCode !== 0)
      return [resultFrom(start, false, { error: results.stderr || `exit code ${exitCode}`, data })];
    return [resultFrom(start, true, { data })];
  };
}

/** With the default sandbox; the server replaces it with one built from its configuration. */
export const execRunner: CheckRunner = execRunnerFor(defaultSandbox);
