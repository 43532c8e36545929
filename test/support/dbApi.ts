import { expect } from 'vitest';
import { ADMIN_TOKEN } from './server.js';

/**
 * The admin's view of /api/db for tests that seed rows and check what the console stored:
 * `get` reads a PostgREST path, `post` inserts rows and answers them.
 */
export function dbApi(baseUrl: () => string) {
  const call = async <T>(path: string, init: RequestInit, status: number): Promise<T> => {
    const res = await fetch(`${baseUrl()}/api/db/${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${ADMIN_TOKEN}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
    });
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as T;
  };
  return {
    get: <T>(path: string) => call<T>(path, {}, 200),
    post: <T = { id: string }[]>(table: string, row: Record<string, unknown>) =>
      call<T>(table, { method: 'POST', body: JSON.stringify(row) }, 201),
  };
}

/** Calls `fn` until `ok` holds or `ms` pass; answers the last value either way. */
export async function poll<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}
