import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { icmp, icmpRunner, parsePingOutput } from './icmp.js';
import { runOne } from './net/testing.js';

const SUMMARY = (loss: number, avg: string) => `PING 10.1.1.1 (10.1.1.1) 56(84) bytes of data.
64 bytes from 10.1.1.1: icmp_seq=1 ttl=64 time=${avg} ms

--- 10.1.1.1 ping statistics ---
5 packets transmitted, ${5 - (5 * loss) / 100} received, ${loss}% packet loss, time 803ms
rtt min/avg/max/mdev = 1.002/${avg}/20.101/3.210 ms
`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-icmp-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stand-in ping printing `output` (and recording its arguments), or sleeping. */
function fakePing(name: string, output: string, sleep = 0): string {
  const file = path.join(dir, name);
  const out = path.join(dir, `${name}.out`);
  fs.writeFileSync(out, output);
  fs.writeFileSync(
    file,
    `#!/bin/sh\nprintf "%s\\n" "$*" > "${file}.args"\n${sleep ? `exec sleep ${sleep}\n` : ''}cat "${out}"\n`,
    { mode: 0o755 },
  );
  return file;
}

const run = (spec: Record<string, unknown>, runner = icmp, signal?: AbortSignal) =>
  runOne(runner, 'icmp', { name: 'ping', ...spec }, signal ? { signal } : {});

describe('icmp runner', () => {
  it('pings 127.0.0.1 with the system ping', async () => {
    const r = await run({ endpoint: '127.0.0.1', thresholdMillis: 1000, packetCount: 3 });
    expect(r.error).toBeUndefined();
    expect(r.pass).toBe(true);
    expect(r.duration).toBeGreaterThanOrEqual(1);
    expect(r.message).toMatch(/^3\/3 replies from 127\.0\.0\.1, avg RTT [\d.]+ms, 0% packet loss$/);
  });

  it('resolves a host name to its A record', async () => {
    const r = await run({ endpoint: 'localhost', thresholdMillis: 1000, packetCount: 1 });
    expect(r.pass).toBe(true);
    expect(r.message).toContain('from 127.0.0.1');
  });

  it('fails on avg RTT above thresholdMillis and on packet loss above the threshold', async () => {
    const ping = fakePing('lossy', SUMMARY(40, '12.500'));
    const r = await run(
      { endpoint: '10.1.1.1', thresholdMillis: 10, packetLossThreshold: 20 },
      icmpRunner({ ping }),
    );
    expect(r.pass).toBe(false);
    expect(r.duration).toBe(13);
    expect(r.error).toBe(
      'avg RTT 12.5ms is above thresholdMillis 10; packet loss 40% is above packetLossThreshold 20%',
    );
    expect(fs.readFileSync(`${ping}.args`, 'utf8').trim()).toBe(
      '-n -c 5 -i 0.2 -W 2 -w 10 10.1.1.1',
    );
    const ok = await run(
      { endpoint: '10.1.1.1', thresholdMillis: 13, packetLossThreshold: 40 },
      icmpRunner({ ping }),
    );
    expect(ok.pass).toBe(true);
  });

  it('keeps the upstream quirk: thresholdMillis 0 fails once the RTT reaches 1 ms', async () => {
    const slow = await run(
      { endpoint: '10.1.1.1' },
      icmpRunner({ ping: fakePing('slow', SUMMARY(0, '1.200')) }),
    );
    expect(slow.pass).toBe(false);
    expect(slow.error).toContain('thresholdMillis unset (0 fails at 1ms or more');
    const fast = await run(
      { endpoint: '10.1.1.1' },
      icmpRunner({ ping: fakePing('fast', SUMMARY(0, '0.900')) }),
    );
    expect(fast.pass).toBe(true);
  });

  it('fails with a clear error when there is no ping binary', async () => {
    const r = await run({ endpoint: '127.0.0.1' }, icmpRunner({ ping: path.join(dir, 'missing') }));
    expect(r.pass).toBe(false);
    expect(r.invalid).toBeUndefined();
    expect(r.error).toBe(
      `the ping binary ${path.join(dir, 'missing')} does not exist; install iputils-ping`,
    );
  });

  it('fails when ping reports an error', async () => {
    const ping = fakePing('broken', '');
    const r = await run({ endpoint: '127.0.0.1' }, icmpRunner({ ping }));
    expect(r.pass).toBe(false);
    expect(r.error).toBe('ping 127.0.0.1 failed: exit code 0');
  });

  it('fails for a host that does not resolve', async () => {
    const r = await run({ endpoint: 'no-such-host.invalid', thresholdMillis: 100 });
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/^cannot resolve no-such-host\.invalid: /);
  });

  it('returns "cancelled" when aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const ping = fakePing('sleepy', SUMMARY(0, '1.0'), 5);
    const r = await run({ endpoint: '127.0.0.1' }, icmpRunner({ ping }), controller.signal);
    expect(r.error).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.each([
    [{}, 'endpoint (a host name or address) is required'],
    [{ endpoint: '-f' }, 'is not a host name or address'],
    [{ endpoint: 'h', packetCount: 'many' }, 'packetCount must be a number'],
  ])('%j is invalid', async (spec, error) => {
    const r = await run(spec);
    expect(r.invalid).toBe(true);
    expect(r.error).toContain(error);
  });

  it('parses iputils output, with and without replies', () => {
    expect(parsePingOutput(SUMMARY(0, '0.051'))).toEqual({
      transmitted: 5,
      received: 5,
      lossPercent: 0,
      avgRtt: 0.051,
    });
    expect(
      parsePingOutput('3 packets transmitted, 0 received, 100% packet loss, time 2040ms\n'),
    ).toEqual({ transmitted: 3, received: 0, lossPercent: 100, avgRtt: undefined });
    expect(parsePingOutput('ping: unknown host')).toBeUndefined();
  });
});
