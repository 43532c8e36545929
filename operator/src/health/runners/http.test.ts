import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import zlib from 'node:zlib';
import forge from 'node-forge';
import { afterEach, describe, expect, it } from 'vitest';
import { VERSION } from '../../version.js';
import type { CheckSpec } from '../types.js';
import { MAX_CONTENT_BYTES, http as httpRunner } from './http.js';
import { Flags, ntowfV2, v1Responses } from './net/ntlm.js';
import { runOne } from './net/testing.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: (http.Server | https.Server)[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

async function listen(server: http.Server | https.Server, scheme: string): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const serve = (handler: Handler): Promise<string> => listen(http.createServer(handler), 'http');

const run = (spec: CheckSpec, opts: Parameters<typeof runOne>[3] = {}) =>
  runOne(httpRunner, 'http', { name: 'web', ...spec }, opts);

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => resolve(body));
  });
}

describe('http runner: requests and response checks', () => {
  it('passes a 2xx and reports code, lower-cased headers, content, elapsed and the user agent', async () => {
    let agent = '';
    const url = await serve((req, res) => {
      agent = req.headers['user-agent'] ?? '';
      res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Thing': 'one' });
      res.end('all ok');
    });
    const r = await run({ url });
    expect(r.pass).toBe(true);
    expect(r.invalid).toBeUndefined();
    expect(agent).toBe(`vigil/${VERSION}`);
    expect(r.data).toMatchObject({ code: 200, content: 'all ok', json: {}, sslAge: 0 });
    expect((r.data?.headers as Record<string, string>)['x-thing']).toBe('one');
    expect(typeof r.data?.elapsed).toBe('number');
    expect(r.duration).toBeGreaterThanOrEqual(1);
  });

  it('fails a non-2xx status, and checks responseCodes when given', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(503);
      res.end('down');
    });
    const any2xx = await run({ url });
    expect(any2xx.pass).toBe(false);
    expect(any2xx.error).toBe('expected a 2xx status, got 503');
    expect(any2xx.data?.code).toBe(503);

    const exact = await run({ url, responseCodes: [200] });
    expect(exact.error).toBe('expected status 200, got 503');
    const listed = await run({ url, responseCodes: [200, 503] });
    expect(listed.pass).toBe(true);
  });

  it('fails when the body lacks responseContent', async () => {
    const url = await serve((_req, res) => res.end('nothing here'));
    const r = await run({ url, responseContent: 'ok' });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('response does not contain "ok"');
    expect((await run({ url, responseContent: 'here' })).pass).toBe(true);
  });

  it('times out at thresholdMillis', async () => {
    const url = await serve(() => undefined); // never answers
    const started = Date.now();
    const r = await run({ url, thresholdMillis: 150 });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('timed out after 150ms (thresholdMillis)');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('passes within thresholdMillis', async () => {
    const url = await serve((_req, res) => res.end('fast'));
    expect((await run({ url, thresholdMillis: 5000 })).pass).toBe(true);
  });

  it('parses JSON bodies; invalid JSON fails unless the check has a test', async () => {
    const url = await serve((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(req.url === '/good' ? '{"status":"up","n":[1,2]}' : '{"status":');
    });
    const good = await run({ url: `${url}/good` });
    expect(good.pass).toBe(true);
    expect(good.data?.json).toEqual({ status: 'up', n: [1, 2] });

    const bad = await run({ url: `${url}/bad` });
    expect(bad.pass).toBe(false);
    expect(bad.error).toMatch(/^response is not valid JSON: /);

    const tested = await run({ url: `${url}/bad`, test: { expr: 'code == 200' } });
    expect(tested.pass).toBe(true);
    expect(tested.data?.json).toEqual({});
  });

  it('sends method, headers and a templated body', async () => {
    let seen = { method: '', header: '', body: '', type: '' };
    const url = await serve(async (req, res) => {
      seen = {
        method: req.method ?? '',
        header: String(req.headers['x-api-key']),
        type: String(req.headers['content-type']),
        body: await readBody(req),
      };
      res.end('ok');
    });
    const r = await run({
      url,
      method: 'post',
      headers: [
        { name: 'X-Api-Key', value: 'k1' },
        { name: 'Content-Type', value: 'application/json' },
      ],
      templateBody: true,
      env: [{ name: 'who', value: 'vigil' }],
      body: '{"name":"{{ .who }}","again":"{{.who}}"}',
    });
    expect(r.pass).toBe(true);
    expect(seen).toEqual({
      method: 'POST',
      header: 'k1',
      type: 'application/json',
      body: '{"name":"vigil","again":"vigil"}',
    });
  });

  it('sends the body as written when templateBody is off', async () => {
    let body = '';
    const url = await serve(async (req, res) => {
      body = await readBody(req);
      res.end();
    });
    await run({ url, method: 'PUT', body: 'x={{ .who }}' });
    expect(body).toBe('x={{ .who }}');
  });

  it('decompresses a gzip response', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Encoding': 'gzip' });
      res.end(zlib.gzipSync('compressed hello'));
    });
    const r = await run({ url, responseContent: 'hello' });
    expect(r.pass).toBe(true);
    expect(r.data?.content).toBe('compressed hello');
  });

  it('keeps at most 1 MiB of the body', async () => {
    const url = await serve((_req, res) => res.end(Buffer.alloc(MAX_CONTENT_BYTES * 2, 'a')));
    const r = await run({ url });
    expect(r.pass).toBe(true);
    expect((r.data?.content as string).length).toBe(MAX_CONTENT_BYTES);
  });

  it('fails with the connection error for a closed port', async () => {
    const server = http.createServer();
    const url = await listen(server, 'http');
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const r = await run({ url });
    expect(r.pass).toBe(false);
    expect(r.invalid).toBeUndefined();
    expect(r.error).toContain('ECONNREFUSED');
    expect(r.error).toContain(`GET ${url}/`);
  });

  it('returns "cancelled" when the run is aborted', async () => {
    const url = await serve(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const r = await run({ url }, { signal: controller.signal });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('cancelled');

    const already = await run({ url }, { signal: AbortSignal.abort() });
    expect(already.error).toBe('cancelled');
  });

  it('reads url, username and password from a connection', async () => {
    let auth = '';
    const url = await serve((req, res) => {
      auth = req.headers.authorization ?? '';
      res.end();
    });
    const r = await run(
      { connection: 'connection://default/web' },
      { connections: { 'connection://default/web': { url, username: 'u', password: 'p' } } },
    );
    expect(r.pass).toBe(true);
    expect(auth).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    const missing = await run({ connection: 'connection://nope' });
    expect(missing.invalid).toBe(true);
  });
});

describe('http runner: invalid specs', () => {
  it.each([
    [{ url: 'http://a', endpoint: 'http://b' }, 'set url or the deprecated endpoint, not both'],
    [{}, 'url is required'],
    [{ url: 'ftp://host/file' }, 'url ftp://host/file must be http:// or https://'],
    [{ url: 'not a url' }, 'url "not a url" is not a valid URL'],
    [
      { url: 'http://a', responseCodes: ['x'] },
      'responseCodes must be a list of HTTP status codes',
    ],
    [{ url: 'http://a', digest: true }, 'digest: true needs username and password'],
    [{ url: 'http://a', tlsConfig: { cert: 'x' } }, 'tlsConfig.cert and tlsConfig.key go together'],
    [
      { url: 'http://a', body: '{{ .nope }}', templateBody: true },
      '{{ .nope }} is not defined in env',
    ],
    [{ url: 'http://a', oauth2: { tokenURL: 'http://t' } }, 'oauth2 is not supported'],
    [{ url: 'http://a', crawl: { depth: 2 } }, 'crawl is not supported'],
  ])('%j is invalid', async (spec, error) => {
    const r = await run(spec as CheckSpec);
    expect(r.invalid).toBe(true);
    expect(r.pass).toBe(false);
    expect(r.duration).toBe(0);
    expect(r.error).toContain(error);
  });

  it('accepts the deprecated endpoint on its own', async () => {
    const url = await serve((_req, res) => res.end());
    expect((await run({ endpoint: url })).pass).toBe(true);
  });
});

describe('http runner: redirects', () => {
  async function redirector(): Promise<{ url: string; methods: string[] }> {
    const methods: string[] = [];
    const url = await serve((req, res) => {
      methods.push(`${req.method} ${req.url}`);
      const hop = /^\/hop\/(\d+)$/.exec(req.url ?? '');
      if (hop) {
        const n = Number(hop[1]);
        res.writeHead(302, { Location: n > 1 ? `/hop/${n - 1}` : '/final' });
        res.end('moving');
      } else if (req.url === '/see-other') {
        res.writeHead(303, { Location: '/final' });
        res.end();
      } else if (req.url === '/keep') {
        res.writeHead(307, { Location: '/final' });
        res.end();
      } else res.end(`arrived by ${req.method}`);
    });
    return { url, methods };
  }

  it('follows redirects to the final response', async () => {
    const { url, methods } = await redirector();
    const r = await run({ url: `${url}/hop/3` });
    expect(r.pass).toBe(true);
    expect(r.data?.content).toBe('arrived by GET');
    expect(methods).toEqual(['GET /hop/3', 'GET /hop/2', 'GET /hop/1', 'GET /final']);
  });

  it('does not follow with maxRedirects 0: the 3xx is the response', async () => {
    const { url } = await redirector();
    const r = await run({ url: `${url}/hop/1`, maxRedirects: 0 });
    expect(r.pass).toBe(false);
    expect(r.data?.code).toBe(302);
    expect(r.error).toBe('expected a 2xx status, got 302');
    expect((await run({ url: `${url}/hop/1`, maxRedirects: 0, responseCodes: [302] })).pass).toBe(
      true,
    );
  });

  it('fails after maxRedirects', async () => {
    const { url } = await redirector();
    const r = await run({ url: `${url}/hop/3`, maxRedirects: 2 });
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/^stopped after 2 redirects \(maxRedirects\)/);
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const { url, methods } = await redirector();
    await run({ url: `${url}/see-other`, method: 'POST', body: 'x' });
    await run({ url: `${url}/keep`, method: 'POST', body: 'x' });
    expect(methods).toEqual(['POST /see-other', 'GET /final', 'POST /keep', 'POST /final']);
  });
});

describe('http runner: authentication', () => {
  it('sends basic auth from username/password and from credentials in the URL', async () => {
    const seen: string[] = [];
    const url = await serve((req, res) => {
      const auth = req.headers.authorization ?? '';
      seen.push(auth);
      res.writeHead(auth === `Basic ${Buffer.from('ann:s3cr:t').toString('base64')}` ? 200 : 401);
      res.end();
    });
    expect((await run({ url, username: 'ann', password: 's3cr:t' })).pass).toBe(true);
    const inUrl = url.replace('http://', 'http://ann:s3cr%3At@');
    expect((await run({ url: inUrl })).pass).toBe(true);
    const wrong = await run({ url, username: 'ann', password: 'nope' });
    expect(wrong.pass).toBe(false);
    expect(wrong.error).toBe('expected a 2xx status, got 401');
    expect(seen).toHaveLength(3);
  });

  /** A Digest server (RFC 7616, qop=auth) checking the response itself. */
  async function digestServer(
    algorithms: string[],
  ): Promise<{ url: string; used: string[]; challenges: number }> {
    const state = { url: '', used: [] as string[], challenges: 0 };
    const realm = 'vigil-test';
    const nonce = crypto.randomBytes(12).toString('hex');
    state.url = await serve((req, res) => {
      const header = req.headers.authorization ?? '';
      if (!header.startsWith('Digest ')) {
        state.challenges++;
        res.writeHead(401, {
          'WWW-Authenticate': algorithms.map(
            (a) =>
              `Digest realm="${realm}", qop="auth", algorithm=${a}, nonce="${nonce}", opaque="op"`,
          ),
        });
        res.end('who are you');
        return;
      }
      const p: Record<string, string> = {};
      for (const m of header.slice(7).matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)) {
        p[m[1] ?? ''] = m[2] ?? m[3] ?? '';
      }
      const hash = p.algorithm === 'SHA-256' ? 'sha256' : 'md5';
      const H = (s: string) => crypto.createHash(hash).update(s).digest('hex');
      const ha1 = H(`alice:${realm}:wonderland`);
      const ha2 = H(`${req.method}:${req.url}`);
      const expected = H(`${ha1}:${nonce}:${p.nc}:${p.cnonce}:auth:${ha2}`);
      const ok =
        p.username === 'alice' &&
        p.uri === req.url &&
        p.qop === 'auth' &&
        p.opaque === 'op' &&
        p.response === expected;
      if (ok) state.used.push(p.algorithm ?? '');
      res.writeHead(ok ? 200 : 401);
      res.end(ok ? 'welcome' : 'bad digest');
    });
    return state;
  }

  it.each(['MD5', 'SHA-256'])('answers a Digest %s challenge', async (algorithm) => {
    const server = await digestServer([algorithm]);
    const spec = { url: `${server.url}/private?x=1`, digest: true, username: 'alice' };
    const r = await run({ ...spec, password: 'wonderland' });
    expect(r.pass).toBe(true);
    expect(r.data?.content).toBe('welcome');
    expect(server.used).toEqual([algorithm]);
    const wrong = await run({ ...spec, password: 'nope' });
    expect(wrong.pass).toBe(false);
    expect(wrong.data?.code).toBe(401);
  });

  it('picks SHA-256 when the server offers MD5 and SHA-256', async () => {
    const server = await digestServer(['MD5', 'SHA-256']);
    const r = await run({
      url: server.url,
      digest: true,
      username: 'alice',
      password: 'wonderland',
    });
    expect(r.pass).toBe(true);
    expect(server.used).toEqual(['SHA-256']);
  });

  /** An NTLM server: challenge and authenticate must come over one connection. */
  async function ntlmServer(opts: { ess: boolean }): Promise<{ url: string; log: string[] }> {
    const log: string[] = [];
    const challenges = new WeakMap<Socket, Buffer>();
    const url = await serve((req, res) => {
      const header = req.headers.authorization ?? '';
      if (!header.startsWith('NTLM ')) {
        log.push('anonymous');
        res.writeHead(401, { 'WWW-Authenticate': 'NTLM' });
        res.end();
        return;
      }
      const msg = Buffer.from(header.slice(5), 'base64');
      const type = msg.readUInt32LE(8);
      if (type === 1) {
        log.push('negotiate');
        const serverChallenge = crypto.randomBytes(8);
        challenges.set(req.socket, serverChallenge);
        const domain = Buffer.from('CORP', 'utf16le');
        const targetInfo = Buffer.concat([
          Buffer.from([2, 0, domain.length, 0]),
          domain,
          Buffer.from([0, 0, 0, 0]),
        ]);
        const head = Buffer.alloc(48);
        head.write('NTLMSSP\0', 0, 'latin1');
        head.writeUInt32LE(2, 8);
        head.writeUInt32LE(48, 16); // empty target name
        const flags =
          Flags.UNICODE |
          Flags.NTLM |
          Flags.TARGET_INFO |
          (opts.ess ? Flags.EXTENDED_SESSIONSECURITY : 0);
        head.writeUInt32LE(flags >>> 0, 20);
        serverChallenge.copy(head, 24);
        head.writeUInt16LE(targetInfo.length, 40);
        head.writeUInt16LE(targetInfo.length, 42);
        head.writeUInt32LE(48, 44);
        res.writeHead(401, {
          'WWW-Authenticate': `NTLM ${Buffer.concat([head, targetInfo]).toString('base64')}`,
        });
        res.end('challenge');
        return;
      }
      const serverChallenge = challenges.get(req.socket);
      if (type !== 3 || !serverChallenge) {
        log.push('authenticate on another connection');
        res.writeHead(401);
        res.end();
        return;
      }
      const field = (at: number) => {
        const len = msg.readUInt16LE(at);
        const off = msg.readUInt32LE(at + 4);
        return msg.subarray(off, off + len);
      };
      const [lm, nt] = [field(12), field(20)];
      const domain = field(28).toString('utf16le');
      const user = field(36).toString('utf16le');
      const creds = { username: user, domain, password: 'Passw0rd' };
      let ok: boolean;
      let kind: string;
      if (nt.length > 24) {
        kind = 'v2';
        const proof = crypto
          .createHmac('md5', ntowfV2(creds))
          .update(Buffer.concat([serverChallenge, nt.subarray(16)]))
          .digest();
        ok = proof.equals(nt.subarray(0, 16));
      } else {
        kind = 'v1';
        const expected = v1Responses(
          creds,
          {
            flags: opts.ess ? Flags.EXTENDED_SESSIONSECURITY : 0,
            serverChallenge,
            targetInfo: Buffer.alloc(0),
          },
          lm.subarray(0, 8),
        );
        ok = expected.nt.equals(nt);
      }
      log.push(`${kind} ${domain}\\${user} ${ok ? 'ok' : 'rejected'}`);
      res.writeHead(ok ? 200 : 401);
      res.end(ok ? 'hello windows' : 'denied');
    });
    return { url, log };
  }

  it('runs an NTLMv2 handshake on one kept-alive connection', async () => {
    const server = await ntlmServer({ ess: true });
    const spec = { url: server.url, ntlmv2: true, username: 'CORP\\bob' };
    const r = await run({ ...spec, password: 'Passw0rd' });
    expect(r.pass).toBe(true);
    expect(r.data?.content).toBe('hello windows');
    expect(server.log).toEqual(['negotiate', 'v2 CORP\\bob ok']);
    const wrong = await run({ ...spec, password: 'nope' });
    expect(wrong.pass).toBe(false);
    expect(server.log.at(-1)).toBe('v2 CORP\\bob rejected');
  });

  it.each([true, false])('runs an NTLMv1 handshake (extended session security %s)', async (ess) => {
    const server = await ntlmServer({ ess });
    const r = await run({
      url: server.url,
      ntlm: true,
      username: 'bob@CORP',
      password: 'Passw0rd',
    });
    expect(r.pass).toBe(true);
    expect(server.log).toEqual(['negotiate', 'v1 CORP\\bob ok']);
  });
});

describe('http runner: https', () => {
  interface Pki {
    ca: string;
    cert: string;
    key: string;
  }

  function rsaKeys(): forge.pki.rsa.KeyPair {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      privateKey: forge.pki.privateKeyFromPem(
        privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      ) as forge.pki.rsa.PrivateKey,
      publicKey: forge.pki.publicKeyFromPem(
        publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      ) as forge.pki.rsa.PublicKey,
    };
  }

  /** A CA and a serving certificate for 127.0.0.1 that is valid for `validMs` more. */
  function makePki(validMs: number): Pki {
    const caKeys = rsaKeys();
    const ca = forge.pki.createCertificate();
    ca.publicKey = caKeys.publicKey;
    ca.serialNumber = '01';
    ca.validity.notBefore = new Date(Date.now() - 60_000);
    ca.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
    ca.setSubject([{ name: 'commonName', value: 'vigil test CA' }]);
    ca.setIssuer(ca.subject.attributes);
    ca.setExtensions([{ name: 'basicConstraints', cA: true, critical: true }]);
    ca.sign(caKeys.privateKey, forge.md.sha256.create());

    const keys = rsaKeys();
    const cert = forge.pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = '02';
    cert.validity.notBefore = new Date(Date.now() - 60_000);
    cert.validity.notAfter = new Date(Date.now() + validMs);
    cert.setSubject([{ name: 'commonName', value: '127.0.0.1' }]);
    cert.setIssuer(ca.subject.attributes);
    cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
    cert.sign(caKeys.privateKey, forge.md.sha256.create());
    return {
      ca: forge.pki.certificateToPem(ca),
      cert: forge.pki.certificateToPem(cert),
      key: forge.pki.privateKeyToPem(keys.privateKey),
    };
  }

  const serveTls = (pki: Pki): Promise<string> =>
    listen(
      https.createServer({ key: pki.key, cert: pki.cert }, (_req, res) => res.end('secure')),
      'https',
    );

  it('trusts a private CA given in tlsConfig.ca and reports sslAge', async () => {
    const pki = makePki(90 * 86_400_000);
    const url = await serveTls(pki);
    const r = await run({ url, tlsConfig: { ca: pki.ca }, maxSSLExpiry: 30 });
    expect(r.error).toBeUndefined();
    expect(r.pass).toBe(true);
    const sslAge = r.data?.sslAge as number;
    expect(sslAge).toBeGreaterThan(89 * 86_400_000);
    expect(sslAge).toBeLessThanOrEqual(90 * 86_400_000);
  });

  it('rejects an untrusted certificate unless insecureSkipVerify', async () => {
    const pki = makePki(90 * 86_400_000);
    const url = await serveTls(pki);
    const r = await run({ url });
    expect(r.pass).toBe(false);
    expect(r.error).toContain('tlsConfig.ca');
    expect((await run({ url, tlsConfig: { insecureSkipVerify: true } })).pass).toBe(true);
  });

  it('fails a certificate expiring within maxSSLExpiry days', async () => {
    const pki = makePki(3 * 86_400_000 + 3_600_000);
    const url = await serveTls(pki);
    const r = await run({ url, tlsConfig: { ca: pki.ca }, maxSSLExpiry: 30 });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('certificate expires in 3 days, under maxSSLExpiry 30');
    expect((await run({ url, tlsConfig: { ca: pki.ca }, maxSSLExpiry: 2 })).pass).toBe(true);
  });
});
