import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Stand-ins for the places notifications go, on loopback: an SMTP server that keeps every mail,
 * and a Slack-compatible incoming-webhook endpoint (what VIGIL_NOTIFY_ENDPOINTS points `slack`
 * at) that checks each request is shaped as Slack's API wants it and can be taken down and
 * brought back on the same port.
 */

export interface Mail {
  from: string;
  /** Envelope recipients. */
  to: string[];
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes undone. */
  text: string;
  at: number;
}

export interface SmtpReceiver {
  port: number;
  mails: Mail[];
  /** The mails to one address. */
  to(address: string): Mail[];
  close(): Promise<void>;
}

/** Quoted-printable undone (nodemailer encodes long lines and `=`); enough to read a body. */
const unquote = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = raw.split(/\r?\n\r?\n/)[0] ?? '';
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(headers)?.[1] ?? '';
        const from = session.envelope.mailFrom;
        mails.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((a) => a.address),
          subject: subject.replace(/\r?\n[ \t]/g, ' '),
          text: unquote(raw),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    to: (address) => mails.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SlackMessage {
  /** The webhook path: /services/T…/B…/… */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    text: string;
    blocks: { type: string; text: { type: string; text: string } }[];
    [key: string]: unknown;
  };
  at: number;
}

export interface SlackReceiver {
  /** What VIGIL_NOTIFY_ENDPOINTS gives for `slack`. */
  url: string;
  /** Messages that had Slack's shape, answered `ok`. */
  messages: SlackMessage[];
  /** Requests Slack would have refused, and why (answered 400 invalid_payload). */
  problems: string[];
  /** The messages to one webhook (`T/B/X`). */
  to(hook: string): SlackMessage[];
  /** Stops listening: senders get connection refused until `up`. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/** Why a request is not one Slack's incoming webhooks take, or undefined when it is. */
function slackProblem(req: http.IncomingMessage, raw: string): string | undefined {
  if (req.method !== 'POST') return `method ${req.method}, not POST`;
  if (!/^\/services\/\w+\/\w+\/\w+$/.test(req.url ?? ''))
    return `path ${req.url}, not /services/T…/B…/…`;
  if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
    return `content-type ${req.headers['content-type']}, not application/json`;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return 'the body is not JSON';
  }
  const b = body as Record<string, unknown>;
  if (typeof b.text !== 'string' || !b.text.trim()) return 'no text (the notification fallback)';
  if (b.text.length > 40_000) return 'text is longer than 40,000 characters';
  const blocks = b.blocks ?? (b.attachments as { blocks?: unknown }[] | undefined)?.[0]?.blocks;
  if (!Array.isArray(blocks) || blocks.length === 0 || blocks.length > 50)
    return 'blocks must be 1 to 50 blocks';
  for (const [i, block] of (blocks as Record<string, unknown>[]).entries()) {
    const text = block.text as { type?: unknown; text?: unknown } | undefined;
    if (block.type === 'header') {
      if (text?.type !== 'plain_text') return `blocks[${i}]: a header's text must be plain_text`;
      if (typeof text.text !== 'string' || text.text.length > 150)
        return `blocks[${i}]: a header's text must be at most 150 characters`;
    } else if (block.type === 'section') {
      if (text?.type !== 'mrkdwn' && text?.type !== 'plain_text')
        return `blocks[${i}]: a section's text must be mrkdwn or plain_text`;
      if (typeof text.text !== 'string' || !text.text || text.text.length > 3000)
        return `blocks[${i}]: a section's text must be 1 to 3000 characters`;
    } else return `blocks[${i}]: unexpected block type ${String(block.type)}`;
  }
  return undefined;
}

export async function startSlackReceiver(): Promise<SlackReceiver> {
  const messages: SlackMessage[] = [];
  const problems: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const problem = slackProblem(req, raw);
      if (problem) {
        problems.push(problem);
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end('invalid_payload');
        return;
      }
      messages.push({
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw) as SlackMessage['body'],
        at: Date.now(),
      });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    problems,
    to: (hook) => messages.filter((m) => m.path === `/services/${hook}`),
    down: stop,
    up: async () => {
      await listen(port);
    },
    close: stop,
  };
}
