import { permanent } from '../errors.js';
import { call } from '../http.js';
import { truncate } from '../markdown.js';
import type { DiscordTarget, NotifyMessage, Params, Receipt, SendOptions } from '../types.js';

const TITLE_CHARS = 256;
const DESCRIPTION_CHARS = 4096;

/** Discord's colour: a decimal number, or hex as #50D9FF / 0x50D9FF. */
export function discordColor(v: string | undefined): number | undefined {
  if (!v) return undefined;
  const s = v.trim();
  const n = /^(#|0x)[0-9a-f]{1,6}$/i.test(s)
    ? parseInt(s.replace(/^(#|0x)/i, ''), 16)
    : /^\d+$/.test(s)
      ? Number(s)
      : NaN;
  if (!Number.isInteger(n) || n > 0xffffff)
    throw permanent(`discord: color ${v} is not a number or a hex colour such as 0x50D9FF`);
  return n;
}

/**
 * Execute the webhook: POST {username, avatar_url, embeds: [{title, description, color}]} to
 * discord.com/api/webhooks/<id>/<token>?wait=true (Discord renders the markdown itself).
 * Mentions in the text do not ping anyone.
 */
export async function sendDiscord(
  t: DiscordTarget,
  m: NotifyMessage,
  params: Params,
  o: SendOptions,
): Promise<Receipt> {
  const title = m.title || params.title || '';
  const color = discordColor(params.color);
  const embed = {
    ...(title ? { title: truncate(title, TITLE_CHARS) } : {}),
    ...(m.body ? { description: truncate(m.body, DESCRIPTION_CHARS) } : {}),
    ...(color !== undefined ? { color } : {}),
  };
  const payload = {
    ...(params.username ? { username: params.username } : {}),
    ...((params.avatar ?? params.avatarurl)
      ? { avatar_url: params.avatar ?? params.avatarurl }
      : {}),
    embeds: [embed],
    allowed_mentions: { parse: [] },
  };
  const url = new URL(t.url);
  url.searchParams.set('wait', 'true');
  const thread = params.thread_id ?? params.threadid;
  if (thread) url.searchParams.set('thread_id', thread);
  const answer = await call(
    {
      service: 'discord',
      url: url.href,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    },
    o,
  );
  return { service: 'discord', url: answer.origin, code: answer.status };
}
