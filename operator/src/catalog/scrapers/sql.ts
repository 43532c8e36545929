import { postgresQuery, resolveConnection } from '../../health/runners/sql.js';
import type { RawDocument, Scraper } from '../types.js';
import { ScrapeError, envField, errorText, guarded, isObject, stoppedText } from './common.js';

/**
 * The `sql` scraper (crds.md §3.3), PostgreSQL only for now. `connection` (required) is a
 * `connection://…` reference or the URL itself, with `auth` {username, password} filling in what
 * it lacks; it is resolved, and the query run, exactly as the postgres health check does
 * (health/runners/sql.ts), which also refuses Vigil's own database wherever it is reached.
 * Each row is one json document; a row of a single column is that column's value (json and
 * jsonb columns arrive parsed, so `SELECT to_jsonb(t) FROM t` gives one object per row).
 */

const POSTGRES = new Set(['', 'postgres', 'postgresql']);
/** The driver's own timeouts, behind the scrape's signal (the engine's timeout). */
const BACKSTOP_MS = 30 * 60_000;

const documentOf = (row: Record<string, unknown>): RawDocument => {
  const columns = Object.keys(row);
  return { content: columns.length === 1 ? row[columns[0] as string] : row, format: 'json' };
};

export const sqlScraper: Scraper = (spec, ctx) =>
  guarded(async () => {
    const driver = typeof spec.driver === 'string' ? spec.driver.trim().toLowerCase() : '';
    if (!POSTGRES.has(driver))
      throw new ScrapeError(
        `driver ${JSON.stringify(spec.driver)} is not supported yet: the sql scraper reads PostgreSQL only (driver: postgres)`,
      );
    const connection = typeof spec.connection === 'string' ? spec.connection.trim() : '';
    if (!connection)
      throw new ScrapeError(
        'connection is required: a connection://<namespace>/<name> reference or a postgres:// URL',
      );
    if (typeof spec.query !== 'string' || !spec.query.trim())
      throw new ScrapeError('query is required');
    const auth = spec.auth ?? {};
    if (!isObject(auth)) throw new ScrapeError('auth must be {username, password}');
    const resolved = await resolveConnection(
      {
        connection,
        username: envField(auth.username, 'auth.username'),
        password: envField(auth.password, 'auth.password'),
      },
      ctx,
    );
    if (typeof resolved === 'string') throw new ScrapeError(resolved);
    if (!resolved.url) throw new ScrapeError(`connection ${connection} has no URL`);
    let rows: Record<string, unknown>[];
    try {
      rows = await postgresQuery(resolved.url, resolved, spec.query, ctx.signal, BACKSTOP_MS, ctx);
    } catch (err) {
      throw new ScrapeError(ctx.signal.aborted ? stoppedText(ctx.signal) : errorText(err));
    }
    return { documents: rows.map(documentOf), errors: [] };
  });
