import { permanent } from './errors.js';
import type {
  DiscordTarget,
  GenericTarget,
  GoogleChatTarget,
  MattermostTarget,
  NtfyTarget,
  Params,
  PushoverTarget,
  SlackTarget,
  SmtpTarget,
  Target,
  TeamsTarget,
  TelegramTarget,
} from './types.js';

/**
 * Where a notification goes, from a Shoutrrr-style URL (what upstream notifications and
 * playbooks are written with) or a stored connection. Query parameters are case-insensitive;
 * `properties` are more of them and win over the URL's.
 *
 * - `smtp://user:pass@host:port/?from=a@x&to=b@x,c@x` (also fromname, subject, encryption
 *   none|explicittls|implicittls|auto, usestarttls no).
 * - `slack://hook:A-B-C@webhook` or `slack://[botname@]A/B/C` (incoming webhook),
 *   `slack://xoxb:token@CHANNEL` or `slack://xoxb-token@CHANNEL` (chat.postMessage with a bot
 *   token); `slack+https://hooks.slack.com/services/A/B/C`. channel, botname, icon, color, title,
 *   thread_ts.
 * - `teams://group@tenant/altId/groupOwner[/extraId]?host=org.webhook.office.com` (a connector
 *   webhook, sent a MessageCard), or `teams+https://…` with the webhook's own URL (Workflows
 *   URLs are sent an Adaptive Card). color, title.
 * - `discord://token@webhookid` or `discord+https://discord.com/api/webhooks/id/token`.
 *   username, avatar, color, title, thread_id.
 * - `mattermost://[botname@]host[:port]/token[/channel]` (`disabletls=yes` for http), or
 *   `mattermost+https://host/hooks/token`. channel, username, icon, title.
 * - `googlechat://chat.googleapis.com/v1/spaces/S/messages?key=K&token=T` (threadkey).
 * - `telegram://123456:bot-token@telegram?chats=@channel,-100123[:thread]`. notification,
 *   preview, parsemode (html, markdown, markdownv2, none), title.
 * - `ntfy://[user:pass@]host/topic` (host defaults to ntfy.sh; `ntfy://:token@host/topic` for
 *   an access token; scheme=http or disabletls=yes for http). title, priority, tags, click, icon,
 *   actions, attach, filename, delay, email, cache, firebase.
 * - `pushover://shoutrrr:apiToken@userKey/?devices=a,b`. priority, title, sound.
 * - `generic://host/path` (https; `disabletls=yes` for http) or `generic+https://host/path`:
 *   a POST (requestmethod) of the message, or with `template=json` of {title, message,
 *   $extra…} (titlekey, messagekey); `@name=value` adds a header, `_name=value` forwards a
 *   reserved name; other parameters are forwarded to the target.
 */

export const SCHEMES =
  'smtp://, slack://, teams://, discord://, mattermost://, googlechat://, telegram://, ntfy://, pushover:// and generic:// (or generic+https://)';

const NOTIFY_SCHEME =
  /^(smtp|slack|teams|discord|mattermost|googlechat|telegram|ntfy|pushover|generic)(\+https?)?:\/\//i;

const GENERIC_KEYS = new Set([
  'contenttype',
  'disabletls',
  'messagekey',
  'requestmethod',
  'template',
  'titlekey',
  'title',
]);

export const PUBLIC = {
  slackHooks: 'https://hooks.slack.com',
  slackApi: 'https://slack.com',
  discord: 'https://discord.com',
  telegram: 'https://api.telegram.org',
  pushover: 'https://api.pushover.net',
  ntfy: 'ntfy.sh',
};

export const yes = (v: string | undefined) => /^(yes|true|1|on)$/i.test(v?.trim() ?? '');
export const no = (v: string | undefined) => /^(no|false|0|off)$/i.test(v?.trim() ?? '');

/** The URL's query and the properties, keyed by lower-case name (Shoutrrr ignores case). */
export function paramsOf(url: URL | undefined, properties: Record<string, string> = {}): Params {
  const params: Params = {};
  if (url) for (const [k, v] of url.searchParams) params[k.toLowerCase()] = v;
  for (const [k, v] of Object.entries(properties)) params[k.toLowerCase()] = v;
  return params;
}

const decoded = (s: string) => {
  if (!s) return undefined;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export const list = (v: string | undefined) =>
  (v ?? '')
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);

function parse(raw: string, what = 'the notification URL'): URL {
  try {
    return new URL(raw);
  } catch {
    throw permanent(`${what} is not a valid URL (use ${SCHEMES})`);
  }
}

/** `scheme+https://rest` → the https URL (the service's own webhook URL). */
function inner(url: URL, scheme: string, suffix: string): URL {
  return parse(`${suffix}:${url.href.slice(scheme.length + 1 + suffix.length + 1)}`);
}

// ---------------------------------------------------------------------------------------------
// Per service

interface SmtpOptions {
  insecureTls?: boolean;
  /** Recipients given apart from the URL (the system SMTP's). */
  to?: string[];
}

function smtpTarget(url: URL, params: Params, opts: SmtpOptions = {}): SmtpTarget {
  const encryption = (params.encryption ?? 'auto').toLowerCase();
  if (!['none', 'explicittls', 'implicittls', 'auto'].includes(encryption))
    throw permanent(
      `smtp: encryption ${encryption} is not one of none, explicittls, implicittls or auto`,
    );
  const port = Number(url.port) || (encryption === 'implicittls' ? 465 : 25);
  const secure = encryption === 'implicittls' || (encryption === 'auto' && port === 465);
  const to = opts.to ?? list(params.to ?? params.toaddresses);
  if (!url.hostname) throw permanent('the smtp URL needs a host: smtp://user:pass@host:port');
  if (to.length === 0)
    throw permanent('the smtp URL needs recipients: smtp://…/?from=…&to=a@example.com');
  const username = decoded(url.username);
  const fromAddress =
    params.from ?? params.fromaddress ?? (username?.includes('@') ? username : 'vigil@localhost');
  const fromName = params.fromname;
  return {
    service: 'smtp',
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    secure,
    starttls:
      encryption === 'none' || no(params.usestarttls)
        ? 'never'
        : encryption === 'explicittls'
          ? 'always'
          : 'auto',
    username,
    password: decoded(url.password),
    from: fromName ? `"${fromName.replace(/["\\]/g, '')}" <${fromAddress}>` : fromAddress,
    to,
    subject: params.subject,
    insecureTls: opts.insecureTls === true,
  };
}

const SLACK_TOKEN = /^(xox[a-z])[-:](.+)$/;
const SLACK_HOOK = /^hook[-:](.+)$/;

function slackTarget(url: URL, params: Params): SlackTarget {
  const user = decoded(url.username) ?? '';
  const pass = decoded(url.password);
  const cred = pass ? `${user}:${pass}` : user;
  const bot = SLACK_TOKEN.exec(cred);
  if (bot) {
    const channel = params.channel ?? decoded(url.hostname);
    if (!channel)
      throw permanent('the slack URL needs a channel for the bot token: slack://xoxb:…@CHANNEL');
    return {
      service: 'slack',
      url: `${PUBLIC.slackApi}/api/chat.postMessage`,
      token: `${bot[1]}-${bot[2]}`,
      channel,
      params,
    };
  }
  const hook = SLACK_HOOK.exec(cred);
  const token = hook
    ? (hook[1] ?? '').split(/[-/,]/)
    : [url.hostname, ...url.pathname.split('/').filter(Boolean)];
  if (token.length !== 3 || token.some((t) => !/^\w+$/.test(t)))
    throw permanent(
      'the slack URL needs a webhook token (slack://hook:A-B-C@webhook) or a bot token (slack://xoxb:…@CHANNEL)',
    );
  const botname = hook || !user ? undefined : user;
  return {
    service: 'slack',
    url: `${PUBLIC.slackHooks}/services/${token.join('/')}`,
    params: botname && !params.botname ? { ...params, botname } : params,
  };
}

function slackWebhook(url: URL, params: Params): SlackTarget {
  if (!/\/services\/[^/]+\/[^/]+\/[^/]+/.test(url.pathname))
    throw permanent('a Slack webhook URL looks like https://hooks.slack.com/services/T…/B…/…');
  return { service: 'slack', url: url.href, params };
}

const OFFICE_HOSTS = /(^|\.)(webhook\.office\.com|outlook\.office\.com|outlook\.office365\.com)$/i;

function teamsTarget(url: URL, params: Params): TeamsTarget {
  const host = params.host;
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const group = decoded(url.username);
  const tenant = url.hostname;
  if (!group || !tenant || parts.length < 2 || parts.length > 3)
    throw permanent(
      'the teams URL needs the webhook parts: teams://group@tenant/altId/groupOwner/extraId?host=org.webhook.office.com',
    );
  if (!host)
    throw permanent(
      'the teams URL needs host=<organization>.webhook.office.com (the host of the webhook URL)',
    );
  return {
    service: 'teams',
    url: `https://${host}/webhookb2/${group}@${tenant}/IncomingWebhook/${parts.join('/')}`,
    card: 'messagecard',
    params,
  };
}

function teamsWebhook(url: URL, params: Params): TeamsTarget {
  const card = params.card?.toLowerCase();
  if (card && card !== 'adaptive' && card !== 'messagecard')
    throw permanent(`teams: card ${card} is not adaptive or messagecard`);
  return {
    service: 'teams',
    url: url.href,
    card:
      card === 'adaptive' || card === 'messagecard'
        ? card
        : OFFICE_HOSTS.test(url.hostname)
          ? 'messagecard'
          : 'adaptive',
    params,
  };
}

function discordTarget(id: string | undefined, token: string | undefined, params: Params) {
  if (!id || !/^\d+$/.test(id) || !token)
    throw permanent(
      'the discord URL needs the webhook token and id: discord://token@webhookid (from https://discord.com/api/webhooks/<id>/<token>)',
    );
  const target: DiscordTarget = {
    service: 'discord',
    url: `${PUBLIC.discord}/api/webhooks/${id}/${encodeURIComponent(token)}`,
    webhookId: id,
    params,
  };
  return target;
}

function discordWebhook(url: URL, params: Params): DiscordTarget {
  const m = /\/api\/webhooks\/(\d+)\/([^/]+)/.exec(url.pathname);
  if (!m)
    throw permanent(
      'a Discord webhook URL looks like https://discord.com/api/webhooks/<id>/<token>',
    );
  return { service: 'discord', url: `${url.origin}${m[0]}`, webhookId: m[1] ?? '', params };
}

function mattermostTarget(url: URL, params: Params, insecureTls: boolean): MattermostTarget {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [token, a, b] = parts;
  if (!url.host || !token || parts.length > 3)
    throw permanent(
      'the mattermost URL needs the host and the webhook token: mattermost://[botname@]host/token[/channel]',
    );
  // Shoutrrr's older form was token/user/channel.
  const channel = parts.length === 3 ? b : a;
  const user = parts.length === 3 ? a : decoded(url.username);
  const extra: Params = {};
  if (channel && !params.channel) extra.channel = channel;
  if (user && !params.username && !params.botname) extra.username = user;
  const scheme = yes(params.disabletls) ? 'http' : 'https';
  return {
    service: 'mattermost',
    url: `${scheme}://${url.host}/hooks/${encodeURIComponent(token)}`,
    params: { ...params, ...extra },
    insecureTls,
  };
}

function mattermostWebhook(url: URL, params: Params, insecureTls: boolean): MattermostTarget {
  if (!/\/hooks\/[^/]+$/.test(url.pathname))
    throw permanent('a Mattermost webhook URL looks like https://host/hooks/<token>');
  return { service: 'mattermost', url: `${url.origin}${url.pathname}`, params, insecureTls };
}

function googleChatTarget(url: URL, params: Params, scheme = 'https'): GoogleChatTarget {
  const key = url.searchParams.get('key');
  const token = url.searchParams.get('token');
  if (!url.host || !/\/spaces\/[^/]+\/messages$/.test(url.pathname) || !key || !token)
    throw permanent(
      'the googlechat URL needs the webhook: googlechat://chat.googleapis.com/v1/spaces/<space>/messages?key=…&token=…',
    );
  const target = new URL(`${scheme}://${url.host}${url.pathname}`);
  target.searchParams.set('key', key);
  target.searchParams.set('token', token);
  const rest = { ...params };
  delete rest.key;
  delete rest.token;
  return { service: 'googlechat', url: target.href, params: rest };
}

const TELEGRAM_TOKEN = /^\d+:[\w-]+$/;

function telegramTarget(token: string, params: Params): TelegramTarget {
  if (!TELEGRAM_TOKEN.test(token))
    throw permanent(
      'the telegram URL needs the bot token from @BotFather: telegram://123456:ABC-DEF@telegram?chats=@channel',
    );
  const chats = list(params.chats ?? params.channels);
  if (chats.length === 0)
    throw permanent('the telegram URL needs chats: telegram://…@telegram?chats=@channel,-100123');
  const mode = (params.parsemode ?? 'html').toLowerCase();
  if (!['html', 'markdown', 'markdownv2', 'none'].includes(mode))
    throw permanent(`telegram: parsemode ${mode} is not one of html, markdown, markdownv2 or none`);
  return { service: 'telegram', url: PUBLIC.telegram, token, chats, params };
}

const NTFY_PRIORITIES: Record<string, number> = {
  min: 1,
  low: 2,
  default: 3,
  high: 4,
  max: 5,
  urgent: 5,
};

/** ntfy's priority as 1-5 (or its names), undefined when not given. */
export function ntfyPriority(v: string | undefined): number | undefined {
  if (!v) return undefined;
  const n = NTFY_PRIORITIES[v.toLowerCase()] ?? Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 5)
    throw permanent(`ntfy: priority ${v} is not 1-5 or min, low, default, high, max`);
  return n;
}

function ntfyTarget(url: URL, params: Params, scheme: string, insecureTls: boolean): NtfyTarget {
  const parts = url.pathname.split('/').filter(Boolean);
  const topic = decoded(parts.pop() ?? '');
  if (!topic) throw permanent('the ntfy URL needs a topic: ntfy://[user:pass@]host/topic');
  ntfyPriority(params.priority);
  if (scheme !== 'http' && scheme !== 'https')
    throw permanent(`ntfy: scheme ${scheme} is not http or https`);
  const base = `${scheme}://${url.host || PUBLIC.ntfy}${parts.length ? `/${parts.join('/')}` : ''}`;
  return {
    service: 'ntfy',
    url: `${base}/${encodeURIComponent(topic)}`,
    topic,
    username: decoded(url.username),
    password: decoded(url.password),
    params,
    insecureTls,
  };
}

/** Pushover's priority, -2 to 2. */
export function pushoverPriority(v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < -2 || n > 2)
    throw permanent(`pushover: priority ${v} is not a whole number from -2 to 2`);
  return n;
}

function pushoverTarget(token: string | undefined, user: string | undefined, params: Params) {
  if (!token || !user)
    throw permanent(
      'the pushover URL needs the API token and the user key: pushover://shoutrrr:apiToken@userKey/?devices=phone',
    );
  pushoverPriority(params.priority);
  const target: PushoverTarget = { service: 'pushover', url: PUBLIC.pushover, token, user, params };
  return target;
}

function genericTarget(
  url: URL,
  params: Params,
  shortcut: string | undefined,
  insecureTls: boolean,
): GenericTarget {
  const scheme = shortcut ?? (yes(params.disabletls) ? 'http' : 'https');
  if (scheme !== 'http' && scheme !== 'https')
    throw permanent(`generic+${scheme}:// is not supported: use generic+https:// or +http://`);
  if (!url.host) throw permanent('the generic URL needs a host: generic+https://host/path');
  const target = new URL(`${scheme}://${url.host}${url.pathname}`);
  target.username = url.username;
  target.password = url.password;
  const headers: Record<string, string> = {};
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key.startsWith('@')) headers[key.slice(1)] = value;
    else if (key.startsWith('$')) extra[key.slice(1)] = value;
    else if (key.startsWith('_')) target.searchParams.append(key.slice(1), value);
    else if (!GENERIC_KEYS.has(key)) target.searchParams.append(key, value);
  }
  const template = (params.template ?? '').toLowerCase();
  if (template && template !== 'json')
    throw permanent(`generic: template ${template} is not supported: leave it out, or use json`);
  const method = (params.requestmethod ?? 'POST').toUpperCase();
  if (!/^[A-Z]+$/.test(method))
    throw permanent(`generic: requestmethod ${method} is not an HTTP method`);
  return {
    service: 'generic',
    url: target.toString(),
    method,
    headers,
    template: template === 'json' ? 'json' : 'raw',
    contentType: params.contenttype ?? 'application/json',
    titleKey: params.titlekey ?? 'title',
    messageKey: params.messagekey ?? 'message',
    extra,
    params: params.title ? { title: params.title } : {},
    insecureTls,
  };
}

// ---------------------------------------------------------------------------------------------
// Public

function fromUrl(raw: string, properties: Record<string, string>, insecureTls: boolean): Target {
  const url = parse(raw.trim());
  const full = url.protocol.replace(/:$/, '').toLowerCase();
  const [scheme = '', suffix] = full.split('+', 2);
  const params = paramsOf(url, properties);
  if (suffix !== undefined && scheme !== 'generic') {
    if (suffix !== 'https' && suffix !== 'http')
      throw permanent(`${full}:// is not supported: use ${scheme}+https://<the webhook URL>`);
    const web = inner(url, scheme, suffix);
    switch (scheme) {
      case 'slack':
        return slackWebhook(web, params);
      case 'teams':
        return teamsWebhook(web, params);
      case 'discord':
        return discordWebhook(web, params);
      case 'mattermost':
        return mattermostWebhook(web, params, insecureTls);
      case 'googlechat':
        return googleChatTarget(web, params, suffix);
      case 'ntfy':
        return ntfyTarget(web, params, suffix, insecureTls);
    }
    throw permanent(`${full}:// is not supported: use ${SCHEMES}`);
  }
  switch (scheme) {
    case 'smtp':
      return smtpTarget(url, params, { insecureTls });
    case 'generic':
      return genericTarget(url, params, suffix, insecureTls);
    case 'slack':
      return slackTarget(url, params);
    case 'teams':
      return teamsTarget(url, params);
    case 'discord':
      return discordTarget(url.hostname, decoded(url.username), params);
    case 'mattermost':
      return mattermostTarget(url, params, insecureTls);
    case 'googlechat':
      return googleChatTarget(url, params);
    case 'telegram':
      return telegramTarget(
        `${decoded(url.username) ?? ''}:${decoded(url.password) ?? ''}`,
        params,
      );
    case 'ntfy':
      return ntfyTarget(
        url,
        params,
        yes(params.disabletls) ? 'http' : (params.scheme ?? 'https').toLowerCase(),
        insecureTls,
      );
    case 'pushover':
      return pushoverTarget(decoded(url.password), decoded(url.hostname), params);
  }
  const hint =
    scheme === 'http' || scheme === 'https' ? ` (for a webhook write generic+${scheme}://…)` : '';
  throw permanent(
    `notification URLs of the ${full}:// kind are not supported yet${hint}: use ${SCHEMES}`,
  );
}

/** A target from a Shoutrrr-style URL; properties are more query parameters (and win). */
export function targetFromUrl(url: string, properties: Record<string, string> = {}): Target {
  return fromUrl(url, properties, false);
}

/** The system SMTP server (VIGIL_SMTP_URL) writing to these addresses. */
export function emailTarget(smtpUrl: string, to: string[]): Target {
  const url = parse(smtpUrl.trim(), 'the SMTP URL');
  if (url.protocol !== 'smtp:')
    throw permanent(
      'the SMTP URL must look like smtp://user:pass@host:port/?from=vigil@example.com',
    );
  const recipients = to.map((a) => a.trim()).filter(Boolean);
  if (recipients.length === 0) throw permanent('an e-mail needs at least one address to go to');
  return smtpTarget(url, paramsOf(url), { to: recipients });
}

export interface ConnectionRow {
  /** Required in practice; optional so rows read as ConnectionFields can be passed as they are. */
  type?: string | null;
  url?: string | null;
  username?: string | null;
  password?: string | null;
  properties?: Record<string, unknown> | null;
  insecure_tls?: boolean | null;
}

const TYPES =
  'email (smtp), slack, teams, discord, mattermost, google_chat, telegram, ntfy, pushover, generic_webhook (http)';

/** Properties as strings: numbers and booleans written out, lists joined with commas. */
function stringProps(raw: Record<string, unknown> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      out[k] = String(v);
    else if (Array.isArray(v)) out[k] = v.map(String).join(',');
  }
  return out;
}

const interpolate = (template: string, vars: Record<string, string | undefined>) =>
  template.replace(/\$\(([A-Za-z0-9_.-]+)\)/g, (whole, key: string) => vars[key] ?? whole);

/**
 * A target from a stored connection (the `connections` table). A `url` of one of the
 * notification schemes is used as written ($(username), $(password) and $(properties.x) filled
 * in, URL-escaped; for smtp, ntfy and generic the connection's username and password stand in
 * for missing credentials). Else by type:
 *
 * - email/smtp: url `host[:port]` (or properties host, port), username, password; properties
 *   from (fromAddress), to (toAddresses), subject, encryption.
 * - slack: url an incoming webhook URL; or password the bot token (xoxb-…) and the channel in
 *   properties.channel or username.
 * - teams: url the webhook URL (connector or Workflows).
 * - discord: url the webhook URL; or username (or properties.webhookID) the webhook id and
 *   password the token.
 * - mattermost: url the webhook URL (https://host/hooks/token), or the server's URL with the
 *   token as password.
 * - google_chat: url the space's webhook URL.
 * - telegram: password the bot token; the chats in properties.chats or username.
 * - ntfy: url the topic's URL (https://ntfy.sh/alerts), or the server's with properties.topic;
 *   username and password, or a password alone as an access token.
 * - pushover: password the API token; the user key in properties.user or username.
 * - generic_webhook/http/webhook: a POST of {title, message} as JSON to url (username and
 *   password as basic auth).
 *
 * Properties of the connection are more parameters of the target; `properties` (the caller's)
 * win over them. insecure_tls is honoured for the self-hostable ones (smtp, mattermost, ntfy,
 * webhooks).
 */
export function targetFromConnection(
  conn: ConnectionRow,
  properties: Record<string, string> = {},
): Target {
  const connProps = stringProps(conn.properties);
  const props = { ...connProps, ...properties };
  const lower = paramsOf(undefined, props);
  const insecure = conn.insecure_tls === true;
  const type = (conn.type ?? '').toLowerCase().replace(/[^a-z]/g, '');
  const username = conn.username || undefined;
  const password = conn.password || undefined;
  const esc = (s: string | undefined) => (s === undefined ? undefined : encodeURIComponent(s));
  const vars: Record<string, string | undefined> = {
    username: esc(username),
    password: esc(password),
  };
  for (const [k, v] of Object.entries(connProps)) vars[`properties.${k}`] = esc(v);
  const rawUrl = interpolate(conn.url?.trim() ?? '', vars);
  const web = /^https?:\/\//i.test(rawUrl) ? parse(rawUrl, 'the connection URL') : undefined;

  if (NOTIFY_SCHEME.test(rawUrl)) {
    const u = parse(rawUrl, 'the connection URL');
    if (/^(smtp|ntfy|generic)/i.test(u.protocol) && !u.username && !u.password) {
      if (username) u.username = encodeURIComponent(username);
      if (password) u.password = encodeURIComponent(password);
    }
    return fromUrl(u.href, props, insecure);
  }
  switch (type) {
    case 'email':
    case 'smtp': {
      const host = rawUrl ? parse(rawUrl.includes('://') ? rawUrl : `smtp://${rawUrl}`) : undefined;
      const u = new URL(`smtp://${host?.host || lower.host || ''}`);
      if (!host?.port && lower.port) u.port = lower.port;
      if (username) u.username = encodeURIComponent(username);
      if (password) u.password = encodeURIComponent(password);
      return smtpTarget(u, lower, { insecureTls: insecure });
    }
    case 'slack':
      if (web) return slackWebhook(web, lower);
      if (password ?? lower.token) {
        const token = password ?? lower.token ?? '';
        const channel = lower.channel ?? username;
        if (!channel) break;
        return {
          service: 'slack',
          url: `${PUBLIC.slackApi}/api/chat.postMessage`,
          token: /^xox[a-z]-/.test(token) ? token : `xoxb-${token}`,
          channel,
          params: lower,
        };
      }
      break;
    case 'teams':
    case 'microsoftteams':
      if (web) return teamsWebhook(web, lower);
      break;
    case 'discord':
      if (web) return discordWebhook(web, lower);
      if (password ?? lower.token)
        return discordTarget(lower.webhookid ?? username, password ?? lower.token, lower);
      break;
    case 'mattermost':
      if (web && /\/hooks\/[^/]+$/.test(web.pathname))
        return mattermostWebhook(web, lower, insecure);
      if (web && password) {
        web.pathname = `${web.pathname.replace(/\/+$/, '')}/hooks/${encodeURIComponent(password)}`;
        return mattermostWebhook(web, lower, insecure);
      }
      break;
    case 'googlechat':
    case 'hangouts':
      if (web) return googleChatTarget(web, lower, web.protocol.replace(':', ''));
      break;
    case 'telegram':
      if (password ?? lower.token)
        return telegramTarget(password ?? lower.token ?? '', {
          ...lower,
          chats: lower.chats ?? lower.channels ?? username ?? '',
        });
      break;
    case 'ntfy': {
      const base =
        web ?? (rawUrl || lower.host ? parse(`https://${rawUrl || lower.host}`) : undefined);
      if (!base && !lower.topic) break;
      const u = base ?? new URL(`https://${PUBLIC.ntfy}`);
      if (lower.topic)
        u.pathname = `${u.pathname.replace(/\/+$/, '')}/${encodeURIComponent(lower.topic)}`;
      const t = ntfyTarget(u, lower, u.protocol.replace(':', ''), insecure);
      return { ...t, username: t.username ?? username, password: t.password ?? password };
    }
    case 'pushover':
      if (password ?? lower.token)
        return pushoverTarget(password ?? lower.token, lower.user ?? username, lower);
      break;
    case 'http':
    case 'webhook':
    case 'genericwebhook':
    case 'generic':
      if (web) {
        if (!web.username && username) {
          web.username = encodeURIComponent(username);
          if (password) web.password = encodeURIComponent(password);
        }
        return fromUrl(`generic+${web.href}`, { template: 'json', ...props }, insecure);
      }
      break;
    default:
      throw permanent(
        `the connection${conn.type ? ` (type ${conn.type})` : ''} does not say how to notify: give it a URL of the ${SCHEMES} kind, or use one of the types ${TYPES}`,
      );
  }
  throw permanent(
    `the connection (type ${conn.type ?? ''}) does not say how to notify: ${CONNECTION_HINTS[type] ?? `give it a URL of the ${SCHEMES} kind`}`,
  );
}

const CONNECTION_HINTS: Record<string, string> = {
  slack:
    'set its URL to the incoming webhook URL, or its password to the bot token (xoxb-…) and its username (or properties.channel) to the channel',
  teams: "set its URL to the channel's webhook URL",
  microsoftteams: "set its URL to the channel's webhook URL",
  discord: 'set its URL to the webhook URL (https://discord.com/api/webhooks/<id>/<token>)',
  mattermost: 'set its URL to the incoming webhook URL (https://host/hooks/<token>)',
  googlechat: "set its URL to the space's webhook URL",
  hangouts: "set its URL to the space's webhook URL",
  telegram: 'set its password to the bot token and its username (or properties.chats) to the chats',
  ntfy: 'set its URL to the topic URL (https://ntfy.sh/<topic>), or properties.topic',
  pushover:
    'set its password to the API token and its username (or properties.user) to the user key',
  http: 'set its URL to the http(s) URL to POST to',
  webhook: 'set its URL to the http(s) URL to POST to',
  genericwebhook: 'set its URL to the http(s) URL to POST to',
  generic: 'set its URL to the http(s) URL to POST to',
};
