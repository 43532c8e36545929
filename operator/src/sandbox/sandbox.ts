import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { collectFiles, type CollectedFile } from './collect.js';
import { CappedOutput, DEFAULT_OUTPUT_LIMIT } from './output.js';
import { killQuietly, listProcesses } from './processes.js';
import { resolveScriptUser, type ScriptUser } from './scriptUser.js';

/**
 * Runs code that users write (exec checks today, playbook exec actions next) away from Vigil's
 * own process, data directory and secrets.
 *
 * - Environment: only what the caller passes (the spec's `env`) plus PATH, HOME and TMPDIR set to
 *   safe values; nothing of Vigil's environment is inherited.
 * - Working directory: a fresh one per run, mode 0700, in a folder of its own outside the data
 *   directory that others can pass through but not list; removed after the run, also after a
 *   timeout or a cancel.
 * - When Vigil is root, the code runs as an unprivileged OS user (scriptUser.ts) with no
 *   supplementary groups. Where the kernel allows (`unshare`, `setpriv` from util-linux), also in
 *   a PID namespace of its own with a private /proc and no_new_privs: it cannot see Vigil's or
 *   other runs' processes, and everything it started ends when it does. Otherwise the run's
 *   process group and session are killed when it ends, and every process left by the user when
 *   no run is active.
 * - When Vigil is not root, it cannot switch users: the code runs as Vigil's user, with the same
 *   clean environment and fresh directory, and Vigil says so at start-up (start()).
 */

export const SAFE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const KILL_GRACE_MS = 2000;

export type Isolation =
  /** Root: the script user, in a PID namespace of its own. */
  | { mode: 'namespace'; user: ScriptUser; unshare: string; setpriv: string }
  /** Root without namespaces (e.g. a container without CAP_SYS_ADMIN): the script user. */
  | { mode: 'user'; user: ScriptUser }
  /** Not root: Vigil's own user. */
  | { mode: 'shared' };

export interface SandboxOptions {
  /** VIGIL_SCRIPT_USER: the OS user scripts run as when Vigil is root (default vigil-runner). */
  user?: string;
  /** VIGIL_SCRIPT_OUTPUT_LIMIT: bytes of stdout and of stderr kept per run. */
  outputLimit?: number;
  /** Vigil's data directory: run directories stay out of it, the script user may not own it. */
  dataDir?: string;
  /** Where run directories are made (default: the system temp folder). */
  workRoot?: string;
  /** false: never use a PID namespace (tests of the fallback); default: where the kernel allows. */
  namespaces?: boolean;
  log?: Logger;
}

export interface RunRequest {
  /** The program (looked up in PATH) and its arguments; relative paths are in the run's directory. */
  command: string;
  args: string[];
  /** The environment besides PATH, HOME and TMPDIR (which it may replace). */
  env?: Record<string, string>;
  /** Files written into the working directory before the run (name -> content), executable. */
  files?: Record<string, string>;
  timeoutMs: number;
  /** Stops the run (its processes are killed) when aborted. */
  signal: AbortSignal;
  /**
   * Bytes kept of stdout and of stderr, instead of the sandbox's limit (which is sized for what a
   * check stores per result): a scraper reads whole inventories from stdout.
   */
  outputLimit?: number;
  /**
   * Globs (relative to the run's directory) of files to read back before the directory is
   * removed: a playbook's exec artifacts. Capped in number and size (collect.ts).
   */
  collect?: string[];
}

export interface RunOutcome {
  /** Output as written, up to the limit; a cut stream ends with a line saying so. */
  stdout: string;
  stderr: string;
  truncated: ('stdout' | 'stderr')[];
  /** null when killed by a signal or never started. */
  exitCode: number | null;
  signal: string | null;
  stopped?: 'timeout' | 'cancelled';
  /** The program could not be started (not found, not executable, no user to run it as). */
  error?: Error;
  /** With `collect`: the files found, and a sentence per file or pattern left out. */
  collected?: CollectedFile[];
  notCollected?: string[];
}

export const isRoot = () => process.getuid?.() === 0;

/** Runs in flight per script uid: leftovers of a user are swept only when none is. */
const activeRuns = new Map<number, number>();
/** Work roots of this process, removed when it exits. */
const workRoots = new Set<string>();
let exitHook = false;

function findExecutable(cmd: string, pathVar: string, cwd: string): string | undefined {
  const candidates = cmd.includes('/')
    ? [path.resolve(cwd, cmd)]
    : pathVar
        .split(':')
        .filter((d) => path.isAbsolute(d))
        .map((d) => path.join(d, cmd));
  return candidates.find((f) => {
    try {
      fs.accessSync(f, fs.constants.X_OK);
      return fs.statSync(f).isFile();
    } catch {
      return false;
    }
  });
}

function notFound(cmd: string): Error {
  return Object.assign(new Error(`spawn ${cmd} ENOENT`), { code: 'ENOENT' });
}

/** Removes a run's directory, also when the code took the write bit off its own folders. */
function removeTree(dir: string): void {
  try {
    fs.rmSync(dir, { recursive: true, force: true });
    return;
  } catch {
    // below: make every folder writable again, then retry
  }
  const open = (d: string) => {
    try {
      fs.chmodSync(d, 0o700);
      for (const e of fs.readdirSync(d, { withFileTypes: true }))
        if (e.isDirectory()) open(path.join(d, e.name));
    } catch {
      // not ours to open; rmSync reports what is left
    }
  };
  open(dir);
  fs.rmSync(dir, { recursive: true, force: true });
}

export class Sandbox {
  readonly outputLimit: number;
  private isolationPromise?: Promise<Isolation>;
  private root?: string;

  constructor(private readonly opts: SandboxOptions = {}) {
    this.outputLimit = opts.outputLimit ?? DEFAULT_OUTPUT_LIMIT;
  }

  /**
   * At start-up: when Vigil is not root, one warning naming the risk; when it is and
   * VIGIL_SCRIPT_USER is set, that user is checked now so a bad value stops start-up. The default
   * user is made on first need.
   */
  async start(): Promise<void> {
    if (!isRoot()) {
      this.opts.log?.warn(
        'Vigil is not running as root, so scripts (exec checks) run as its own OS user and can read its environment (admin token, database URL and password), its data directory and its process; run Vigil as root so scripts run as the unprivileged vigil-runner user, or let only people you trust write scripts',
      );
      return;
    }
    if (this.opts.user !== undefined) await this.isolation();
  }

  /** How runs are isolated here; resolved (and the script user made) on first need. */
  isolation(): Promise<Isolation> {
    this.isolationPromise ??= this.resolveIsolation().catch((error: unknown) => {
      this.isolationPromise = undefined; // try again on the next run: the admin may fix it
      throw error;
    });
    return this.isolationPromise;
  }

  private async resolveIsolation(): Promise<Isolation> {
    if (!isRoot()) return { mode: 'shared' };
    const log = this.opts.log;
    const user = await resolveScriptUser(this.opts.user, { dataDir: this.opts.dataDir, log });
    const unshare = findExecutable('unshare', SAFE_PATH, '/');
    const setpriv = findExecutable('setpriv', SAFE_PATH, '/');
    let why = 'unshare or setpriv (util-linux) is not installed';
    if (this.opts.namespaces === false) why = 'namespaces are turned off';
    else if (unshare && setpriv) {
      const probe = spawnSync(unshare, [...UNSHARE_ARGS, setpriv, ...setprivArgs(user), 'true'], {
        cwd: '/',
        env: { PATH: SAFE_PATH },
        encoding: 'utf8',
        timeout: 10_000,
      });
      if (probe.status === 0) {
        log?.info(
          { user: user.name, uid: user.uid },
          'scripts run as %s in a PID namespace',
          user.name,
        );
        return { mode: 'namespace', user, unshare, setpriv };
      }
      why =
        (probe.stderr || probe.error?.message || `exit ${probe.status}`).trim().split('\n')[0] ??
        why;
    }
    const probe = spawnSync('true', [], {
      uid: user.uid,
      gid: user.gid,
      cwd: '/',
      env: { PATH: SAFE_PATH },
    });
    if (probe.error || probe.status !== 0)
      throw new Error(
        `Vigil runs as root but cannot switch to the ${user.name} user to run scripts (${probe.error?.message ?? `exit ${probe.status}`})`,
      );
    log?.info(
      { user: user.name, uid: user.uid, why },
      'scripts run as %s without a PID namespace of their own: processes that leave their session are ended when no script is running',
      user.name,
    );
    return { mode: 'user', user };
  }

  /** The folder run directories are made in: fresh for this process, others may not list it. */
  private workRoot(iso: Isolation): string {
    if (this.root && fs.existsSync(this.root)) return this.root;
    let base = this.opts.workRoot ?? os.tmpdir();
    const dataDir = this.opts.dataDir;
    if (dataDir && !path.relative(path.resolve(dataDir), path.resolve(base)).startsWith('..'))
      base = '/tmp';
    const root = fs.mkdtempSync(path.join(base, 'vigil-scripts-'));
    fs.chmodSync(root, iso.mode === 'shared' ? 0o700 : 0o711);
    this.root = root;
    workRoots.add(root);
    if (!exitHook) {
      exitHook = true;
      process.once('exit', () => {
        for (const r of workRoots) removeTree(r);
      });
    }
    return root;
  }

  /** Removes this sandbox's work folder (call after the last run, e.g. at shutdown). */
  close(): void {
    if (!this.root) return;
    removeTree(this.root);
    workRoots.delete(this.root);
    this.root = undefined;
  }

  async run(req: RunRequest): Promise<RunOutcome> {
    const failed = (error: Error): RunOutcome => ({
      stdout: '',
      stderr: '',
      truncated: [],
      exitCode: null,
      signal: null,
      error,
    });
    let iso: Isolation;
    try {
      iso = await this.isolation();
    } catch (error) {
      return failed(error as Error);
    }
    if (req.signal.aborted)
      return {
        stdout: '',
        stderr: '',
        truncated: [],
        exitCode: null,
        signal: null,
        stopped: 'cancelled',
      };
    const user = iso.mode === 'shared' ? undefined : iso.user;
    const uid = user?.uid ?? process.getuid?.() ?? -1;
    let dir: string | undefined;
    activeRuns.set(uid, (activeRuns.get(uid) ?? 0) + 1);
    try {
      dir = path.join(this.workRoot(iso), crypto.randomBytes(16).toString('hex'));
      fs.mkdirSync(dir, { mode: 0o700 });
      if (user) fs.chownSync(dir, user.uid, user.gid);
      for (const [name, content] of Object.entries(req.files ?? {})) {
        const file = path.join(dir, path.basename(name));
        fs.writeFileSync(file, content, { mode: 0o700 });
        if (user) fs.chownSync(file, user.uid, user.gid);
      }
      const env = { PATH: SAFE_PATH, HOME: dir, TMPDIR: dir, ...req.env };
      if (!findExecutable(req.command, env.PATH, dir)) return failed(notFound(req.command));
      const outcome = await this.launch(iso, req, dir, env);
      if (req.collect?.length) {
        try {
          const { files, skipped } = collectFiles(dir, req.collect, uid);
          outcome.collected = files;
          outcome.notCollected = skipped;
        } catch (error) {
          outcome.notCollected = [`the files could not be read: ${(error as Error).message}`];
        }
      }
      return outcome;
    } catch (error) {
      return failed(error as Error); // no room for the directory, spawn refused (EPERM), …
    } finally {
      activeRuns.set(uid, (activeRuns.get(uid) ?? 1) - 1);
      if (iso.mode === 'user' && activeRuns.get(uid) === 0) sweep((p) => p.uid === uid);
      if (dir) {
        try {
          removeTree(dir);
        } catch (error) {
          this.opts.log?.warn({ err: error, dir }, 'could not remove a script run directory');
        }
      }
    }
  }

  private launch(
    iso: Isolation,
    req: RunRequest,
    dir: string,
    env: Record<string, string>,
  ): Promise<RunOutcome> {
    let file = req.command;
    let args = req.args;
    const options: SpawnOptions = {
      cwd: dir,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    };
    if (iso.mode === 'namespace') {
      file = iso.unshare;
      args = [...UNSHARE_ARGS, iso.setpriv, ...setprivArgs(iso.user), req.command, ...req.args];
    } else if (iso.mode === 'user') {
      // libuv also drops every supplementary group when it switches users.
      options.uid = iso.user.uid;
      options.gid = iso.user.gid;
    }
    const uid = iso.mode === 'shared' ? process.getuid?.() : iso.user.uid;

    const stdout = new CappedOutput(req.outputLimit ?? this.outputLimit);
    const stderr = new CappedOutput(this.outputLimit);
    let stopped: 'timeout' | 'cancelled' | undefined;
    return new Promise<RunOutcome>((resolve) => {
      const child = spawn(file, args, options);
      child.stdout?.on('data', (d: Buffer) => stdout.push(d));
      child.stderr?.on('data', (d: Buffer) => stderr.push(d));
      const group = (sig: NodeJS.Signals) => {
        if (child.pid) killQuietly(-child.pid, sig);
      };
      // What the run left behind: its process group, and its session (double forks, disown).
      const leftovers = () => {
        group('SIGKILL');
        const leader = child.pid;
        if (leader && iso.mode !== 'namespace')
          sweep((p) => p.uid === uid && (p.sid === leader || p.pgid === leader));
      };
      let killTimer: NodeJS.Timeout | undefined;
      const stop = (why: 'timeout' | 'cancelled') => {
        if (stopped) return;
        stopped = why;
        group('SIGTERM');
        killTimer = setTimeout(leftovers, KILL_GRACE_MS);
      };
      const timer = setTimeout(() => stop('timeout'), req.timeoutMs);
      const onAbort = () => stop('cancelled');
      req.signal.addEventListener('abort', onAbort, { once: true });
      let exit: { code: number | null; signal: string | null } | undefined;
      let done = false;
      const finish = (error?: Error) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearTimeout(killTimer);
        req.signal.removeEventListener('abort', onAbort);
        resolve({
          stdout: stdout.text(),
          stderr: stderr.text(),
          truncated: [
            ...(stdout.truncated ? (['stdout'] as const) : []),
            ...(stderr.truncated ? (['stderr'] as const) : []),
          ],
          exitCode: exit?.code ?? null,
          signal: exit?.signal ?? null,
          ...(stopped ? { stopped } : {}),
          ...(error ? { error } : {}),
        });
      };
      child.once('error', (err) => finish(err));
      child.once('exit', (code, signal) => {
        exit = { code, signal };
        // Background processes would hold the pipes open: end them.
        leftovers();
        // One that escaped the sweep may still hold them: stop waiting after a grace period.
        setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
        }, KILL_GRACE_MS).unref();
      });
      child.once('close', () => finish());
    });
  }
}

/** A new PID namespace with its own /proc; its processes are killed when its first one ends. */
const UNSHARE_ARGS = ['--pid', '--fork', '--kill-child', '--mount-proc', '--'];

const setprivArgs = (user: ScriptUser) => [
  `--reuid=${user.uid}`,
  `--regid=${user.gid}`,
  '--clear-groups',
  '--no-new-privs',
  '--',
];

/** Kills (SIGKILL) the processes that match, a few passes so that fresh forks are caught too. */
function sweep(match: (p: { pid: number; uid: number; sid: number; pgid: number }) => boolean) {
  for (let pass = 0; pass < 3; pass++) {
    const found = listProcesses().filter((p) => p.pid !== process.pid && match(p));
    if (found.length === 0) return;
    for (const p of found) killQuietly(p.pid, 'SIGKILL');
  }
}

/** The sandbox used when nothing configured one (tests, tools): the defaults. */
export const defaultSandbox = new Sandbox();
