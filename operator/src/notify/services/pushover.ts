import { call, json, type HttpAnswer } from '../http.js';
import { toChatHtml, toText, truncate } from '../markdown.js';
import { pushoverPriority } from '../targets.js';
import type { NotifyMessage, Params, PushoverTarget, Receipt, SendOptions } from '../types.js';

const MESSAGE_CHARS = 1024;
const TITLE_CHARS = 250;

const detail = (a: HttpAnswer) => {
  const errors = json(a).errors;
  return Array.isArray(errors) ? errors.map(String).join('; ') : undefined;
};

/**
 * POST a form (token, user, message, title, html=1, device, priority, sound) to
 * api.pushover.net/1/messages.json. The markdown goes as Pushover's HTML (<b>, <i>, <a>); a
 * message too long for it goes as plain text. Priority 2 (emergency) repeats every 60 s for an
 * hour unless retry and expire say otherwise.
 */
export async function sendPushover(
  t: PushoverTarget,
  m: NotifyMessage,
  params: Params,
  o: SendOptions,
): Promise<Receipt> {
  const title = m.title || params.title || '';
  const html = toChatHtml(m.body, { code: false });
  const form = new URLSearchParams({ token: t.token, user: t.user });
  if (html.length <= MESSAGE_CHARS) {
    form.set('message', html || title || ' ');
    form.set('html', '1');
  } else form.set('message', truncate(toText(m.body), MESSAGE_CHARS));
  if (title) form.set('title', truncate(title, TITLE_CHARS));
  const devices = params.devices ?? params.device;
  if (devices)
    form.set(
      'device',
      devices
        .split(/[,;]/)
        .map((d) => d.trim())
        .filter(Boolean)
        .join(','),
    );
  const priority = pushoverPriority(params.priority);
  if (priority !== undefined) form.set('priority', String(priority));
  if (priority === 2) {
    form.set('retry', params.retry ?? '60');
    form.set('expire', params.expire ?? '3600');
  }
  if (params.sound) form.set('sound', params.sound);
  if (params.url) form.set('url', params.url);
  if (params.urltitle ?? params.url_title)
    form.set('url_title', params.urltitle ?? params.url_title ?? '');
  const answer = await call(
    {
      service: 'pushover',
      url: `${t.url.replace(/\/+$/, '')}/1/messages.json`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      detail,
    },
    o,
  );
  return { service: 'pushover', url: answer.origin, code: answer.status };
}
