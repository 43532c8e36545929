import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import nodemailer from 'nodemailer';
import type pg from 'pg';
import { connectionType } from '@vigil/crds';
import { protectedBy } from '../health/protectedPaths.js';
import { RUNNERS } from '../health/runners/index.js';
import type { CheckResult, CheckRunner, CheckSpec, RunContext } from '../health/types.js';
import {
  deliver,
  targetFromConnection,
  type ConnectionRow,
  type Service,
} from '../notify/index.js';
import { ldapBind } from './ldap.js';
import { redact, secretsOf, type ResolvedConnection } from './lookup.js';

/**
 * Testing a stored connection (POST /api/connection/test/{id}): reach the system with the
 * connection's own credentials and say whether that worked. Databases, Redis, Prometheus and
 * HTTP APIs go through the health check runners (the same code a check uses); notification
 * services get a short test message; e-mail logs in without sending; git lists the ref; LDAP
 * binds; Kubernetes asks for the server version; a folder must exist and be readable.
 */

export type TestOutcome =
  { ok: true; detail?: string } | { ok: false; error: string } | { unsupported: true };

export interface TestOptions {
  pool: pg.Pool;
  /** Whole test, default 30 s. */
  timeoutMs?: number;
  /** Base URLs of notification services (tests; egress gateways), as the notification engine takes. */
  notifyEndpoints?: Partial<Record<Service, string>>;
  runners?: Record<string, CheckRunner>;
}

const TEST_TIMEOUT_MS = 30_000;
const REF = 'connection://under-test';

class TestFailed extends Error {}

/** Runs a check runner against the connection, as a check naming it would. */
async function viaRunner(
  type: string,
  spec: CheckSpec,
  conn: ResolvedConnection,
  o: TestOptions,
  signal: AbortSignal,
): Promise<string | undefined> {
  const runner = (o.runners ?? RUNNERS)[type];
  if (!runner) throw new Error(`no ${type} runner`);
  const ctx: RunContext = {
    canary: { id: 'connection-test', name: conn.name, namespace: conn.namespace, labels: {} },
    check: { id: 'connection-test', name: conn.name, type },
    signal,
    pool: o.pool,
    connection: async (ref) => (ref === REF ? conn : undefined),
  };
  const results: CheckResult[] = await runner({ name: conn.name, connection: REF, ...spec }, ctx);
  const failed = results.find((r) => !r.pass);
  if (!results.length) throw new TestFailed('no answer');
  if (failed) throw new TestFailed(failed.error || failed.message || 'failed');
  return results[0]?.message || undefined;
}

const OK_CODES = Array.from({ length: 300 }, (_, i) => 100 + i);

function httpSpec(conn: ResolvedConnection, url: string, extra: CheckSpec = {}): CheckSpec {
  return {
    url,
    responseCodes: OK_CODES,
    maxRedirects: 5,
    tlsConfig: { insecureSkipVerify: conn.insecure_tls },
    ...extra,
  };
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

function required(value: string | undefined, what: string): string {
  if (!value?.trim()) throw new TestFailed(`${what} is not set`);
  return value.trim();
}

async function testEmail(conn: ResolvedConnection, signal: AbortSignal): Promise<string> {
  const p = conn.properties;
  const host = required(p.host ?? conn.url, 'host');
  const encryption = (p.encryption ?? 'Auto').toLowerCase();
  const port = Number(p.port) || (encryption === 'implicittls' ? 465 : 587);
  const auth = (p.auth ?? 'Unknown').toLowerCase();
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: encryption === 'implicittls' || (encryption === 'auto' && port === 465),
    ignoreTLS: encryption === 'none',
    requireTLS: encryption === 'explicittls',
    ...(auth !== 'none' && conn.username
      ? {
          auth: { user: conn.username, pass: conn.password ?? '' },
          ...(auth === 'plain'
            ? { authMethod: 'PLAIN' }
            : auth === 'crammd5'
              ? { authMethod: 'CRAM-MD5' }
              : {}),
        }
      : {}),
    tls: { rejectUnauthorized: !conn.insecure_tls },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 15_000,
  });
  const abort = () => transport.close();
  signal.addEventListener('abort', abort, { once: true });
  try {
    await transport.verify();
  } finally {
    signal.removeEventListener('abort', abort);
    transport.close();
  }
  return `${host}:${port} accepted the ${conn.username && auth !== 'none' ? 'login' : 'connection'}`;
}

async function testNotification(
  conn: ResolvedConnection,
  o: TestOptions,
  signal: AbortSignal,
): Promise<string> {
  const target = targetFromConnection(conn as unknown as ConnectionRow);
  const receipt = await deliver(
    target,
    {
      title: 'Vigil connection test',
      body: `This is a test message from Vigil for the connection ${conn.namespace}/${conn.name}.`,
    },
    { signal, ...(o.notifyEndpoints ? { endpoints: o.notifyEndpoints } : {}), timeoutMs: 15_000 },
  );
  return `test message sent${receipt.code ? ` (HTTP ${receipt.code})` : ''}`;
}

function run(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { env, signal, timeout: 25_000, maxBuffer: 4 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) {
          const text = stderr.trim().split('\n').slice(-3).join(' ').trim();
          reject(new TestFailed(text || error.message));
        } else resolve(stdout);
      },
    );
  });
}

/** `git ls-remote` with the connection's credentials (askpass or an SSH key), never in argv. */
async function testGit(conn: ResolvedConnection, signal: AbortSignal): Promise<string> {
  const url = required(conn.url, 'url');
  if (url.startsWith('-')) throw new TestFailed(`${url} is not a repository URL`);
  const ref = conn.properties.ref?.trim() || 'main';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-git-test-'));
  try {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: dir,
      GIT_TERMINAL_PROMPT: '0',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    };
    const ssh = (conn.properties.auth ?? '').toLowerCase().startsWith('ssh');
    if (ssh) {
      const key = path.join(dir, 'id');
      fs.writeFileSync(key, `${required(conn.certificate, 'the SSH private key').trim()}\n`, {
        mode: 0o600,
      });
      const known = path.join(dir, 'known_hosts');
      const insecure = conn.insecure_tls ? 'no' : 'accept-new';
      env.GIT_SSH_COMMAND = `ssh -i '${key}' -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=${insecure} -o UserKnownHostsFile='${known}'`;
    } else if (conn.username || conn.password) {
      const askpass = path.join(dir, 'askpass');
      fs.writeFileSync(
        askpass,
        '#!/bin/sh\ncase "$1" in\n  Username*) printf "%s" "$VIGIL_GIT_USERNAME" ;;\n  *) printf "%s" "$VIGIL_GIT_PASSWORD" ;;\nesac\n',
        { mode: 0o700 },
      );
      env.GIT_ASKPASS = askpass;
      env.VIGIL_GIT_USERNAME = conn.username ?? 'git';
      env.VIGIL_GIT_PASSWORD = conn.password ?? '';
    }
    if (conn.insecure_tls) env.GIT_SSL_NO_VERIFY = '1';
    const out = await run(
      'git',
      [
        '-c',
        'protocol.allow=never',
        ...['https', 'http', 'ssh', 'git'].flatMap((p) => ['-c', `protocol.${p}.allow=always`]),
        'ls-remote',
        url,
      ],
      env,
      signal,
    );
    const refs = out
      .split('\n')
      .map((l) => l.split('\t'))
      .filter((p) => p.length === 2);
    const found = refs.find(
      ([sha, name]) =>
        name === ref ||
        name === `refs/heads/${ref}` ||
        name === `refs/tags/${ref}` ||
        (ref.length >= 7 && sha?.startsWith(ref)),
    );
    if (!found)
      throw new TestFailed(
        `the repository answered, but has no branch or tag ${ref} (${refs.length} refs listed)`,
      );
    return `${ref} is at ${found[0]?.slice(0, 12)}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function testKubernetes(conn: ResolvedConnection, signal: AbortSignal): Promise<string> {
  const kc = new k8s.KubeConfig();
  try {
    kc.loadFromString(required(conn.certificate, 'the kubeconfig'));
  } catch (error) {
    if (error instanceof TestFailed) throw error;
    throw new TestFailed(`the kubeconfig cannot be read: ${(error as Error).message}`);
  }
  if (!kc.getCurrentCluster()) throw new TestFailed('the kubeconfig names no current cluster');
  const api = kc.makeApiClient(k8s.VersionApi);
  const version = await Promise.race([
    api.getCode(),
    new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(new TestFailed('no answer in time')), {
        once: true,
      }),
    ),
  ]);
  return `Kubernetes ${version.gitVersion}`;
}

async function testFolder(conn: ResolvedConnection): Promise<string> {
  const p = required(conn.properties.path ?? conn.url, 'path');
  if (!path.isAbsolute(p)) throw new TestFailed(`${p} is not an absolute path`);
  if (protectedBy(p))
    throw new TestFailed(`${p} is inside Vigil's own data, which may not be read`);
  let st: fs.Stats;
  try {
    st = await fs.promises.stat(p);
  } catch {
    throw new TestFailed(`${p} does not exist`);
  }
  if (!st.isDirectory()) throw new TestFailed(`${p} is not a directory`);
  try {
    await fs.promises.access(p, fs.constants.R_OK | fs.constants.X_OK);
  } catch {
    throw new TestFailed(`${p} cannot be read by Vigil`);
  }
  return `${p} exists`;
}

/** The server's SSH identification line (credentials are not tried). */
async function testSftp(conn: ResolvedConnection, signal: AbortSignal): Promise<string> {
  const host = required(conn.properties.host ?? conn.url, 'host').replace(/^sftp:\/\//, '');
  const port = Number(conn.properties.port) || 22;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let buf = '';
    const done = (error?: Error, banner?: string) => {
      signal.removeEventListener('abort', abort);
      socket.destroy();
      if (error) reject(error);
      else resolve(banner ?? '');
    };
    const abort = () => done(new TestFailed(`${host}:${port} did not answer in time`));
    signal.addEventListener('abort', abort, { once: true });
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      buf += d;
      const line = buf.split(/\r?\n/).find((l) => l.startsWith('SSH-'));
      if (line) done(undefined, `${host}:${port} is an SSH server (${line.trim()})`);
      else if (buf.length > 8192) done(new TestFailed(`${host}:${port} is not an SSH server`));
    });
    socket.once('error', (e) => done(new TestFailed(`${host}:${port}: ${e.message}`)));
    socket.once('close', () => done(new TestFailed(`${host}:${port} closed the connection`)));
  });
}

const NOTIFY_TYPES = new Set([
  'slack',
  'teams',
  'discord',
  'mattermost',
  'google_chat',
  'telegram',
  'ntfy',
  'pushover',
  'generic_webhook',
]);

async function dispatch(
  conn: ResolvedConnection,
  o: TestOptions,
  signal: AbortSignal,
): Promise<string | undefined> {
  const type = conn.type;
  const url = conn.url;
  switch (type) {
    case 'postgres':
    case 'mysql':
      return viaRunner(type, { query: 'SELECT 1', timeout: 25 }, conn, o, signal);
    case 'redis':
      return viaRunner('redis', {}, conn, o, signal);
    case 'prometheus':
      return viaRunner('prometheus', { query: 'vector(1)' }, conn, o, signal);
    case 'http':
      return viaRunner('http', httpSpec(conn, required(url, 'url')), conn, o, signal);
    case 'elasticsearch':
      return viaRunner(
        'http',
        httpSpec(conn, `${trimSlash(required(url, 'url'))}/_cluster/health`, {
          responseCodes: [200],
        }),
        conn,
        o,
        signal,
      );
    case 'github':
      return viaRunner(
        'http',
        httpSpec(conn, `${trimSlash(url || 'https://api.github.com')}/user`, {
          responseCodes: [200],
          headers: [{ name: 'Authorization', value: `Bearer ${required(conn.password, 'token')}` }],
        }),
        { ...conn, username: undefined, password: undefined },
        o,
        signal,
      );
    case 'gitlab':
      return viaRunner(
        'http',
        httpSpec(conn, `${trimSlash(url || 'https://gitlab.com')}/api/v4/user`, {
          responseCodes: [200],
          headers: [{ name: 'PRIVATE-TOKEN', value: required(conn.password, 'token') }],
        }),
        { ...conn, username: undefined, password: undefined },
        o,
        signal,
      );
    case 'azure_devops': {
      const org = encodeURIComponent(required(conn.properties.organization, 'organization'));
      return viaRunner(
        'http',
        httpSpec(
          conn,
          `${trimSlash(url || 'https://dev.azure.com')}/${org}/_apis/projects?api-version=7.0&$top=1`,
          { responseCodes: [200], username: 'pat', password: required(conn.password, 'token') },
        ),
        conn,
        o,
        signal,
      );
    }
    case 'email':
      return testEmail(conn, signal);
    case 'git':
      return testGit(conn, signal);
    case 'ldap':
      await ldapBind({
        url: required(url, 'url'),
        ...(conn.username ? { bindDn: conn.username } : {}),
        ...(conn.password ? { password: conn.password } : {}),
        insecureTls: conn.insecure_tls,
        signal,
      });
      return conn.username ? `bound as ${conn.username}` : 'anonymous bind accepted';
    case 'kubernetes':
      return testKubernetes(conn, signal);
    case 'folder':
      return testFolder(conn);
    case 'sftp':
      return testSftp(conn, signal);
  }
  if (NOTIFY_TYPES.has(type)) return testNotification(conn, o, signal);
  throw new Error(`unreachable: ${type}`);
}

/** Whether `type` can be tested here. */
export function canTest(type: string): boolean {
  return connectionType(type)?.testable === true;
}

/** Tests the connection; never throws for a failed test (the error is the outcome). */
export async function testConnection(
  conn: ResolvedConnection,
  o: TestOptions,
): Promise<TestOutcome> {
  if (!canTest(conn.type)) return { unsupported: true };
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error('the test took too long')),
    o.timeoutMs ?? TEST_TIMEOUT_MS,
  );
  try {
    const detail = await dispatch(conn, o, controller.signal);
    return detail ? { ok: true, detail: redact(detail, secretsOf(conn)) } : { ok: true };
  } catch (error) {
    const text =
      controller.signal.aborted && !(error instanceof TestFailed)
        ? 'the test took too long and was stopped'
        : (error as Error).message || String(error);
    return { ok: false, error: redact(text, secretsOf(conn)) };
  } finally {
    clearTimeout(timer);
  }
}
