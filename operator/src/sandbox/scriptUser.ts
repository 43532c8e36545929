import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { Logger } from 'pino';

/**
 * The OS user scripts run as when Vigil is root: `vigil-runner` (a system user with no home and
 * no login shell, created on first need) or the one VIGIL_SCRIPT_USER names (which must exist).
 * Whichever it is must not be able to reach what Vigil keeps: not root, not the postgres user
 * (which owns the embedded database), not the owner of the data directory.
 */
export interface ScriptUser {
  name: string;
  uid: number;
  gid: number;
}

export const DEFAULT_SCRIPT_USER = 'vigil-runner';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  error?: Error;
}

function run(cmd: string, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(cmd, args, { encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      const spawnFailed = error && typeof error.code === 'string';
      resolve({ code, stdout, stderr, ...(spawnFailed ? { error } : {}) });
    });
  });
}

/** The passwd entry for a name or uid, or undefined when there is none. */
export async function lookupUser(nameOrUid: string): Promise<ScriptUser | undefined> {
  const res = await run('getent', ['passwd', nameOrUid]);
  const fields = res.code === 0 ? res.stdout.trim().split('\n')[0]?.split(':') : undefined;
  if (!fields || fields.length < 4) return undefined;
  return { name: fields[0] as string, uid: Number(fields[2]), gid: Number(fields[3]) };
}

async function groupExists(name: string): Promise<boolean> {
  return (await run('getent', ['group', name])).code === 0;
}

const lastLine = (text: string) => text.trim().split('\n').pop() ?? '';

const nologin = () =>
  ['/usr/sbin/nologin', '/sbin/nologin', '/bin/false'].find((f) => fs.existsSync(f)) ??
  '/bin/false';

/**
 * Creates the system user (and its group). useradd writes both or neither; should it still
 * fail half-way, the group this call made is removed again, so no half-made user is left behind.
 */
export async function createSystemUser(name: string, log?: Logger): Promise<ScriptUser> {
  log?.info({ user: name }, `creating the ${name} OS user to run scripts (Vigil runs as root)`);
  const hadGroup = await groupExists(name);
  const args = [
    '--system',
    ...(hadGroup ? ['--gid', name] : ['--user-group']),
    '--no-create-home',
    '--home-dir',
    '/nonexistent',
    '--shell',
    nologin(),
    name,
  ];
  let why = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await run('useradd', args);
    // Another Vigil (or a test) on this machine may have made it at the same moment.
    const made = await lookupUser(name);
    if (made) return made;
    why = res.error ? `useradd is not available (${res.error.message})` : lastLine(res.stderr);
    if (res.error || !/lock|try again/i.test(res.stderr)) break;
    await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
  }
  if (!hadGroup && (await groupExists(name)) && !(await lookupUser(name)))
    await run('groupdel', [name]);
  throw new Error(
    `Vigil runs as root and could not create the ${name} OS user to run scripts as: ${why || 'useradd failed'}; create a system user with no home and no login shell, or set VIGIL_SCRIPT_USER to one`,
  );
}

/** Refuses a user that could read what Vigil keeps. */
export async function assertUnprivileged(user: ScriptUser, dataDir?: string): Promise<void> {
  const refuse = (why: string) =>
    new Error(
      `scripts cannot run as ${user.name}: ${why}; set VIGIL_SCRIPT_USER to a dedicated unprivileged user`,
    );
  if (user.uid === 0 || user.gid === 0) throw refuse('it is root (uid or gid 0)');
  if (user.uid === process.getuid?.()) throw refuse('it is the user Vigil runs as');
  const postgres = await lookupUser('postgres');
  if (postgres && (postgres.uid === user.uid || postgres.gid === user.gid))
    throw refuse('it shares the postgres user or group, which owns the embedded database');
  if (dataDir && fs.existsSync(dataDir)) {
    const st = fs.statSync(dataDir);
    if (st.uid === user.uid || (st.gid === user.gid && (st.mode & 0o070) !== 0))
      throw refuse(`it owns the data directory ${dataDir}`);
  }
}

/**
 * Resolves the user scripts run as. The default user is created when missing; a user named by
 * VIGIL_SCRIPT_USER must exist already (Vigil does not make accounts it was not asked to own).
 */
export async function resolveScriptUser(
  name: string | undefined,
  opts: { dataDir?: string; log?: Logger } = {},
): Promise<ScriptUser> {
  const wanted = name ?? DEFAULT_SCRIPT_USER;
  let user = await lookupUser(wanted);
  if (!user) {
    if (name !== undefined && name !== DEFAULT_SCRIPT_USER)
      throw new Error(
        `VIGIL_SCRIPT_USER is ${name}, which is not an OS user on this machine; create it (a system user with no home and no login shell) or unset VIGIL_SCRIPT_USER to use ${DEFAULT_SCRIPT_USER}`,
      );
    user = await createSystemUser(wanted, opts.log);
  }
  await assertUnprivileged(user, opts.dataDir);
  return user;
}
