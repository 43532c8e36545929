import pg from 'pg';

// int8 (counts, sums) and numeric come back as strings by default; counts fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export type Pool = pg.Pool;

export function createPool(connectionString: string): pg.Pool {
  // A statement that runs for 30 s is cancelled by the server: no request holds a connection
  // forever. Migrations lift the limit for their own transaction.
  const pool = new pg.Pool({
    connectionString,
    max: 20,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
  });
  // An idle client's error (database restarted) must not crash the process; the next query
  // reconnects and /readyz reports the outage meanwhile.
  pool.on('error', () => undefined);
  return pool;
}
