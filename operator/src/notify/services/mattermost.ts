import { call } from '../http.js';
import type { MattermostTarget, NotifyMessage, Params, Receipt, SendOptions } from '../types.js';

/** POST {text, channel, username, icon_url} to https://host/hooks/<token> (markdown as is). */
export async function sendMattermost(
  t: MattermostTarget,
  m: NotifyMessage,
  params: Params,
  o: SendOptions,
): Promise<Receipt> {
  const title = m.title || params.title || '';
  const username = params.username ?? params.botname;
  const icon = params.icon ?? params.icon_url ?? params.iconurl;
  const payload = {
    text: title ? `#### ${title}\n\n${m.body}` : m.body,
    ...(params.channel ? { channel: params.channel } : {}),
    ...(username ? { username } : {}),
    ...(icon ? { icon_url: icon } : {}),
  };
  const answer = await call(
    {
      service: 'mattermost',
      url: t.url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      insecureTls: t.insecureTls,
    },
    o,
  );
  return { service: 'mattermost', url: answer.origin, code: answer.status };
}
