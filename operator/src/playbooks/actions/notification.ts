import {
  deliver,
  NotifyError,
  targetFromConnection,
  targetFromUrl,
  type Target,
} from '../../notify/index.js';
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

/**
 * The `notification` action (crds.md §4.4): `title` and `message` (markdown) to a Shoutrrr-style
 * `url` or a stored `connection`, with `properties` as more of the URL's parameters. The
 * senders, and which URLs and connections they take, are in notify/ (shared with the
 * notification engine). The responders' senders (responders/senders.ts) are not reused: they
 * shape incidents, not a message someone wrote. `attachments` travel by e-mail only.
 */

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

/** NotifyError (and anything else) as the action's error. */
function actionError(err: unknown): ActionError {
  return new ActionError(err instanceof NotifyError ? err.message : errorText(err));
}

async function targetOf(spec: Record<string, unknown>, ctx: ActionContext): Promise<Target> {
  const url = text(spec, 'url');
  const ref = text(spec, 'connection');
  const properties = stringMap(spec.properties, 'properties');
  if (url && ref) throw new ActionError('set url or connection, not both');
  if (url) {
    try {
      return targetFromUrl(url, properties);
    } catch (err) {
      throw actionError(err);
    }
  }
  if (!ref) throw new ActionError('url or connection is required');
  let conn;
  try {
    conn = await ctx.connection(ref);
  } catch (err) {
    throw new ActionError(`connection ${ref} could not be read: ${errorText(err)}`);
  }
  if (!conn)
    throw new ActionError(`connection ${ref} was not found: create it, or fix the reference`);
  try {
    return targetFromConnection(
      {
        type: typeof conn.type === 'string' ? conn.type : '',
        url: conn.url,
        username: conn.username,
        password: conn.password,
        properties: conn.properties,
        insecure_tls: conn.insecure_tls === true,
      },
      properties,
    );
  } catch (err) {
    const message = actionError(err).message;
    throw new ActionError(
      /^the connection\b/.test(message)
        ? message.replace(/^the connection/, `connection ${ref}`)
        : `connection ${ref}: ${message}`,
    );
  }
}

/** Where the run's page is, for the foot of a mail. */
function runLink(ctx: ActionContext): string | undefined {
  if (!ctx.publicUrl) return undefined;
  return `${ctx.publicUrl.replace(/\/+$/, '')}/playbooks/runs/${encodeURIComponent(ctx.run.id)}`;
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
    if (m.attachments.length && target.service !== 'smtp')
      return failed('attachments are sent by e-mail (smtp://) only');
    if (ctx.signal.aborted) return failed(stoppedText(ctx.signal));
    let title = m.title;
    let body = m.message;
    if (target.service === 'smtp') {
      // A mail says which playbook sent it, and has a subject even when the action gave none.
      const playbook = ctx.run.playbook.title || ctx.run.playbook.name;
      const link = runLink(ctx);
      if (link) body = `${body}\n\n-- \nPlaybook ${playbook}: ${link}`;
      title ||= target.subject ?? `Playbook ${playbook}`;
    }
    try {
      const receipt = await deliver(
        target,
        { title, body, attachments: m.attachments },
        { signal: ctx.signal, ...(ctx.notifyEndpoints ? { endpoints: ctx.notifyEndpoints } : {}) },
      );
      return completed({ ...receipt });
    } catch (err) {
      if (ctx.signal.aborted) return failed(stoppedText(ctx.signal));
      throw actionError(err);
    }
  });
