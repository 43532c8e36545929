import { permanent, transient } from '../errors.js';
import { call, json, where } from '../http.js';
import { chunks, escapeSlack, toSlack, truncate } from '../markdown.js';
import type { NotifyMessage, Params, Receipt, SendOptions, SlackTarget } from '../types.js';

const SECTION_CHARS = 3000;
const HEADER_CHARS = 150;
const MAX_SECTIONS = 48;
/** Web API errors worth trying again; the rest (channel_not_found, invalid_auth…) are not. */
const TRANSIENT_ERRORS = new Set([
  'ratelimited',
  'rate_limited',
  'service_unavailable',
  'internal_error',
  'fatal_error',
  'request_timeout',
]);

/**
 * The message as Slack shows it: a header block with the title and mrkdwn sections with the
 * body, `text` the notification's fallback; inside a coloured attachment when `color` is set.
 */
export function slackPayload(title: string, body: string, params: Params): Record<string, unknown> {
  const text = toSlack(body);
  const blocks: unknown[] = [];
  if (title)
    blocks.push({
      type: 'header',
      text: { type: 'plain_text', text: truncate(title, HEADER_CHARS), emoji: true },
    });
  for (const chunk of chunks(text, SECTION_CHARS).slice(0, MAX_SECTIONS))
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: chunk } });
  const fallback = truncate(title ? `*${escapeSlack(title)}*\n${text}` : text, 3000);
  const payload: Record<string, unknown> = { text: fallback };
  if (params.color) payload.attachments = [{ color: params.color, blocks }];
  else payload.blocks = blocks;
  if (params.channel) payload.channel = params.channel;
  const botname = params.botname ?? params.username;
  if (botname) payload.username = botname;
  const icon = params.icon ?? params.icon_emoji ?? params.icon_url;
  if (icon) {
    if (/^https?:\/\//.test(icon)) payload.icon_url = icon;
    else payload.icon_emoji = /^:.*:$/.test(icon) ? icon : `:${icon}:`;
  }
  const thread = params.thread_ts ?? params.threadts;
  if (thread) payload.thread_ts = thread;
  return payload;
}

/**
 * An incoming webhook: POST {text, blocks…} to hooks.slack.com/services/T/B/X (answers "ok").
 * A token: POST to slack.com/api/chat.postMessage with `Authorization: Bearer`, which answers
 * 200 with {ok:false, error} when it refuses.
 */
export async function sendSlack(
  t: SlackTarget,
  m: NotifyMessage,
  params: Params,
  o: SendOptions,
): Promise<Receipt> {
  const title = m.title || params.title || '';
  const payload = slackPayload(title, m.body, params);
  if (t.token) payload.channel = params.channel ?? t.channel;
  const answer = await call(
    {
      service: 'slack',
      url: t.url,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(t.token ? { authorization: `Bearer ${t.token}` } : {}),
      },
      body: JSON.stringify(payload),
    },
    o,
  );
  if (t.token) {
    const res = json(answer);
    if (res.ok !== true) {
      const error = typeof res.error === 'string' ? res.error : answer.text.trim().slice(0, 300);
      const message = `${where('slack', answer.origin)} refused the message: ${error || 'no answer'}`;
      throw TRANSIENT_ERRORS.has(error) ? transient(message) : permanent(message);
    }
  }
  return { service: 'slack', url: answer.origin, code: answer.status };
}
