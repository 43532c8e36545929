import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';
import type { Answer } from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dns } from './dns.js';
import { runOne } from './net/testing.js';

/** A UDP DNS stub on 127.0.0.1: answers from `zone`, NXDOMAIN otherwise, silence for `slow.test`. */
const zone: Record<string, Answer[]> = {
  'A web.test': [
    { type: 'A', name: 'web.test', data: '10.0.0.2' },
    { type: 'A', name: 'web.test', data: '10.0.0.1' },
  ],
  'AAAA web.test': [{ type: 'AAAA', name: 'web.test', data: 'fd00::1' }],
  'CNAME www.test': [{ type: 'CNAME', name: 'www.test', data: 'Web.Test' }],
  'MX mail.test': [
    { type: 'MX', name: 'mail.test', data: { preference: 10, exchange: 'mx1.mail.test' } },
    { type: 'MX', name: 'mail.test', data: { preference: 20, exchange: 'mx2.mail.test' } },
  ],
  'NS zone.test': [
    { type: 'NS', name: 'zone.test', data: 'ns1.zone.test' },
    { type: 'NS', name: 'zone.test', data: 'ns2.zone.test' },
  ],
  'PTR 2.0.0.127.in-addr.arpa': [
    { type: 'PTR', name: '2.0.0.127.in-addr.arpa', data: 'host.test' },
  ],
  'SRV _http._tcp.svc.test': [
    {
      type: 'SRV',
      name: '_http._tcp.svc.test',
      data: { priority: 1, weight: 5, port: 8080, target: 'node.svc.test' },
    },
  ],
  'TXT txt.test': [{ type: 'TXT', name: 'txt.test', data: ['v=spf1 ', '-all'] }],
  'A empty.test': [],
};

let socket: dgram.Socket;
let port = 0;
const queries: string[] = [];

beforeAll(async () => {
  socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    const query = dnsPacket.decode(msg);
    const q = query.questions?.[0];
    if (!q) return;
    queries.push(`${q.type} ${q.name}`);
    if (q.name === 'slow.test') return;
    const answers = zone[`${q.type} ${q.name}`];
    const known = Object.keys(zone).some((k) => k.endsWith(` ${q.name}`));
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : 3), // 3 = NXDOMAIN
      questions: [q],
      answers: answers ?? [],
    });
    socket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  port = (socket.address() as AddressInfo).port;
});

afterAll(() => socket.close());

const run = (spec: Record<string, unknown>, signal?: AbortSignal) =>
  runOne(dns, 'dns', { name: 'dns', server: '127.0.0.1', port, ...spec }, signal ? { signal } : {});

describe('dns runner against a stub server', () => {
  it('answers A and compares exactreply sorted and case-insensitively', async () => {
    const r = await run({ query: 'web.test', exactreply: ['10.0.0.1', '10.0.0.2'], minrecords: 2 });
    expect(r.pass).toBe(true);
    expect(r.duration).toBeGreaterThanOrEqual(1);
    expect(r.message).toBe('A web.test: 10.0.0.2, 10.0.0.1');
    expect(queries).toContain('A web.test');
  });

  it('fails when the answers differ from exactreply', async () => {
    const r = await run({ query: 'web.test', querytype: 'A', exactreply: ['10.0.0.1'] });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('got [10.0.0.1, 10.0.0.2], expected exactly [10.0.0.1]');
  });

  it('fails with fewer answers than minrecords', async () => {
    const r = await run({ query: 'web.test', minrecords: 3 });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('got 2 records, expected at least 3');
  });

  it.each([
    ['AAAA', 'web.test', ['fd00::1']],
    ['CNAME', 'www.test', ['web.test.']],
    ['MX', 'mail.test', ['mx2.mail.test. 20', 'MX1.mail.test. 10']],
    ['NS', 'zone.test', ['ns2.zone.test.', 'ns1.zone.test.']],
    ['PTR', '127.0.0.2', ['host.test.']],
    ['PTR', '2.0.0.127.in-addr.arpa', ['host.test.']],
    ['TXT', 'txt.test', ['v=spf1 -all']],
  ])('answers %s %s', async (querytype, query, exactreply) => {
    const r = await run({ query, querytype: querytype.toLowerCase(), exactreply, minrecords: 1 });
    expect(r.error).toBeUndefined();
    expect(r.pass).toBe(true);
    const wrong = await run({ query, querytype, exactreply: ['something.else.'] });
    expect(wrong.pass).toBe(false);
  });

  it('reports SRV answers and never fails them on content', async () => {
    const r = await run({
      query: '_http._tcp.svc.test',
      querytype: 'SRV',
      exactreply: ['nothing like it'],
      minrecords: 5,
    });
    expect(r.pass).toBe(true);
    expect(r.message).toBe('SRV _http._tcp.svc.test: node.svc.test. 8080 1 5');
  });

  it('fails NXDOMAIN and empty answers', async () => {
    const nx = await run({ query: 'missing.test' });
    expect(nx.pass).toBe(false);
    expect(nx.error).toBe(`A missing.test @127.0.0.1:${port}: no such host (NXDOMAIN)`);
    const empty = await run({ query: 'empty.test' });
    expect(empty.pass).toBe(false);
    expect(empty.error).toBe(`A empty.test @127.0.0.1:${port}: no A records`);
  });

  it('times out after `timeout` seconds', async () => {
    const started = Date.now();
    const r = await run({ query: 'slow.test', timeout: 1 });
    expect(r.pass).toBe(false);
    expect(r.error).toBe('timed out after 1 seconds');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('returns "cancelled" when aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const r = await run({ query: 'slow.test', timeout: 5 }, controller.signal);
    expect(r.error).toBe('cancelled');
  });

  it('uses the system resolver when no server is set', async () => {
    const r = await runOne(dns, 'dns', {
      name: 'local',
      query: 'localhost',
      exactreply: ['127.0.0.1'],
    });
    expect(r.error).toBeUndefined();
    expect(r.pass).toBe(true);
  });

  it.each([
    [{}, 'query is required'],
    [{ query: 'x', querytype: 'SOA' }, 'querytype SOA is not supported'],
    [{ query: 'x', exactreply: 'a' }, 'exactreply must be a list of strings'],
    [{ query: 'x', timeout: -1 }, 'timeout must be a number ≥ 0'],
  ])('%j is invalid', async (spec, error) => {
    const r = await runOne(dns, 'dns', { name: 'bad', ...spec });
    expect(r.invalid).toBe(true);
    expect(r.error).toContain(error);
  });
});
