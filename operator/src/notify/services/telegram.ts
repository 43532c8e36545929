import { NotifyError, permanent, transient } from '../errors.js';
import { call, json, LABELS, type HttpAnswer } from '../http.js';
import { escapeHtml, toChatHtml, toText, truncate } from '../markdown.js';
import { no } from '../targets.js';
import type { NotifyMessage, Params, Receipt, SendOptions, TelegramTarget } from '../types.js';

const MAX_CHARS = 4096;
const V2_SPECIAL = /[_*[\]()~`>#+\-=|{}.!\\]/g;

/** The text and parse_mode for the chosen mode (default HTML, converted from the markdown). */
export function telegramText(title: string, body: string, mode: string) {
  switch (mode) {
    case 'none': {
      const text = title ? `${title}\n\n${body}` : body;
      return { text: truncate(text, MAX_CHARS) };
    }
    case 'markdown':
    case 'markdownv2': {
      const v2 = mode === 'markdownv2';
      const t = v2 ? title.replace(V2_SPECIAL, '\\$&') : title.replace(/[_*`[]/g, '\\$&');
      const text = t ? `*${t}*\n\n${body}` : body;
      return { text, parse_mode: v2 ? 'MarkdownV2' : 'Markdown' };
    }
    default: {
      const html = toChatHtml(body);
      const text = title ? `<b>${escapeHtml(title)}</b>${html ? `\n\n${html}` : ''}` : html;
      // Cutting HTML could leave a tag open, which Telegram refuses: long texts go as plain text.
      if (text.length <= MAX_CHARS) return { text, parse_mode: 'HTML' };
      const plain = toText(body);
      return { text: truncate(title ? `${title}\n\n${plain}` : plain, MAX_CHARS) };
    }
  }
}

const detail = (a: HttpAnswer) => {
  const d = json(a).description;
  return typeof d === 'string' ? d : undefined;
};
const retryAfter = (a: HttpAnswer) => {
  const p = json(a).parameters as { retry_after?: unknown } | undefined;
  return typeof p?.retry_after === 'number' ? p.retry_after * 1000 : undefined;
};

/**
 * One sendMessage per chat: POST {chat_id, text, parse_mode, disable_notification,
 * link_preview_options} as JSON to api.telegram.org/bot<token>/sendMessage. A chat written
 * `-100123:42` posts into topic 42 (message_thread_id). Every chat is tried; the error names the
 * ones that failed, and is permanent only if every failure is.
 */
export async function sendTelegram(
  t: TelegramTarget,
  m: NotifyMessage,
  params: Params,
  o: SendOptions,
): Promise<Receipt> {
  const title = m.title || params.title || '';
  const mode = (params.parsemode ?? 'html').toLowerCase();
  const message = telegramText(title, m.body, mode);
  const failures: { chat: string; err: NotifyError }[] = [];
  let last: HttpAnswer | undefined;
  for (const chat of t.chats) {
    const [, id = chat, thread] = /^(.+?):(\d+)$/.exec(chat) ?? [];
    const payload = {
      chat_id: id,
      ...message,
      ...(thread ? { message_thread_id: Number(thread) } : {}),
      ...(no(params.notification) ? { disable_notification: true } : {}),
      ...(no(params.preview) ? { link_preview_options: { is_disabled: true } } : {}),
    };
    try {
      last = await call(
        {
          service: 'telegram',
          url: `${t.url.replace(/\/+$/, '')}/bot${t.token}/sendMessage`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          detail,
          retryAfterMs: retryAfter,
        },
        o,
      );
    } catch (err) {
      if (!(err instanceof NotifyError) || o.signal.aborted) throw err;
      failures.push({ chat, err });
    }
  }
  if (failures.length) {
    const text = failures.map((f) => `chat ${f.chat}: ${f.err.message}`).join('; ');
    const sent = t.chats.length - failures.length;
    const message = `${LABELS.telegram}: ${text}${sent ? ` (sent to the other ${sent})` : ''}`;
    if (failures.every((f) => f.err.permanent)) throw permanent(message);
    const waits = failures.map((f) => f.err.retryAfterMs ?? 0);
    throw transient(message, Math.max(...waits) || undefined);
  }
  return { service: 'telegram', url: last?.origin, code: last?.status };
}
