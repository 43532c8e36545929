import { call } from '../http.js';
import { toText, truncate } from '../markdown.js';
import type { NotifyMessage, Params, Receipt, SendOptions, TeamsTarget } from '../types.js';

/** A hex colour without '#', as MessageCard's themeColor takes it. */
const hex = (c: string | undefined) => c?.replace(/^#/, '').replace(/^0x/i, '');

/** An Office 365 connector card: title, markdown text, theme colour. */
export function messageCard(title: string, body: string, params: Params) {
  const color = hex(params.color);
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: truncate(title || toText(body).split('\n')[0] || 'Notification', 150),
    ...(title ? { title } : {}),
    text: body,
    ...(color ? { themeColor: color } : {}),
  };
}

/** A Workflows ("When a Teams webhook request is received") message: one Adaptive Card. */
export function adaptiveCard(title: string, body: string) {
  const blocks: unknown[] = [];
  if (title)
    blocks.push({ type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true });
  if (body) blocks.push({ type: 'TextBlock', text: body, wrap: true });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: blocks,
        },
      },
    ],
  };
}

/** POST the card as JSON to the webhook URL (connectors answer 200 "1", Workflows 202). */
export async function sendTeams(
  t: TeamsTarget,
  m: NotifyMessage,
  params: Params,
  o: SendOptions,
): Promise<Receipt> {
  const title = m.title || params.title || '';
  const card =
    t.card === 'adaptive' ? adaptiveCard(title, m.body) : messageCard(title, m.body, params);
  const answer = await call(
    {
      service: 'teams',
      url: t.url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(card),
    },
    o,
  );
  return { service: 'teams', url: answer.origin, code: answer.status };
}
