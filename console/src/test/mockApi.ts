import { vi } from 'vitest';
import type { Grant, Whoami } from '../api/session';

export interface MockRequest {
  method: string;
  url: URL;
  /** Parsed JSON body, if any. */
  body: unknown;
  headers: Headers;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type MockHandler =
  MockResponse | ((req: MockRequest) => MockResponse | Promise<MockResponse>);

/** Routes keyed 'METHOD /path' (path without query); unknown calls answer 404. */
export type MockRoutes = Record<string, MockHandler>;

function toHeaders(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers as HeadersInit | undefined);
}

function parse(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string' || !body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Stubs the global fetch — the boundary both request() and the db query builder go through —
 * and records every call. Handlers may be replaced later with `api.on(key, handler)`.
 */
export function mockApi(routes: MockRoutes = {}) {
  const table: MockRoutes = { ...routes };
  const calls: MockRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      window.location.origin,
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const req: MockRequest = { method, url, body: parse(init?.body), headers: toHeaders(init) };
    calls.push(req);
    const handler = table[`${method} ${url.pathname}`];
    const answer: MockResponse = !handler
      ? {
          status: 404,
          body: { error: 'not_found', message: `not mocked: ${method} ${url.pathname}` },
        }
      : typeof handler === 'function'
        ? await handler(req)
        : handler;
    const status = answer.status ?? 200;
    const text =
      answer.body === undefined || status === 204
        ? null
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    return new Response(text, {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    calls,
    on(key: string, handler: MockHandler) {
      table[key] = handler;
    },
    /** Calls to one 'METHOD /path'. */
    callsTo(key: string): MockRequest[] {
      return calls.filter((c) => `${c.method} ${c.url.pathname}` === key);
    },
  };
}

export function whoami(permissions: Grant[] = [], roles: string[] = ['admin']): Whoami {
  return {
    user: { id: 'me-1', name: 'Ada Admin', email: 'ada@example.com', avatar: null },
    roles,
    permissions,
    hostname: 'vigil.test',
  };
}

/** What SessionProvider loads before any signed-in page renders. */
export function sessionRoutes(permissions: Grant[] = [], roles?: string[]): MockRoutes {
  return {
    'GET /api/auth/whoami': { body: { message: 'success', payload: whoami(permissions, roles) } },
    'GET /api/properties': { body: [] },
  };
}

/** Replaces window.location.assign (full page loads) with a spy. */
export function spyOnAssign() {
  const assign = vi.fn();
  const real = window.location;
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...real,
    origin: real.origin,
    pathname: real.pathname,
    search: real.search,
    hash: real.hash,
    assign,
  } as Location);
  return assign;
}
