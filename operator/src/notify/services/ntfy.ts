import { call } from '../http.js';
import { no, ntfyPriority } from '../targets.js';
import type { NotifyMessage, NtfyTarget, Params, Receipt, SendOptions } from '../types.js';

/** A header value: one line, non-ASCII as an RFC 2047 encoded word (which ntfy decodes). */
export function headerValue(s: string): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line).toString('base64')}?=`;
}

const HEADERS: [param: string, header: string][] = [
  ['tags', 'Tags'],
  ['click', 'Click'],
  ['icon', 'Icon'],
  ['attach', 'Attach'],
  ['filename', 'Filename'],
  ['delay', 'Delay'],
  ['at', 'Delay'],
  ['in', 'Delay'],
  ['email', 'Email'],
  ['actions', 'Actions'],
];

/**
 * POST the body to the topic's URL (https://ntfy.sh/<topic>) with the title, priority, tags…
 * as headers and `Markdown: yes`. Basic auth with a username, Bearer with a lone password
 * (an access token).
 */
export async function sendNtfy(
  t: NtfyTarget,
  m: NotifyMessage,
  params: Params,
  o: SendOptions,
): Promise<Receipt> {
  const headers: Record<string, string> = {
    'content-type': 'text/plain; charset=utf-8',
    Markdown: 'yes',
  };
  const title = m.title || params.title;
  if (title) headers.Title = headerValue(title);
  const priority = ntfyPriority(params.priority);
  if (priority !== undefined) headers.Priority = String(priority);
  for (const [param, header] of HEADERS) {
    const v = params[param];
    if (v) headers[header] = headerValue(v);
  }
  if (no(params.cache)) headers.Cache = 'no';
  if (no(params.firebase)) headers.Firebase = 'no';
  if (t.username)
    headers.Authorization = `Basic ${Buffer.from(`${t.username}:${t.password ?? ''}`).toString('base64')}`;
  else if (t.password) headers.Authorization = `Bearer ${t.password}`;
  const answer = await call(
    {
      service: 'ntfy',
      url: t.url,
      headers,
      body: m.body || title || '',
      insecureTls: t.insecureTls,
    },
    o,
  );
  return { service: 'ntfy', url: answer.origin, code: answer.status };
}
