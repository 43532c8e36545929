import path from 'node:path';
import { ScrapeError } from '../../catalog/scrapers/common.js';
import { checkoutCommand, checkoutFrom } from '../../catalog/scrapers/execCheckout.js';
import { shebang } from '../../health/runners/exec.js';
import { normalizePattern } from '../../sandbox/collect.js';
import { defaultSandbox, type RunOutcome } from '../../sandbox/sandbox.js';
import { contentTypeOf } from '../artifacts.js';
import type { ActionContext, ActionRunner, ArtifactFile } from '../types.js';
import {
  ActionError,
  completed,
  envField,
  envList,
  errorText,
  failed,
  guarded,
  isObject,
  setFields,
  stoppedText,
  tail,
} from './common.js';

/**
 * The `exec` action (crds.md §4.4): `script` runs in the script sandbox (src/sandbox) as exec
 * checks and scrapers do — bash, or the interpreter of its `#!` line; only `env` (plus PATH, HOME,
 * TMPDIR) in its environment; a fresh directory, removed afterwards. `checkout` clones a
 * repository first and the script runs inside it (the exec scraper's execCheckout.ts).
 * `artifacts` globs, relative to where the script runs, name files it leaves there; they are
 * read back before the directory goes (`/dev/stdout` and `/dev/stderr` keep the output). The
 * engine's signal (the action's or run's timeout, a cancel) kills the script's processes.
 * result = {stdout, stderr, exitCode}; a non-zero exit fails with the end of stderr.
 * `connections` and `setup` are refused by name, and nothing runs: a script without the
 * credentials or tools it expects could act wrongly rather than fail.
 */

/** The sandbox needs a timeout of its own; the engine's signal is what ends a script. */
const BACKSTOP_MS = 24 * 3600_000;
const STDERR_CHARS = 2000;

const CONNECTIONS = [
  'fromConfigItem',
  'eksPodIdentity',
  'serviceAccount',
  'kubernetes',
  'aws',
  'gcp',
  'azure',
  'opensearch',
] as const;

const STREAMS: Record<string, 'stdout' | 'stderr'> = {
  '/dev/stdout': 'stdout',
  '/dev/stderr': 'stderr',
};

function unsupported(spec: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (setFields(spec, ['setup']).length)
    problems.push('setup (installing runtimes) is not supported yet: use what the host has');
  const conns = spec.connections;
  if (conns !== undefined && conns !== null && !isObject(conns))
    problems.push('connections must be an object');
  if (isObject(conns))
    for (const f of setFields(conns, CONNECTIONS))
      problems.push(
        `connections.${f} is not supported yet: pass the credentials the script needs in env`,
      );
  return problems;
}

function artifactPatterns(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new ActionError('artifacts must be a list of {path}');
  return raw.map((a: unknown, i) => {
    const p = isObject(a) ? a.path : undefined;
    if (typeof p !== 'string' || !p.trim())
      throw new ActionError(`artifacts[${i}].path is required`);
    const trimmed = p.trim();
    if (!STREAMS[trimmed] && !normalizePattern(trimmed))
      throw new ActionError(
        `artifacts[${i}].path ${p} must be a file (or glob) inside the script's directory, relative to it, or /dev/stdout or /dev/stderr`,
      );
    return trimmed;
  });
}

/** Credentials of a checkout, read first so that valueFrom is refused in the action's words. */
async function checkoutOf(raw: unknown, ctx: ActionContext) {
  if (isObject(raw))
    for (const f of ['username', 'password', 'certificate']) envField(raw[f], `checkout.${f}`);
  try {
    return await checkoutFrom(raw, ctx);
  } catch (err) {
    if (err instanceof ScrapeError) throw new ActionError(err.message);
    throw err;
  }
}

function artifactsOf(outcome: RunOutcome, patterns: string[], dest?: string): ArtifactFile[] {
  const files: ArtifactFile[] = [];
  for (const p of patterns) {
    const stream = STREAMS[p];
    if (stream)
      files.push({
        filename: `${stream}.txt`,
        contentType: 'text/plain',
        content: Buffer.from(outcome[stream]),
      });
  }
  for (const f of outcome.collected ?? []) {
    // Named as the script sees them: relative to where it ran.
    const name = dest ? path.posix.relative(dest, f.path) : f.path;
    files.push({ filename: name, contentType: contentTypeOf(name), content: f.content });
  }
  return files;
}

export const execAction: ActionRunner = (spec, ctx) =>
  guarded(async () => {
    const script = typeof spec.script === 'string' ? spec.script : '';
    if (!script.trim()) return failed('script is required');
    const problems = unsupported(spec);
    if (problems.length) return failed(problems.join('; '));
    const env = envList(spec.env, 'env');
    const patterns = artifactPatterns(spec.artifacts);
    const checkout = await checkoutOf(spec.checkout, ctx);
    if (ctx.signal.aborted) return failed(stoppedText(ctx.signal));

    // A `#!` script is ./script given to its interpreter, as in the exec check.
    const interp = shebang(script);
    const files: Record<string, string> = interp ? { script } : {};
    const program = interp ?? ['bash', '-c', script];
    const [command, ...args] = checkout
      ? checkoutCommand(checkout, [], { command: program, asFile: Boolean(interp) })
      : interp
        ? [...interp, './script']
        : program;
    const globs = patterns
      .filter((p) => !STREAMS[p])
      .map((p) => (checkout ? path.posix.join(checkout.destination, p) : p));

    const outcome = await (ctx.sandbox ?? defaultSandbox).run({
      command: command as string,
      args,
      env: { ...env, ...checkout?.env },
      files,
      timeoutMs: BACKSTOP_MS,
      signal: ctx.signal,
      ...(globs.length ? { collect: globs } : {}),
    });
    const result: Record<string, unknown> = {
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      exitCode: outcome.exitCode,
    };
    if (outcome.truncated.length) result.truncated = outcome.truncated;
    if (outcome.notCollected?.length) result.artifactsNotCollected = outcome.notCollected;
    const artifacts = artifactsOf(outcome, patterns, checkout?.destination);
    const withArtifacts = (r: ReturnType<typeof failed>) =>
      artifacts.length ? { ...r, artifacts } : r;

    if (outcome.error) return failed(`cannot run ${command}: ${errorText(outcome.error)}`, result);
    if (outcome.stopped)
      return withArtifacts(
        failed(
          outcome.stopped === 'timeout' ? 'the action timed out' : stoppedText(ctx.signal),
          result,
        ),
      );
    if (outcome.exitCode === null)
      return withArtifacts(
        failed(`the script was killed by ${outcome.signal ?? 'a signal'}`, result),
      );
    if (outcome.exitCode !== 0) {
      const stderr = tail(outcome.stderr, STDERR_CHARS);
      return withArtifacts(
        failed(
          `the script exited with code ${outcome.exitCode}${stderr ? `: ${stderr}` : ''}`,
          result,
        ),
      );
    }
    return withArtifacts(completed(result));
  });
