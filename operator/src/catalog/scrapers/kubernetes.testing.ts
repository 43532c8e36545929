import net from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { pino } from 'pino';
import type { Pool } from '../../db/pool.js';
import type { ConnectionFields } from '../../health/types.js';
import type { ScrapeContext, ScrapedItem, ScraperOutput } from '../types.js';

/** A ScrapeContext for the kubernetes scraper's tests: no database, connections from a map. */
export function scrapeContext(
  opts: {
    kubeconfig?: KubeConfig;
    signal?: AbortSignal;
    connections?: Record<string, ConnectionFields>;
  } = {},
): ScrapeContext {
  return {
    scraper: { id: 'scraper-1', name: 'cluster', namespace: 'default' },
    signal: opts.signal ?? new AbortController().signal,
    pool: {} as Pool,
    log: pino({ level: 'silent' }),
    connection: (ref) => Promise.resolve(opts.connections?.[ref]),
    kubeconfig: opts.kubeconfig,
  };
}

export function kubeConfigFrom(yaml: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromString(yaml);
  return kc;
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

export const itemNamed = (out: Pick<ScraperOutput, 'items'>, type: string, name: string) =>
  out.items?.find((i: ScrapedItem) => i.type === type && i.name === name);
