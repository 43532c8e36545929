import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../db/embeddedPostgres.js';
import { secureDataDir } from './dataDir.js';
import { rootOnly } from './sandbox.testing.js';
import { lookupUser } from './scriptUser.js';

const log = pino({ level: 'silent' });
let base: string | undefined;

/** A data directory as an older Vigil left it: 0755, in a folder everyone may enter. */
function oldDataDir(): string {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-datadir-test-'));
  fs.chmodSync(base, 0o755);
  const dataDir = path.join(base, 'data');
  fs.mkdirSync(dataDir, { mode: 0o755 });
  fs.chmodSync(dataDir, 0o755);
  return dataDir;
}

afterEach(() => {
  if (base) fs.rmSync(base, { recursive: true, force: true });
  base = undefined;
});

describe('secureDataDir', () => {
  it('closes the data directory to everyone but Vigil when the database is not embedded', () => {
    const dataDir = oldDataDir();
    secureDataDir(dataDir, log);
    expect(fs.statSync(dataDir).mode & 0o7777).toBe(0o700);
  });

  it('creates a missing data directory closed', () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-datadir-test-'));
    const dataDir = path.join(base, 'data');
    secureDataDir(dataDir, log);
    expect(fs.statSync(dataDir).mode & 0o7777).toBe(0o700);
  });

  it('lets only the postgres user pass through to its database, and the database restart', async (ctx) => {
    rootOnly(ctx, 'the embedded database runs as the postgres user');
    const dataDir = oldDataDir();
    const first = await startEmbeddedPostgres(dataDir, log);
    await first.stop();
    secureDataDir(dataDir, log);
    const postgres = await lookupUser('postgres');
    if (!postgres) throw new Error('the embedded database made no postgres user');
    const st = fs.statSync(dataDir);
    expect(st.mode & 0o7777).toBe(0o710);
    expect(st.gid).toBe(postgres.gid);
    const as = (uid: number, gid: number, file: string) =>
      spawnSync('cat', [file], { uid, gid, encoding: 'utf8' });
    const version = path.join(dataDir, 'postgres', 'PG_VERSION');
    expect(as(postgres.uid, postgres.gid, version).status).toBe(0);
    expect(as(65534, 65534, version).stderr).toMatch(/Permission denied/);
    expect(as(65534, 65534, path.join(dataDir, 'postgres.log')).stderr).toMatch(
      /Permission denied/,
    );
    // The next start still gets in (assertTraversable accepts the group).
    const second = await startEmbeddedPostgres(dataDir, log);
    await second.stop();
  });

  it('warns about a TLS key every user can read', () => {
    const dataDir = oldDataDir();
    const key = path.join(base ?? '', 'tls.key');
    fs.writeFileSync(key, 'key', { mode: 0o644 });
    const warnings: string[] = [];
    const spy = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    secureDataDir(dataDir, spy, { secretFiles: [key, undefined] });
    expect(warnings.join('')).toContain(`${key} is readable by every OS user, scripts included`);
    fs.chmodSync(key, 0o600);
    warnings.length = 0;
    secureDataDir(dataDir, spy, { secretFiles: [key] });
    expect(warnings).toEqual([]);
  });
});
