import type pg from 'pg';
import { parseDuration } from '../health/runners/folder.js';

/**
 * A ScrapeConfig's `retention`: changes kept per change type (`age`, `count` newest per item) and
 * items per config type (`createdAge` and `updatedAge` soft-delete, `deletedAge` removes for
 * good what has been deleted that long). Returns what it could not read.
 */
export async function applyRetention(
  pool: pg.Pool,
  scraperId: string,
  retention: Record<string, unknown>,
): Promise<string[]> {
  const errors: string[] = [];
  const age = (where: string, value: unknown): number | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    const ms = parseDuration(String(value));
    if (ms === undefined)
      errors.push(`retention.${where}: "${String(value)}" is not a duration such as 7d`);
    return ms;
  };
  const changes = Array.isArray(retention.changes) ? retention.changes : [];
  for (const [i, raw] of changes.entries()) {
    const r = (raw ?? {}) as { name?: string; age?: string; count?: number };
    if (!r.name) {
      errors.push(`retention.changes[${i}] needs the name of a change type`);
      continue;
    }
    const ms = age(`changes[${i}].age`, r.age);
    if (ms !== undefined)
      await pool.query(
        `DELETE FROM config_changes ch USING config_items c
          WHERE c.id = ch.config_id AND c.scraper_id = $1 AND ch.change_type = $2
            AND ch.created_at < now() - make_interval(secs => $3::float8 / 1000)`,
        [scraperId, r.name, ms],
      );
    if (typeof r.count === 'number' && r.count >= 0)
      await pool.query(
        `DELETE FROM config_changes WHERE id IN (
           SELECT id FROM (
             SELECT ch.id, row_number() OVER (PARTITION BY ch.config_id ORDER BY ch.created_at DESC) AS n
             FROM config_changes ch JOIN config_items c ON c.id = ch.config_id
             WHERE c.scraper_id = $1 AND ch.change_type = $2) ranked
           WHERE n > $3)`,
        [scraperId, r.name, r.count],
      );
  }
  const types = Array.isArray(retention.types) ? retention.types : [];
  for (const [i, raw] of types.entries()) {
    const r = (raw ?? {}) as {
      name?: string;
      createdAge?: string;
      updatedAge?: string;
      deletedAge?: string;
    };
    if (!r.name) {
      errors.push(`retention.types[${i}] needs the name of a config type`);
      continue;
    }
    for (const [field, column] of [
      ['createdAge', 'created_at'],
      ['updatedAge', 'updated_at'],
    ] as const) {
      const ms = age(`types[${i}].${field}`, r[field]);
      if (ms !== undefined)
        await pool.query(
          `UPDATE config_items SET deleted_at = now(), delete_reason = 'retention'
            WHERE scraper_id = $1 AND type = $2 AND deleted_at IS NULL
              AND ${column} < now() - make_interval(secs => $3::float8 / 1000)`,
          [scraperId, r.name, ms],
        );
    }
    const gone = age(`types[${i}].deletedAge`, r.deletedAge);
    if (gone !== undefined)
      await pool.query(
        `SELECT drop_config_items(ARRAY(SELECT id::text FROM config_items
           WHERE scraper_id = $1 AND type = $2 AND deleted_at < now() - make_interval(secs => $3::float8 / 1000)))`,
        [scraperId, r.name, gone],
      );
  }
  return errors;
}

/**
 * The catalog's own housekeeping, whatever the scrapers say: changes and insights older than 60
 * days, and items deleted more than 7 days ago, go.
 */
export async function globalCleanup(pool: pg.Pool): Promise<void> {
  await pool.query(`DELETE FROM config_changes WHERE created_at < now() - interval '60 days'`);
  await pool.query(
    `DELETE FROM config_analysis WHERE coalesce(last_observed, first_observed) < now() - interval '60 days'`,
  );
  await pool.query(
    `SELECT drop_config_items(ARRAY(SELECT id::text FROM config_items WHERE deleted_at < now() - interval '7 days' LIMIT 10000))`,
  );
}
