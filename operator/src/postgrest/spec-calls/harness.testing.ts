import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PostgrestClient } from '@supabase/postgrest-js';
import { createPerson, ensureToken } from '../../auth/identity.js';
import { createApp } from '../../http/app.js';
import { silentLog, startTestDatabase, type TestDatabase } from '../../testing/testDatabase.js';
import { seedSpecData } from './seed.testing.js';

// Response bodies are checked by value; their static type does not matter here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

const ADMIN_TOKEN = 'vgl_spec_calls_admin_token_00000';

export interface SpecServer {
  db: TestDatabase;
  adminId: string;
  /** `http://127.0.0.1:<port>/api/db` */
  base: string;
  /** A real PostgREST client, authenticated as an admin. */
  client: PostgrestClient;
  /**
   * A request the way the console's axios client sends it: Accept and Content-Type JSON and
   * `Prefer: return=representation` on every call (datamodel.md §0), unless `prefer` replaces it
   * (the console's count requests do). For what postgrest-js cannot express or hides: repeated
   * params, empty params, exact query strings and response headers.
   */
  raw(path: string, init?: RawInit): Promise<Response>;
  close(): Promise<void>;
}

export interface RawInit {
  method?: string;
  body?: unknown;
  prefer?: string;
}

/** Real embedded Postgres with every migration, the seed, an admin token and the whole app. */
export async function startSpecServer(): Promise<SpecServer> {
  const db = await startTestDatabase();
  const admin = await createPerson(db.pool, {
    name: 'Admin',
    email: 'admin@example.com',
    password: 'password-123',
    roles: ['admin'],
  });
  await ensureToken(db.pool, admin.id, 'spec-calls', ADMIN_TOKEN);
  await seedSpecData(db.pool);
  const app = createApp({
    pool: db.pool,
    log: silentLog,
    config: { consoleDir: '/nonexistent', publicUrl: undefined },
  });
  const server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/db`;
  const authorization = `Bearer ${ADMIN_TOKEN}`;
  return {
    db,
    adminId: admin.id,
    base,
    client: new PostgrestClient(base, { headers: { Authorization: authorization } }),
    raw: (path, init = {}) =>
      fetch(`${base}/${path}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Prefer: init.prefer ?? 'return=representation',
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    async close() {
      await new Promise((r) => server.close(r));
      await db.close();
    },
  };
}

/**
 * Adds query parameters postgrest-js has no builder method for: Mission Control's
 * `<col>.filter=<list>` extension (its value is not `operator.value`). postgrest-js reads its
 * URL only when the request is sent, so appending to it here is what the request carries.
 */
export function withParams<T>(builder: T, params: Record<string, string>): T {
  const url = (builder as unknown as { url: URL }).url;
  for (const [key, value] of Object.entries(params)) url.searchParams.append(key, value);
  return builder;
}

/** The total after the `/` of a Content-Range header, as the console reads it. */
export function totalOf(res: Response): number | undefined {
  const total = res.headers.get('content-range')?.split('/')[1];
  return total === undefined || total === '*' ? undefined : Number(total);
}

export const AV = 'id,name,avatar';
