import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { rootOnly } from './sandbox.testing.js';
import {
  assertUnprivileged,
  createSystemUser,
  lookupUser,
  resolveScriptUser,
} from './scriptUser.js';

const groupExists = (name: string) => {
  try {
    execFileSync('getent', ['group', name]);
    return true;
  } catch {
    return false;
  }
};

describe('script user', () => {
  it('refuses to run scripts as root or as the user that owns the database', async () => {
    const root = await lookupUser('root');
    if (!root) throw new Error('no root user');
    await expect(assertUnprivileged(root)).rejects.toThrow(
      'scripts cannot run as root: it is root (uid or gid 0); set VIGIL_SCRIPT_USER to a dedicated unprivileged user',
    );
    const postgres = await lookupUser('postgres');
    if (postgres)
      await expect(assertUnprivileged(postgres)).rejects.toThrow(
        'it shares the postgres user or group, which owns the embedded database',
      );
  });

  it('names a VIGIL_SCRIPT_USER that does not exist instead of creating it', async () => {
    await expect(resolveScriptUser('vigil-no-such-user')).rejects.toThrow(
      'VIGIL_SCRIPT_USER is vigil-no-such-user, which is not an OS user on this machine',
    );
    expect(await lookupUser('vigil-no-such-user')).toBeUndefined();
  });

  it('creates a system user with no home and no login shell', async (ctx) => {
    rootOnly(ctx, 'creating OS users');
    const name = `vigil-t${Date.now().toString(36)}`;
    try {
      const user = await createSystemUser(name);
      expect(user.uid).toBeGreaterThan(0);
      const entry = execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).trim();
      expect(entry).toMatch(/:\/nonexistent:\/(usr\/)?s?bin\/(nologin|false)$/);
      await assertUnprivileged(user);
    } finally {
      execFileSync('userdel', [name]);
      if (groupExists(name)) execFileSync('groupdel', [name]);
    }
  });

  it('leaves no half-made user or group when it cannot create one', async (ctx) => {
    rootOnly(ctx, 'creating OS users');
    const name = `vigil-${'x'.repeat(40)}`; // longer than useradd accepts
    await expect(createSystemUser(name)).rejects.toThrow(
      `Vigil runs as root and could not create the ${name} OS user to run scripts as`,
    );
    expect(await lookupUser(name)).toBeUndefined();
    expect(groupExists(name)).toBe(false);
  });
});
