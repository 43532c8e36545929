import type { Pool } from '../db/pool.js';

/** Every column as the text the server sent: the summary splices it into JSON as it is. */
const RAW_TEXT = { getTypeParser: () => (value: string) => value };

/**
 * A query over rollup rows (aliased `r`) run as two halves, split on the last bit of the check
 * id, on two connections, so the database's share of the work runs on both cores. `sql` gets
 * the condition that picks one half; the answer is both halves' rows as text arrays.
 */
export async function rowsInHalves(
  pool: Pool,
  sql: (half: string) => string,
  values: unknown[],
): Promise<(string | null)[][]> {
  const halves = await Promise.all(
    [0, 1].map((half) =>
      pool.query<(string | null)[]>({
        text: sql(`get_byte(uuid_send(r.check_id), 15) & 1 = ${half}`),
        values,
        rowMode: 'array',
        types: RAW_TEXT,
      }),
    ),
  );
  return halves.flatMap((h) => h.rows);
}
