import type pg from 'pg';
import { lookupConnection } from '../connections/lookup.js';
import {
  describeTarget,
  emailTarget,
  NotifyError,
  targetFromConnection,
  targetFromUrl,
  type Target,
} from '../notify/index.js';
import type { Recipient } from './types.js';

/** One place a message goes: a sender target, or a playbook run. */
export type Delivery =
  | { kind: 'notify'; target: Target; description: string }
  | { kind: 'playbook'; playbookId: string; description: string };

export interface RecipientOptions {
  /** System SMTP server for people, team members and e-mail addresses (VIGIL_SMTP_URL). */
  smtpUrl?: string;
  namespace: string;
}

const permanent = (message: string) => new NotifyError(message, true);

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function mailTo(addresses: string[], o: RecipientOptions, who: string): Delivery {
  if (!o.smtpUrl)
    throw permanent(
      `no SMTP server to mail ${who}: set VIGIL_SMTP_URL (smtp://user:password@host:587/?from=vigil@example.com)`,
    );
  const target = emailTarget(o.smtpUrl, addresses);
  return { kind: 'notify', target, description: describeTarget(target) };
}

/**
 * Where a rule's recipient (or its fallback) sends, resolved now: a person's e-mail, a team's
 * own notification channels (teams.spec.notifications: connection or url) or else its members'
 * e-mails, a connection, a Shoutrrr URL, an address, a webhook, or a playbook to run.
 * A recipient that cannot be reached is a permanent NotifyError naming why.
 */
export async function resolveRecipient(
  pool: pg.Pool,
  r: Recipient,
  properties: Record<string, string>,
  o: RecipientOptions,
): Promise<Delivery[]> {
  if (r.person_id) {
    const { rows } = await pool.query<{ email: string | null; name: string }>(
      'SELECT email, name FROM people WHERE id = $1 AND deleted_at IS NULL',
      [r.person_id],
    );
    const person = rows[0];
    if (!person) throw permanent('the person to notify no longer exists');
    if (!person.email) throw permanent(`${person.name} has no e-mail address`);
    return [mailTo([person.email], o, person.name)];
  }
  if (r.team_id) return teamDeliveries(pool, r.team_id, properties, o);
  if (r.playbook_id)
    return [{ kind: 'playbook', playbookId: r.playbook_id, description: 'a playbook run' }];
  const service = r.custom_services?.[0];
  if (!service) throw permanent('the rule has no recipient');
  return [await serviceDelivery(pool, service, properties, o)];
}

async function teamDeliveries(
  pool: pg.Pool,
  teamId: string,
  properties: Record<string, string>,
  o: RecipientOptions,
): Promise<Delivery[]> {
  const { rows } = await pool.query<{ name: string; spec: Record<string, unknown> | null }>(
    'SELECT name, spec FROM teams WHERE id = $1 AND deleted_at IS NULL',
    [teamId],
  );
  const team = rows[0];
  if (!team) throw permanent('the team to notify no longer exists');
  const channels = Array.isArray(team.spec?.notifications)
    ? (team.spec.notifications as Record<string, unknown>[])
    : [];
  if (channels.length > 0)
    return Promise.all(channels.map((c) => serviceDelivery(pool, c, properties, o)));
  const { rows: members } = await pool.query<{ email: string }>(
    `SELECT p.email FROM team_members m JOIN people p ON p.id = m.person_id
      WHERE m.team_id = $1 AND p.deleted_at IS NULL AND p.email IS NOT NULL ORDER BY p.email`,
    [teamId],
  );
  if (members.length === 0)
    throw permanent(`team ${team.name} has no members with an e-mail address and no channels`);
  return [
    mailTo(
      members.map((m) => m.email),
      o,
      `team ${team.name}`,
    ),
  ];
}

async function serviceDelivery(
  pool: pg.Pool,
  service: Record<string, unknown>,
  ruleProperties: Record<string, string>,
  o: RecipientOptions,
): Promise<Delivery> {
  const properties = {
    ...(service.properties as Record<string, string> | undefined),
    ...ruleProperties,
  };
  const connection = str(service.connection);
  const url = str(service.url);
  const email = str(service.email);
  let target: Target;
  if (connection) {
    const found = await lookupConnection(pool, connection, o.namespace);
    if (!found) throw permanent(`connection ${connection} not found`);
    target = targetFromConnection(found as Parameters<typeof targetFromConnection>[0], properties);
  } else if (url) {
    target = targetFromUrl(url, properties);
  } else if (email) {
    return mailTo([email], o, email);
  } else if (service.webhook && typeof service.webhook === 'object') {
    target = targetFromUrl(webhookUrl(service.webhook as Record<string, unknown>), properties);
  } else {
    throw permanent('the recipient names no connection, url, email or webhook');
  }
  return { kind: 'notify', target, description: describeTarget(target) };
}

/** A webhook recipient (an HTTP connection plus method) as a generic+http(s) Shoutrrr URL. */
function webhookUrl(w: Record<string, unknown>): string {
  const raw = str(w.url);
  if (!raw) throw permanent('webhook.url is required');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw permanent(`webhook.url ${raw} is not a URL`);
  }
  const out = new URL(`generic+${url.protocol}//${url.host}${url.pathname}${url.search}`);
  out.searchParams.set('template', 'json');
  if (str(w.method)) out.searchParams.set('requestmethod', String(w.method).toUpperCase());
  const user = str(w.username);
  const password = str(w.password);
  if (user) out.username = encodeURIComponent(user);
  if (password) out.password = encodeURIComponent(password);
  const headers = w.headers;
  if (Array.isArray(headers))
    for (const h of headers as { name?: string; value?: string }[])
      if (h?.name && typeof h.value === 'string') out.searchParams.set(`@${h.name}`, h.value);
  return out.toString();
}
