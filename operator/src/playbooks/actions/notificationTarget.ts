import type { ConnectionFields } from '../../health/types.js';
import { ActionError } from './common.js';

/**
 * Where a notification goes, from a Shoutrrr-style URL (what upstream playbooks are written
 * with) or a stored connection. Shoutrrr's query parameters are case-insensitive; `properties`
 * of the action (and of a connection) are more of them, the action's winning.
 *
 * - `smtp://user:pass@host:port/?from=a@x&to=b@x,c@x` (also fromname, subject, encryption
 *   none|explicittls|implicittls|auto, usestarttls no).
 * - `generic://host/path` (https; `disabletls=yes` for http) or `generic+https://host/path`:
 *   a POST (requestmethod) of the message, or with `template=json` of
 *   {title, message, $extra…} (titlekey, messagekey); `@name=value` adds a header,
 *   `_name=value` forwards a reserved name; other parameters are forwarded to the target.
 * - `slack://hook:A-B-C@webhook` or `slack://A/B/C` (incoming webhooks), and
 *   `slack://xoxb:token@CHANNEL` (a bot token, chat.postMessage).
 */

export interface SmtpTarget {
  kind: 'smtp';
  host: string;
  port: number;
  secure: boolean;
  /** Never STARTTLS (encryption=none), or always (explicittls); else when offered. */
  starttls: 'never' | 'always' | 'auto';
  username?: string;
  password?: string;
  from: string;
  to: string[];
  subject?: string;
  insecureTls: boolean;
}

export interface HttpTarget {
  kind: 'generic' | 'slack';
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The message as the body (`raw`), or a JSON object of title, message and extras. */
  template: 'raw' | 'json' | 'slack';
  contentType: string;
  titleKey: string;
  messageKey: string;
  extra: Record<string, string>;
  insecureTls: boolean;
}

export type Target = SmtpTarget | HttpTarget;

const SCHEMES = 'smtp://, generic:// (or generic+https://) and slack://';
const GENERIC_KEYS = new Set([
  'contenttype',
  'disabletls',
  'messagekey',
  'requestmethod',
  'template',
  'titlekey',
  'title',
]);
const SLACK_HOOKS = 'https://hooks.slack.com/services';
const SLACK_POST = 'https://slack.com/api/chat.postMessage';

const yes = (v: string | undefined) => /^(yes|true|1)$/i.test(v ?? '');

/** The URL's query and the properties, keyed by lower-case name (Shoutrrr ignores case). */
function paramsOf(url: URL, properties: Record<string, string>): Map<string, string> {
  const params = new Map<string, string>();
  for (const [k, v] of url.searchParams) params.set(k.toLowerCase(), v);
  for (const [k, v] of Object.entries(properties)) params.set(k.toLowerCase(), v);
  return params;
}

function parse(raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new ActionError(`the notification URL is not a valid URL (use ${SCHEMES})`);
  }
}

const decoded = (s: string) => (s ? decodeURIComponent(s) : undefined);
const list = (v: string | undefined) =>
  (v ?? '')
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);

function smtpTarget(url: URL, params: Map<string, string>, insecureTls: boolean): SmtpTarget {
  const encryption = (params.get('encryption') ?? 'auto').toLowerCase();
  if (!['none', 'explicittls', 'implicittls', 'auto'].includes(encryption))
    throw new ActionError(
      `encryption ${encryption} is not one of none, explicittls, implicittls or auto`,
    );
  const port = Number(url.port) || (encryption === 'implicittls' ? 465 : 25);
  const secure = encryption === 'implicittls' || (encryption === 'auto' && port === 465);
  const to = list(params.get('to'));
  if (!url.hostname) throw new ActionError('the smtp URL needs a host: smtp://user:pass@host:port');
  if (to.length === 0)
    throw new ActionError('the smtp URL needs recipients: smtp://…/?from=…&to=a@example.com');
  const username = decoded(url.username);
  const fromAddress =
    params.get('from') ?? (username?.includes('@') ? username : 'vigil@localhost');
  const fromName = params.get('fromname');
  return {
    kind: 'smtp',
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    secure,
    starttls:
      encryption === 'none' || /^(no|false|0)$/i.test(params.get('usestarttls') ?? '')
        ? 'never'
        : encryption === 'explicittls'
          ? 'always'
          : 'auto',
    username,
    password: decoded(url.password),
    from: fromName ? `"${fromName.replace(/["\\]/g, '')}" <${fromAddress}>` : fromAddress,
    to,
    subject: params.get('subject'),
    insecureTls,
  };
}

function genericTarget(
  url: URL,
  params: Map<string, string>,
  shortcut: string | undefined,
  insecureTls: boolean,
): HttpTarget {
  const scheme = shortcut ?? (yes(params.get('disabletls')) ? 'http' : 'https');
  if (scheme !== 'http' && scheme !== 'https')
    throw new ActionError(
      `generic+${scheme}:// is not supported: use generic+https:// or +http://`,
    );
  const target = new URL(`${scheme}://${url.host}${url.pathname}`);
  target.username = url.username;
  target.password = url.password;
  const headers: Record<string, string> = {};
  const extra: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key.startsWith('@')) headers[key.slice(1)] = value;
    else if (key.startsWith('$')) extra[key.slice(1)] = value;
    else if (key.startsWith('_')) target.searchParams.append(key.slice(1), value);
    else if (!GENERIC_KEYS.has(key)) target.searchParams.append(key, value);
  }
  const template = (params.get('template') ?? '').toLowerCase();
  if (template && template !== 'json')
    throw new ActionError(`template ${template} is not supported: leave it out, or use json`);
  return {
    kind: 'generic',
    url: target.toString(),
    method: (params.get('requestmethod') ?? 'POST').toUpperCase(),
    headers,
    template: template === 'json' ? 'json' : 'raw',
    contentType: params.get('contenttype') ?? 'application/json',
    titleKey: params.get('titlekey') ?? 'title',
    messageKey: params.get('messagekey') ?? 'message',
    extra,
    insecureTls,
  };
}

/** Slack: an incoming webhook (token A-B-C, or A/B/C), or the Web API with a bot token. */
function slackTarget(url: URL, params: Map<string, string>): HttpTarget {
  const extra: Record<string, string> = {};
  const channel = params.get('channel');
  if (channel) extra.channel = channel;
  const icon = params.get('icon');
  if (icon) extra[/^:.*:$/.test(icon) ? 'icon_emoji' : 'icon_url'] = icon;
  const botname = params.get('botname') ?? (url.password ? undefined : decoded(url.username));
  if (botname) extra.username = botname;
  const base = {
    kind: 'slack' as const,
    method: 'POST',
    template: 'slack' as const,
    contentType: 'application/json',
    titleKey: 'title',
    messageKey: 'text',
    insecureTls: false,
  };
  const user = decoded(url.username) ?? '';
  if (/^xox[bp]$/.test(user)) {
    return {
      ...base,
      url: SLACK_POST,
      headers: { authorization: `Bearer ${user}-${decoded(url.password) ?? ''}` },
      extra: { ...extra, channel: decodeURIComponent(url.hostname) },
    };
  }
  const token =
    user === 'hook'
      ? (decoded(url.password) ?? '').split('-')
      : [url.hostname, ...url.pathname.split('/').filter(Boolean)];
  if (token.length !== 3 || token.some((t) => !/^[\w]+$/.test(t)))
    throw new ActionError(
      'the slack URL needs a webhook token (slack://hook:A-B-C@webhook) or a bot token (slack://xoxb:…@CHANNEL)',
    );
  return { ...base, url: `${SLACK_HOOKS}/${token.join('/')}`, headers: {}, extra };
}

/** A target from a Shoutrrr-style URL; properties are more query parameters. */
export function targetFromUrl(
  raw: string,
  properties: Record<string, string> = {},
  insecureTls = false,
): Target {
  const url = parse(raw.trim());
  const scheme = url.protocol.replace(/:$/, '').toLowerCase();
  const params = paramsOf(url, properties);
  if (scheme === 'smtp') return smtpTarget(url, params, insecureTls);
  if (scheme === 'generic') return genericTarget(url, params, undefined, insecureTls);
  const shortcut = /^generic\+(.+)$/.exec(scheme);
  if (shortcut) return genericTarget(url, params, shortcut[1], insecureTls);
  if (scheme === 'slack') return slackTarget(url, params);
  const hint =
    scheme === 'http' || scheme === 'https' ? ` (for a webhook write generic+${scheme}://…)` : '';
  throw new ActionError(
    `notification URLs of the ${scheme}:// kind are not supported yet${hint}: use ${SCHEMES}`,
  );
}

const NOTIFY_SCHEME = /^(smtp|generic(\+\w+)?|slack):\/\//i;

/**
 * A target from a stored connection: its URL when that is a notification URL (with the
 * connection's username and password filled in where the URL has none), else by its type —
 * email/smtp (url or properties host/port), slack (a webhook URL, or a bot token as password and
 * a channel property), http/webhook (a POST of JSON to its URL).
 */
export function targetFromConnection(
  ref: string,
  conn: ConnectionFields,
  properties: Record<string, string>,
): Target {
  const props: Record<string, string> = {};
  for (const [k, v] of Object.entries(conn.properties ?? {}))
    if (typeof v === 'string' || typeof v === 'number') props[k] = String(v);
  Object.assign(props, properties);
  const insecure = conn.insecure_tls === true;
  const type = typeof conn.type === 'string' ? conn.type.toLowerCase().replace(/[^a-z]/g, '') : '';
  const rawUrl = conn.url?.trim() ?? '';
  const withCredentials = (u: URL) => {
    if (!u.username && conn.username) {
      u.username = encodeURIComponent(conn.username);
      if (conn.password) u.password = encodeURIComponent(conn.password);
    }
    return u.toString();
  };
  if (NOTIFY_SCHEME.test(rawUrl))
    return targetFromUrl(withCredentials(parse(rawUrl)), props, insecure);
  if (type === 'email' || type === 'smtp') {
    const host = rawUrl ? parse(rawUrl.includes('://') ? rawUrl : `smtp://${rawUrl}`) : undefined;
    const u = new URL(`smtp://${host?.host || props.host || ''}`);
    if (!host?.port && props.port) u.port = props.port;
    return targetFromUrl(withCredentials(u), props, insecure);
  }
  if (type === 'slack') {
    if (/^https:\/\/hooks\.slack\.com\/services\//.test(rawUrl))
      return targetFromUrl(
        `slack://hook:${rawUrl.split('/services/')[1]?.split('/').join('-')}@webhook`,
        props,
      );
    if (conn.password && props.channel)
      return targetFromUrl(
        `slack://xoxb:${conn.password.replace(/^xoxb-/, '')}@${props.channel}`,
        props,
      );
  }
  if (
    ['http', 'webhook', 'genericwebhook', 'generic'].includes(type) &&
    /^https?:\/\//.test(rawUrl)
  )
    return targetFromUrl(
      `generic+${withCredentials(parse(rawUrl))}`,
      { template: 'json', ...props },
      insecure,
    );
  throw new ActionError(
    `connection ${ref}${type ? ` (type ${conn.type as string})` : ''} does not say how to notify: give it a URL of the ${SCHEMES} kind`,
  );
}
