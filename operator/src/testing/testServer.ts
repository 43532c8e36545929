import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino, type Logger } from 'pino';
import { loadConfig } from '../config/config.js';
import { startServer, type RunningServer } from '../server.js';

export const TEST_ADMIN_TOKEN = 'vgl_test_admin_token_0123456789abcdef';

export interface TestServer {
  server: RunningServer;
  url: string;
  log: Logger;
  /** Lines the server logged (JSON), newest last. */
  logged(): { level: number; msg: string; [key: string]: unknown }[];
  /** fetch against the server as the first admin (Bearer token, JSON). */
  api(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The real server in this process (startServer with its embedded PostgreSQL in a temp dir), on a
 * loopback port, with the first admin holding TEST_ADMIN_TOKEN. Its log is kept for assertions.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-server-test-'));
  // As root the database runs as the postgres user, which must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  const lines: string[] = [];
  const log = pino(
    { level: env.LOG_LEVEL ?? 'info' },
    {
      write: (line: string) => {
        lines.push(line);
        if (lines.length > 20_000) lines.splice(0, 10_000);
      },
    },
  );
  const config = loadConfig(
    {
      PORT: '0',
      VIGIL_HOST: '127.0.0.1',
      VIGIL_TLS_PORT: 'off',
      VIGIL_DATA_DIR: dataDir,
      VIGIL_ADMIN_PASSWORD: 'test-admin-password',
      VIGIL_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      VIGIL_HEALTH_CHECKS: 'off',
      ...env,
    },
    [],
  );
  let server: RunningServer;
  try {
    server = await startServer(config, log);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = `http://127.0.0.1:${server.port}`;
  return {
    server,
    url,
    log,
    logged: () =>
      lines.map((l) => JSON.parse(l) as { level: number; msg: string; [key: string]: unknown }),
    api: (pathname, init = {}) =>
      fetch(`${url}${pathname}`, {
        ...init,
        headers: {
          Authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
          'Content-Type': 'application/json',
          ...init.headers,
        },
      }),
    async close() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
