import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LokiError, LokiSource, logQuery, type LokiResume } from './loki.js';
import { startFakeLoki, type FakeLoki, type LokiEntry } from './lokiServer.testing.js';
import type { LineFilter, SourceLine } from './source.js';

let loki: FakeLoki;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const ns = (ms: number, extra = 0) => BigInt(ms) * 1_000_000n + BigInt(extra);

beforeAll(async () => {
  const entries: LokiEntry[] = [];
  for (let i = 0; i < 1200; i++) {
    entries.push({
      ns: ns(T0 + Math.floor(i / 3) * 1000), // three lines per second: equal timestamps
      line: i % 2 ? `{"level":"error","msg":"failed ${i}"}` : `GET /health ${i}`,
      stream: { app: i % 5 === 0 ? 'db' : 'web', namespace: 'shop' },
    });
  }
  loki = await startFakeLoki(entries);
});
afterAll(async () => loki?.close());

const FILTER: LineFilter = { query: '', start: T0, end: T0 + 3_600_000, labels: {} };

async function read(
  opts: {
    filter?: Partial<LineFilter>;
    stream?: Record<string, string>;
    limit?: number;
    resume?: LokiResume;
    url?: string;
    selector?: string;
  } = {},
) {
  const src = new LokiSource(
    'l:1',
    {
      url: opts.url ?? loki.url,
      selector: opts.selector ?? '{namespace="shop"}',
      username: 'u',
      password: 'p',
      tenant: 't1',
    },
    { backend: 'loki' },
    { ...FILTER, ...opts.filter },
    opts.stream ?? {},
    opts.resume,
  );
  const lines: SourceLine[] = [];
  while (lines.length < (opts.limit ?? Infinity)) {
    const line = await src.next();
    if (!line) break;
    lines.push(line);
  }
  return lines;
}

describe('logQuery', () => {
  it('adds the wanted labels to the selector and the query as a line filter', () => {
    expect(logQuery('{namespace="shop"}', { app: 'web' }, 'boom')).toBe(
      '{namespace="shop", app="web"} |= `boom`',
    );
    expect(logQuery(undefined, { app: 'a"b' }, 'x`y')).toBe('{app="a\\"b"} |= "x`y"');
    expect(() => logQuery(undefined, {}, '')).toThrow(LokiError);
    expect(() => logQuery(undefined, { 'not-a-label': 'x' }, '')).toThrow(/not a Loki label/);
  });
});

describe('LokiSource', () => {
  it('reads newest first across batches, with the stream and parsed labels', async () => {
    const lines = await read();
    expect(lines).toHaveLength(1200);
    expect(lines[0]).toMatchObject({
      ts: T0 + 399_000,
      labels: { app: 'web', namespace: 'shop', backend: 'loki' },
    });
    const json = lines.find((l) => l.message.startsWith('failed'));
    expect(json?.labels.level).toBe('error');
    for (let i = 1; i < lines.length; i++)
      expect((lines[i] as SourceLine).ts).toBeLessThanOrEqual((lines[i - 1] as SourceLine).ts);
    expect(new Set(lines.map((l) => l.message)).size).toBe(1200);
    // Basic auth, the tenant, backward, nanosecond bounds.
    const last = loki.requests[loki.requests.length - 1] as URLSearchParams;
    expect(last.get('direction')).toBe('backward');
    expect(loki.headers[0]?.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    expect(loki.headers[0]?.['x-scope-orgid']).toBe('t1');
  });

  it('pages through lines that share a timestamp without losing or repeating any', async () => {
    const all = (await read({ filter: { query: 'GET' } })).map((l) => l.message);
    const paged: string[] = [];
    let resume: LokiResume | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const page = await read({ filter: { query: 'GET' }, limit: 7, resume });
      paged.push(...page.map((l) => l.message));
      if (page.length < 7) break;
      resume = (page[page.length - 1] as SourceLine).after as LokiResume;
    }
    expect(paged).toEqual(all);
    expect(all).toHaveLength(600);
  });

  it('sends the wanted labels as stream matchers and keeps to the range', async () => {
    const lines = await read({
      stream: { app: 'db' },
      filter: { start: T0 + 100_000, end: T0 + 200_000 },
    });
    expect(lines.every((l) => l.labels.app === 'db')).toBe(true);
    expect(lines.every((l) => l.ts >= T0 + 100_000 && l.ts <= T0 + 200_000)).toBe(true);
    expect(lines.length).toBeGreaterThan(0);
  });

  it('says why a server cannot be read', async () => {
    await expect(read({ url: 'http://127.0.0.1:9' })).rejects.toThrow(/cannot reach/);
    await expect(read({ url: `${loki.url}/nope` })).rejects.toThrow(/answered 404/);
    await expect(read({ selector: '{namespace=~"x"}' })).rejects.toThrow(/answered 400/);
  });
});
