import { Redis, type RedisOptions } from 'ioredis';
import { invalidResult, resultFrom, type CheckRunner } from '../types.js';
import {
  abortable,
  deadline,
  envValue,
  errorText,
  resolveConnection,
  seconds,
  timedOut,
} from './sql.js';

/**
 * redis check (crds.md §1.3): `url` is `host:port` (a `redis://` or `rediss://` URL also works),
 * `addr` the deprecated spelling; `db` (or the connection property `db`, or the URL's path);
 * `username`/`password`; `tlsConfig` (any non-empty field turns TLS on). Sends PING over one
 * short-lived connection and expects PONG. No data beyond the common variables.
 */
export const redisRunner: CheckRunner = async (spec, ctx) => {
  const start = new Date();
  const conn = await resolveConnection(spec, ctx);
  if (typeof conn === 'string') return [invalidResult(start, conn)];
  const address = conn.url || (typeof spec.addr === 'string' ? spec.addr : '');
  if (!address)
    return [invalidResult(start, 'redis check needs url (host:port), e.g. redis.default.svc:6379')];

  let host: string;
  let port = 6379;
  let db: number | undefined;
  let tls = false;
  let { username, password } = conn;
  if (/^rediss?:\/\//.test(address)) {
    let u: URL;
    try {
      u = new URL(address);
    } catch {
      return [invalidResult(start, `url ${address} is not a valid redis:// URL`)];
    }
    host = u.hostname.replace(/^\[|\]$/g, '');
    if (u.port) port = Number(u.port);
    tls = u.protocol === 'rediss:';
    if (u.username) username = decodeURIComponent(u.username);
    if (u.password) password = decodeURIComponent(u.password);
    const path = u.pathname.replace(/^\//, '');
    if (path) db = Number(path);
  } else {
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(address);
    if (!m?.[1]) return [invalidResult(start, `url must be host:port, got ${address}`)];
    host = m[1].replace(/^\[|\]$/g, '');
    if (m[2]) port = Number(m[2]);
  }
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    return [invalidResult(start, `port in ${address} is not a valid port`)];

  const specDb = spec.db ?? conn.properties.db;
  if (specDb !== undefined && specDb !== '') db = Number(specDb);
  if (db !== undefined && (!Number.isInteger(db) || db < 0))
    return [invalidResult(start, `db must be a database number (0, 1, …), got ${String(specDb)}`)];

  const tlsConfig = (spec.tlsConfig ?? {}) as Record<string, unknown>;
  const tlsOn =
    tls || Object.values(tlsConfig).some((v) => v !== undefined && v !== '' && v !== false);

  const timeoutS = seconds(spec.timeout, 30);
  const signal = deadline(ctx, timeoutS);
  const options: RedisOptions = {
    host,
    port,
    username: username || undefined,
    password: password || undefined,
    // RESP2 and a plain AUTH work with every server version; SELECT is sent below, where its
    // error fails the check (ioredis would only emit it).
    protocol: 2,
    disableClientInfo: true,
    lazyConnect: true,
    connectTimeout: timeoutS * 1000,
    commandTimeout: timeoutS * 1000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    enableReadyCheck: false,
    autoResendUnfulfilledCommands: false,
    retryStrategy: () => null,
    reconnectOnError: () => false,
    ...(tlsOn
      ? {
          tls: {
            servername: host,
            rejectUnauthorized: tlsConfig.insecureSkipVerify !== true,
            ca: envValue(tlsConfig.ca) || undefined,
            cert: envValue(tlsConfig.cert) || undefined,
            key: envValue(tlsConfig.key) || undefined,
          },
        }
      : {}),
  };
  const client = new Redis(options);
  let lastError: unknown;
  client.on('error', (err: unknown) => (lastError = err));
  try {
    await abortable(client.connect(), signal, () => client.disconnect());
    if (db) await abortable(client.select(db), signal, () => client.disconnect());
    const reply = await abortable(client.ping(), signal, () => client.disconnect());
    if (reply !== 'PONG')
      return [resultFrom(start, false, { error: `expected PONG, got ${reply}` })];
    return [resultFrom(start, true)];
  } catch (err) {
    const error = timedOut(signal)
      ? `timed out after ${timeoutS}s`
      : errorText(lastError && errorText(err) === 'Connection is closed.' ? lastError : err);
    return [resultFrom(start, false, { error })];
  } finally {
    client.disconnect();
  }
};
