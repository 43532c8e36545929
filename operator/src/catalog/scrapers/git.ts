import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A working copy of a git repository for the file scraper, kept between scrapes in a cache
 * folder per URL and branch: the first scrape clones (shallow), later ones fetch and reset.
 * Debian's `git` does the work; only network transports and local paths are allowed (never
 * `ext::`, which would run a command), and prompts are off, so a wrong password fails at once.
 */

const ALLOWED = /^(https?:\/\/|ssh:\/\/|git:\/\/|file:\/\/|\/|[\w.-]+@[\w.-]+:)/;

export class GitError extends Error {}

export function isGitSource(url: string): boolean {
  return (
    url.startsWith('git::') ||
    url.endsWith('.git') ||
    /^(ssh|git):\/\//.test(url) ||
    /^[\w.-]+@[\w.-]+:/.test(url) ||
    /^file:\/\//.test(url)
  );
}

/**
 * Credentials reach git through an askpass helper reading them from its environment: never on
 * a command line (other users can read /proc/<pid>/cmdline) nor in the cached .git/config.
 */
function askpass(base: string): string {
  const file = path.join(base, 'askpass.sh');
  if (!fs.existsSync(file))
    fs.writeFileSync(
      file,
      '#!/bin/sh\ncase "$1" in Username*) printf \'%s\' "$VIGIL_GIT_USERNAME" ;; *) printf \'%s\' "$VIGIL_GIT_PASSWORD" ;; esac\n',
      { mode: 0o700 },
    );
  return file;
}

interface Credentials {
  username?: string;
  password?: string;
  askpass: string;
}

function run(
  args: string[],
  cwd: string | undefined,
  signal: AbortSignal,
  creds?: Credentials,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'protocol.ext.allow=never', ...args], {
      cwd,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: os.tmpdir(),
        GIT_TERMINAL_PROMPT: '0',
        GIT_ASKPASS: creds?.username ? creds.askpass : '/bin/false',
        SSH_ASKPASS: '/bin/false',
        GIT_CONFIG_NOSYSTEM: '1',
        ...(creds?.username
          ? { VIGIL_GIT_USERNAME: creds.username, VIGIL_GIT_PASSWORD: creds.password ?? '' }
          : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    child.once('error', (e) =>
      reject(
        new GitError(
          (e as NodeJS.ErrnoException).code === 'ENOENT'
            ? 'git is not installed on the Vigil host (Debian: apt-get install git)'
            : e.message,
        ),
      ),
    );
    child.once('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new GitError(`git ${args[0]} failed: ${err.trim() || `exit code ${code}`}`)),
    );
  });
}

export const redact = (url: string) => url.replace(/\/\/[^/@]*@/, '//***@');

/**
 * Brings the cached working copy of `url` (at `branch`, or the remote's default) up to date and
 * returns its folder.
 */
export async function checkout(
  source: string,
  opts: {
    branch?: string;
    cacheDir?: string;
    signal: AbortSignal;
    username?: string;
    password?: string;
  },
): Promise<string> {
  const url = source.replace(/^git::/, '');
  if (!ALLOWED.test(url) || url.startsWith('-'))
    throw new GitError(
      `${redact(url)} is not a git URL Vigil clones (https://, ssh://, git://, file://, user@host:path or a local path)`,
    );
  const base = opts.cacheDir ?? path.join(os.tmpdir(), 'vigil-git');
  fs.mkdirSync(base, { recursive: true, mode: 0o700 });
  const dir = path.join(
    base,
    crypto
      .createHash('sha256')
      .update(`${url}#${opts.branch ?? ''}`)
      .digest('hex')
      .slice(0, 32),
  );
  const creds = { username: opts.username, password: opts.password, askpass: askpass(base) };
  const branch = opts.branch ? ['--branch', opts.branch] : [];
  if (!fs.existsSync(path.join(dir, '.git'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    const args = ['clone', '--depth', '1', '--single-branch', ...branch, '--', url, dir];
    await run(args, undefined, opts.signal, creds);
    return dir;
  }
  await run(['remote', 'set-url', 'origin', url], dir, opts.signal);
  const ref = opts.branch ? [opts.branch] : ['HEAD'];
  await run(['fetch', '--depth', '1', 'origin', ...ref], dir, opts.signal, creds);
  await run(['reset', '--hard', 'FETCH_HEAD'], dir, opts.signal);
  await run(['clean', '-fdx'], dir, opts.signal);
  return dir;
}
