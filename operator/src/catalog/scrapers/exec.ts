import { selectorQuery } from '../../health/runners/catalog.js';
import { shebang } from '../../health/runners/exec.js';
import { goDurationMillis } from '../../health/runners/net/duration.js';
import { abortable } from '../../health/runners/sql.js';
import { defaultSandbox } from '../../sandbox/sandbox.js';
import type { ScrapeContext, Scraper, ScraperSpec } from '../types.js';
import {
  ScrapeError,
  envList,
  errorText,
  guarded,
  isObject,
  setFields,
  stoppedText,
} from './common.js';
import { checkoutCommand, checkoutFrom } from './execCheckout.js';
import { documentsFromOutput } from './execOutput.js';

/**
 * The `exec` scraper (crds.md §3.3): `script` runs in the script sandbox (ctx.sandbox, else the
 * default one; src/sandbox) exactly as an exec check's does: bash, or the interpreter of its
 * `#!` line; only `env` (plus PATH, HOME, TMPDIR) in its environment; a fresh directory. `query`
 * results (ResourceSelectors over the catalog, as the catalog check reads them) are written
 * there as JSON files first, and `checkout` clones a repository (execCheckout.ts). stdout is
 * read by execOutput.ts. `timeout` (seconds, or a duration such as "10m") defaults to 5 minutes;
 * the scrape's signal also stops it. A non-zero exit is an error with stderr, and no documents.
 * Fields it cannot honour (connections, artifacts, setup) are errors naming them, and nothing
 * runs: a script without the credentials it expects could print a wrong, empty catalog.
 */

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
/** Of stderr in an error: the end, where the reason usually is. */
/** Largest stdout an exec scraper reads (larger output is an error naming this limit). */
export const SCRAPE_OUTPUT_LIMIT = 64 * 1024 * 1024;
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

function unsupported(spec: ScraperSpec): string[] {
  const errors = setFields(spec, ['artifacts', 'setup']).map(
    (f) => `${f} is not supported by the exec scraper yet`,
  );
  const conns = spec.connections;
  if (isObject(conns))
    for (const f of setFields(conns, CONNECTIONS))
      errors.push(
        `connections.${f} is not supported yet: pass the credentials the script needs in env`,
      );
  return errors;
}

function timeoutMs(raw: unknown): number {
  if (typeof raw === 'number' && raw > 0) return raw * 1000;
  try {
    return goDurationMillis(raw, 'timeout', DEFAULT_TIMEOUT_MS);
  } catch (err) {
    throw new ScrapeError(errorText(err));
  }
}

/** `query`: each entry's matches as a JSON file of the run's directory. */
async function queryFiles(raw: unknown, ctx: ScrapeContext): Promise<Record<string, string>> {
  if (raw === undefined || raw === null) return {};
  if (!Array.isArray(raw)) throw new ScrapeError('query must be a list of {path, selector fields}');
  const files: Record<string, string> = {};
  for (const [i, entry] of raw.entries()) {
    const at = `query[${i}]`;
    if (!isObject(entry)) throw new ScrapeError(`${at} must be an object`);
    const { path, ...selector } = entry;
    // The sandbox writes files by name into the run's directory, so a name is what we take.
    if (
      typeof path !== 'string' ||
      !/^[\w.-]+$/.test(path) ||
      path === 'script' ||
      /^\.+$/.test(path)
    )
      throw new ScrapeError(
        `${at}.path must be a file name such as configs.json; it is written in the script's working directory`,
      );
    let q;
    try {
      q = selectorQuery(selector, at);
    } catch (err) {
      throw new ScrapeError(errorText(err));
    }
    try {
      const res = await abortable(ctx.pool.query(q.sql, q.params), ctx.signal);
      files[path] = JSON.stringify(res.rows);
    } catch (err) {
      throw new ScrapeError(
        ctx.signal.aborted
          ? stoppedText(ctx.signal)
          : `${at}: the catalog query failed: ${errorText(err)}`,
      );
    }
  }
  return files;
}

export const execScraper: Scraper = (spec, ctx) =>
  guarded(async () => {
    const script = typeof spec.script === 'string' ? spec.script : '';
    if (!script.trim()) throw new ScrapeError('script is required');
    const problems = unsupported(spec);
    if (problems.length) return { documents: [], errors: problems };
    const env = envList(spec.env, 'env');
    const limitMs = timeoutMs(spec.timeout);
    const checkout = await checkoutFrom(spec.checkout, ctx);
    const files = await queryFiles(spec.query, ctx);

    // A `#!` script is ./script given to its interpreter, as in the exec check.
    const interp = shebang(script);
    if (interp) files.script = script;
    const program = interp ?? ['bash', '-c', script];
    const queryNames = Object.keys(files).filter((f) => f !== 'script');
    const [command, ...args] = checkout
      ? checkoutCommand(checkout, queryNames, { command: program, asFile: Boolean(interp) })
      : interp
        ? [...interp, './script']
        : program;

    const outcome = await (ctx.sandbox ?? defaultSandbox).run({
      command: command as string,
      args,
      env: { ...env, ...checkout?.env },
      files,
      timeoutMs: limitMs,
      signal: ctx.signal,
      // A scrape reads a whole inventory from stdout; what it stores is its items, not the text.
      outputLimit: SCRAPE_OUTPUT_LIMIT,
    });
    const fullStderr = outcome.stderr.trim();
    const stderr =
      fullStderr.length > STDERR_CHARS ? `…${fullStderr.slice(-STDERR_CHARS)}` : fullStderr;
    if (outcome.error) throw new ScrapeError(`cannot run ${command}: ${errorText(outcome.error)}`);
    if (outcome.stopped === 'timeout')
      throw new ScrapeError(`the script timed out after ${Math.round(limitMs / 1000)}s`);
    if (outcome.stopped === 'cancelled') throw new ScrapeError(stoppedText(ctx.signal));
    if (outcome.exitCode === null)
      throw new ScrapeError(`the script was killed by ${outcome.signal ?? 'a signal'}`);
    if (outcome.exitCode !== 0)
      throw new ScrapeError(
        `the script exited with code ${outcome.exitCode}${stderr ? `: ${stderr}` : ''}`,
      );
    if (outcome.truncated.includes('stdout'))
      throw new ScrapeError(
        `the script wrote more than ${SCRAPE_OUTPUT_LIMIT / 1024 / 1024} MiB on stdout, which is more than an exec scraper reads: split it into several scrapers`,
      );
    return { documents: documentsFromOutput(outcome.stdout), errors: [] };
  });
