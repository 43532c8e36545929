/**
 * Real services for tests, from Debian's packages (hack/ensure-test-services.sh installs them):
 * each starter runs the binary on a spare loopback port in its own temp dir and returns
 * `{host, port, url, stop()}`. Shared by the operator's unit tests and the e2e tests, so this
 * file imports only node built-ins. A missing binary is an error naming the package to install:
 * tests that need it fail, they never skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TestService {
  host: string;
  port: number;
  /** How a client reaches the service (see each starter). */
  url: string;
  /** Stops the process (SIGTERM, then SIGKILL after 15 s) and removes its temp dir. */
  stop(): Promise<void>;
}

export interface MariaDbService extends TestService {
  /** `mysql://vigil:vigil@127.0.0.1:<port>/vigil` */
  url: string;
  user: string;
  password: string;
  database: string;
  /** The same server as a Go-driver DSN, as canary-checker manifests write it. */
  dsn: string;
}

/** Rows of the `vigil.items` table every MariaDB starts with. */
export const MARIADB_ITEMS = [
  { id: 1, name: 'alpha', status: 'healthy' },
  { id: 2, name: 'beta', status: 'healthy' },
  { id: 3, name: 'gamma', status: 'unhealthy' },
] as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const SEARCH_DIRS = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', '/sbin', '/bin'];

/** The binary's path, or an error telling the reader which Debian package provides it. */
function binary(name: string, pkg: string): string {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...SEARCH_DIRS];
  for (const dir of dirs) {
    const p = path.join(dir, name);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  throw new Error(
    `${name} is not installed: install the Debian package ${pkg} ('apt-get install ${pkg}', or run hack/ensure-test-services.sh)`,
  );
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Running {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Spawns a server, collects its output, and makes sure it dies with the test process. */
function run(cmd: string, args: string[], dir: string): Running {
  let out = '';
  const child = spawn(cmd, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let done = false;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      done = true;
      resolve(code);
    });
    child.once('error', (err) => {
      out += `\n${String(err)}`;
      done = true;
      resolve(null);
    });
  });
  // A test process that exits without its afterAll must not leave servers behind.
  const onExit = () => {
    if (!done) child.kill('SIGKILL');
  };
  process.once('exit', onExit);
  return {
    child,
    exited,
    output: () => out,
    async stop() {
      process.removeListener('exit', onExit);
      if (!done) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until `ready()` holds; fails with the server's output if it exits or takes too long. */
async function waitReady(
  name: string,
  proc: Running,
  ready: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  let exited = false;
  void proc.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      await proc.stop();
      throw new Error(`${name} exited while starting:\n${proc.output()}`);
    }
    if (await ready()) return;
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`${name} was not ready after ${timeoutMs / 1000}s:\n${proc.output()}`);
    }
    await sleep(50);
  }
}

const portInUse = (output: string) =>
  /address already in use|Can't start server: Bind/i.test(output);

/** Runs `start` on a fresh port; once more on another port if the first was taken meanwhile. */
async function onSparePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  try {
    return await start(await freePort());
  } catch (err) {
    if (!portInUse(String(err))) throw err;
    return start(await freePort());
  }
}

/**
 * MariaDB (Debian package mariadb-server): a new data dir from mariadb-install-db, then mariadbd
 * on 127.0.0.1 with user `vigil`/`vigil` owning database `vigil`, whose table `items` holds
 * MARIADB_ITEMS. About a second to start.
 */
export async function startMariaDb(): Promise<MariaDbService> {
  const mariadbd = binary('mariadbd', 'mariadb-server');
  const installDb = binary('mariadb-install-db', 'mariadb-server');
  const asRoot = process.getuid?.() === 0;
  return onSparePort(async (port) => {
    const dir = tempDir('vigil-mariadb-');
    const dataDir = path.join(dir, 'data');
    const install = spawnSync(
      installDb,
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        ...(asRoot ? ['--user=root'] : []),
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    if (install.status !== 0) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`mariadb-install-db failed:\n${install.stdout}\n${install.stderr}`);
    }
    const rows = MARIADB_ITEMS.map((r) => `(${r.id}, '${r.name}', '${r.status}')`).join(', ');
    // One statement a line: the init file runs before the server accepts connections.
    const init = [
      'CREATE DATABASE IF NOT EXISTS vigil;',
      "CREATE USER IF NOT EXISTS 'vigil'@'%' IDENTIFIED BY 'vigil';",
      "GRANT ALL PRIVILEGES ON vigil.* TO 'vigil'@'%';",
      'CREATE TABLE IF NOT EXISTS vigil.items (id INT PRIMARY KEY, name VARCHAR(64) NOT NULL, status VARCHAR(16) NOT NULL);',
      `INSERT IGNORE INTO vigil.items (id, name, status) VALUES ${rows};`,
    ];
    fs.writeFileSync(path.join(dir, 'init.sql'), init.join('\n') + '\n');
    const proc = run(
      mariadbd,
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        `--socket=${path.join(dir, 'mysqld.sock')}`,
        `--pid-file=${path.join(dir, 'mysqld.pid')}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--init-file=${path.join(dir, 'init.sql')}`,
        '--skip-name-resolve',
        '--skip-log-bin',
        '--innodb-buffer-pool-size=16M',
        '--performance-schema=OFF',
        ...(asRoot ? ['--user=root'] : []),
      ],
      dir,
    );
    await waitReady(
      'mariadbd',
      proc,
      async () => /ready for connections/.test(proc.output()) && (await canConnect(port)),
      60_000,
    );
    return {
      host: '127.0.0.1',
      port,
      url: `mysql://vigil:vigil@127.0.0.1:${port}/vigil`,
      dsn: `vigil:vigil@tcp(127.0.0.1:${port})/vigil`,
      user: 'vigil',
      password: 'vigil',
      database: 'vigil',
      stop: proc.stop,
    };
  });
}

/**
 * Redis (Debian package redis-server) without persistence. `url` is `redis://127.0.0.1:<port>`;
 * canary-checker's redis check takes `host:port`, which is `${host}:${port}`.
 */
export async function startRedis(opts: { password?: string } = {}): Promise<TestService> {
  const redis = binary('redis-server', 'redis-server');
  return onSparePort(async (port) => {
    const dir = tempDir('vigil-redis-');
    const proc = run(
      redis,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        ...(opts.password ? ['--requirepass', opts.password] : []),
      ],
      dir,
    );
    await waitReady(
      'redis-server',
      proc,
      async () => /Ready to accept connections/.test(proc.output()) && (await canConnect(port)),
      30_000,
    );
    return { host: '127.0.0.1', port, url: `redis://127.0.0.1:${port}`, stop: proc.stop };
  });
}
