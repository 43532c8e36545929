/** What is sent: a title and a markdown body, converted to what each service shows. */
export interface NotifyMessage {
  title: string;
  /** Markdown: paragraphs, **bold**, *italic*, `code`, fenced code, [links](https://…), lists. */
  body: string;
  /**
   * More of the target's parameters for this message only, by the names its URL takes (Slack
   * `color`, ntfy `priority`, a json webhook's extra fields…); they win over the target's.
   */
  properties?: Record<string, string>;
  /** Files, sent by e-mail only (other services refuse a message with attachments). */
  attachments?: Attachment[];
}

export interface Attachment {
  filename: string;
  content: string | Buffer;
  contentType?: string;
}

export const SERVICES = [
  'smtp',
  'slack',
  'teams',
  'discord',
  'mattermost',
  'googlechat',
  'telegram',
  'ntfy',
  'pushover',
  'generic',
] as const;

export type Service = (typeof SERVICES)[number];

export const isService = (s: string): s is Service => (SERVICES as readonly string[]).includes(s);

/** Shoutrrr-style parameters, keyed by lower-case name (Shoutrrr ignores their case). */
export type Params = Record<string, string>;

export interface SmtpTarget {
  service: 'smtp';
  host: string;
  port: number;
  /** TLS from the first byte (implicit TLS, port 465). */
  secure: boolean;
  /** Never STARTTLS (encryption=none), always (explicittls), or when the server offers it. */
  starttls: 'never' | 'always' | 'auto';
  username?: string;
  password?: string;
  from: string;
  to: string[];
  subject?: string;
  insecureTls: boolean;
}

/** Services reached over HTTP(S): where to, plus the parameters read when sending. */
interface HttpTargetBase {
  /** The request URL, secrets (webhook tokens) included; never shown to people. */
  url: string;
  params: Params;
  /** Accept any certificate (self-hosted services whose connection says insecure_tls). */
  insecureTls?: boolean;
}

/** An incoming webhook (url = hooks.slack.com/services/…), or chat.postMessage with a token. */
export interface SlackTarget extends HttpTargetBase {
  service: 'slack';
  /** A bot or user token (xoxb-…, xoxp-…): the Web API's chat.postMessage, to `channel`. */
  token?: string;
  channel?: string;
}

/** An Office 365 connector webhook (MessageCard) or a Workflows webhook (Adaptive Card). */
export interface TeamsTarget extends HttpTargetBase {
  service: 'teams';
  card: 'messagecard' | 'adaptive';
}

export interface DiscordTarget extends HttpTargetBase {
  service: 'discord';
  webhookId: string;
}

export interface MattermostTarget extends HttpTargetBase {
  service: 'mattermost';
}

export interface GoogleChatTarget extends HttpTargetBase {
  service: 'googlechat';
}

/** url = the Bot API's base (https://api.telegram.org); one sendMessage per chat. */
export interface TelegramTarget extends HttpTargetBase {
  service: 'telegram';
  token: string;
  chats: string[];
}

/** url = the topic's URL (https://ntfy.sh/alerts). */
export interface NtfyTarget extends HttpTargetBase {
  service: 'ntfy';
  topic: string;
  username?: string;
  /** With a username: basic auth; alone: an access token (Bearer). */
  password?: string;
}

/** url = the API's base (https://api.pushover.net). */
export interface PushoverTarget extends HttpTargetBase {
  service: 'pushover';
  token: string;
  user: string;
}

export interface GenericTarget extends HttpTargetBase {
  service: 'generic';
  method: string;
  headers: Record<string, string>;
  /** The body as the message (`raw`), or a JSON object of title, message and extras. */
  template: 'raw' | 'json';
  contentType: string;
  titleKey: string;
  messageKey: string;
  extra: Record<string, string>;
}

export type HttpTarget =
  | SlackTarget
  | TeamsTarget
  | DiscordTarget
  | MattermostTarget
  | GoogleChatTarget
  | TelegramTarget
  | NtfyTarget
  | PushoverTarget
  | GenericTarget;

/** Where a notification goes: one service and its address. */
export type Target = SmtpTarget | HttpTarget;

export interface SendOptions {
  /** Stops the send (the error is then transient). */
  signal: AbortSignal;
  /**
   * Base URLs that replace the scheme, host and port of a service's requests (a path in the base
   * is put in front of the request's path): `{slack: 'http://127.0.0.1:4567'}` sends an incoming
   * webhook to http://127.0.0.1:4567/services/T/B/X and chat.postMessage to
   * http://127.0.0.1:4567/api/chat.postMessage. For smtp, an smtp://host:port replaces the host
   * and port. For tests, and for egress gateways in front of the public APIs.
   */
  endpoints?: Partial<Record<Service, string>>;
  /** Per request (each chat of a Telegram target is one); default 30 s. */
  timeoutMs?: number;
}

/** What a send reached, for logs and the playbook action's result. */
export interface Receipt {
  service: Service;
  /** The origin the last request went to (never the path). */
  url?: string;
  /** The last HTTP status. */
  code?: number;
  to?: string[];
  messageId?: string;
}
