import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { redact } from '../../catalog/scrapers/git.js';
import { ActionError } from './common.js';

/**
 * A throw-away working copy for the gitops action, driven with Debian's `git` the way the
 * catalog's git source is (catalog/scrapers/git.ts): only network transports and local paths
 * (never `ext::`, which runs a command), no prompts (a wrong password fails at once), no system
 * or user configuration, no hooks, and credentials through an askpass helper reading them from
 * git's environment — never on a command line (other users can read /proc/<pid>/cmdline) nor in
 * .git/config. The folder is private to Vigil's user and removed by close().
 */

const ALLOWED = /^(https?:\/\/|ssh:\/\/|git:\/\/|file:\/\/|\/|[\w.-]+@[\w.-]+:)/;
const ASKPASS =
  '#!/bin/sh\ncase "$1" in Username*) printf \'%s\' "$VIGIL_GIT_USERNAME" ;; *) printf \'%s\' "$VIGIL_GIT_PASSWORD" ;; esac\n';
/** Of git's stderr in an error: the end, where its reason is. */
const STDERR_CHARS = 1500;

export interface GitIdentity {
  name: string;
  email: string;
}

export class GitRepo {
  private constructor(
    /** The working copy. */
    readonly dir: string,
    private readonly home: string,
    private readonly env: Record<string, string>,
    private readonly signal: AbortSignal,
  ) {}

  /** An empty repository whose `origin` is `url`; nothing is fetched yet. */
  static async open(
    url: string,
    creds: { username?: string; password?: string },
    signal: AbortSignal,
  ): Promise<GitRepo> {
    if (!ALLOWED.test(url) || url.startsWith('-'))
      throw new ActionError(
        `${redact(url)} is not a git URL Vigil pushes to (https://, ssh://, git://, file://, user@host:path or a local path)`,
      );
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-gitops-'));
    fs.chmodSync(home, 0o700);
    const askpass = path.join(home, 'askpass.sh');
    fs.writeFileSync(askpass, ASKPASS, { mode: 0o700 });
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_TERMINAL_PROMPT: '0',
      GIT_ASKPASS: creds.username || creds.password ? askpass : '/bin/false',
      SSH_ASKPASS: '/bin/false',
      GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
      VIGIL_GIT_USERNAME: creds.username ?? '',
      VIGIL_GIT_PASSWORD: creds.password ?? '',
    };
    const repo = new GitRepo(path.join(home, 'repo'), home, env, signal);
    try {
      fs.mkdirSync(repo.dir);
      await repo.git('init', '--quiet');
      await repo.git('remote', 'add', 'origin', url);
      return repo;
    } catch (error) {
      repo.close();
      throw error;
    }
  }

  /** Runs git in the working copy; rejects with git's own message. */
  git(...args: string[]): Promise<string> {
    const signal = this.signal;
    return new Promise((resolve, reject) => {
      const child = spawn(
        'git',
        ['-c', 'protocol.ext.allow=never', '-c', 'core.hooksPath=/dev/null', ...args],
        { cwd: this.dir, env: this.env, stdio: ['ignore', 'pipe', 'pipe'], signal },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-STDERR_CHARS)));
      child.once('error', (e) => {
        const code = (e as NodeJS.ErrnoException).code;
        reject(
          new ActionError(
            code === 'ENOENT'
              ? 'git is not installed on the Vigil host (Debian: apt-get install git)'
              : code === 'ABORT_ERR'
                ? 'stopped'
                : e.message,
          ),
        );
      });
      child.once('close', (code) => {
        if (code === 0) resolve(out);
        else reject(new ActionError(`git ${args[0]} failed: ${err.trim() || `exit code ${code}`}`));
      });
    });
  }

  /** The branches (name -> sha) of origin among `names`, and the one its HEAD points at. */
  async remoteBranches(names: string[]): Promise<{ heads: Map<string, string>; head?: string }> {
    const refs = names.map((n) => `refs/heads/${n}`);
    const out = await this.git('ls-remote', '--symref', 'origin', 'HEAD', ...refs);
    const heads = new Map<string, string>();
    let head: string | undefined;
    for (const line of out.split('\n')) {
      const sym = /^ref: refs\/heads\/(\S+)\tHEAD$/.exec(line);
      if (sym) head = sym[1];
      const ref = /^([0-9a-f]{40,64})\trefs\/heads\/(\S+)$/.exec(line);
      if (ref) heads.set(ref[2] as string, ref[1] as string);
    }
    return { heads, head };
  }

  /** Checks out `branch` at the tip of origin's `from` (shallow: only that commit is needed). */
  async start(branch: string, from: string): Promise<void> {
    await this.git('fetch', '--quiet', '--depth', '1', '--no-tags', 'origin', `refs/heads/${from}`);
    await this.git('checkout', '--quiet', '-B', branch, 'FETCH_HEAD');
  }

  /** Stages everything; the paths that changed (added, modified, deleted). */
  async stageAll(): Promise<string[]> {
    await this.git('add', '--all');
    const out = await this.git('diff', '--cached', '--name-only', '-z');
    return out.split('\0').filter(Boolean);
  }

  async commit(message: string, who: GitIdentity): Promise<string> {
    const id = ['-c', `user.name=${who.name}`, '-c', `user.email=${who.email}`];
    await this.git(...id, 'commit', '--quiet', '--no-verify', '-m', message);
    return (await this.git('rev-parse', 'HEAD')).trim();
  }

  async push(branch: string, force: boolean): Promise<void> {
    await this.git(
      'push',
      '--quiet',
      ...(force ? ['--force'] : []),
      'origin',
      `HEAD:refs/heads/${branch}`,
    );
  }

  close(): void {
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}
