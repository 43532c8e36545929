import net from 'node:net';
import mysql from 'mysql2/promise';
import pg from 'pg';
import {
  invalidResult,
  resultFrom,
  type CheckResult,
  type CheckRunner,
  type CheckSpec,
  type RunContext,
} from '../types.js';

/*
 * postgres and mysql checks (crds.md §1.3): one short-lived connection per run, `query` (default
 * `SELECT 1`), `results` = the minimum row count, `timeout` in seconds (default 60). The data is
 * `results: {rows, count}` (§1.4). This file also holds the inline-connection helpers the other
 * data runners share (redis, prometheus, alertmanager).
 */

/** An EnvVar-typed field's static value: a plain string or `{value}`. */
export function envValue(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'value' in v) {
    const value = (v as { value?: unknown }).value;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** An EnvVar field that only has `valueFrom` was not resolved before the runner: name it. */
function unresolved(field: string, v: unknown): string | undefined {
  if (v && typeof v === 'object' && 'valueFrom' in v && envValue(v) === undefined)
    return `${field}.valueFrom could not be resolved: give ${field}.value, or put the credentials in a connection and refer to it with connection://<namespace>/<name>`;
  return undefined;
}

export interface ResolvedConnection {
  url?: string;
  username?: string;
  password?: string;
  properties: Record<string, string>;
}

const interpolate = (template: string, vars: Record<string, string | undefined>) =>
  template.replace(/\$\(([A-Za-z0-9_.-]+)\)/g, (whole, key: string) => vars[key] ?? whole);

/**
 * The inline Connection of a check (crds.md §0.1): `connection` (a `connection://…` reference,
 * or, when it does not start with `connection://`, the URL itself), `url`, `username`, `password`.
 * The check's own fields win over the connection's. `$(username)`, `$(password)`, `$(domain)`,
 * `$(name)`, `$(namespace)` and `$(properties.x)` in the URL are filled in (credentials
 * URL-escaped). Returns a message for the user when the spec cannot be used.
 */
export async function resolveConnection(
  spec: CheckSpec,
  ctx: Pick<RunContext, 'connection'>,
): Promise<ResolvedConnection | string> {
  for (const f of ['username', 'password'] as const) {
    const problem = unresolved(f, spec[f]);
    if (problem) return problem;
  }
  let url = typeof spec.url === 'string' && spec.url !== '' ? spec.url : undefined;
  let username = envValue(spec.username);
  let password = envValue(spec.password);
  const properties: Record<string, string> = {};
  const vars: Record<string, string | undefined> = {};
  const ref = typeof spec.connection === 'string' ? spec.connection.trim() : '';
  if (ref && !ref.startsWith('connection://')) {
    url ??= ref;
  } else if (ref) {
    let fields;
    try {
      fields = await ctx.connection(ref);
    } catch (err) {
      return `connection ${ref} could not be read: ${errorText(err)}`;
    }
    if (!fields) return `connection ${ref} was not found: create it, or fix the reference`;
    url ??= fields.url || undefined;
    username ??= fields.username || undefined;
    password ??= fields.password || undefined;
    for (const [k, v] of Object.entries(fields.properties ?? {})) {
      properties[k] = v;
      vars[`properties.${k}`] = v;
    }
    if (typeof fields.name === 'string') vars.name = fields.name;
    if (typeof fields.namespace === 'string') vars.namespace = fields.namespace;
  }
  if (url) {
    const esc = (s: string | undefined) => (s === undefined ? undefined : encodeURIComponent(s));
    url = interpolate(url, {
      ...vars,
      username: esc(username),
      password: esc(password),
      domain: username?.includes('@') ? username.slice(username.indexOf('@') + 1) : undefined,
    });
  }
  return { url, username, password, properties };
}

export function errorText(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0)
    return err.errors.map(errorText).join('; ');
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/** A positive number of seconds from the spec, else the default. */
export function seconds(v: unknown, def: number): number {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : def;
}

/** Rejects when the signal aborts; for clients that take no signal of their own. */
export function abortable<T>(
  work: Promise<T>,
  signal: AbortSignal,
  onAbort?: () => void,
): Promise<T> {
  if (signal.aborted) {
    onAbort?.();
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort?.();
      reject(abortError(signal));
    };
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', abort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'TimeoutError') return reason;
  return new Error('the run was cancelled');
}

/** A driver's own timeout (mysql2's inactivity timeout, pg's query read timeout). */
function driverTimeout(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === 'PROTOCOL_SEQUENCE_TIMEOUT' ||
    /^(Query inactivity timeout|Query read timeout)$/.test(e?.message ?? '')
  );
}

/** The check's deadline: its own timeout and the run's signal, whichever comes first. */
export function deadline(ctx: RunContext, timeoutSeconds: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutSeconds * 1000);
  return AbortSignal.any([ctx.signal, timeout]);
}

export const timedOut = (signal: AbortSignal) =>
  signal.reason instanceof Error && signal.reason.name === 'TimeoutError';

/** Row values as JSON-friendly values: bytes as text, big integers as numbers when exact. */
function plain(v: unknown): unknown {
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  return v;
}

function plainRows(rows: unknown[]): Record<string, unknown>[] {
  return rows
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r))
    .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)])));
}

type Query = (
  url: string,
  conn: ResolvedConnection,
  query: string,
  signal: AbortSignal,
  timeoutMs: number,
  ctx: Pick<RunContext, 'pool'>,
) => Promise<Record<string, unknown>[]>;

/** Which server and database a connection reached: same start time, port and name = same one. */
const IDENTITY_SQL = `SELECT pg_postmaster_start_time()::text || ':' || coalesce(inet_server_port(), 0) || ':' || current_database() AS id`;
const ownIdentity = new WeakMap<object, Promise<string>>();

/**
 * Vigil's own database holds every credential, session and secret it keeps: a check or scraper
 * that reaches it, whatever the address it was given, would read past the policy module. Refused.
 */
async function refuseOwnDatabase(client: pg.Client, ctx: Pick<RunContext, 'pool'>): Promise<void> {
  let own = ownIdentity.get(ctx.pool);
  if (!own) {
    own = ctx.pool.query<{ id: string }>(IDENTITY_SQL).then((r) => r.rows[0]?.id ?? '');
    ownIdentity.set(ctx.pool, own);
  }
  const [{ rows }, mine] = await Promise.all([client.query<{ id: string }>(IDENTITY_SQL), own]);
  if (rows[0]?.id === mine)
    throw new InvalidSpec(
      "this connection reaches Vigil's own database, which holds its credentials and sessions: checks and scrapers may not query it (watch Vigil with an http check on /readyz instead)",
    );
}

/** Adds the check's username/password to a URL that has no credentials of its own. */
function withCredentials(u: URL, conn: ResolvedConnection): void {
  if (!u.username && conn.username) {
    u.username = encodeURIComponent(conn.username);
    if (conn.password) u.password = encodeURIComponent(conn.password);
  }
}

/**
 * Asks the server to cancel the running statement (the protocol's CancelRequest, which poolers
 * such as PgBouncer forward): closing our socket alone would leave it running to its end.
 */
function cancelPostgres(client: pg.Client): void {
  // Set by the client from the server's BackendKeyData; not in the typings.
  const { processID, secretKey } = client as unknown as { processID?: number; secretKey?: number };
  if (typeof processID !== 'number' || typeof secretKey !== 'number') return;
  const msg = Buffer.alloc(16);
  msg.writeInt32BE(16, 0);
  msg.writeInt32BE(80877102, 4);
  msg.writeInt32BE(processID, 8);
  msg.writeInt32BE(secretKey, 12);
  const socket = client.host.startsWith('/')
    ? net.connect(`${client.host}/.s.PGSQL.${client.port}`)
    : net.connect({ host: client.host, port: client.port });
  socket.setTimeout(5000, () => socket.destroy());
  socket.on('error', () => undefined);
  socket.on('connect', () => socket.end(msg));
}

/** One query on a new connection (also the catalog's sql scraper); rows as plain values. */
export const postgresQuery: Query = async (url, conn, query, signal, timeoutMs, ctx) => {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new InvalidSpec('url must be a postgres://user:password@host:5432/database URL');
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:')
    throw new InvalidSpec(`url must start with postgres:// (got ${u.protocol}//)`);
  withCredentials(u, conn);
  // Go's lib/pq reads sslmode the libpq way (require = encrypt without verifying); so do we.
  if (u.searchParams.has('sslmode') && !u.searchParams.has('uselibpqcompat'))
    u.searchParams.set('uselibpqcompat', 'true');
  const client = new pg.Client({
    connectionString: u.toString(),
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    application_name: 'vigil-health-check',
  });
  client.on('error', () => undefined);
  try {
    await abortable(client.connect(), signal, () => void client.end().catch(() => undefined));
    await abortable(
      refuseOwnDatabase(client, ctx),
      signal,
      () => void client.end().catch(() => undefined),
    );
    const res = (await abortable(client.query(query), signal, () => {
      cancelPostgres(client);
      void client.end().catch(() => undefined);
    })) as pg.QueryResult | pg.QueryResult[];
    const last = Array.isArray(res) ? res[res.length - 1] : res;
    return plainRows(last?.rows ?? []);
  } finally {
    await client.end().catch(() => undefined);
  }
};

/**
 * canary-checker hands the mysql URL, minus a `mysql://` prefix, to the Go driver, so manifests
 * hold Go DSNs: `user:password@tcp(host:3306)/db?param=value`. We take those, with or without the
 * prefix, and ordinary `mysql://user:password@host:3306/db` URLs.
 */
export function mysqlOptions(url: string, conn: ResolvedConnection): mysql.ConnectionOptions {
  const rest = url.replace(/^mysql:\/\//, '');
  const dsn = /^(?:(.*)@)?(?:(tcp|unix)(?:\(([^)]*)\))?)?\/([^?]*)(?:\?(.*))?$/.exec(rest);
  if (dsn && (rest.includes('(') || rest.startsWith('/') || /@\//.test(rest))) {
    const [, userinfo, net, addr, database, params] = dsn;
    const colon = userinfo?.indexOf(':') ?? -1;
    const user = userinfo && colon >= 0 ? userinfo.slice(0, colon) : userinfo;
    const opts: mysql.ConnectionOptions = {
      user: user || conn.username,
      password: user ? (colon >= 0 ? userinfo?.slice(colon + 1) : undefined) : conn.password,
      database: database ? decodeURIComponent(database) : undefined,
    };
    if (net === 'unix') opts.socketPath = addr;
    else {
      const a = addr || '127.0.0.1:3306';
      const i = a.lastIndexOf(':');
      opts.host = (i >= 0 ? a.slice(0, i) : a).replace(/^\[|\]$/g, '') || '127.0.0.1';
      opts.port = i >= 0 ? Number(a.slice(i + 1)) : 3306;
    }
    const q = new URLSearchParams(params ?? '');
    if (q.get('tls') === 'true' || q.get('tls') === 'skip-verify')
      opts.ssl = { rejectUnauthorized: q.get('tls') === 'true' };
    return opts;
  }
  let u: URL;
  try {
    u = new URL(url.startsWith('mysql://') ? url : `mysql://${url}`);
  } catch {
    throw new InvalidSpec(
      'url must be a Go DSN (user:password@tcp(host:3306)/database) or a mysql://user:password@host:3306/database URL',
    );
  }
  return {
    host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: u.port ? Number(u.port) : 3306,
    user: u.username ? decodeURIComponent(u.username) : conn.username,
    password: u.username ? decodeURIComponent(u.password) : conn.password,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || undefined,
  };
}

/** Ends the statement on the server too: a dropped client does not stop a running query. */
function killMysql(opts: mysql.ConnectionOptions, threadId: number, timeoutMs: number): void {
  void (async () => {
    const killer = await mysql.createConnection({
      ...opts,
      connectTimeout: Math.min(timeoutMs, 5000),
    });
    killer.on('error', () => undefined);
    try {
      await killer.query(`KILL ${Number(threadId)}`);
    } finally {
      killer.destroy();
    }
  })().catch(() => undefined);
}

const mysqlQuery: Query = async (url, conn, query, signal, timeoutMs) => {
  const opts = mysqlOptions(url, conn);
  let connection: mysql.Connection | undefined;
  const kill = () => connection?.destroy();
  try {
    const pending = mysql.createConnection({
      ...opts,
      connectTimeout: timeoutMs,
      multipleStatements: false,
    });
    connection = await abortable(pending, signal, () => {
      pending.then(
        (c) => c.destroy(),
        () => undefined,
      );
    });
    connection.on('error', () => undefined);
    const threadId = connection.threadId;
    const [rows] = await abortable(
      connection.query({ sql: query, timeout: timeoutMs }),
      signal,
      () => {
        killMysql(opts, threadId, timeoutMs);
        kill();
      },
    );
    return Array.isArray(rows) ? plainRows(rows as unknown[]) : [];
  } finally {
    if (connection) await connection.end().catch(() => connection?.destroy());
  }
};

class InvalidSpec extends Error {}

function sqlRunner(type: 'postgres' | 'mysql', run: Query): CheckRunner {
  return async (spec, ctx): Promise<CheckResult[]> => {
    const start = new Date();
    const resolved = await resolveConnection(spec, ctx);
    if (typeof resolved === 'string') return [invalidResult(start, resolved)];
    if (!resolved.url)
      return [
        invalidResult(
          start,
          `${type} check needs url (or connection): e.g. ${
            type === 'postgres'
              ? 'postgres://user:password@host:5432/db?sslmode=disable'
              : 'user:password@tcp(host:3306)/db'
          }`,
        ),
      ];
    const query = typeof spec.query === 'string' && spec.query.trim() ? spec.query : 'SELECT 1';
    const min = spec.results;
    if (min !== undefined && (typeof min !== 'number' || !Number.isInteger(min) || min < 0))
      return [
        invalidResult(start, 'results must be a whole number of rows (the minimum expected)'),
      ];
    const timeoutS = seconds(spec.timeout, 60);
    const signal = deadline(ctx, timeoutS);
    let rows: Record<string, unknown>[];
    try {
      // The drivers' own timeouts are a backstop: the deadline fires first, with a clear message.
      rows = await run(resolved.url, resolved, query, signal, timeoutS * 1000 + 1000, ctx);
    } catch (err) {
      if (err instanceof InvalidSpec) return [invalidResult(start, err.message)];
      // A busy machine can run the driver's backstop timer before the deadline's: either way
      // the query ran out of time, and says so the same way.
      const error =
        timedOut(signal) || driverTimeout(err) ? `timed out after ${timeoutS}s` : errorText(err);
      return [resultFrom(start, false, { error })];
    }
    const data = { results: { rows, count: rows.length } };
    if (typeof min === 'number' && rows.length < min)
      return [
        resultFrom(start, false, {
          error: `expected at least ${min} rows, got ${rows.length}`,
          data,
        }),
      ];
    if (rows.length === 0 && spec.markFailOnEmpty === true)
      return [resultFrom(start, false, { error: 'the query returned no rows', data })];
    return [resultFrom(start, true, { data })];
  };
}

export const postgresRunner = sqlRunner('postgres', postgresQuery);
export const mysqlRunner = sqlRunner('mysql', mysqlQuery);
