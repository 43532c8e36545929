import { encryptSecret } from './crypto.js';
import {
  connectionKey,
  formatReference,
  parseReference,
  UNSUPPORTED_REFERENCE,
  type ReferenceKind,
} from './secrets.js';

/**
 * What a write of a connection row (POST or PATCH of /api/db/connections) stores. Secret-valued
 * columns (password, certificate) accept:
 * - a static value: a string or `{value}`, stored encrypted;
 * - a secret reference `{secretKeyRef: {name, key}}` (also under `valueFrom`), stored as
 *   `secret://<name>/<key>`;
 * - a configmap reference `{configMapKeyRef: {name, key}}`, stored as `configmap://<name>/<key>`;
 * - the strings `secret://…` and `configmap://…` themselves;
 * - `***`, the mask the console shows, which keeps the stored value (a trigger of 0028 does it).
 * The username takes the same shapes; its static value is not a secret and is stored as written.
 */
export class ConnectionInputError extends Error {}

const SECRET = new Set(['password', 'certificate']);
const MASK = '***';

function refFrom(field: string, raw: unknown): string | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  const from =
    o.valueFrom && typeof o.valueFrom === 'object' ? (o.valueFrom as Record<string, unknown>) : o;
  const pairs: [string, ReferenceKind][] = [
    ['secretKeyRef', 'secret'],
    ['configMapKeyRef', 'configmap'],
  ];
  for (const [prop, kind] of pairs) {
    const ref = from[prop];
    if (ref === undefined) continue;
    const { name, key } = (ref ?? {}) as { name?: unknown; key?: unknown };
    if (typeof name !== 'string' || !name.trim() || typeof key !== 'string' || !key.trim())
      throw new ConnectionInputError(`${field}.${prop} needs a name and a key`);
    if (name.includes('/'))
      throw new ConnectionInputError(`${field}.${prop}.name must not contain '/'`);
    return formatReference({ kind, name: name.trim(), key: key.trim() });
  }
  if (o.valueFrom !== undefined)
    throw new ConnectionInputError(
      `${field}.valueFrom must hold a secretKeyRef or a configMapKeyRef`,
    );
  return undefined;
}

function stored(field: string, raw: unknown, secret: boolean): unknown {
  if (raw === undefined || raw === null) return raw;
  let value: string;
  if (typeof raw === 'string') value = raw;
  else if (typeof raw === 'object' && !Array.isArray(raw)) {
    const ref = refFrom(field, raw);
    if (ref) return ref;
    const v = (raw as { value?: unknown }).value;
    if (typeof v !== 'string')
      throw new ConnectionInputError(
        `${field} must be a string, {value}, {secretKeyRef: {name, key}} or {configMapKeyRef: {name, key}}`,
      );
    value = v;
  } else {
    throw new ConnectionInputError(`${field} must be a string`);
  }
  if (value === '' || value === MASK) return value;
  if (parseReference(value)) return value.trim();
  if (UNSUPPORTED_REFERENCE.test(value))
    throw new ConnectionInputError(
      `${field}: ${value.split('://')[0]}:// references are not supported; use secret://<name>/<key> or configmap://<name>/<key>`,
    );
  return secret ? encryptSecret(connectionKey(), value) : value;
}

/** One row of a write body, with its secret-valued columns as they are stored. */
export function prepareConnectionWrite(row: unknown): unknown {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const field of ['username', 'password', 'certificate']) {
    if (field in out) out[field] = stored(field, out[field], SECRET.has(field));
  }
  return out;
}
