import crypto from 'node:crypto';
import path from 'node:path';
import { resolveConnection } from '../../health/runners/sql.js';
import type { ScrapeContext } from '../types.js';
import { ScrapeError, envField, isObject } from './common.js';

/**
 * exec `checkout`: a git repository cloned into the run's directory before the script, with
 * Debian's `git`, inside the same sandboxed run (the sandbox has no separate setup step, and the
 * clone should not run with Vigil's rights anyway). As upstream, the script then runs inside the
 * checkout. Credentials reach git through a credential helper reading two variables that are
 * unset before the script starts; `ext::` transports are off and git never prompts.
 */

export interface Checkout {
  url: string;
  /** Relative to the run's directory. */
  destination: string;
  branch: string;
  depth: number;
  /** The URL and credentials, for git; removed before the script runs. */
  env: Record<string, string>;
}

// In the environment, not the arguments, which other local users can list.
const URL_VAR = 'CHECKOUT_GIT_URL';
const USER_VAR = 'CHECKOUT_GIT_USERNAME';
const PASSWORD_VAR = 'CHECKOUT_GIT_PASSWORD';

export async function checkoutFrom(
  raw: unknown,
  ctx: Pick<ScrapeContext, 'connection'>,
): Promise<Checkout | undefined> {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) throw new ScrapeError('checkout must be an object');
  if (envField(raw.certificate, 'checkout.certificate') !== undefined)
    throw new ScrapeError(
      'checkout.certificate (an SSH key) is not supported yet: use an https URL with username and password',
    );
  const conn = await resolveConnection(
    {
      connection: raw.connection,
      url: raw.url,
      username: envField(raw.username, 'checkout.username'),
      password: envField(raw.password, 'checkout.password'),
    },
    ctx,
  );
  if (typeof conn === 'string') throw new ScrapeError(`checkout: ${conn}`);
  if (!conn.url) throw new ScrapeError('checkout.url is required (or a connection that has one)');
  const { depth, branch, destination } = raw;
  if (depth !== undefined && depth !== null && !(Number.isInteger(depth) && Number(depth) >= 0))
    throw new ScrapeError('checkout.depth must be a whole number (0 = the whole history)');
  if (branch !== undefined && branch !== null && typeof branch !== 'string')
    throw new ScrapeError('checkout.branch must be a string');
  let dest = crypto.createHash('sha256').update(conn.url).digest('hex');
  if (typeof destination === 'string' && destination.trim()) {
    dest = path.posix.normalize(destination.trim()).replace(/\/+$/, '');
    if (path.posix.isAbsolute(dest) || dest === '.' || dest === '..' || dest.startsWith('../'))
      throw new ScrapeError(
        `checkout.destination ${destination} must be a folder inside the run's directory (a relative path)`,
      );
  }
  const env: Record<string, string> = { [URL_VAR]: conn.url };
  if (conn.username !== undefined) env[USER_VAR] = conn.username;
  if (conn.password !== undefined) env[PASSWORD_VAR] = conn.password;
  return {
    url: conn.url,
    destination: dest,
    branch: typeof branch === 'string' ? branch : '',
    depth: typeof depth === 'number' ? depth : 0,
    env,
  };
}

/**
 * The bash program that clones, moves the query files into the checkout, enters it and runs
 * the script. Arguments: destination, branch, depth, query file names joined by "/",
 * "file" when the script is ./script run by its interpreter, then the command to run.
 */
const WRAPPER = `
dest=$1 branch=$2 depth=$3 files=$4 mode=$5
shift 5
if ! command -v git >/dev/null 2>&1; then
  echo "checkout: git is not installed on the Vigil host (on Debian: apt-get install git)" >&2
  exit 127
fi
opts=(clone --quiet)
[ -n "$branch" ] && opts+=(--branch "$branch")
[ "$depth" -gt 0 ] && opts+=(--depth "$depth")
cred=()
if [ -n "\${${USER_VAR}-}\${${PASSWORD_VAR}-}" ]; then
  cred=(-c 'credential.helper=' -c 'credential.helper=!f() { test "$1" = get || exit 0; echo "username=$${USER_VAR}"; echo "password=$${PASSWORD_VAR}"; }; f')
fi
if ! GIT_TERMINAL_PROMPT=0 git -c protocol.ext.allow=never "\${cred[@]}" "\${opts[@]}" -- "$${URL_VAR}" "$dest" >&2; then
  echo "checkout: git clone failed" >&2
  exit 1
fi
unset ${URL_VAR} ${USER_VAR} ${PASSWORD_VAR}
run=$PWD
cd -- "$dest" || exit 1
IFS=/ read -ra names <<< "$files"
for f in "\${names[@]}"; do [ -n "$f" ] && mv -f -- "$run/$f" "./$f"; done
if [ "$mode" = file ]; then exec "$@" "$run/script"; fi
exec "$@"
`;

/** The sandbox command (program, then arguments) that clones, then runs `command` inside. */
export function checkoutCommand(
  c: Checkout,
  queryFiles: string[],
  script: { command: string[]; asFile: boolean },
): string[] {
  return [
    'bash',
    '-c',
    WRAPPER,
    'checkout',
    c.destination,
    c.branch,
    String(c.depth),
    queryFiles.join('/'),
    script.asFile ? 'file' : 'inline',
    ...script.command,
  ];
}
