import nodemailer from 'nodemailer';
import { errorText, NotifyError, permanent, transient } from '../errors.js';
import { DEFAULT_TIMEOUT_MS } from '../http.js';
import { toHtml } from '../markdown.js';
import type { NotifyMessage, Receipt, SendOptions, SmtpTarget } from '../types.js';

/** nodemailer's error codes that no retry fixes (a refused login, a refused address). */
const PERMANENT_CODES = new Set(['EAUTH', 'EENVELOPE', 'EMESSAGE', 'ETLS']);

interface MailError {
  code?: string;
  responseCode?: number;
}

/**
 * Permanent for SMTP 5xx answers and refused logins, transient for 4xx answers and network
 * failures (ECONNECTION, ETIMEDOUT, ESOCKET, EDNS…).
 */
function classify(err: unknown): boolean {
  const e = (typeof err === 'object' && err !== null ? err : {}) as MailError;
  if (typeof e.responseCode === 'number') return e.responseCode >= 500;
  return e.code !== undefined && PERMANENT_CODES.has(e.code);
}

/** Where the server is, after an endpoints override (smtp://host:port). */
function server(t: SmtpTarget, endpoint: string | undefined) {
  if (!endpoint) return { host: t.host, port: t.port };
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    throw permanent(`the smtp endpoint ${JSON.stringify(endpoint)} is not a valid URL`);
  }
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port) || t.port };
}

/** An e-mail of the title (subject) and body (text, and the markdown as HTML). */
export async function sendSmtp(t: SmtpTarget, m: NotifyMessage, o: SendOptions): Promise<Receipt> {
  const { host, port } = server(t, o.endpoints?.smtp);
  const timeout = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: t.secure,
    ignoreTLS: t.starttls === 'never',
    requireTLS: t.starttls === 'always',
    ...(t.username ? { auth: { user: t.username, pass: t.password ?? '' } } : {}),
    tls: { rejectUnauthorized: !t.insecureTls },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const where = `e-mail to ${host}:${port}`;
  const abort = () => transport.close();
  o.signal.addEventListener('abort', abort, { once: true });
  try {
    if (o.signal.aborted) throw transient(`${where}: sending was stopped`);
    const info = (await transport.sendMail({
      from: t.from,
      to: t.to,
      subject: m.title || t.subject || 'Vigil notification',
      text: m.body,
      html: toHtml(m.body),
      attachments: (m.attachments ?? []).map((a) => ({
        filename: a.filename,
        content: a.content,
        ...(a.contentType ? { contentType: a.contentType } : {}),
      })),
    })) as { messageId?: string };
    if (o.signal.aborted) throw transient(`${where}: sending was stopped`);
    return {
      service: 'smtp',
      to: t.to,
      ...(info.messageId ? { messageId: info.messageId } : {}),
    };
  } catch (err) {
    if (err instanceof NotifyError) throw err;
    if (o.signal.aborted) throw transient(`${where}: sending was stopped`, undefined, err);
    const message = `${where} failed: ${errorText(err)}`;
    throw classify(err) ? permanent(message, err) : transient(message, undefined, err);
  } finally {
    o.signal.removeEventListener('abort', abort);
    transport.close();
  }
}
