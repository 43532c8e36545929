import { call } from '../http.js';
import { escapeSlack, toSlack } from '../markdown.js';
import type { GoogleChatTarget, NotifyMessage, Params, Receipt, SendOptions } from '../types.js';

/**
 * POST {text} to the space's webhook (…/spaces/S/messages?key=…&token=…). Chat's text takes the
 * same marks as Slack's mrkdwn (*bold*, _italic_, <url|text>). `threadkey` replies in a thread.
 */
export async function sendGoogleChat(
  t: GoogleChatTarget,
  m: NotifyMessage,
  params: Params,
  o: SendOptions,
): Promise<Receipt> {
  const title = m.title || params.title || '';
  const body = toSlack(m.body);
  const text = title ? `*${escapeSlack(title)}*${body ? `\n${body}` : ''}` : body;
  const url = new URL(t.url);
  if (params.threadkey) {
    url.searchParams.set('threadKey', params.threadkey);
    url.searchParams.set('messageReplyOption', 'REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD');
  }
  const answer = await call(
    {
      service: 'googlechat',
      url: url.href,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ text }),
    },
    o,
  );
  return { service: 'googlechat', url: answer.origin, code: answer.status };
}
