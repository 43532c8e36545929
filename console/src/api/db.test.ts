import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from './db';

afterEach(() => vi.unstubAllGlobals());

describe('db query builder', () => {
  it('encodes hostile filter values instead of splicing them', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(
        new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    vi.stubGlobal('fetch', fetch);
    await db
      .from('incidents')
      .select('id,title')
      .eq('title', 'a,b)&status=eq.closed')
      .in('id', ['x', 'y,z']);
    const url = new URL(fetch.mock.calls[0]?.[0] as string, 'http://localhost');
    expect(url.pathname).toBe('/api/db/incidents');
    expect(url.searchParams.get('title')).toBe('eq.a,b)&status=eq.closed');
    expect(url.searchParams.get('status')).toBeNull();
    expect(url.searchParams.get('id')).toBe('in.(x,"y,z")');
    expect((fetch.mock.calls[0]?.[1] as RequestInit).credentials).toBe('same-origin');
  });
});
