import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTls } from '../../tls/selfSigned.js';
import type { ActionSpec } from '../types.js';
import { actionContext } from './context.testing.js';
import { httpAction } from './http.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];

/** A loopback API: /json answers JSON, /fail a 503 with a long body, anything else echoes. */
const handler: http.RequestListener = (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    if (req.url === '/json') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'r1' });
      res.end('{"replicas": 3, "ready": true}');
    } else if (req.url === '/fail') {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end(`maintenance ${'x'.repeat(400)}`);
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    }
  });
};
const server = http.createServer(handler);
const tls = generateTls(['127.0.0.1']);
const secure = https.createServer({ cert: tls.cert, key: tls.key }, handler);
let base = '';
let secureBase = '';

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => secure.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  secureBase = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of [server, secure]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const call = (spec: ActionSpec, connections = {}) =>
  httpAction(spec, actionContext({ connections }));
const last = () => seen[seen.length - 1] as Seen;

describe('http action', () => {
  it('GETs by default and POSTs a body as given, templates and all', async () => {
    expect((await call({ url: `${base}/a` })).status).toBe('completed');
    expect(last()).toMatchObject({ method: 'GET', url: '/a', body: '' });
    // The engine templated the body already: braces left in it are the payload's own.
    const body = '{"text": "{{ not a template }}"}';
    await call({ url: `${base}/b`, body, templateBody: true });
    expect(last()).toMatchObject({ method: 'POST', url: '/b', body });
    await call({ url: `${base}/c`, method: 'put', body: 'x' });
    expect(last().method).toBe('PUT');
  });

  it("sends headers, bearer, or the connection's URL and credentials as basic auth", async () => {
    await call({
      url: `${base}/h`,
      bearer: { value: 'tok-1' },
      headers: [{ name: 'X-Team', value: 'sre' }],
    });
    expect(last().headers).toMatchObject({ authorization: 'Bearer tok-1', 'x-team': 'sre' });
    await call(
      { connection: 'connection://default/api' },
      { 'connection://default/api': { url: `${base}/conn`, username: 'u', password: 'p w' } },
    );
    expect(last().url).toBe('/conn');
    expect(last().headers.authorization).toBe(`Basic ${Buffer.from('u:p w').toString('base64')}`);
  });

  it('returns code, headers, body and the parsed JSON', async () => {
    const out = await call({ url: `${base}/json` });
    expect(out).toEqual({
      status: 'completed',
      result: {
        code: 200,
        headers: expect.objectContaining({ 'x-request-id': 'r1' }),
        body: '{"replicas": 3, "ready": true}',
        json: { replicas: 3, ready: true },
      },
    });
  });

  it('fails a status of 400 or more with the code and the first 300 characters of the body', async () => {
    const out = await call({ url: `${base}/fail` });
    expect(out.status).toBe('failed');
    expect(out.error).toBe(`GET ${base}/fail returned HTTP 503: maintenance ${'x'.repeat(288)}`);
    expect(out.result.code).toBe(503);
  });

  it('refuses valueFrom, oauth and an unreachable server with sentences naming them', async () => {
    const secret = await call({
      url: `${base}/`,
      password: { valueFrom: { secretKeyRef: { name: 's', key: 'p' } } },
    });
    expect(secret.error).toMatch(/^password\.valueFrom is not supported in playbook actions yet/);
    const oauth = await call({ url: `${base}/`, oauth: { tokenURL: 'https://idp/token' } });
    expect(oauth.error).toMatch(/^oauth is not supported yet/);
    const down = await call({ url: 'http://127.0.0.1:1/x' });
    expect(down.error).toMatch(/^GET http:\/\/127\.0\.0\.1:1\/x: .*ECONNREFUSED/);
    const aborted = await httpAction(
      { url: `${base}/` },
      actionContext({ signal: AbortSignal.abort() }),
    );
    expect(aborted.error).toBe(`GET ${base}/: the action was cancelled`);
  });

  it('trusts a private CA given in tls.ca, and says how when it is not given', async () => {
    const untrusted = await call({ url: `${secureBase}/json` });
    expect(untrusted.error).toMatch(
      /trust the issuer with tls\.ca, or set tls\.insecureSkipVerify/,
    );
    const trusted = await call({ url: `${secureBase}/json`, tls: { ca: { value: tls.ca } } });
    expect(trusted.result.json).toEqual({ replicas: 3, ready: true });
  });
});
