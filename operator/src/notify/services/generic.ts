import { call } from '../http.js';
import type { GenericTarget, NotifyMessage, Params, Receipt, SendOptions } from '../types.js';

/** Parameters of a message that are not fields of the JSON it sends. */
const RESERVED = new Set(['title', 'template', 'titlekey', 'messagekey', 'contenttype']);

/** The body: the message itself, or with template=json {title, message, extras…}. */
export function genericBody(t: GenericTarget, m: NotifyMessage, params: Params): string {
  if (t.template === 'raw') return m.body;
  const title = m.title || params.title || '';
  const extra: Record<string, string> = { ...t.extra };
  for (const [k, v] of Object.entries(m.properties ?? {})) {
    const key = k.replace(/^\$/, '');
    if (!k.startsWith('@') && !RESERVED.has(key.toLowerCase())) extra[key] = v;
  }
  return JSON.stringify({
    ...(title ? { [t.titleKey]: title } : {}),
    [t.messageKey]: m.body,
    ...extra,
  });
}

/**
 * `requestmethod` (default POST) to the URL with the content type (default application/json)
 * and the target's headers; a message's `@name` properties are more headers.
 */
export async function sendGeneric(
  t: GenericTarget,
  m: NotifyMessage,
  params: Params,
  o: SendOptions,
): Promise<Receipt> {
  const headers: Record<string, string> = { 'content-type': t.contentType, ...t.headers };
  for (const [k, v] of Object.entries(m.properties ?? {}))
    if (k.startsWith('@')) headers[k.slice(1)] = v;
  const answer = await call(
    {
      service: 'generic',
      url: t.url,
      method: t.method,
      headers,
      body: genericBody(t, m, params),
      insecureTls: t.insecureTls,
    },
    o,
  );
  return { service: 'generic', url: answer.origin, code: answer.status };
}
