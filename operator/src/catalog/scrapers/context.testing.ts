import type { Pool } from '../../db/pool.js';
import type { ConnectionFields } from '../../health/types.js';
import { silentLog } from '../../testing/testDatabase.js';
import type { ScrapeContext } from '../types.js';

/** A ScrapeContext for scraper tests: connections from a map, no database unless given. */
export function scrapeContext(
  opts: {
    signal?: AbortSignal;
    pool?: Pool;
    connections?: Record<string, ConnectionFields>;
  } & Pick<Partial<ScrapeContext>, 'sandbox'> = {},
): ScrapeContext {
  return {
    scraper: { id: '00000000-0000-0000-0000-0000000000a1', name: 'scraper', namespace: 'default' },
    signal: opts.signal ?? new AbortController().signal,
    pool: opts.pool ?? ({} as Pool),
    log: silentLog,
    connection: (ref) => Promise.resolve(opts.connections?.[ref]),
    ...(opts.sandbox ? { sandbox: opts.sandbox } : {}),
  };
}
