import {
  CONNECTION_TYPES,
  connectionType,
  type ConnectionField,
  type ConnectionType,
} from '@vigil/crds';

/**
 * The connection form (spec 002 §3 "Connection", §5): the fields of each type with their
 * defaults, secret-valued fields as a static value or a Secret/ConfigMap reference, and the
 * payload written through /api/db/connections. Secrets are never read back: an edit form knows
 * only that a value is set (the list view shows '***') or which reference it is.
 */

export const REQUIRED = 'This field is required';
export const MASK = '***';

export type SecretMode = 'static' | 'secret' | 'configmap';

export interface SecretInput {
  mode: SecretMode;
  /** A new static value; empty keeps the stored one when `isSet`. */
  value: string;
  name: string;
  key: string;
  /** A static value is stored (edit): leave `value` empty to keep it. */
  isSet: boolean;
}

export interface ConnectionFormValues {
  id?: string;
  type: string;
  name: string;
  namespace: string;
  source?: string | null;
  /** Plain fields by key: url, username, insecure_tls, properties.<name>. */
  fields: Record<string, string | boolean>;
  /** Secret-valued fields by key (password, certificate). */
  secrets: Record<string, SecretInput>;
  /** Stored properties the form does not show; kept on save. */
  otherProperties: Record<string, unknown>;
}

/** A row of /api/db/connection_details: secrets as '***' or their reference. */
export interface ConnectionRow {
  id: string;
  name: string;
  namespace: string;
  type: string;
  source: string | null;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Record<string, unknown> | null;
  insecure_tls: boolean | null;
  category: string | null;
  created_at: string;
  updated_at: string | null;
  created_by?: { id: string; name: string | null; avatar: string | null } | string | null;
}

export const isSecret = (f: ConnectionField) => f.kind === 'secret' || f.kind === 'secretText';

/** The types offered when adding (hidden ones stay editable). */
export const ADDABLE_TYPES: readonly ConnectionType[] = CONNECTION_TYPES.filter((t) => !t.hidden);

export function typeLabel(type: string): string {
  return connectionType(type)?.label ?? type;
}

function fieldsOf(type: string): readonly ConnectionField[] {
  return connectionType(type)?.fields ?? [];
}

const emptySecret = (): SecretInput => ({
  mode: 'static',
  value: '',
  name: '',
  key: '',
  isSet: false,
});

/** A new connection of the type, with the type's defaults. */
export function emptyForm(type: string): ConnectionFormValues {
  const values: ConnectionFormValues = {
    type,
    name: '',
    namespace: 'default',
    fields: {},
    secrets: {},
    otherProperties: {},
  };
  for (const f of fieldsOf(type)) {
    if (isSecret(f)) values.secrets[f.key] = emptySecret();
    else values.fields[f.key] = f.default ?? (f.kind === 'switch' ? false : '');
  }
  return values;
}

const REF = /^(secret|configmap):\/\/([^/]+)\/(.+)$/;

/** What the details view shows of a secret: '***' (set), a reference, or nothing. */
export function secretFrom(shown: string | null | undefined): SecretInput {
  if (!shown) return emptySecret();
  const m = REF.exec(shown);
  if (m)
    return { mode: m[1] as SecretMode, value: '', name: m[2] ?? '', key: m[3] ?? '', isSet: false };
  return { ...emptySecret(), isSet: true };
}

function columnOf(row: ConnectionRow, key: string): unknown {
  if (key.startsWith('properties.')) return row.properties?.[key.slice('properties.'.length)];
  return (row as unknown as Record<string, unknown>)[key];
}

/** The edit form of a stored connection. */
export function fromRow(row: ConnectionRow): ConnectionFormValues {
  const values = emptyForm(row.type);
  values.id = row.id;
  values.name = row.name;
  values.namespace = row.namespace || 'default';
  values.source = row.source;
  const shown = new Set<string>();
  for (const f of fieldsOf(row.type)) {
    if (f.key.startsWith('properties.')) shown.add(f.key.slice('properties.'.length));
    if (isSecret(f)) {
      values.secrets[f.key] = secretFrom(columnOf(row, f.key) as string | null);
      continue;
    }
    const v = columnOf(row, f.key);
    if (f.kind === 'switch') values.fields[f.key] = v === true || v === 'true';
    else if (v !== undefined && v !== null) values.fields[f.key] = String(v);
    else values.fields[f.key] = '';
  }
  for (const [k, v] of Object.entries(row.properties ?? {}))
    if (!shown.has(k)) values.otherProperties[k] = v;
  return values;
}

/** The fields the form shows now (git's SSH key only with auth ssh, …). */
export function visibleFields(values: ConnectionFormValues): ConnectionField[] {
  return fieldsOf(values.type).filter(
    (f) => !f.when || String(values.fields[f.when.key] ?? '') === f.when.equals,
  );
}

export type FormErrors = Record<string, string>;

/** Errors by field key (`password.name` for a reference's name). */
export function validateConnection(values: ConnectionFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.name.trim()) errors.name = REQUIRED;
  else if (!/^[a-z0-9]([-a-z0-9_.]*[a-z0-9])?$/i.test(values.name.trim()))
    errors.name = 'Use letters, digits, dashes, dots or underscores';
  for (const f of visibleFields(values)) {
    if (isSecret(f)) {
      const s = values.secrets[f.key] ?? emptySecret();
      if (s.mode === 'static') {
        if (f.required && !s.value && !s.isSet) errors[f.key] = REQUIRED;
      } else {
        if (!s.name.trim()) errors[`${f.key}.name`] = REQUIRED;
        if (!s.key.trim()) errors[`${f.key}.key`] = REQUIRED;
      }
      continue;
    }
    const v = values.fields[f.key];
    if (f.required && (v === undefined || (typeof v === 'string' && !v.trim())))
      errors[f.key] = REQUIRED;
    else if (f.kind === 'number' && typeof v === 'string' && v.trim() && !/^\d+$/.test(v.trim()))
      errors[f.key] = 'Enter a whole number';
  }
  return errors;
}

/** The row written through /api/db/connections (created_by is added on create). */
export function toPayload(values: ConnectionFormValues): Record<string, unknown> {
  const editing = Boolean(values.id);
  const row: Record<string, unknown> = {
    name: values.name.trim(),
    namespace: values.namespace.trim() || 'default',
    type: values.type,
  };
  const properties = new Map<string, unknown>(Object.entries(values.otherProperties));
  const visible = new Set(visibleFields(values).map((f) => f.key));
  for (const f of fieldsOf(values.type)) {
    if (isSecret(f)) {
      const s = values.secrets[f.key] ?? emptySecret();
      if (!visible.has(f.key)) continue;
      if (s.mode === 'secret')
        row[f.key] = { secretKeyRef: { name: s.name.trim(), key: s.key.trim() } };
      else if (s.mode === 'configmap')
        row[f.key] = { configMapKeyRef: { name: s.name.trim(), key: s.key.trim() } };
      else if (s.value) row[f.key] = s.value;
      // Nothing typed: keep what is stored; a reference given up for nothing is cleared.
      else if (editing && !s.isSet) row[f.key] = null;
      continue;
    }
    const raw = values.fields[f.key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (f.key.startsWith('properties.')) {
      const name = f.key.slice('properties.'.length);
      if (!visible.has(f.key) || value === '' || value === undefined) properties.delete(name);
      else properties.set(name, typeof value === 'boolean' ? String(value) : value);
    } else if (f.key === 'insecure_tls') {
      row.insecure_tls = value === true;
    } else if (visible.has(f.key)) {
      if (value !== '') row[f.key] = value;
      else if (editing) row[f.key] = null;
    } else if (editing) {
      row[f.key] = null;
    }
  }
  row.properties = Object.fromEntries(properties);
  if (!('insecure_tls' in row) && !editing) row.insecure_tls = false;
  return row;
}

/** Made outside the console (a file, a controller): shown with its source, not edited here. */
export function isEditable(row: { source?: string | null }): boolean {
  return !row.source || row.source === 'UI';
}

/** `connection://<namespace>/<name>`: how checks, scrapers and playbooks name it. */
export const referenceOf = (c: { name: string; namespace?: string | null }) =>
  `connection://${c.namespace || 'default'}/${c.name}`;
