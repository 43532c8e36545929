import type pg from 'pg';
import type { ConnectionFields } from '../health/types.js';
import { UUID } from '../ids.js';
import { ConnectionKeyError, decryptSecret, isEncrypted } from './crypto.js';
import {
  connectionKey,
  parseReference,
  readReference,
  SecretReferenceError,
  UNSUPPORTED_REFERENCE,
} from './secrets.js';

/**
 * The one place stored connections are read for use: checks, scrapers, topology lookups,
 * playbook actions, notifications, responders and the connection test all come here. Secrets
 * are decrypted and Secret/ConfigMap references read (in cluster mode) here, so the callers see
 * plain values; nothing here logs them.
 */

/** A connection that exists but cannot be used as stored (a reference that cannot be read). */
export class ConnectionError extends Error {}

export interface ConnectionRow {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Record<string, unknown> | null;
  insecure_tls: boolean | null;
  source?: string | null;
}

export interface ResolvedConnection extends ConnectionFields {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url?: string;
  username?: string;
  password?: string;
  certificate?: string;
  properties: Record<string, string>;
  insecure_tls: boolean;
}

const COLUMNS =
  'id, name, namespace, type, url, username, password, certificate, properties, insecure_tls, source';

/** The stored row, by id or `connection://<type or namespace>/<name>` or `<name>`; no secrets read. */
export async function findConnectionRow(
  pool: pg.Pool,
  ref: string,
  namespace: string,
): Promise<ConnectionRow | undefined> {
  const path = ref.trim().replace(/^connection:\/\//, '');
  if (UUID.test(path)) {
    const { rows } = await pool.query<ConnectionRow>(
      `SELECT ${COLUMNS} FROM connections WHERE id = $1 AND deleted_at IS NULL`,
      [path],
    );
    return rows[0];
  }
  // A name is looked up in the given namespace first, then anywhere (upstream writes the type
  // where we read a namespace).
  const [ns, name] = path.includes('/') ? path.split('/', 2) : [namespace, path];
  const { rows } = await pool.query<ConnectionRow>(
    `SELECT ${COLUMNS} FROM connections
     WHERE name = $1 AND deleted_at IS NULL
     ORDER BY (namespace = $2) DESC, (type = $2) DESC, created_at LIMIT 1`,
    [name, ns],
  );
  return rows[0];
}

async function plain(
  row: ConnectionRow,
  field: string,
  value: string | null,
): Promise<string | undefined> {
  if (value === null || value === '') return undefined;
  const where = `the ${field} of connection ${row.namespace}/${row.name}`;
  if (isEncrypted(value)) {
    try {
      return decryptSecret(connectionKey(), value);
    } catch (error) {
      if (error instanceof ConnectionKeyError)
        throw new ConnectionError(`${where}: ${error.message}`);
      throw error;
    }
  }
  const ref = parseReference(value);
  if (ref) {
    try {
      return await readReference(ref, row.namespace);
    } catch (error) {
      if (error instanceof SecretReferenceError)
        throw new ConnectionError(`${where} refers to ${value}: ${error.message}`);
      throw error;
    }
  }
  if (UNSUPPORTED_REFERENCE.test(value))
    throw new ConnectionError(
      `${where} is a ${value.split('://')[0]}:// reference, which Vigil cannot read; store the value, or a secret:// reference`,
    );
  return value;
}

/** The row with its secrets in plain text. Throws ConnectionError when one cannot be read. */
export async function resolveConnectionRow(row: ConnectionRow): Promise<ResolvedConnection> {
  const properties: Record<string, string> = {};
  for (const [k, v] of Object.entries(row.properties ?? {})) {
    if (v === null || v === undefined) continue;
    properties[k] =
      typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  const out: ResolvedConnection = {
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    type: row.type,
    properties,
    insecure_tls: row.insecure_tls === true,
  };
  const url = row.url || undefined;
  const username = await plain(row, 'username', row.username);
  const password = await plain(row, 'password', row.password);
  const certificate = await plain(row, 'certificate', row.certificate);
  if (url !== undefined) out.url = url;
  if (username !== undefined) out.username = username;
  if (password !== undefined) out.password = password;
  if (certificate !== undefined) out.certificate = certificate;
  return out;
}

/**
 * A stored connection by reference, for checks, scrapers, playbooks and notifications:
 * `connection://<type or namespace>/<name>`, `connection://<name>`, a bare name or an id.
 * Undefined when there is none; ConnectionError when its secrets cannot be read.
 */
export async function lookupConnection(
  pool: pg.Pool,
  ref: string,
  namespace: string,
): Promise<ResolvedConnection | undefined> {
  const row = await findConnectionRow(pool, ref, namespace);
  return row ? resolveConnectionRow(row) : undefined;
}

/** The secret values of a resolved connection, to scrub from messages shown to people. */
export function secretsOf(c: Partial<ResolvedConnection>): string[] {
  return [c.password, c.certificate].filter(
    (s): s is string => typeof s === 'string' && s.length >= 3,
  );
}

/** The text with every secret value (raw and URL-escaped) replaced by ***. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    for (const form of new Set([s, encodeURIComponent(s)])) out = out.split(form).join('***');
  }
  return out;
}
