import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deliver,
  emailTarget,
  NotifyError,
  send,
  targetFromUrl,
  type NotifyMessage,
  type SendOptions,
  type Target,
} from './index.js';

// One loopback HTTP receiver stands in for every service (through `endpoints` for the ones with
// a fixed public host); one SMTP receiver for e-mail. Each test says what the receiver answers.

interface Request {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
interface Reply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer (for timeouts). */
  hang?: boolean;
}
const requests: Request[] = [];
let reply: (r: Request) => Reply = () => ({ status: 200, body: 'ok' });
const web = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const r: Request = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(r);
    const a = reply(r);
    if (a.hang) return;
    res.writeHead(a.status, a.headers);
    res.end(a.body);
  });
});

interface Mail {
  from: string;
  to: string[];
  user?: string;
  raw: string;
}
const mails: Mail[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  authOptional: true,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === 'mailer' && auth.password === 's3cret p@ss')
      callback(null, { user: auth.username });
    else callback(new Error('Invalid username or password'));
  },
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith('@busy.example.com')) {
      const err = new Error('mailbox busy, try later') as Error & { responseCode: number };
      err.responseCode = 451;
      callback(err);
    } else callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const from = session.envelope.mailFrom;
      mails.push({
        from: from ? from.address : '',
        to: session.envelope.rcptTo.map((a) => a.address),
        user: session.user as string | undefined,
        raw: Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, ''),
      });
      callback();
    });
  },
});

let host = '';
let origin = '';
let smtpPort = 0;
let closedPort = 0;
beforeAll(async () => {
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  host = `127.0.0.1:${(web.address() as AddressInfo).port}`;
  origin = `http://${host}`;
  smtpPort = (smtp.server.address() as AddressInfo).port;
  // A port nothing listens on: bound, noted, closed.
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
});
afterAll(async () => {
  web.closeAllConnections();
  await new Promise((r) => web.close(r));
  await new Promise<void>((r) => smtp.close(() => r()));
});
beforeEach(() => {
  requests.length = 0;
  mails.length = 0;
  reply = () => ({ status: 200, body: 'ok' });
});

const message: NotifyMessage = {
  title: 'Disk full',
  body: '*db-1* is at **95%** — see [the dashboard](https://grafana.example.com/d)',
};
const options = (extra: Partial<SendOptions> = {}): SendOptions => ({
  signal: new AbortController().signal,
  endpoints: {
    slack: origin,
    discord: origin,
    telegram: origin,
    pushover: origin,
    teams: origin,
    googlechat: origin,
  },
  ...extra,
});
const one = () => {
  expect(requests).toHaveLength(1);
  return requests[0] as Request;
};
const bodyJson = (r: Request): unknown => JSON.parse(r.body);

/** The NotifyError a send rejects with. */
async function failure(t: Target, m: NotifyMessage = message, o = options()) {
  try {
    await send(t, m, o);
  } catch (err) {
    if (err instanceof NotifyError) return err;
    throw err;
  }
  throw new Error('expected the send to fail');
}

describe('Slack', () => {
  it('POSTs blocks to the incoming webhook', async () => {
    await send(
      targetFromUrl('slack://hook:T000-B000-XXXX@webhook?channel=ops&botname=vigil&icon=bell'),
      message,
      options(),
    );
    const r = one();
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/services/T000/B000/XXXX');
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers.authorization).toBeUndefined();
    const text = '_db-1_ is at *95%* — see <https://grafana.example.com/d|the dashboard>';
    expect(bodyJson(r)).toEqual({
      text: `*Disk full*\n${text}`,
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Disk full', emoji: true } },
        { type: 'section', text: { type: 'mrkdwn', text } },
      ],
      channel: 'ops',
      username: 'vigil',
      icon_emoji: ':bell:',
    });
  });

  it('posts with a bot token to chat.postMessage, a colour as an attachment', async () => {
    reply = () => ({ status: 200, body: '{"ok":true,"ts":"1.2"}' });
    const receipt = await deliver(
      targetFromUrl('slack://xoxb:123-456-abc@C0123?color=danger&thread_ts=1.1'),
      { title: '', body: 'plain' },
      options(),
    );
    expect(receipt).toEqual({ service: 'slack', url: origin, code: 200 });
    const r = one();
    expect(r.url).toBe('/api/chat.postMessage');
    expect(r.headers.authorization).toBe('Bearer xoxb-123-456-abc');
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(bodyJson(r)).toEqual({
      text: 'plain',
      attachments: [
        { color: 'danger', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'plain' } }] },
      ],
      channel: 'C0123',
      thread_ts: '1.1',
    });
  });

  it('fails on {ok:false}: permanent for channel_not_found, transient when rate limited', async () => {
    const t = targetFromUrl('slack://xoxb:123-456-abc@C0123');
    reply = () => ({ status: 200, body: '{"ok":false,"error":"channel_not_found"}' });
    const refused = await failure(t);
    expect(refused.message).toBe(`Slack at ${origin} refused the message: channel_not_found`);
    expect(refused.permanent).toBe(true);
    reply = () => ({ status: 200, body: '{"ok":false,"error":"ratelimited"}' });
    expect((await failure(t)).permanent).toBe(false);
  });

  it('uses the public hosts without endpoints (the URL it would reach)', async () => {
    // No endpoint: the request goes to hooks.slack.com, which this test must not reach; an
    // aborted signal stops it first.
    const controller = new AbortController();
    controller.abort();
    const err = await failure(
      targetFromUrl('slack://hook:T-B-X@webhook'),
      message,
      options({ endpoints: {}, signal: controller.signal }),
    );
    expect(err.message).toBe('Slack: sending was stopped');
    expect(err.permanent).toBe(false);
  });
});

describe('Microsoft Teams', () => {
  it('POSTs a MessageCard to the connector webhook', async () => {
    await send(
      targetFromUrl(
        'teams://11111111-4444-4444-8444-cccccccccccc@22222222-4444-4444-8444-cccccccccccc/3333abcd/44444444-4444-4444-8444-cccccccccccc/V2ES?host=contoso.webhook.office.com&color=%23FF0000',
      ),
      message,
      options(),
    );
    const r = one();
    expect(r.method).toBe('POST');
    expect(r.url).toBe(
      '/webhookb2/11111111-4444-4444-8444-cccccccccccc@22222222-4444-4444-8444-cccccccccccc/IncomingWebhook/3333abcd/44444444-4444-4444-8444-cccccccccccc/V2ES',
    );
    expect(r.headers['content-type']).toBe('application/json');
    expect(bodyJson(r)).toEqual({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: 'Disk full',
      title: 'Disk full',
      text: message.body,
      themeColor: 'FF0000',
    });
  });

  it('POSTs an Adaptive Card to a Workflows URL, query kept', async () => {
    reply = () => ({ status: 202 });
    await send(
      targetFromUrl(`teams+http://${host}/workflows/abc/invoke?api-version=2016-06-01&sig=s1g`),
      message,
      options({ endpoints: {} }),
    );
    const r = one();
    expect(r.url).toBe('/workflows/abc/invoke?api-version=2016-06-01&sig=s1g');
    expect(bodyJson(r)).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              {
                type: 'TextBlock',
                text: 'Disk full',
                weight: 'Bolder',
                size: 'Medium',
                wrap: true,
              },
              { type: 'TextBlock', text: message.body, wrap: true },
            ],
          },
        },
      ],
    });
  });
});

describe('Discord', () => {
  it('executes the webhook with an embed, waiting for the message, mentions off', async () => {
    await send(
      targetFromUrl('discord://tok3n@123456789?username=Vigil&color=0xff0000&thread_id=42'),
      message,
      options(),
    );
    const r = one();
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/api/webhooks/123456789/tok3n?wait=true&thread_id=42');
    expect(r.headers['content-type']).toBe('application/json');
    expect(bodyJson(r)).toEqual({
      username: 'Vigil',
      embeds: [{ title: 'Disk full', description: message.body, color: 0xff0000 }],
      allowed_mentions: { parse: [] },
    });
  });

  it('waits as long as a 429 says', async () => {
    reply = () => ({
      status: 429,
      headers: { 'retry-after': '3', 'content-type': 'application/json' },
      body: '{"message":"You are being rate limited.","retry_after":2.5}',
    });
    const err = await failure(targetFromUrl('discord://tok3n@123456789'));
    expect(err.permanent).toBe(false);
    expect(err.retryAfterMs).toBe(3000);
    expect(err.message).toBe(
      `Discord at ${origin} answered HTTP 429: {"message":"You are being rate limited.","retry_after":2.5}`,
    );
  });
});

describe('Mattermost', () => {
  it('POSTs {text, channel, username, icon_url} to /hooks/<token>', async () => {
    await send(
      targetFromUrl(
        `mattermost://vigil@${host}/tok3n/ops?disabletls=yes&icon=https://x.example.com/i.png`,
      ),
      message,
      options(),
    );
    const r = one();
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/hooks/tok3n');
    expect(r.headers['content-type']).toBe('application/json');
    expect(bodyJson(r)).toEqual({
      text: `#### Disk full\n\n${message.body}`,
      channel: 'ops',
      username: 'vigil',
      icon_url: 'https://x.example.com/i.png',
    });
  });
});

describe('Google Chat', () => {
  it("POSTs {text} to the space's webhook with its key and token", async () => {
    await send(
      targetFromUrl('googlechat://chat.googleapis.com/v1/spaces/AAAA/messages?key=k3y&token=t0k'),
      message,
      options({ timeoutMs: 5000 }),
    );
    const r = one();
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/v1/spaces/AAAA/messages?key=k3y&token=t0k');
    expect(r.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(bodyJson(r)).toEqual({
      text: '*Disk full*\n_db-1_ is at *95%* — see <https://grafana.example.com/d|the dashboard>',
    });
  });

  it('replies in a thread with threadKey', async () => {
    await send(
      targetFromUrl('googlechat://chat.googleapis.com/v1/spaces/AAAA/messages?key=k&token=t'),
      { ...message, properties: { threadKey: 'disk-db-1' } },
      options(),
    );
    expect(one().url).toBe(
      '/v1/spaces/AAAA/messages?key=k&token=t&threadKey=disk-db-1&messageReplyOption=REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD',
    );
  });
});

describe('Telegram', () => {
  it('sends one sendMessage per chat, HTML from the markdown, topics as message_thread_id', async () => {
    reply = () => ({ status: 200, body: '{"ok":true,"result":{"message_id":1}}' });
    await send(
      targetFromUrl(
        'telegram://123456:ABC-def@telegram?chats=@ops,-1001:42&notification=no&preview=no',
      ),
      message,
      options(),
    );
    expect(requests).toHaveLength(2);
    const text =
      '<b>Disk full</b>\n\n<i>db-1</i> is at <b>95%</b> — see <a href="https://grafana.example.com/d">the dashboard</a>';
    for (const r of requests) {
      expect(r.method).toBe('POST');
      expect(r.url).toBe('/bot123456:ABC-def/sendMessage');
      expect(r.headers['content-type']).toBe('application/json');
    }
    expect(requests.map(bodyJson)).toEqual([
      {
        chat_id: '@ops',
        text,
        parse_mode: 'HTML',
        disable_notification: true,
        link_preview_options: { is_disabled: true },
      },
      {
        chat_id: '-1001',
        text,
        parse_mode: 'HTML',
        message_thread_id: 42,
        disable_notification: true,
        link_preview_options: { is_disabled: true },
      },
    ]);
  });

  it('sends the body as written with parsemode=markdownv2, title escaped', async () => {
    reply = () => ({ status: 200, body: '{"ok":true}' });
    await send(
      targetFromUrl('telegram://1:abc@telegram?chats=5&parsemode=MarkdownV2'),
      { title: 'v1.2 down!', body: '_hi_' },
      options(),
    );
    expect(bodyJson(one())).toEqual({
      chat_id: '5',
      text: '*v1\\.2 down\\!*\n\n_hi_',
      parse_mode: 'MarkdownV2',
    });
  });

  it("fails with Telegram's description, naming the chat; tries every chat", async () => {
    reply = (r) =>
      r.body.includes('"@gone"')
        ? {
            status: 400,
            body: '{"ok":false,"error_code":400,"description":"Bad Request: chat not found"}',
          }
        : { status: 200, body: '{"ok":true}' };
    const err = await failure(targetFromUrl('telegram://1:abc@telegram?chats=@gone,@ops'));
    expect(requests).toHaveLength(2);
    expect(err.permanent).toBe(true);
    expect(err.message).toBe(
      `Telegram: chat @gone: Telegram at ${origin} answered HTTP 400: Bad Request: chat not found (sent to the other 1)`,
    );
    expect(err.message).not.toContain('abc');
  });
});

describe('ntfy', () => {
  it('POSTs the markdown to the topic with title, priority and tags as headers, basic auth', async () => {
    await send(
      targetFromUrl(
        `ntfy://alice:pa55@${host}/alerts?scheme=http&priority=high&tags=warning,skull&click=https://x.example.com`,
      ),
      message,
      options(),
    );
    const r = one();
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/alerts');
    expect(r.body).toBe(message.body);
    expect(r.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      authorization: `Basic ${Buffer.from('alice:pa55').toString('base64')}`,
      title: 'Disk full',
      priority: '4',
      tags: 'warning,skull',
      click: 'https://x.example.com',
      markdown: 'yes',
    });
  });

  it('sends an access token as Bearer and a non-ASCII title RFC 2047-encoded', async () => {
    await send(
      targetFromUrl(`ntfy://:tk_abc@${host}/alerts?disabletls=yes`),
      { title: 'Disque plein ⚠', body: 'x' },
      options(),
    );
    const r = one();
    expect(r.headers.authorization).toBe('Bearer tk_abc');
    expect(r.headers.title).toBe(`=?UTF-8?B?${Buffer.from('Disque plein ⚠').toString('base64')}?=`);
  });
});

describe('Pushover', () => {
  it('POSTs a form to /1/messages.json with the HTML of the markdown', async () => {
    reply = () => ({ status: 200, body: '{"status":1,"request":"r"}' });
    await send(
      targetFromUrl('pushover://shoutrrr:apit0ken@us3rkey/?devices=phone,tablet&priority=1'),
      message,
      options(),
    );
    const r = one();
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/1/messages.json');
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(r.body))).toEqual({
      token: 'apit0ken',
      user: 'us3rkey',
      message:
        '<i>db-1</i> is at <b>95%</b> — see <a href="https://grafana.example.com/d">the dashboard</a>',
      html: '1',
      title: 'Disk full',
      device: 'phone,tablet',
      priority: '1',
    });
  });

  it("fails permanently with Pushover's errors on 400", async () => {
    reply = () => ({
      status: 400,
      body: '{"token":"invalid","errors":["application token is invalid"],"status":0}',
    });
    const err = await failure(targetFromUrl('pushover://shoutrrr:bad@us3rkey/'));
    expect(err.permanent).toBe(true);
    expect(err.message).toBe(
      `Pushover at ${origin} answered HTTP 400: application token is invalid`,
    );
  });
});

describe('generic webhooks', () => {
  it('POSTs the body as is, with headers from @parameters and basic auth from the URL', async () => {
    await send(
      targetFromUrl(`generic+http://u:p%40ss@${host}/hook?team=sre&@X-Source=vigil`),
      message,
      options(),
    );
    const r = one();
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/hook?team=sre');
    expect(r.body).toBe(message.body);
    expect(r.headers).toMatchObject({
      'content-type': 'application/json',
      'x-source': 'vigil',
      authorization: `Basic ${Buffer.from('u:p@ss').toString('base64')}`,
    });
  });

  it("sends {title, message, extras} with template=json, the message's properties as fields", async () => {
    await send(
      targetFromUrl(`generic+http://${host}/json?template=json&messagekey=text&$env=prod`),
      { ...message, properties: { severity: 'high', '@X-Run': '7' } },
      options(),
    );
    const r = one();
    expect(r.headers['x-run']).toBe('7');
    expect(bodyJson(r)).toEqual({
      title: 'Disk full',
      text: message.body,
      env: 'prod',
      severity: 'high',
    });
  });
});

describe('e-mail', () => {
  it('mails the title as subject, the markdown as text and as HTML', async () => {
    const receipt = await deliver(
      emailTarget(
        `smtp://mailer:${encodeURIComponent('s3cret p@ss')}@127.0.0.1:${smtpPort}/?from=vigil@example.com`,
        ['a@example.com', 'b@example.com'],
      ),
      message,
      options(),
    );
    expect(receipt).toMatchObject({
      service: 'smtp',
      to: ['a@example.com', 'b@example.com'],
      messageId: expect.any(String),
    });
    const mail = mails[0] as Mail;
    expect(mails).toHaveLength(1);
    expect(mail).toMatchObject({
      from: 'vigil@example.com',
      to: ['a@example.com', 'b@example.com'],
      user: 'mailer',
    });
    expect(mail.raw).toMatch(/^Subject: Disk full$/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html/m);
    expect(mail.raw).toContain('<em>db-1</em> is at <strong>95%</strong>');
  });

  it('goes to the smtp endpoint in place of the host, and sends attachments', async () => {
    await send(
      targetFromUrl('smtp://mail.invalid:25/?to=c@example.com&encryption=none'),
      {
        ...message,
        attachments: [{ filename: 'r.csv', content: 'a,b\n', contentType: 'text/csv' }],
      },
      options({ endpoints: { smtp: `smtp://127.0.0.1:${smtpPort}` } }),
    );
    expect(mails[0]?.to).toEqual(['c@example.com']);
    expect(mails[0]?.raw).toMatch(/Content-Type: text\/csv; name=r\.csv/);
  });

  it('fails permanently on a refused login, transiently on 4xx answers and refused connections', async () => {
    const login = await failure(
      targetFromUrl(`smtp://mailer:wrong@127.0.0.1:${smtpPort}/?to=a@example.com`),
    );
    expect(login.permanent).toBe(true);
    expect(login.message).toMatch(
      new RegExp(`^e-mail to 127\\.0\\.0\\.1:${smtpPort} failed: .*Invalid username or password`),
    );
    const busy = await failure(
      targetFromUrl(`smtp://127.0.0.1:${smtpPort}/?to=x@busy.example.com`),
    );
    expect(busy.permanent).toBe(false);
    expect(busy.message).toContain('mailbox busy');
    const refused = await failure(
      targetFromUrl(`smtp://127.0.0.1:${closedPort}/?to=a@example.com`),
    );
    expect(refused.permanent).toBe(false);
    expect(refused.message).toMatch(/ECONNREFUSED/);
  });
});

describe('failures', () => {
  const hook = () => targetFromUrl(`generic+http://${host}/hook/s3cret-path`);

  it.each([
    [500, false],
    [502, false],
    [503, false],
    [408, false],
    [429, false],
    [400, true],
    [401, true],
    [403, true],
    [404, true],
    [410, true],
  ])('HTTP %i is permanent: %s', async (status, permanent) => {
    reply = () => ({ status, body: 'nope' });
    const err = await failure(hook());
    expect(err).toBeInstanceOf(NotifyError);
    expect(err.permanent).toBe(permanent);
    expect(err.message).toBe(`the webhook at ${origin} answered HTTP ${status}: nope`);
    expect(err.message).not.toContain('s3cret');
  });

  it('a refused connection is transient', async () => {
    const err = await failure(targetFromUrl(`generic+http://127.0.0.1:${closedPort}/x`));
    expect(err.permanent).toBe(false);
    expect(err.message).toMatch(
      new RegExp(
        `^the webhook at http://127\\.0\\.0\\.1:${closedPort} could not be reached: .*ECONNREFUSED`,
      ),
    );
  });

  it('a server that does not answer in time is transient', async () => {
    reply = () => ({ status: 200, hang: true });
    const err = await failure(hook(), message, options({ timeoutMs: 150 }));
    expect(err.permanent).toBe(false);
    expect(err.message).toBe(`the webhook at ${origin} did not answer within 150 ms`);
    web.closeAllConnections();
  });

  it('a redirect is permanent (notifications do not follow them)', async () => {
    reply = () => ({ status: 301, headers: { location: 'https://elsewhere.example.com/x?t=1' } });
    const err = await failure(hook());
    expect(err.permanent).toBe(true);
    expect(err.message).toBe(
      `the webhook at ${origin} answered HTTP 301 (a redirect to https://elsewhere.example.com): give the URL it redirects to`,
    );
  });

  it('a header Node cannot send is a permanent error, not a crash', async () => {
    const err = await failure(hook(), { ...message, properties: { '@X-Bad': 'a\nb' } });
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(
      /^the webhook at http:\/\/127\.0\.0\.1:\d+: the request could not be made: /,
    );
    expect(requests).toEqual([]);
  });

  it('attachments to a service other than e-mail are refused', async () => {
    const err = await failure(hook(), {
      ...message,
      attachments: [{ filename: 'a', content: 'a' }],
    });
    expect(err.permanent).toBe(true);
    expect(err.message).toBe('the webhook: attachments are sent by e-mail (smtp://) only');
    expect(requests).toEqual([]);
  });

  it('a bad property is a permanent error', async () => {
    const err = await failure(targetFromUrl('discord://t@1'), {
      ...message,
      properties: { color: 'mauve' },
    });
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(/color mauve is not a number/);
  });
});
