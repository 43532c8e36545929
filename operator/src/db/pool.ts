import pg from 'pg';
import type { Logger } from 'pino';

// int8 (counts, sums) and numeric come back as strings by default; counts fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export type Pool = pg.Pool;

export function createPool(connectionString: string, log?: Logger): pg.Pool {
  // A statement that runs for 30 s is cancelled by the server: no request holds a connection
  // forever. Migrations lift the limit for their own transaction.
  const pool = new pg.Pool({
    connectionString,
    max: 20,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
    // TCP keepalives from 10 s of silence on: a connection to a database that vanished
    // (failover, a cut network) fails instead of waiting forever on a socket nobody answers.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client's error (database restarted) must not crash the process; the next query
  // reconnects and /readyz reports the outage meanwhile.
  pool.on('error', () => undefined);
  // A client that is checked out has no pool listener: when its backend is terminated
  // (pg_terminate_backend, a restart, a failover) pg emits 'error' on it, and an 'error' event
  // without a listener kills the process. Every client gets one for life; the query in flight
  // still fails with the error, and the client, no longer queryable, is dropped on release.
  // Long-held clients (LISTEN, the leader's lock) add their own listener to react.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      log?.debug({ err: error }, 'database connection lost');
    });
  });
  return pool;
}
