import nodemailer from 'nodemailer';
import { follow, planFrom } from '../../health/runners/http.js';
import type { ActionContext, ActionRunner } from '../types.js';
import {
  ActionError,
  completed,
  errorText,
  failed,
  guarded,
  isObject,
  stoppedText,
  text,
} from './common.js';
import {
  targetFromConnection,
  targetFromUrl,
  type HttpTarget,
  type SmtpTarget,
  type Target,
} from './notificationTarget.js';

/**
 * The `notification` action (crds.md §4.4): `title` and `message` to a Shoutrrr-style `url` or
 * a stored `connection` (notificationTarget.ts says which URLs and connections), with
 * `properties` as more of the URL's parameters. E-mail goes through nodemailer, as responder
 * mails do; webhooks and Slack through the http check's client. The responders' senders
 * (responders/senders.ts) are not reused: they shape incidents (fixed JSON, an incident summary
 * under every mail), not a message someone wrote. `attachments` travel by e-mail only.
 */

const ERROR_BODY_CHARS = 300;

interface Message {
  title: string;
  message: string;
  attachments: { filename: string; content: string; contentType?: string }[];
}

function stringMap(raw: unknown, field: string): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw)) throw new ActionError(`${field} must be a map of names to values`);
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)]));
}

function attachmentsOf(raw: unknown): Message['attachments'] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw))
    throw new ActionError('attachments must be a list of {filename, content}');
  return raw.map((a: unknown, i) => {
    if (!isObject(a) || typeof a.filename !== 'string' || !a.filename)
      throw new ActionError(`attachments[${i}].filename is required`);
    return {
      filename: a.filename,
      content: typeof a.content === 'string' ? a.content : '',
      ...(typeof a.contentType === 'string' && a.contentType ? { contentType: a.contentType } : {}),
    };
  });
}

async function targetOf(spec: Record<string, unknown>, ctx: ActionContext): Promise<Target> {
  const url = text(spec, 'url');
  const ref = text(spec, 'connection');
  const properties = stringMap(spec.properties, 'properties');
  if (url && ref) throw new ActionError('set url or connection, not both');
  if (url) return targetFromUrl(url, properties);
  if (!ref) throw new ActionError('url or connection is required');
  let conn;
  try {
    conn = await ctx.connection(ref);
  } catch (err) {
    throw new ActionError(`connection ${ref} could not be read: ${errorText(err)}`);
  }
  if (!conn)
    throw new ActionError(`connection ${ref} was not found: create it, or fix the reference`);
  return targetFromConnection(ref, conn, properties);
}

/** Where the run's page is, for the foot of a mail. */
function runLink(ctx: ActionContext): string | undefined {
  if (!ctx.publicUrl) return undefined;
  return `${ctx.publicUrl.replace(/\/+$/, '')}/playbooks/runs/${encodeURIComponent(ctx.run.id)}`;
}

async function sendMail(t: SmtpTarget, m: Message, ctx: ActionContext) {
  const transport = nodemailer.createTransport({
    host: t.host,
    port: t.port,
    secure: t.secure,
    ignoreTLS: t.starttls === 'never',
    requireTLS: t.starttls === 'always',
    ...(t.username ? { auth: { user: t.username, pass: t.password ?? '' } } : {}),
    tls: { rejectUnauthorized: !t.insecureTls },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const link = runLink(ctx);
  const playbook = ctx.run.playbook.title || ctx.run.playbook.name;
  const abort = () => transport.close();
  ctx.signal.addEventListener('abort', abort, { once: true });
  try {
    const info = await transport.sendMail({
      from: t.from,
      to: t.to,
      subject: m.title || t.subject || `Playbook ${playbook}`,
      text: link ? `${m.message}\n\n-- \nPlaybook ${playbook}: ${link}` : m.message,
      attachments: m.attachments,
    });
    ctx.signal.throwIfAborted();
    return { service: 'smtp', to: t.to, messageId: info.messageId };
  } catch (err) {
    if (ctx.signal.aborted) throw new ActionError(stoppedText(ctx.signal));
    throw new ActionError(`e-mail to ${t.host}:${t.port} failed: ${errorText(err)}`);
  } finally {
    ctx.signal.removeEventListener('abort', abort);
    transport.close();
  }
}

function bodyOf(t: HttpTarget, m: Message): string {
  if (t.template === 'raw') return m.message;
  if (t.template === 'slack')
    return JSON.stringify({ text: m.title ? `*${m.title}*\n${m.message}` : m.message, ...t.extra });
  return JSON.stringify({
    ...(m.title ? { [t.titleKey]: m.title } : {}),
    [t.messageKey]: m.message,
    ...t.extra,
  });
}

async function post(t: HttpTarget, m: Message, ctx: ActionContext) {
  const headers = { 'content-type': t.contentType, ...t.headers };
  let plan;
  try {
    plan = await planFrom(
      {
        url: t.url,
        method: t.method,
        body: bodyOf(t, m),
        headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
        tlsConfig: { insecureSkipVerify: t.insecureTls },
      },
      ctx,
    );
  } catch (err) {
    throw new ActionError(errorText(err));
  }
  // Webhook paths and queries often are the secret: only the server is named.
  const where = `${t.kind === 'slack' ? 'Slack' : 'the webhook'} at ${plan.url.origin}`;
  let ex;
  try {
    ex = await follow(plan, ctx.signal, performance.now());
  } catch (err) {
    if (ctx.signal.aborted) throw new ActionError(stoppedText(ctx.signal));
    throw new ActionError(`${where} could not be reached: ${errorText(err)}`);
  }
  const body = ex.body.toString('utf8');
  if (ex.status >= 400)
    throw new ActionError(
      `${where} answered HTTP ${ex.status}${body.trim() ? `: ${body.trim().slice(0, ERROR_BODY_CHARS)}` : ''}`,
    );
  if (t.kind === 'slack' && t.url.includes('chat.postMessage')) {
    const answer = (() => {
      try {
        return JSON.parse(body) as { ok?: boolean; error?: string };
      } catch {
        return {};
      }
    })();
    if (answer.ok !== true)
      throw new ActionError(`Slack refused the message: ${answer.error ?? body}`);
  }
  return { service: t.kind, url: plan.url.origin, code: ex.status };
}

export const notificationAction: ActionRunner = (spec, ctx) =>
  guarded(async () => {
    const m: Message = {
      title: text(spec, 'title') ?? '',
      message: text(spec, 'message') ?? '',
      attachments: attachmentsOf(spec.attachments),
    };
    if (!m.title && !m.message) return failed('message (or title) is required');
    const target = await targetOf(spec, ctx);
    if (m.attachments.length && target.kind !== 'smtp')
      return failed('attachments are sent by e-mail (smtp://) only');
    if (ctx.signal.aborted) return failed(stoppedText(ctx.signal));
    return completed(
      target.kind === 'smtp' ? await sendMail(target, m, ctx) : await post(target, m, ctx),
    );
  });
