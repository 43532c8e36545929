import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secureDataDir } from './dataDir.js';
import { isRoot, Sandbox, type RunRequest } from './sandbox.js';
import { processesWith, rootOnly, sleepMarker } from './sandbox.testing.js';
import { lookupUser } from './scriptUser.js';

/**
 * What a script written by a user tries, as an attacker would, to reach Vigil's process, data
 * directory and secrets. As root (CI) every attempt must fail, with and without a PID namespace;
 * when not root, scripts run as Vigil's own user and the attempts that only an OS user switch
 * can stop are skipped, saying why.
 */

const log = pino({ level: 'silent' });
const root = isRoot();

let base: string;
let dataDir: string;
const secrets = {
  postgresPassword: 'pg-password-8c1f4e',
  adminPassword: 'admin-password-5d2a9b',
  tlsKey: '-----BEGIN PRIVATE KEY----- tls-key-77e3c0',
  pgData: 'pg-data-page-1a9f33',
  log: 'postgres-log-line-4b8d21',
};

beforeAll(async () => {
  // World-traversable like a checkout in /srv or /home, so only the data directory's own mode
  // stands between scripts and its files; the data directory starts 0755 like an old install.
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-sandbox-test-'));
  fs.chmodSync(base, 0o755);
  dataDir = path.join(base, 'data');
  fs.mkdirSync(path.join(dataDir, 'tls'), { recursive: true, mode: 0o755 });
  fs.chmodSync(dataDir, 0o755);
  fs.writeFileSync(path.join(dataDir, 'postgres.password'), secrets.postgresPassword, {
    mode: 0o600,
  });
  fs.writeFileSync(path.join(dataDir, 'initial-admin-password'), secrets.adminPassword, {
    mode: 0o600,
  });
  fs.writeFileSync(path.join(dataDir, 'tls', 'tls.key'), secrets.tlsKey, { mode: 0o600 });
  fs.writeFileSync(path.join(dataDir, 'postgres.log'), secrets.log, { mode: 0o644 });
  const pgData = path.join(dataDir, 'postgres');
  fs.mkdirSync(pgData, { mode: 0o700 });
  fs.writeFileSync(path.join(pgData, 'PG_VERSION'), secrets.pgData, { mode: 0o600 });
  const postgres = root ? await lookupUser('postgres') : undefined;
  if (postgres) {
    fs.chownSync(pgData, postgres.uid, postgres.gid);
    fs.chownSync(path.join(pgData, 'PG_VERSION'), postgres.uid, postgres.gid);
  }
  secureDataDir(dataDir, log);
});

afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
});

const modes = root ? (['namespace', 'user'] as const) : (['shared'] as const);

describe.each(modes)('sandbox (%s)', (mode) => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = new Sandbox({ dataDir, log, namespaces: mode === 'namespace' });
  });
  afterAll(() => sandbox.close());

  const run = (script: string, more: Partial<RunRequest> = {}) =>
    sandbox.run({
      command: 'bash',
      args: ['-c', script],
      timeoutMs: 20_000,
      signal: new AbortController().signal,
      ...more,
    });

  it('isolates as expected for how Vigil runs', async () => {
    const iso = await sandbox.isolation();
    if (!root) {
      expect(iso.mode).toBe('shared');
      return;
    }
    // Namespaces are used where the kernel allows; the fallback is the plain user switch.
    expect(mode === 'user' ? iso.mode === 'user' : ['namespace', 'user'].includes(iso.mode)).toBe(
      true,
    );
  });

  it('runs as an unprivileged user with no extra groups', async (ctx) => {
    const out = await run('id -u; id -G');
    const [uid, groups] = out.stdout.trim().split('\n');
    rootOnly(ctx, 'running as another user');
    const iso = await sandbox.isolation();
    if (iso.mode === 'shared') throw new Error('root runs scripts as another user');
    expect(Number(uid)).toBe(iso.user.uid);
    expect(Number(uid)).not.toBe(0);
    expect(groups).toBe(String(iso.user.gid));
  });

  it("prevents reading Vigil's environment through /proc/$PPID/environ", async (ctx) => {
    const ours = fs
      .readFileSync('/proc/self/environ', 'utf8')
      .split('\0')
      .filter((e) => e.includes('=') && !/^(PATH|HOME|TMPDIR|PWD|SHLVL|_)=/.test(e));
    expect(ours.length).toBeGreaterThan(0);
    const out = await run(
      'cat /proc/$PPID/environ; cat /proc/$VIGIL_PID/environ; cat /proc/[0-9]*/environ; true',
      { env: { VIGIL_PID: String(process.pid) } },
    );
    rootOnly(ctx, 'keeping /proc/<vigil>/environ from scripts');
    const leaked = ours.filter((e) => out.stdout.includes(e));
    expect(leaked).toEqual([]);
  });

  it('prevents reading $VIGIL_ADMIN_TOKEN, $DATABASE_URL or anything else Vigil was given', async () => {
    const saved = { ...process.env };
    process.env.VIGIL_ADMIN_TOKEN = 'vgl_stolen_admin_token_123456';
    process.env.DATABASE_URL = 'postgresql://vigil:stolen@127.0.0.1:5432/vigil';
    process.env.AWS_SECRET_ACCESS_KEY = 'stolen-aws-key';
    try {
      const out = await run('env', { env: { GREETING: 'hola' } });
      const names = out.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('=')[0] ?? '');
      // bash itself adds PWD, SHLVL and _ (and OLDPWD); nothing else may appear.
      const bash = ['OLDPWD', 'PWD', 'SHLVL', '_'];
      expect(names.filter((n) => !bash.includes(n)).sort()).toEqual([
        'GREETING',
        'HOME',
        'PATH',
        'TMPDIR',
      ]);
      expect(out.stdout).not.toMatch(/stolen/);
      expect(out.stdout).toContain('GREETING=hola');
    } finally {
      process.env = saved;
    }
  });

  it("prevents reading the data directory's passwords, TLS key, log and database files", async (ctx) => {
    const out = await run(
      [
        `D=${dataDir}`,
        'cat $D/postgres.password $D/initial-admin-password $D/tls/tls.key $D/postgres.log',
        'cat $D/postgres/PG_VERSION',
        'ls -la $D $D/postgres',
        'true',
      ].join('; '),
    );
    rootOnly(ctx, 'keeping the data directory from scripts');
    for (const secret of Object.values(secrets)) expect(out.stdout).not.toContain(secret);
    expect(out.stdout).not.toMatch(/postgres\.password|initial-admin-password/);
    expect(out.stderr).toMatch(/Permission denied/);
  });

  it('prevents writing into the data directory or beside its own working directory', async (ctx) => {
    const out = await run(
      [
        `D=${dataDir}`,
        'echo pwned > $D/pwned',
        'echo pwned > $D/postgres/pwned',
        'echo pwned > $D/tls/tls.key',
        'echo pwned > ../pwned',
        'true',
      ].join('; '),
    );
    rootOnly(ctx, 'keeping scripts out of the data directory');
    expect(out.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pwned'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'pwned'))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'tls', 'tls.key'), 'utf8')).toBe(secrets.tlsKey);
    expect(out.stderr).toMatch(/Permission denied/);
  });

  it('prevents finding other runs through the folder that holds the working directories', async (ctx) => {
    const out = await run('ls .. ; pwd');
    rootOnly(ctx, 'hiding other runs (the folder is owned by Vigil)');
    expect(out.stderr).toMatch(/Permission denied/);
    expect(out.stdout.trim()).toMatch(/vigil-scripts-.*\/[0-9a-f]{32}$/);
  });

  it('runs in a fresh private directory outside the data directory, removed afterwards', async () => {
    const out = await run('pwd; stat -c "%a %u" .; echo $HOME $TMPDIR; touch made-here');
    const [dir, perms, homes] = out.stdout.trim().split('\n') as [string, string, string];
    expect(path.relative(dataDir, dir).startsWith('..')).toBe(true);
    const iso = await sandbox.isolation();
    const uid = iso.mode === 'shared' ? process.getuid?.() : iso.user.uid;
    expect(perms).toBe(`700 ${uid}`);
    expect(homes).toBe(`${dir} ${dir}`);
    expect(fs.existsSync(dir)).toBe(false);
    const again = await run('pwd');
    expect(again.stdout.trim()).not.toBe(dir);
  });

  it('prevents leaving a background process behind', async (ctx) => {
    const marker = sleepMarker();
    const out = await run(
      [
        `sleep ${marker}1 &`,
        `nohup sleep ${marker}2 >/dev/null 2>&1 &`,
        `(sleep ${marker}3 >/dev/null 2>&1 &)`,
        `setsid sleep ${marker}4 >/dev/null 2>&1 < /dev/null &`,
        // Give them time to leave the session before the script ends.
        'disown -a; sleep 0.5; echo started',
      ].join('\n'),
    );
    expect(out.stdout.trim()).toBe('started');
    await new Promise((r) => setTimeout(r, 200));
    const left = processesWith(`sleep ${marker}`);
    try {
      // Without root the script is Vigil's own user: one that left its session cannot be told
      // from Vigil's other processes and survives.
      expect(processesWith(`sleep ${marker}1`)).toEqual([]);
      expect(processesWith(`sleep ${marker}2`)).toEqual([]);
      expect(processesWith(`sleep ${marker}3`)).toEqual([]);
      rootOnly(ctx, 'ending processes that left the session (setsid)');
      expect(left).toEqual([]);
    } finally {
      for (const pid of left) process.kill(pid, 'SIGKILL');
    }
  });

  it('kills everything and removes the directory at the timeout and on cancel', async (ctx) => {
    const marker = sleepMarker();
    const t0 = Date.now();
    const timedOut = await run(
      `pwd; sleep ${marker}1 & setsid sleep ${marker}2 & sleep ${marker}3`,
      {
        timeoutMs: 500,
      },
    );
    expect(timedOut.stopped).toBe('timeout');
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(fs.existsSync(timedOut.stdout.trim())).toBe(false);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const cancelled = await run(`pwd; sleep ${marker}4`, { signal: ac.signal });
    expect(cancelled.stopped).toBe('cancelled');
    expect(fs.existsSync(cancelled.stdout.trim())).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    const left = processesWith(`sleep ${marker}`);
    try {
      expect(processesWith(`sleep ${marker}1`)).toEqual([]);
      expect(processesWith(`sleep ${marker}3`)).toEqual([]);
      expect(processesWith(`sleep ${marker}4`)).toEqual([]);
      rootOnly(ctx, 'ending processes that left the session (setsid)');
      expect(left).toEqual([]);
    } finally {
      for (const pid of left) process.kill(pid, 'SIGKILL');
    }
  });

  it('keeps at most the output limit of each stream and says it cut them', async () => {
    const small = new Sandbox({
      dataDir,
      log,
      outputLimit: 1024,
      namespaces: mode === 'namespace',
    });
    try {
      const out = await small.run({
        command: 'bash',
        args: ['-c', "head -c 5000 /dev/zero | tr '\\0' a; echo short >&2"],
        timeoutMs: 20_000,
        signal: new AbortController().signal,
      });
      expect(out.exitCode).toBe(0);
      expect(out.stdout).toBe(
        `${'a'.repeat(1024)}\n[output truncated: 4.9 KiB written, the first 1 KiB kept]`,
      );
      expect(out.stderr).toBe('short\n');
      expect(out.truncated).toEqual(['stdout']);
    } finally {
      small.close();
    }
  });

  it('removes its directory even when the script locked its own folders', async () => {
    const out = await run('mkdir -p a/b; touch a/b/f; chmod 0 a/b a; pwd');
    expect(out.exitCode).toBe(0);
    expect(fs.existsSync(out.stdout.trim())).toBe(false);
  });

  it('reads back the files collect names, never a link, a FIFO or a file above the size cap', async () => {
    const out = await run(
      [
        'mkdir -p out/sub',
        'echo a > out/a.txt',
        'echo b > out/sub/b.txt',
        'echo c > c.log',
        `ln -s ${dataDir}/postgres.password out/link.txt`,
        `ln -s ${dataDir} out/data`,
        'mkfifo out/pipe.txt',
        'head -c $((10 * 1024 * 1024 + 1)) /dev/zero > out/big.txt',
        'pwd',
      ].join('\n'),
      { collect: ['out/**/*.txt', 'c.log', '../etc/passwd', 'out/data/*', 'missing.txt'] },
    );
    expect(out.exitCode).toBe(0);
    expect(fs.existsSync(out.stdout.trim())).toBe(false);
    expect(out.collected?.map((f) => [f.path, f.content.toString()])).toEqual([
      ['c.log', 'c\n'],
      ['out/a.txt', 'a\n'],
      ['out/sub/b.txt', 'b\n'],
    ]);
    expect(out.notCollected).toEqual([
      "../etc/passwd: not a path inside the script's directory",
      'missing.txt: no such file',
      'out/big.txt: larger than 10 MiB',
      'out/link.txt: a symbolic link, not a file',
      'out/pipe.txt: not a regular file',
      'out/data/*: no file matches',
    ]);
    for (const secret of Object.values(secrets)) expect(JSON.stringify(out)).not.toContain(secret);
  });

  it('reports a program that does not exist', async () => {
    const out = await sandbox.run({
      command: '/no/such/interpreter',
      args: [],
      timeoutMs: 1000,
      signal: new AbortController().signal,
    });
    expect(out.error?.message).toBe('spawn /no/such/interpreter ENOENT');
  });
});

describe('sandbox start-up', () => {
  const capture = () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino(
      { level: 'info' },
      {
        write: (line: string) =>
          void lines.push(JSON.parse(line) as { level: number; msg: string }),
      },
    );
    return { lines, logger };
  };

  it('warns once, naming the risk and the remedy, when Vigil cannot switch users', async () => {
    const { lines, logger } = capture();
    await new Sandbox({ log: logger }).start();
    const warnings = lines.filter((l) => l.level === 40);
    if (root) {
      expect(warnings).toEqual([]);
      return;
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(
      /not running as root.*can read its environment.*run Vigil as root/,
    );
  });

  it('stops start-up when VIGIL_SCRIPT_USER names no user', async (ctx) => {
    rootOnly(ctx, 'VIGIL_SCRIPT_USER is used only when Vigil is root');
    await expect(new Sandbox({ user: 'vigil-no-such-user', log }).start()).rejects.toThrow(
      'VIGIL_SCRIPT_USER is vigil-no-such-user, which is not an OS user on this machine',
    );
  });
});
