import dgram from 'node:dgram';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import dnsPacket from 'dns-packet';
import { generateTls } from '../../operator/src/tls/selfSigned.js';
import { freePort, startMariaDb, startRedis, type TestService } from './services.js';

/**
 * Everything the acceptance canaries probe, on loopback only: HTTP and HTTPS (a private CA),
 * a TCP listener and a closed port, a UDP DNS stub, fake Prometheus and Alertmanager APIs,
 * MariaDB and Redis from Debian's packages, and folders of files and JUnit reports.
 * `vars` fills the `${NAME}` placeholders of test/fixtures/canaries/*.yaml.
 */
export interface HealthTargets {
  vars: Record<string, string>;
  stop(): Promise<void>;
}

function httpHandler(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  switch (url.pathname) {
    case '/ok':
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('all ok');
      return;
    case '/json':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', items: [1, 2, 3] }));
      return;
    case '/broken':
      res.writeHead(503).end('maintenance');
      return;
    case '/slow':
      setTimeout(() => res.writeHead(200).end('late'), 400);
      return;
    case '/private': {
      const expected = `Basic ${Buffer.from('ops:s3cret').toString('base64')}`;
      if (req.headers.authorization === expected) res.writeHead(200).end('welcome');
      else res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="x"' }).end();
      return;
    }
    case '/api/v1/query': {
      // Prometheus: `up` has one sample, anything else is an empty vector.
      const query = url.searchParams.get('query');
      const result =
        query === 'up'
          ? [{ metric: { __name__: 'up', job: 'node' }, value: [Date.now() / 1000, '1'] }]
          : [];
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: 'success', data: { resultType: 'vector', result } }));
      return;
    }
    case '/api/v2/alerts':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify([
          {
            labels: { alertname: 'DiskFull', severity: 'critical' },
            annotations: { summary: 'disk is full' },
            fingerprint: 'abc',
          },
        ]),
      );
      return;
    default:
      res.writeHead(404).end('not found');
  }
}

const listen = (server: net.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );

function startDnsStub(): Promise<{ port: number; socket: dgram.Socket }> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    const query = dnsPacket.decode(msg);
    const q = query.questions?.[0];
    const answers: dnsPacket.Answer[] = [];
    if (q?.name === 'app.vigil.test' && q.type === 'A') {
      answers.push({ type: 'A', name: q.name, ttl: 60, data: '10.1.2.3' });
      answers.push({ type: 'A', name: q.name, ttl: 60, data: '10.1.2.4' });
    }
    if (q?.name === 'vigil.test' && q.type === 'TXT') {
      answers.push({ type: 'TXT', name: q.name, ttl: 60, data: 'v=spf1 -all' });
    }
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE,
      questions: query.questions,
      answers,
    });
    socket.send(reply, rinfo.port, rinfo.address);
  });
  return new Promise((resolve) =>
    socket.bind(0, '127.0.0.1', () => resolve({ port: socket.address().port, socket })),
  );
}

function junitReport(failed: boolean): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="smoke" tests="2" failures="${failed ? 1 : 0}" time="1.5">
    <testcase name="login" classname="smoke" time="0.5"/>
    <testcase name="checkout" classname="smoke" time="1.0">${
      failed ? '<failure message="expected 200, got 500">trace</failure>' : ''
    }</testcase>
  </testsuite>
</testsuites>
`;
}

export async function startHealthTargets(postgresUrl: string): Promise<HealthTargets> {
  const stops: (() => Promise<void> | void)[] = [];
  const tls = generateTls(['127.0.0.1', 'localhost']);
  const plain = http.createServer(httpHandler);
  const secure = https.createServer({ cert: tls.cert, key: tls.key }, httpHandler);
  const httpPort = await listen(plain);
  const httpsPort = await listen(secure);
  const tcp = net.createServer((s) => s.end());
  const tcpPort = await listen(tcp);
  const closedPort = await freePort();
  const dns = await startDnsStub();
  for (const s of [plain, secure, tcp]) {
    stops.push(
      () =>
        new Promise<void>((r) => {
          (s as http.Server).closeAllConnections?.();
          s.close(() => r());
        }),
    );
  }
  stops.push(() => {
    dns.socket.close();
  });

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-health-targets-'));
  stops.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const folder = path.join(root, 'backups');
  fs.mkdirSync(folder);
  for (const [name, ageHours] of [
    ['db-1.tar.gz', 2],
    ['db-2.tar.gz', 26],
    ['db-3.tar.gz', 50],
  ] as const) {
    const file = path.join(folder, name);
    fs.writeFileSync(file, 'x'.repeat(2048));
    const t = new Date(Date.now() - ageHours * 3_600_000);
    fs.utimesSync(file, t, t);
  }
  const junitPass = path.join(root, 'junit-pass');
  const junitFail = path.join(root, 'junit-fail');
  fs.mkdirSync(junitPass);
  fs.mkdirSync(junitFail);
  fs.writeFileSync(path.join(junitPass, 'report.xml'), junitReport(false));
  fs.writeFileSync(path.join(junitFail, 'report.xml'), junitReport(true));

  const services: TestService[] = [];
  const mariadb = await startMariaDb();
  services.push(mariadb);
  const redis = await startRedis();
  services.push(redis);
  stops.push(async () => {
    await Promise.all(services.map((s) => s.stop()));
  });

  const base = `http://127.0.0.1:${httpPort}`;
  return {
    vars: {
      HTTP_URL: base,
      HTTPS_URL: `https://127.0.0.1:${httpsPort}`,
      // JSON strings are valid YAML double-quoted scalars: multi-line PEM fits on one line.
      CA_PEM_JSON: JSON.stringify(tls.ca),
      TCP_ENDPOINT: `127.0.0.1:${tcpPort}`,
      CLOSED_ENDPOINT: `127.0.0.1:${closedPort}`,
      DNS_PORT: String(dns.port),
      PROMETHEUS_URL: base,
      ALERTMANAGER_URL: base,
      POSTGRES_URL: postgresUrl,
      MYSQL_URL: mariadb.url,
      REDIS_ADDR: `127.0.0.1:${redis.port}`,
      FOLDER: folder,
      MISSING_FOLDER: path.join(root, 'missing'),
      JUNIT_PASS: junitPass,
      JUNIT_FAIL: junitFail,
    },
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}

/** Replaces `${NAME}` in a fixture; an unknown name is an error, never left in place. */
export function fillFixture(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`fixture uses \${${name}}, which no target provides`);
    return value;
  });
}
