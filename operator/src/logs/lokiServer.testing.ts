import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server speaking Loki's query_range (GET /loki/api/v1/query_range) over lines held
 * in memory, as Loki answers it: start inclusive, end exclusive (ns), direction backward, at
 * most `limit` lines, grouped by stream. The selector's equality matchers and one `|=` line
 * filter are understood. Every request is recorded.
 */
export interface LokiEntry {
  ns: bigint;
  line: string;
  stream: Record<string, string>;
}

export interface FakeLoki {
  url: string;
  entries: LokiEntry[];
  requests: URLSearchParams[];
  headers: http.IncomingHttpHeaders[];
  close(): Promise<void>;
}

function parseQuery(q: string): { matchers: [string, string][]; contains?: string } {
  const m = /^\{([^}]*)\}\s*(?:\|=\s*(`[^`]*`|"(?:[^"\\]|\\.)*"))?\s*$/.exec(q);
  if (!m) throw new Error(`unsupported query ${q}`);
  const matchers: [string, string][] = [];
  for (const part of (m[1] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = /^([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"$/.exec(part);
    if (!eq) throw new Error(`unsupported matcher ${part}`);
    matchers.push([eq[1] as string, JSON.parse(`"${eq[2]}"`) as string]);
  }
  const raw = m[2];
  const contains =
    raw === undefined
      ? undefined
      : raw.startsWith('`')
        ? raw.slice(1, -1)
        : (JSON.parse(raw) as string);
  return { matchers, contains };
}

export async function startFakeLoki(entries: LokiEntry[] = []): Promise<FakeLoki> {
  const requests: URLSearchParams[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/loki/api/v1/query_range') {
      res.writeHead(404).end('not found');
      return;
    }
    requests.push(url.searchParams);
    headers.push(req.headers);
    let parsed;
    try {
      parsed = parseQuery(url.searchParams.get('query') ?? '');
    } catch (error) {
      res.writeHead(400).end((error as Error).message);
      return;
    }
    const start = BigInt(url.searchParams.get('start') ?? '0');
    const end = BigInt(url.searchParams.get('end') ?? String(BigInt(Date.now()) * 1_000_000n));
    const limit = Number(url.searchParams.get('limit') ?? '100');
    const hits = fake.entries
      .filter(
        (e) =>
          e.ns >= start &&
          e.ns < end &&
          parsed.matchers.every(([k, v]) => e.stream[k] === v) &&
          (parsed.contains === undefined || e.line.includes(parsed.contains)),
      )
      .sort((a, b) => (a.ns === b.ns ? 0 : a.ns > b.ns ? -1 : 1))
      .slice(0, limit);
    const streams = new Map<
      string,
      { stream: Record<string, string>; values: [string, string][] }
    >();
    for (const e of hits) {
      const key = JSON.stringify(Object.entries(e.stream).sort());
      const s = streams.get(key) ?? { stream: e.stream, values: [] };
      s.values.push([e.ns.toString(), e.line]);
      streams.set(key, s);
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        status: 'success',
        data: { resultType: 'streams', result: [...streams.values()], stats: {} },
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const fake: FakeLoki = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    entries,
    requests,
    headers,
    close: () => new Promise((r) => server.close(() => r())),
  };
  return fake;
}
