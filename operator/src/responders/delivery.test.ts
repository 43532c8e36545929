import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLog, startTestDatabase, type TestDatabase } from '../testing/testDatabase.js';
import { RESPONDER_DELIVER_EVENT, responderDelivery } from './delivery.js';
import type { EventQueueOptions } from './eventQueue.js';

const PUBLIC_URL = 'https://vigil.example.com/';

// ---------------------------------------------------------------------------------------------
// Loopback fakes: one HTTP server for Jira, ServiceNow, Graph and webhooks; one SMTP server.

interface Captured {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}
interface Reply {
  status: number;
  body?: unknown;
}

const requests: Captured[] = [];
let flakyFailures = 0;
let detailsFailures = 0;

function route(req: Captured): Reply {
  const key = `${req.method} ${req.path}`;
  switch (key) {
    case 'POST /jira/rest/api/2/issue':
      return { status: 201, body: { id: '10001', key: 'OPS-1', self: 'http://jira/10001' } };
    case 'POST /sn/api/now/table/incident':
      return { status: 201, body: { result: { sys_id: 'a1b2c3', number: 'INC0010001' } } };
    case 'POST /graph/v1.0/planner/tasks':
      return { status: 201, body: { id: 'task-1', title: 'x' } };
    case 'GET /graph/v1.0/planner/tasks/task-1/details':
      if (detailsFailures > 0) {
        detailsFailures--;
        return { status: 503, body: { error: { message: 'Graph is busy' } } };
      }
      return { status: 200, body: { '@odata.etag': 'W/"etag-1"', description: '' } };
    case 'PATCH /graph/v1.0/planner/tasks/task-1/details':
      return { status: 204 };
    case 'POST /hooks/vigil':
      return { status: 200, body: { id: 'hook-1' } };
    case 'POST /flaky':
      if (flakyFailures > 0) {
        flakyFailures--;
        return { status: 500, body: 'receiver exploded' };
      }
      return { status: 200, body: { id: 'flaky-ok' } };
    case 'POST /down':
      return { status: 503, body: 'maintenance' };
    default:
      return { status: 404, body: `no route ${key}` };
  }
}

const fake = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    const captured: Captured = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(captured);
    const reply = route(captured);
    const body =
      reply.body === undefined
        ? ''
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(body);
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
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === 'mailer' && auth.password === 's3cret p@ss') {
      callback(null, { user: auth.username });
    } else callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const mailFrom = session.envelope.mailFrom;
      mails.push({
        from: mailFrom ? mailFrom.address : '',
        to: session.envelope.rcptTo.map((a) => a.address),
        user: session.user as string | undefined,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

/** The text body of a raw single-part mail (quoted-printable and base64 decoded). */
function mailBody(raw: string): { headers: string; text: string } {
  const normal = raw.replace(/\r\n/g, '\n');
  const split = normal.indexOf('\n\n');
  const headers = normal.slice(0, split);
  const body = normal.slice(split + 2);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return { headers, text: Buffer.from(bytes, 'latin1').toString('utf8') };
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return { headers, text: Buffer.from(body, 'base64').toString('utf8') };
  }
  return { headers, text: body };
}

// ---------------------------------------------------------------------------------------------
// Database fixtures

let db: TestDatabase;
let httpUrl = '';
let alice = '';
let sre = '';
let incident = { id: '', incident_id: '' };
const consumers: { stop(): Promise<void> }[] = [];

const one = async <T>(sql: string, params: unknown[] = []) =>
  (await db.pool.query(sql, params)).rows[0] as T;

beforeAll(async () => {
  db = await startTestDatabase();
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  httpUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  alice = (
    await one<{ id: string }>(
      `INSERT INTO people (name, email) VALUES ('Alice', 'alice@example.com') RETURNING id`,
    )
  ).id;
  const connection = (
    name: string,
    namespace: string,
    type: string,
    url: string,
    username: string | null,
    password: string | null,
  ) =>
    one<{ id: string }>(
      `INSERT INTO connections (name, namespace, type, url, username, password)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [name, namespace, type, url, username, password],
    );
  await connection(
    'mailer',
    'default',
    'email',
    `smtp://mailer:${encodeURIComponent('s3cret p@ss')}@127.0.0.1:${smtpPort}`,
    null,
    null,
  );
  await connection('jira-prod', 'default', 'jira', `${httpUrl}/jira/`, 'bot@example.com', 'jt-1');
  const sn = await connection('sn', 'default', 'servicenow', `${httpUrl}/sn`, 'admin', 'sn-pass');
  await connection('planner', 'ops', 'ms_planner', `${httpUrl}/graph`, null, 'graph-token');
  await connection('vaulted', 'default', 'jira', `${httpUrl}/jira`, 'bot', 'secret://jira/token');

  const spec = {
    responder_clients: {
      email: {
        connection: 'connection://default/mailer',
        defaults: {
          subject: '[{{ .incident.incident_id }}] {{ .incident.title }} ({{ .incident.severity }})',
          body: '{{ .incident.description }}\nOpen: {{ .incident.link }}',
        },
      },
      jira: {
        connection: 'jira-prod',
        defaults: {
          summary: '{{ .incident.incident_id }}: {{ .incident.title }}',
          issueType: 'Bug',
        },
        values: { project: 'OPS' },
        linkUrl: 'https://jira.example.com/browse/{{ .external_id }}',
      },
      service_now: { connection: sn.id },
      ms_planner: {
        connection: 'connection://ops/planner',
        defaults: { plan_id: 'plan-1', bucket_id: 'bucket-1' },
      },
      generic_webhook: {
        url: `${httpUrl}/hooks/vigil`,
        headers: { 'x-team': '{{ .team.name }}' },
      },
    },
  };
  sre = (
    await one<{ id: string }>(
      `INSERT INTO teams (name, spec, created_by) VALUES ('SRE', $1, $2) RETURNING id`,
      [spec, alice],
    )
  ).id;
  incident = await one(
    `INSERT INTO incidents (title, description, severity, type, status, created_by)
     VALUES ('Payments API down', 'Checkout returns 502 for every card payment', 'critical',
             'availability', 'open', $1) RETURNING id, incident_id`,
    [alice],
  );
}, 120_000);

beforeEach(() => {
  requests.length = 0;
  mails.length = 0;
});
afterEach(async () => {
  await Promise.all(consumers.splice(0).map((c) => c.stop()));
  await db.pool.query('DELETE FROM event_queue');
});
afterAll(async () => {
  await new Promise<void>((resolve) => fake.close(() => resolve()));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await db?.close();
});

const deliveries = (opts: Partial<EventQueueOptions> = {}) => {
  const c = responderDelivery({
    pool: db.pool,
    log: silentLog,
    publicUrl: PUBLIC_URL,
    listen: false,
    backoffMs: 100,
    ...opts,
  });
  consumers.push(c);
  return c;
};

const addResponder = async (
  properties: Record<string, unknown>,
  opts: { type?: string; team?: string | null; person?: string } = {},
) =>
  (
    await one<{ id: string }>(
      `INSERT INTO responders (incident_id, type, team_id, person_id, properties, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        incident.id,
        opts.type ?? String(properties.responderType),
        opts.team === undefined ? sre : opts.team,
        opts.person ?? null,
        properties,
        alice,
      ],
    )
  ).id;

interface ResponderState {
  external_id: string | null;
  error: string | null;
  delivered_at: Date | null;
}
const responder = (id: string) =>
  one<ResponderState>('SELECT external_id, error, delivered_at FROM responders WHERE id = $1', [
    id,
  ]);

interface QueueState {
  attempts: number;
  error: string | null;
}
const queued = async (id: string) =>
  (
    await db.pool.query<QueueState>(
      `SELECT attempts, error FROM event_queue WHERE name = $1 AND properties ->> 'id' = $2`,
      [RESPONDER_DELIVER_EVENT, id],
    )
  ).rows;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const link = () => `https://vigil.example.com/incidents/${incident.id}`;
const basic = (user: string, pass: string) =>
  `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

// ---------------------------------------------------------------------------------------------

describe('responder delivery', () => {
  it('queues a delivery event for every new responder', async () => {
    const id = await addResponder({ responderType: 'person' }, { type: 'person', team: null });
    expect(await queued(id)).toEqual([{ attempts: 0, error: null }]);
  });

  it('email: sends the team-templated mail over SMTP with the connection credentials', async () => {
    const id = await addResponder({
      responderType: 'Email',
      to: 'oncall@example.com',
      subject: '',
    });
    await deliveries().drain();

    expect(mails).toHaveLength(1);
    const mail = mails[0] as Mail;
    expect(mail.to).toEqual(['oncall@example.com']);
    expect(mail.user).toBe('mailer');
    const { headers, text } = mailBody(mail.raw);
    expect(headers).toMatch(/^Subject: \[INC-\d+\] Payments API down \(critical\)$/m);
    expect(headers).toContain(`[${incident.incident_id}]`);
    expect(headers).toMatch(/^To: oncall@example\.com$/m);
    expect(text).toContain(
      `Checkout returns 502 for every card payment\nOpen: ${link()}\n\n-- \n${incident.incident_id}: Payments API down\nSeverity: critical | Type: availability | Status: open`,
    );

    const state = await responder(id);
    const messageId = /^Message-ID: (<[^>]+>)$/im.exec(headers)?.[1];
    expect(messageId).toBeDefined();
    expect(state).toMatchObject({ external_id: messageId, error: null });
    expect(state.delivered_at).toBeInstanceOf(Date);
    expect(await queued(id)).toEqual([]);
  });

  it('Jira: creates the issue with basic auth, team defaults and locked values', async () => {
    const id = await addResponder({ responderType: 'Jira', priority: 'High', project: 'MINE' });
    await deliveries().drain();

    expect(requests).toHaveLength(1);
    const req = requests[0] as Captured;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/jira/rest/api/2/issue');
    expect(req.headers.authorization).toBe(basic('bot@example.com', 'jt-1'));
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      fields: {
        project: { key: 'OPS' },
        issuetype: { name: 'Bug' },
        priority: { name: 'High' },
        summary: `${incident.incident_id}: Payments API down`,
        description: `${incident.incident_id}: Payments API down\nSeverity: critical | Type: availability | Status: open\n\nCheckout returns 502 for every card payment\n\n${link()}`,
      },
    });
    expect(await responder(id)).toMatchObject({ external_id: 'OPS-1', error: null });
  });

  it('ServiceNow: creates an incident with urgency and impact from the severity', async () => {
    const id = await addResponder({
      responderType: 'ServiceNow',
      description: 'Please look at {{ .incident.title }}',
      category: 'network',
    });
    await deliveries().drain();

    expect(requests).toHaveLength(1);
    const req = requests[0] as Captured;
    expect(`${req.method} ${req.path}`).toBe('POST /sn/api/now/table/incident');
    expect(req.headers.authorization).toBe(basic('admin', 'sn-pass'));
    expect(req.body).toEqual({
      short_description: `[${incident.incident_id}] Payments API down`,
      description: `Please look at Payments API down\n\n${incident.incident_id}: ${link()}`,
      urgency: '1',
      impact: '1',
      category: 'network',
      correlation_id: incident.incident_id,
      correlation_display: 'Vigil',
    });
    expect(await responder(id)).toMatchObject({ external_id: 'INC0010001', error: null });
  });

  it('Planner: creates the task with a bearer token, then writes its description with the ETag', async () => {
    const id = await addResponder({
      responderType: 'MSPlanner',
      title: 'Investigate {{ .incident.incident_id }}',
      priority: 'important',
      description: 'Card payments fail',
    });
    await deliveries().drain();

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /graph/v1.0/planner/tasks',
      'GET /graph/v1.0/planner/tasks/task-1/details',
      'PATCH /graph/v1.0/planner/tasks/task-1/details',
    ]);
    for (const r of requests) expect(r.headers.authorization).toBe('Bearer graph-token');
    expect(requests[0]?.body).toEqual({
      planId: 'plan-1',
      bucketId: 'bucket-1',
      title: `Investigate ${incident.incident_id}`,
      priority: 3,
      assignments: {},
    });
    expect(requests[2]?.headers['if-match']).toBe('W/"etag-1"');
    expect(requests[2]?.body).toEqual({
      description: `Card payments fail\n\n${incident.incident_id}: ${link()}`,
      previewType: 'description',
    });
    expect(await responder(id)).toMatchObject({ external_id: 'task-1', error: null });
  });

  it('Planner: a failed details step keeps the task and a retry only redoes that step', async () => {
    detailsFailures = 1;
    const id = await addResponder({ responderType: 'ms_planner', description: 'Again' });
    const c = deliveries();
    await c.drain();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /graph/v1.0/planner/tasks',
      'GET /graph/v1.0/planner/tasks/task-1/details',
    ]);
    const failed = await responder(id);
    expect(failed.external_id).toBe('task-1');
    expect(failed.delivered_at).toBeNull();
    expect(failed.error).toMatch(/responded 503.*Graph is busy.*\(attempt 1 of 5; retrying\)/);

    await sleep(150);
    await c.drain();
    expect(requests.map((r) => `${r.method} ${r.path}`).slice(2)).toEqual([
      'GET /graph/v1.0/planner/tasks/task-1/details',
      'PATCH /graph/v1.0/planner/tasks/task-1/details',
    ]);
    const done = await responder(id);
    expect(done).toMatchObject({ external_id: 'task-1', error: null });
    expect(done.delivered_at).toBeInstanceOf(Date);
  });

  it('generic webhook: POSTs the incident as JSON with templated headers', async () => {
    const id = await addResponder({ responderType: 'generic_webhook' });
    await deliveries().drain();

    expect(requests).toHaveLength(1);
    const req = requests[0] as Captured;
    expect(`${req.method} ${req.path}`).toBe('POST /hooks/vigil');
    expect(req.headers['x-team']).toBe('SRE');
    expect(req.body).toMatchObject({
      event: 'incident.responder.added',
      incident: {
        id: incident.id,
        incident_id: incident.incident_id,
        title: 'Payments API down',
        description: 'Checkout returns 502 for every card payment',
        severity: 'critical',
        type: 'availability',
        status: 'open',
        link: link(),
      },
      responder: { id, type: 'generic_webhook', team: 'SRE' },
      title: `[${incident.incident_id}] Payments API down`,
    });
    expect(await responder(id)).toMatchObject({ external_id: 'hook-1', error: null });
  });

  it('person and team responders have nothing to send and are marked delivered', async () => {
    const person = await addResponder(
      { responderType: 'person' },
      { type: 'person', team: null, person: alice },
    );
    const team = await addResponder({ responderType: 'team' }, { type: 'system' });
    await deliveries().drain();
    expect(requests).toEqual([]);
    expect(mails).toEqual([]);
    for (const id of [person, team]) {
      const state = await responder(id);
      expect(state).toMatchObject({ external_id: null, error: null });
      expect(state.delivered_at).toBeInstanceOf(Date);
      expect(await queued(id)).toEqual([]);
    }
  });

  it('retries through the event queue: the error shows meanwhile, then the external id', async () => {
    flakyFailures = 2;
    const id = await addResponder({ responderType: 'webhook', url: `${httpUrl}/flaky` });
    const c = deliveries({ backoffMs: 100 });

    await c.drain();
    expect(requests).toHaveLength(1);
    let state = await responder(id);
    expect(state.error).toMatch(
      /^webhook: POST http:\/\/127\.0\.0\.1:\d+\/flaky responded 500: receiver exploded \(attempt 1 of 5; retrying\)$/,
    );
    expect(state.delivered_at).toBeNull();
    expect(await queued(id)).toEqual([
      { attempts: 1, error: expect.stringContaining('responded 500') as string },
    ]);

    await c.drain(); // backoff not over: nothing sent
    expect(requests).toHaveLength(1);

    await sleep(150);
    await c.drain();
    expect(requests).toHaveLength(2);
    state = await responder(id);
    expect(state.error).toContain('(attempt 2 of 5; retrying)');
    expect(await queued(id)).toMatchObject([{ attempts: 2 }]);

    await sleep(250);
    await c.drain();
    expect(requests).toHaveLength(3);
    state = await responder(id);
    expect(state).toMatchObject({ external_id: 'flaky-ok', error: null });
    expect(state.delivered_at).toBeInstanceOf(Date);
    expect(await queued(id)).toEqual([]);
  });

  it('gives up after the maximum attempts, leaving the event and the responder with the error', async () => {
    const id = await addResponder({ responderType: 'webhook', url: `${httpUrl}/down` });
    const c = deliveries({ maxAttempts: 3, backoffMs: 10 });
    for (let i = 0; i < 6; i++) {
      await c.drain();
      await sleep(50);
    }
    expect(requests).toHaveLength(3);
    expect(await queued(id)).toEqual([
      { attempts: 3, error: expect.stringMatching(/responded 503: maintenance$/) as string },
    ]);
    const summary = await one(
      `SELECT pending, failed, most_common_error FROM event_queue_summary WHERE name = $1`,
      [RESPONDER_DELIVER_EVENT],
    );
    expect(summary).toEqual({
      pending: 1,
      failed: 1,
      most_common_error: expect.stringMatching(/responded 503/) as string,
    });
    const state = await responder(id);
    expect(state.error).toMatch(/responded 503: maintenance \(gave up after 3 attempts\)$/);
    expect(state).toMatchObject({ external_id: null, delivered_at: null });
  });

  it('does not retry what configuration must fix: unknown kinds and unresolvable secrets', async () => {
    const oracle = await addResponder({ responderType: 'oracle', product: 'db' });
    const vaulted = await addResponder({
      responderType: 'jira',
      connection: 'vaulted',
      project: 'OPS',
    });
    const noProject = await addResponder(
      { responderType: 'jira', connection: 'jira-prod' },
      { team: null },
    );
    await deliveries().drain();
    expect(requests).toEqual([]);
    expect((await responder(oracle)).error).toBe('oracle responders are not delivered by Vigil');
    // Read through the one connection lookup: without a cluster a Secret cannot be read.
    expect((await responder(vaulted)).error).toBe(
      'the password of connection default/vaulted refers to secret://jira/token: secret default/jira (key token) cannot be read: Vigil runs without Kubernetes (embedded mode), so there is no Secret to read; store the value itself in the connection',
    );
    expect((await responder(noProject)).error).toBe('Jira project is missing (set project)');
    for (const id of [oracle, vaulted, noProject]) {
      expect(await queued(id)).toMatchObject([{ attempts: 5 }]);
    }
  });

  it('leaves a responder removed before its delivery alone', async () => {
    const id = await addResponder({ responderType: 'jira' });
    await db.pool.query('UPDATE responders SET deleted_at = now() WHERE id = $1', [id]);
    await deliveries().drain();
    expect(requests).toEqual([]);
    expect(await responder(id)).toMatchObject({ external_id: null, delivered_at: null });
    expect(await queued(id)).toEqual([]);
  });

  it('delivers as soon as a responder is added once started (NOTIFY)', async () => {
    const c = deliveries({ listen: true, pollMs: 60_000 });
    await c.start();
    await sleep(50);
    const id = await addResponder({ responderType: 'Jira' });
    const end = Date.now() + 5000;
    while (!(await responder(id)).delivered_at && Date.now() < end) await sleep(20);
    expect(await responder(id)).toMatchObject({ external_id: 'OPS-1', error: null });
  });
});
