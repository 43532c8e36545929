import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { invalidResult, resultFrom, type CheckRunner } from '../types.js';
import { errorText, seconds } from './sql.js';

/**
 * exec check (crds.md §1.3): runs `script` with bash, or with the interpreter its `#!` line names,
 * in a fresh temp dir, with `env` added to the environment. `timeout` (seconds, default 60) and
 * the run's signal kill the whole process group. stdout and stderr are trimmed and capped at
 * 1 MiB each. `data.results` = {stdout, stderr, exitCode, path, args, extra}; a non-zero exit
 * fails with stderr (or "exit code N") as the error.
 */

export const OUTPUT_CAP = 1024 * 1024;
const KILL_GRACE_MS = 2000;

/** Vigil's own secrets stay out of user scripts; everything else is inherited, as upstream. */
const PRIVATE_ENV = /^(VIGIL_|DATABASE_URL$|PG(PASSWORD|USER|HOST|DATABASE|PORT|SERVICE)?$)/;

class Capped {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  push(chunk: Buffer) {
    const room = OUTPUT_CAP - this.size;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    if (chunk.length > room) this.truncated = true;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(part);
    this.size += part.length;
  }
  text() {
    return Buffer.concat(this.chunks).toString('utf8').trim();
  }
}

/** The interpreter line as Linux reads it: the program, then at most one argument. */
function shebang(script: string): string[] | undefined {
  if (!script.startsWith('#!')) return undefined;
  const line = script.slice(2, script.includes('\n') ? script.indexOf('\n') : undefined).trim();
  if (!line) return undefined;
  const m = /^(\S+)(?:\s+(.*))?$/.exec(line);
  if (!m?.[1]) return undefined;
  return m[2] ? [m[1], m[2].trim()] : [m[1]];
}

export const execRunner: CheckRunner = async (spec, ctx) => {
  const start = new Date();
  const script = typeof spec.script === 'string' ? spec.script : '';
  if (!script.trim()) return [invalidResult(start, 'exec check needs a script to run')];

  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!PRIVATE_ENV.test(k)) env[k] = v;
  const specEnv: unknown = spec.env ?? [];
  if (!Array.isArray(specEnv)) return [invalidResult(start, 'env must be a list of {name, value}')];
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

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-exec-'));
  const interp = shebang(script);
  let cmd: string;
  let args: string[];
  if (interp) {
    const file = path.join(dir, 'script');
    fs.writeFileSync(file, script, { mode: 0o700 });
    cmd = interp[0] as string;
    args = [...interp.slice(1), file];
  } else {
    cmd = 'bash';
    args = ['-c', script];
  }

  const stdout = new Capped();
  const stderr = new Capped();
  let stopped: 'timeout' | 'cancelled' | undefined;
  const outcome = await new Promise<{ code: number | null; signal: string | null; error?: Error }>(
    (resolve) => {
      const child = spawn(cmd, args, {
        cwd: dir,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d: Buffer) => stdout.push(d));
      child.stderr.on('data', (d: Buffer) => stderr.push(d));
      const group = (sig: NodeJS.Signals) => {
        try {
          if (child.pid) process.kill(-child.pid, sig);
        } catch {
          // the group is gone already
        }
      };
      let killTimer: NodeJS.Timeout | undefined;
      const stop = (why: 'timeout' | 'cancelled') => {
        if (stopped) return;
        stopped = why;
        group('SIGTERM');
        killTimer = setTimeout(() => group('SIGKILL'), KILL_GRACE_MS);
      };
      const timer = setTimeout(() => stop('timeout'), timeoutS * 1000);
      const onAbort = () => stop('cancelled');
      ctx.signal.addEventListener('abort', onAbort, { once: true });
      let exit: { code: number | null; signal: string | null } | undefined;
      const finish = (error?: Error) => {
        clearTimeout(timer);
        clearTimeout(killTimer);
        ctx.signal.removeEventListener('abort', onAbort);
        resolve({ code: exit?.code ?? null, signal: exit?.signal ?? null, error });
      };
      child.once('error', (err) => finish(err));
      child.once('exit', (code, signal) => {
        exit = { code, signal };
        // Background processes the script left behind would hold the pipes open: end them.
        group('SIGKILL');
        // A process that left the group may still hold them: stop waiting after a grace period.
        setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
        }, KILL_GRACE_MS).unref();
      });
      child.once('close', () => finish());
    },
  );
  fs.rmSync(dir, { recursive: true, force: true });

  const truncated = [
    ...(stdout.truncated ? ['stdout'] : []),
    ...(stderr.truncated ? ['stderr'] : []),
  ];
  const exitCode = outcome.code ?? -1;
  const results = {
    stdout: stdout.text(),
    stderr: stderr.text(),
    exitCode,
    path: cmd,
    args: [cmd, ...args],
    extra: truncated.length ? { truncated } : {},
  };
  const data = { results };
  if (outcome.error)
    return [
      resultFrom(start, false, { error: `cannot run ${cmd}: ${errorText(outcome.error)}`, data }),
    ];
  if (stopped === 'timeout')
    return [resultFrom(start, false, { error: `timed out after ${timeoutS}s`, data })];
  if (stopped === 'cancelled')
    return [resultFrom(start, false, { error: 'the run was cancelled', data })];
  if (outcome.code === null)
    return [resultFrom(start, false, { error: `killed by ${outcome.signal ?? 'a signal'}`, data })];
  if (exitCode !== 0)
    return [resultFrom(start, false, { error: results.stderr || `exit code ${exitCode}`, data })];
  return [resultFrom(start, true, { data })];
};
