import crypto from 'node:crypto';
import path from 'node:path';
import type { Pool } from '../db/pool.js';
import type { ArtifactFile } from './types.js';

/**
 * Artifacts of playbook actions, kept in Vigil's own database: a row of `artifacts` (what the
 * run page lists) and its bytes in `artifact_contents` (what GET /api/playbook/artifacts/{id}
 * serves). Sizes are capped per file and per action, so a script that writes a disk image
 * cannot fill the database; what is left out is reported, not silently dropped.
 */

export const MAX_ARTIFACT_BYTES = 10 * 1024 * 1024;
export const MAX_ACTION_ARTIFACT_BYTES = 50 * 1024 * 1024;

export interface StoredArtifact {
  id: string;
  path: string;
  filename: string;
  contentType: string;
  size: number;
  checksum: string;
}

export interface StoreOutcome {
  stored: StoredArtifact[];
  /** One sentence per file left out. */
  skipped: string[];
}

const TYPES: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  xml: 'application/xml',
  sql: 'application/sql',
  sh: 'text/x-shellscript',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  tar: 'application/x-tar',
};

/** A content type from a file name's extension (application/octet-stream when unknown). */
export function contentTypeOf(name: string): string {
  const ext = path.posix.extname(name).slice(1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** A name safe to store and to offer for download: no folders, no control characters. */
const safeName = (name: string) =>
  // eslint-disable-next-line no-control-regex
  path.posix.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '_') ||
  'artifact';

/**
 * Stores the files an action produced, in one transaction. `filename` may be a relative path
 * (an exec artifact under a folder): the path is kept, the download name is its last part.
 */
export async function storeArtifacts(
  pool: Pool,
  actionId: string,
  files: readonly ArtifactFile[],
): Promise<StoreOutcome> {
  const out: StoreOutcome = { stored: [], skipped: [] };
  if (files.length === 0) return out;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Earlier attempts of the action (retries) count towards its cap.
    const { rows } = await client.query<{ used: number }>(
      `SELECT coalesce(sum(size), 0)::bigint AS used FROM artifacts
       WHERE playbook_run_action_id = $1 AND deleted_at IS NULL`,
      [actionId],
    );
    let used = Number(rows[0]?.used ?? 0);
    for (const file of files) {
      const filePath = file.filename.replace(/\\/g, '/').replace(/^\/+/, '') || 'artifact';
      const size = file.content.length;
      if (size > MAX_ARTIFACT_BYTES) {
        out.skipped.push(`${filePath}: larger than ${MAX_ARTIFACT_BYTES / 1024 / 1024} MiB`);
        continue;
      }
      if (used + size > MAX_ACTION_ARTIFACT_BYTES) {
        out.skipped.push(
          `${filePath}: the action's artifacts would exceed ${MAX_ACTION_ARTIFACT_BYTES / 1024 / 1024} MiB`,
        );
        continue;
      }
      const filename = safeName(filePath);
      const contentType = file.contentType || contentTypeOf(filename);
      const checksum = crypto.createHash('sha256').update(file.content).digest('hex');
      const { rows: made } = await client.query<{ id: string }>(
        `INSERT INTO artifacts (playbook_run_action_id, path, filename, content_type, size, checksum)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [actionId, filePath, filename, contentType, size, checksum],
      );
      const id = made[0]?.id as string;
      await client.query('INSERT INTO artifact_contents (artifact_id, content) VALUES ($1, $2)', [
        id,
        file.content,
      ]);
      used += size;
      out.stored.push({ id, path: filePath, filename, contentType, size, checksum });
    }
    await client.query('COMMIT');
    return out;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
