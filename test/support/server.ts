import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'operator/dist/main.js');

export const ADMIN_EMAIL = 'admin@vigil.local';
export const ADMIN_PASSWORD = 'e2e-admin-password';
export const ADMIN_TOKEN = 'vgl_e2e_admin_token_0123456789abcdef';

/** The id of this e2e run: its temporary dirs carry it, and its teardown removes only those. */
export const e2eRun = () => process.env.VIGIL_E2E_RUN ?? 'local';

export function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vigil-e2e-${e2eRun()}-`));
  fs.chmodSync(dir, 0o755); // the embedded database runs as the postgres user when we are root
  return dir;
}

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

export interface VigilProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait for exit; resolves the exit code. */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Runs the built `vigil serve` as a user would, and waits until it is ready. */
export async function startVigil(
  opts: {
    dataDir?: string;
    env?: Record<string, string>;
    port?: number;
    main?: string;
    args?: string[];
  } = {},
): Promise<VigilProcess> {
  const main = opts.main ?? MAIN;
  if (!fs.existsSync(main))
    throw new Error(`${main} is missing: run 'npm run build' before the e2e tests`);
  const dataDir = opts.dataDir ?? tempDataDir();
  const port = opts.port ?? (await freePort());
  let out = '';
  const child = spawn(process.execPath, [main, 'serve', ...(opts.args ?? [])], {
    env: {
      ...process.env,
      PORT: String(port),
      VIGIL_HOST: '127.0.0.1',
      VIGIL_TLS_PORT: '0',
      VIGIL_DATA_DIR: dataDir,
      VIGIL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      VIGIL_ADMIN_TOKEN: ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
      // Test servers probe nothing unless a test asks: canaries in other tests name hosts off
      // this machine, and tests may only reach loopback.
      VIGIL_HEALTH_CHECKS: 'off',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let done = false;
  void exited.then(() => (done = true));
  while (!out.includes('is running')) {
    if (done) throw new Error(`vigil exited during start-up:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`vigil did not start within 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    child,
    output: () => out,
    exited,
    async stop() {
      if (!done) child.kill('SIGTERM');
      return exited;
    },
  };
}

export async function api(
  base: string,
  pathname: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(`${base}${pathname}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${ADMIN_TOKEN}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}
