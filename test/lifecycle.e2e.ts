import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { startEmbeddedPostgres } from '../operator/src/db/embeddedPostgres.js';
import { ROOT, api, startVigil, tempDataDir, type VigilProcess } from './support/server.js';

const running: VigilProcess[] = [];
afterEach(async () => {
  for (const v of running.splice(0)) await v.stop();
});

async function start(opts: Parameters<typeof startVigil>[0] = {}) {
  const v = await startVigil(opts);
  running.push(v);
  return v;
}

function postgresPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('vigil serve lifecycle', () => {
  it('keeps data across a SIGKILL and a restart', async () => {
    const first = await start();
    const put = await api(first.url, '/api/properties/e2e.marker', {
      method: 'PUT',
      body: JSON.stringify({ value: 'kept' }),
    });
    expect(put.status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;
    running.splice(running.indexOf(first), 1);

    const second = await start({ dataDir: first.dataDir });
    const list = (await (await api(second.url, '/api/properties')).json()) as {
      name: string;
      value: string;
    }[];
    expect(list).toContainEqual(expect.objectContaining({ name: 'e2e.marker', value: 'kept' }));
    expect(second.output()).toContain(
      'stopping the embedded PostgreSQL left running by a previous Vigil',
    );
  });

  it('refuses a second server on the same data dir with a clear message', async () => {
    const first = await start();
    const second = spawnSync(
      process.execPath,
      [path.join(ROOT, 'operator/dist/main.js'), 'serve'],
      {
        env: { ...process.env, VIGIL_DATA_DIR: first.dataDir, PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(second.status).toBe(1);
    expect(second.stderr.trim()).toBe(
      `vigil: data directory ${first.dataDir} is in use by another Vigil (pid ${first.child.pid}); stop it or set VIGIL_DATA_DIR to another folder`,
    );
    // The first server is unharmed.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  });

  it('stops PostgreSQL and releases the data dir on SIGTERM, then restarts without migrating', async () => {
    const first = await start();
    const pgPid = postgresPid(first.dataDir) as number;
    expect(alive(pgPid)).toBe(true);
    expect(await first.stop()).toBe(0);
    running.splice(running.indexOf(first), 1);
    expect(alive(pgPid)).toBe(false);
    expect(fs.existsSync(path.join(first.dataDir, 'vigil.pid'))).toBe(false);

    const again = await start({ dataDir: first.dataDir, env: { LOG_LEVEL: 'info' } });
    expect(again.output()).not.toContain('applied migration');
    expect(again.output()).not.toContain('created the first admin');
  });

  it('prints the generated admin password once and keeps it readable only by the owner', async () => {
    const dataDir = tempDataDir();
    const v = await start({ dataDir, env: { VIGIL_ADMIN_PASSWORD: '' } });
    const match = /Sign in as admin@vigil\.local with password (\S+)/.exec(v.output());
    expect(match).not.toBeNull();
    const file = path.join(dataDir, 'initial-admin-password');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(match?.[1]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const login = await fetch(`${v.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin@vigil.local', password: match?.[1] }),
    });
    expect(login.status).toBe(200);
  });

  it('uses an external PostgreSQL through DATABASE_URL with the same code path', async () => {
    const external = await startEmbeddedPostgres(tempDataDir(), pino({ level: 'silent' }));
    try {
      const dataDir = tempDataDir();
      const v = await start({ dataDir, env: { DATABASE_URL: external.url } });
      const put = await api(v.url, '/api/properties/external.db', {
        method: 'PUT',
        body: JSON.stringify({ value: 'yes' }),
      });
      expect(put.status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'vigil.pid'))).toBe(false);
      await v.stop();
      running.splice(running.indexOf(v), 1);
      // A second instance on the same database finds the data (and applies no migration again).
      const again = await start({ env: { DATABASE_URL: external.url, LOG_LEVEL: 'info' } });
      const list = (await (await api(again.url, '/api/properties')).json()) as { name: string }[];
      expect(list.map((p) => p.name)).toContain('external.db');
      expect(again.output()).not.toContain('applied migration');
    } finally {
      for (const v of running.splice(0)) await v.stop();
      await external.stop();
    }
  });

  it('stops at start-up with one line naming a bad setting', () => {
    const result = spawnSync(
      process.execPath,
      [path.join(ROOT, 'operator/dist/main.js'), 'serve'],
      {
        env: { ...process.env, PORT: 'abc' },
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      'vigil: invalid setting PORT (--port): must be a number (got "abc")',
    );
  });
});
