import nodemailer from 'nodemailer';
import { PermanentError } from './eventQueue.js';
import { field, required, type Endpoint, type Settings } from './settings.js';

/** The incident as deliveries describe it. */
export interface IncidentSummary {
  id: string;
  incident_id: string;
  title: string;
  description: string;
  severity: string;
  type: string;
  status: string;
  created_at: string;
  link: string;
}

export interface Delivery {
  settings: Settings;
  endpoint: Endpoint;
  incident: IncidentSummary;
  responder: { id: string; type: string; team?: string };
  /** What the external system already calls this delivery (an earlier attempt got that far). */
  existingId?: string;
  /** Records the external id as soon as the system has made its object. */
  created(externalId: string): Promise<void>;
  signal: AbortSignal;
}

/** Delivers and returns the external id (undefined when the system gives none). */
export type Sender = (d: Delivery) => Promise<string | undefined>;

const HTTP_TIMEOUT_MS = 30_000;

/** Plain-text summary of the incident: the default body of every kind. */
export function summaryText(i: IncidentSummary): string {
  return [
    `${i.incident_id}: ${i.title}`,
    `Severity: ${i.severity} | Type: ${i.type} | Status: ${i.status}`,
    '',
    ...(i.description ? [i.description, ''] : []),
    i.link,
  ].join('\n');
}

const defaultTitle = (i: IncidentSummary) => `[${i.incident_id}] ${i.title}`;

/** A description that does not point at the incident yet gets its link. */
const withLink = (text: string, i: IncidentSummary) =>
  text.includes(i.link) ? text : `${text}\n\n${i.incident_id}: ${i.link}`;

const descriptionOf = (s: Settings, i: IncidentSummary, ...keys: string[]) => {
  const text = field(s, ...keys);
  return text ? withLink(text, i) : summaryText(i);
};

// ---------------------------------------------------------------------------------------------
// HTTP

interface HttpResult {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

/** The URL without user:password (fetch refuses those; they become basic auth instead). */
function splitCredentials(raw: string, what: string): { url: URL; user?: string; pass?: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PermanentError(`${what} URL ${JSON.stringify(raw)} is not a valid URL`);
  }
  const user = url.username ? decodeURIComponent(url.username) : undefined;
  const pass = url.password ? decodeURIComponent(url.password) : undefined;
  url.username = '';
  url.password = '';
  return { url, user, pass };
}

const base64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Basic with username and password, else Bearer with the token (or a lone password). */
function authorization(e: Endpoint, user?: string, pass?: string): string | undefined {
  const username = e.username ?? user;
  const password = e.password ?? pass;
  if (username && password) return `Basic ${base64(`${username}:${password}`)}`;
  const token = e.token ?? password;
  return token ? `Bearer ${token}` : undefined;
}

async function http(
  what: string,
  method: string,
  url: URL,
  opts: { auth?: string; body?: unknown; headers?: Record<string, string>; signal: AbortSignal },
): Promise<HttpResult> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.auth) headers.authorization = opts.auth;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.any([opts.signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]),
  }).catch((error: unknown) => {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new Error(`${what}: ${method} ${url.href} failed: ${cause ?? (error as Error).message}`, {
      cause: error,
    });
  });
  const text = await res.text();
  if (!res.ok) {
    const detail = text.trim().slice(0, 500);
    throw new Error(
      `${what}: ${method} ${url.href} responded ${res.status}${detail ? `: ${detail}` : ''}`,
    );
  }
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (typeof parsed === 'object' && parsed !== null) json = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: nothing to read back.
  }
  return { status: res.status, headers: res.headers, json };
}

/** `path` below the endpoint's URL (which may itself have a path, e.g. a Jira context root). */
function below(e: Endpoint, what: string, path: string, fallback?: string) {
  const raw = e.url ?? fallback;
  if (!raw) throw new PermanentError(`${what} URL is missing (set url or a connection)`);
  const { url, user, pass } = splitCredentials(raw, what);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return { url, auth: authorization(e, user, pass) };
}

const idOf = (json: Record<string, unknown>, ...keys: string[]) => {
  for (const k of keys) {
    const v = json[k];
    if (typeof v === 'string' && v) return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
};

// ---------------------------------------------------------------------------------------------
// Kinds

/** POSTs the incident as JSON to the URL; the response's id (if any) is the external id. */
export const genericWebhook: Sender = async (d) => {
  if (d.existingId) return d.existingId;
  const { url, user, pass } = splitCredentials(
    d.endpoint.url ?? required(d.settings, 'webhook URL', 'url'),
    'webhook',
  );
  const headers = d.settings.headers;
  const res = await http('webhook', field(d.settings, 'method')?.toUpperCase() ?? 'POST', url, {
    auth: authorization(d.endpoint, user, pass),
    headers:
      typeof headers === 'object' && headers !== null && !Array.isArray(headers)
        ? Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)]))
        : undefined,
    body: {
      event: 'incident.responder.added',
      incident: d.incident,
      responder: d.responder,
      title: field(d.settings, 'title', 'summary', 'subject') ?? defaultTitle(d.incident),
      description: descriptionOf(d.settings, d.incident, 'description', 'body'),
    },
    signal: d.signal,
  });
  const id = idOf(res.json, 'id', 'key', 'number');
  if (id) await d.created(id);
  return id;
};

/** Jira REST v2: creates an issue; the external id is its key (OPS-42). */
export const jira: Sender = async (d) => {
  if (d.existingId) return d.existingId;
  const s = d.settings;
  const project = required(s, 'Jira project', 'project', 'projectKey', 'project_key');
  const issueType = field(s, 'issueType', 'issue_type', 'issuetype') ?? 'Task';
  const priority = field(s, 'priority');
  const { url, auth } = below(d.endpoint, 'Jira', '/rest/api/2/issue');
  const res = await http('Jira', 'POST', url, {
    auth,
    body: {
      fields: {
        project: { key: project },
        issuetype: { name: issueType },
        ...(priority ? { priority: { name: priority } } : {}),
        summary: field(s, 'summary', 'title') ?? defaultTitle(d.incident),
        description: descriptionOf(s, d.incident, 'description', 'body'),
      },
    },
    signal: d.signal,
  });
  const id = idOf(res.json, 'key', 'id');
  if (!id) throw new Error('Jira: the created issue has no key in the response');
  await d.created(id);
  return id;
};

/** ServiceNow urgency and impact (1 high, 2 medium, 3 low) from the incident's severity. */
export function serviceNowLevel(severity: string): '1' | '2' | '3' {
  const s = severity.toLowerCase();
  if (['critical', 'blocker', 'high'].includes(s)) return '1';
  if (s === 'medium') return '2';
  return '3';
}

/** ServiceNow Table API: creates an incident; the external id is its number (INC0010001). */
export const serviceNow: Sender = async (d) => {
  if (d.existingId) return d.existingId;
  const s = d.settings;
  const level = serviceNowLevel(d.incident.severity);
  const category = field(s, 'category');
  const { url, auth } = below(d.endpoint, 'ServiceNow', '/api/now/table/incident');
  const res = await http('ServiceNow', 'POST', url, {
    auth,
    body: {
      short_description:
        field(s, 'short_description', 'summary', 'title') ?? defaultTitle(d.incident),
      description: descriptionOf(s, d.incident, 'description', 'body'),
      urgency: field(s, 'urgency') ?? level,
      impact: field(s, 'impact') ?? level,
      ...(category ? { category } : {}),
      correlation_id: d.incident.incident_id,
      correlation_display: 'Vigil',
    },
    signal: d.signal,
  });
  const result = (res.json.result ?? {}) as Record<string, unknown>;
  const id = idOf(result, 'number', 'sys_id');
  if (!id) throw new Error('ServiceNow: the created incident has no number in the response');
  await d.created(id);
  return id;
};

/** Planner priority (0-10; 1 urgent, 3 important, 5 medium, 9 low) from a name or the severity. */
export function plannerPriority(priority: string | undefined, severity: string): number {
  if (priority !== undefined && /^\d+$/.test(priority)) return Math.min(10, Number(priority));
  const p = (priority ?? severity).toLowerCase();
  if (['urgent', 'critical', 'blocker'].includes(p)) return 1;
  if (['important', 'high'].includes(p)) return 3;
  if (p === 'medium') return 5;
  return 9;
}

/**
 * Microsoft Graph Planner: creates the task (plan, bucket, title, priority, no assignments), then
 * writes its description into the task's details, which Graph only updates with the details'
 * ETag: GET .../details, then PATCH with If-Match. The task id is recorded as soon as the task
 * exists, so a retry after a failed details step only redoes that step.
 */
export const msPlanner: Sender = async (d) => {
  const s = d.settings;
  const base = d.endpoint.url ?? 'https://graph.microsoft.com';
  const endpoint = { ...d.endpoint, url: base, username: undefined };
  let id = d.existingId;
  if (!id) {
    const planId = required(s, 'Planner plan', 'plan_id', 'planId');
    const bucketId = required(s, 'Planner bucket', 'bucket_id', 'bucketId');
    const { url, auth } = below(endpoint, 'Planner', '/v1.0/planner/tasks');
    const res = await http('Planner', 'POST', url, {
      auth,
      body: {
        planId,
        bucketId,
        title: field(s, 'title', 'summary') ?? defaultTitle(d.incident),
        priority: plannerPriority(field(s, 'priority'), d.incident.severity),
        assignments: {},
      },
      signal: d.signal,
    });
    id = idOf(res.json, 'id');
    if (!id) throw new Error('Planner: the created task has no id in the response');
    await d.created(id);
  }
  const path = `/v1.0/planner/tasks/${encodeURIComponent(id)}/details`;
  const { url, auth } = below(endpoint, 'Planner', path);
  const details = await http('Planner', 'GET', url, { auth, signal: d.signal });
  const etag = idOf(details.json, '@odata.etag') ?? details.headers.get('etag');
  if (!etag) throw new Error('Planner: the task details have no ETag');
  await http('Planner', 'PATCH', url, {
    auth,
    headers: { 'if-match': etag, prefer: 'return=minimal' },
    body: {
      description: descriptionOf(s, d.incident, 'description', 'body'),
      previewType: 'description',
    },
    signal: d.signal,
  });
  return id;
};

/** SMTP through nodemailer: the external id is the mail's Message-ID. */
export const email: Sender = async (d) => {
  if (d.existingId) return d.existingId;
  const s = d.settings;
  const e = d.endpoint;
  const to = s.to;
  if (!(typeof to === 'string' && to.trim()) && !(Array.isArray(to) && to.length)) {
    throw new PermanentError('email recipient is missing (set to)');
  }
  const props = e.properties;
  const prop = (k: string) => (typeof props[k] === 'string' ? props[k] : undefined);
  let host = field(s, 'host') ?? prop('host');
  let port = Number(field(s, 'port') ?? prop('port')) || undefined;
  let secure = false;
  let user = e.username;
  let pass = e.password;
  if (e.url) {
    let url: URL;
    try {
      url = new URL(e.url);
    } catch {
      throw new PermanentError(`SMTP URL of ${e.source} is not a valid URL`);
    }
    if (!['smtp:', 'smtps:'].includes(url.protocol)) {
      throw new PermanentError(`SMTP URL of ${e.source} must start with smtp:// or smtps://`);
    }
    secure = url.protocol === 'smtps:';
    host = url.hostname || host;
    port = Number(url.port) || port;
    user ??= url.username ? decodeURIComponent(url.username) : undefined;
    pass ??= url.password ? decodeURIComponent(url.password) : undefined;
  }
  if (!host) throw new PermanentError(`SMTP server is missing in ${e.source} (set its url)`);
  const transport = nodemailer.createTransport({
    host,
    port: port ?? (secure ? 465 : 587),
    secure,
    ...(user ? { auth: { user, pass } } : {}),
    tls: { rejectUnauthorized: !e.insecureTls },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const from =
    field(s, 'from') ?? prop('from') ?? (user?.includes('@') ? user : 'Vigil <vigil@localhost>');
  const body = field(s, 'body');
  const summary = summaryText(d.incident);
  const abort = () => transport.close();
  d.signal.addEventListener('abort', abort, { once: true });
  try {
    const info = await transport.sendMail({
      from,
      to: to as string | string[],
      ...(field(s, 'cc') ? { cc: field(s, 'cc') } : {}),
      subject: field(s, 'subject', 'title', 'summary') ?? defaultTitle(d.incident),
      text: body ? `${body}\n\n-- \n${summary}` : summary,
    });
    d.signal.throwIfAborted();
    const id = typeof info.messageId === 'string' ? info.messageId : undefined;
    if (id) await d.created(id);
    return id;
  } catch (error) {
    throw new Error(`email: ${(error as Error).message}`, { cause: error });
  } finally {
    d.signal.removeEventListener('abort', abort);
    transport.close();
  }
};
