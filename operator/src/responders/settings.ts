import type pg from 'pg';
import { renderTemplate } from '../template.js';
import { PermanentError } from './eventQueue.js';
import {
  ConnectionError,
  lookupConnection,
  type ResolvedConnection,
} from '../connections/lookup.js';

/** The responder kinds Vigil delivers (person and team: nothing to send). */
export type ResponderKind =
  'person' | 'team' | 'email' | 'jira' | 'service_now' | 'ms_planner' | 'generic_webhook';

const KINDS: Record<string, ResponderKind> = {
  person: 'person',
  team: 'team',
  email: 'email',
  mail: 'email',
  smtp: 'email',
  jira: 'jira',
  servicenow: 'service_now',
  msplanner: 'ms_planner',
  planner: 'ms_planner',
  microsoftplanner: 'ms_planner',
  genericwebhook: 'generic_webhook',
  webhook: 'generic_webhook',
  http: 'generic_webhook',
};

const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** 'Jira', 'jira', 'MSPlanner', 'ms_planner', 'service-now' ... to one kind; undefined if unknown. */
export const kindOf = (name: string | undefined): ResponderKind | undefined =>
  name ? KINDS[norm(name)] : undefined;

/** Connection types that serve a kind when the team names no connection. */
export const CONNECTION_TYPES: Record<Exclude<ResponderKind, 'person' | 'team'>, string[]> = {
  email: ['email', 'smtp'],
  jira: ['jira'],
  service_now: ['servicenow', 'service_now'],
  ms_planner: ['ms_planner', 'msplanner', 'planner'],
  generic_webhook: ['generic_webhook', 'webhook', 'http'],
};

export type Settings = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every string inside v rendered with vars (`{{ .incident.title }}`). */
export function templated(v: unknown, vars: Record<string, unknown>): unknown {
  if (typeof v === 'string') return renderTemplate(v, vars);
  if (Array.isArray(v)) return v.map((x) => templated(x, vars));
  if (isObject(v))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, templated(x, vars)]));
  return v;
}

/**
 * The team's client for this kind (teams.spec.responder_clients, keyed by kind in any spelling)
 * merged with the responder's own properties: the client's top-level fields (connection, url...)
 * first, then its `defaults`, then what the responder was saved with, then its `values` (locked in
 * the form, so they win). Every string is templated with the incident.
 */
export function mergeSettings(
  kind: ResponderKind,
  teamSpec: unknown,
  properties: unknown,
  vars: Record<string, unknown>,
): Settings {
  const clients = isObject(teamSpec) ? teamSpec.responder_clients : undefined;
  const key = isObject(clients)
    ? Object.keys(clients).find((k) => kindOf(k) === kind && isObject(clients[k]))
    : undefined;
  const client = (key && isObject(clients) ? clients[key] : {}) as Record<string, unknown>;
  const { defaults, values, linkUrl: _linkUrl, ...base } = client;
  const { responderType: _type, ...own } = isObject(properties) ? properties : {};
  const merged = {
    ...base,
    ...(isObject(defaults) ? defaults : {}),
    ...withoutEmpty(own),
    ...(isObject(values) ? values : {}),
  };
  return templated(merged, vars) as Settings;
}

/** Form fields left empty must not hide a team default. */
const withoutEmpty = (o: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== '' && v !== null && v !== undefined),
  );

/** The first of keys that holds a non-empty string (or a number, as a string). */
export function field(settings: Settings, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = settings[k];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

export function required(settings: Settings, what: string, ...keys: string[]): string {
  const v = field(settings, ...keys);
  if (v === undefined) throw new PermanentError(`${what} is missing (set ${keys[0]})`);
  return v;
}

/** Credentials and address of the external system. */
export interface Endpoint {
  url?: string;
  username?: string;
  password?: string;
  token?: string;
  insecureTls: boolean;
  properties: Record<string, unknown>;
  /** Where it came from, for messages. */
  source: string;
}

type ConnectionRow = ResolvedConnection;

const REFERENCE = /^(secret|configmap|helm|serviceaccount):\/\//;

/** Through the one connection lookup: secrets decrypted, references read or refused. */
async function findConnection(pool: pg.Pool, ref: string): Promise<ConnectionRow | undefined> {
  try {
    return await lookupConnection(pool, ref, 'default');
  } catch (error) {
    if (error instanceof ConnectionError) throw new PermanentError(error.message);
    throw error;
  }
}

/**
 * Where to deliver: the connection the settings name (`connection`: an id, connection://ns/name
 * or a name; `instance` too when it is one), else the only connection of the kind's type, else
 * url/username/password/token in the settings themselves. Fields set in the settings override the
 * connection's; the connection's properties are defaults for the settings.
 */
export async function resolveEndpoint(
  pool: pg.Pool,
  kind: Exclude<ResponderKind, 'person' | 'team'>,
  settings: Settings,
): Promise<Endpoint> {
  let row: ConnectionRow | undefined;
  const ref = field(settings, 'connection', 'connection_id');
  if (ref) {
    row = await findConnection(pool, ref);
    if (!row) throw new PermanentError(`connection ${ref} not found`);
  } else {
    // The form's instance may name a connection; otherwise it is not one (the team's id).
    const instance = field(settings, 'instance');
    if (instance) row = await findConnection(pool, instance);
  }
  if (!row && !field(settings, 'url')) {
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id FROM connections WHERE lower(type) = ANY($1) AND deleted_at IS NULL LIMIT 2`,
      [CONNECTION_TYPES[kind]],
    );
    if (rows.length === 1) row = await findConnection(pool, (rows[0] as { id: string }).id);
  }
  const endpoint: Endpoint = {
    url: field(settings, 'url') ?? row?.url ?? undefined,
    username: field(settings, 'username') ?? row?.username ?? undefined,
    password: field(settings, 'password') ?? row?.password ?? undefined,
    token: field(settings, 'token'),
    insecureTls: row?.insecure_tls ?? false,
    properties: row?.properties ?? {},
    source: row ? `connection ${row.namespace}/${row.name}` : 'the responder settings',
  };
  for (const k of ['url', 'username', 'password', 'token'] as const) {
    const value = endpoint[k];
    if (value && REFERENCE.test(value)) {
      throw new PermanentError(
        `${k} of ${endpoint.source} is a reference (${value.split('://')[0]}://) that responder delivery cannot resolve; store the value in the connection`,
      );
    }
  }
  return endpoint;
}
