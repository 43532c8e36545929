import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionFields } from '../../health/types.js';
import type { ActionContext, ActionSpec } from '../types.js';
import { actionContext } from './context.testing.js';
import { SCHEMES } from '../../notify/index.js';
import { notificationAction } from './notification.js';

// Loopback receivers: one SMTP server (user mailer, password "s3cret p@ss"), one HTTP server.
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
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === 'mailer' && auth.password === 's3cret p@ss')
      callback(null, { user: auth.username });
    else callback(new Error('Invalid username or password'));
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

interface Hook {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const hooks: Hook[] = [];
const web = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    hooks.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    res.writeHead(req.url?.startsWith('/down') ? 500 : 204);
    res.end(req.url?.startsWith('/down') ? 'queue full' : undefined);
  });
});

let smtpPort = 0;
let webHost = '';
const creds = `mailer:${encodeURIComponent('s3cret p@ss')}`;
beforeAll(async () => {
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  webHost = `127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
  web.closeAllConnections();
  await new Promise((r) => web.close(r));
});
beforeEach(() => {
  mails.length = 0;
  hooks.length = 0;
});

const notify = (
  spec: ActionSpec,
  opts: Partial<ActionContext> & { connections?: Record<string, ConnectionFields> } = {},
) => notificationAction(spec, actionContext(opts));

describe('notification action: e-mail', () => {
  it("mails the title and message over SMTP with the URL's credentials, from and to", async () => {
    const out = await notify(
      {
        url: `smtp://${creds}@127.0.0.1:${smtpPort}/?from=ops@example.com&to=a@example.com,b@example.com`,
        title: 'Deployment restarted',
        message: 'web was restarted by the playbook.',
      },
      { publicUrl: 'https://vigil.example.com/' },
    );
    expect(out).toEqual({
      status: 'completed',
      result: {
        service: 'smtp',
        to: ['a@example.com', 'b@example.com'],
        messageId: expect.any(String),
      },
    });
    expect(mails).toHaveLength(1);
    const mail = mails[0] as Mail;
    expect(mail).toMatchObject({
      from: 'ops@example.com',
      to: ['a@example.com', 'b@example.com'],
      user: 'mailer',
    });
    expect(mail.raw).toMatch(/^Subject: Deployment restarted$/m);
    expect(mail.raw).toContain('web was restarted by the playbook.');
    expect(mail.raw).toContain(
      'Playbook Restart: https://vigil.example.com/playbooks/runs/00000000-0000-0000-0000-0000000000b1',
    );
  });

  it('mails through a stored email connection, with recipients and attachments from the action', async () => {
    const out = await notify(
      {
        connection: 'connection://default/mail',
        message: 'see the attached report',
        properties: { to: 'c@example.com' },
        attachments: [{ filename: 'report.csv', content: 'a,b\n1,2\n', contentType: 'text/csv' }],
      },
      {
        connections: {
          'connection://default/mail': {
            type: 'email',
            url: `127.0.0.1:${smtpPort}`,
            username: 'mailer',
            password: 's3cret p@ss',
            properties: { from: 'vigil@example.com' },
          },
        },
      },
    );
    expect(out.status).toBe('completed');
    expect(mails[0]).toMatchObject({ from: 'vigil@example.com', to: ['c@example.com'] });
    expect(mails[0]?.raw).toMatch(/^Subject: Playbook Restart$/m);
    expect(mails[0]?.raw).toMatch(/Content-Type: text\/csv; name=report\.csv/);
  });

  it("fails a wrong password with the server's answer", async () => {
    const out = await notify({
      url: `smtp://mailer:wrong@127.0.0.1:${smtpPort}/?to=a@example.com`,
      message: 'x',
    });
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(
      new RegExp(`^e-mail to 127\\.0\\.0\\.1:${smtpPort} failed: .*Invalid username or password`),
    );
    expect(mails).toEqual([]);
  });
});

describe('notification action: webhooks', () => {
  it('POSTs the message to a generic+http URL, forwarding unknown parameters', async () => {
    const out = await notify({
      url: `generic+http://${webHost}/hook?team=sre&@X-Source=vigil`,
      title: 'ignored without the json template',
      message: 'plain text',
    });
    expect(out).toEqual({
      status: 'completed',
      result: { service: 'generic', url: `http://${webHost}`, code: 204 },
    });
    expect(hooks[0]).toMatchObject({ method: 'POST', url: '/hook?team=sre', body: 'plain text' });
    expect(hooks[0]?.headers['x-source']).toBe('vigil');
  });

  it('sends {title, message, extras} with template=json, keys renamed as asked', async () => {
    await notify({
      url: `generic://${webHost}/json?disabletls=yes&template=json&messagekey=text&$env=prod`,
      title: 'Restarted',
      message: 'web',
      properties: { requestMethod: 'PUT' },
    });
    expect(hooks[0]?.method).toBe('PUT');
    expect(hooks[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(hooks[0]?.body ?? '')).toEqual({
      title: 'Restarted',
      text: 'web',
      env: 'prod',
    });
  });

  it('fails a webhook that answers 500 with the code and the start of its body', async () => {
    const out = await notify({ url: `generic+http://${webHost}/down/secret-token`, message: 'x' });
    expect(out.error).toBe(`the webhook at http://${webHost} answered HTTP 500: queue full`);
  });

  it('fails unknown schemes and unusable connections naming them', async () => {
    expect((await notify({ url: 'matrix://user:pass@host/', message: 'x' })).error).toBe(
      `notification URLs of the matrix:// kind are not supported yet: use ${SCHEMES}`,
    );
    expect((await notify({ url: 'https://hooks.example.com/x', message: 'x' })).error).toMatch(
      /https:\/\/ kind are not supported yet \(for a webhook write generic\+https:\/\/…\)/,
    );
    const conn = await notify(
      { connection: 'connection://default/db', message: 'x' },
      { connections: { 'connection://default/db': { type: 'postgres', url: 'postgres://h/db' } } },
    );
    expect(conn.error).toMatch(
      /^connection connection:\/\/default\/db \(type postgres\) does not say how to notify/,
    );
    const attach = await notify({
      url: `generic+http://${webHost}/`,
      message: 'x',
      attachments: [{ filename: 'a.txt', content: 'a' }],
    });
    expect(attach.error).toBe('attachments are sent by e-mail (smtp://) only');
  });
});
