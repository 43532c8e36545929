import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request, signInPath } from './fetcher';

function mockFetch(status: number, body: unknown) {
  const fn = vi
    .fn()
    .mockResolvedValue(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
    );
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request', () => {
  it('returns parsed JSON and sends JSON bodies', async () => {
    const fetch = mockFetch(200, { ok: 1 });
    await expect(request('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("raises the server's message", async () => {
    mockFetch(403, { error: 'forbidden', message: 'permission denied: write on canaries' });
    await expect(request('/api/x')).rejects.toMatchObject({
      status: 403,
      message: 'permission denied: write on canaries',
    });
  });

  it('falls back to a generic message', async () => {
    mockFetch(500, '');
    await expect(request('/api/x')).rejects.toThrow('An error occurred');
  });

  it('reports network failures in words a person understands', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(request('/api/x')).rejects.toEqual(
      new ApiError(0, 'Network Error. Please try again.'),
    );
  });

  it('sends a lost session to sign-in with return_to', async () => {
    mockFetch(401, { message: 'Sign in' });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/health',
      search: '?a=1',
      hash: '',
      assign,
    } as Location);
    await expect(request('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/login?return_to=%2Fhealth%3Fa%3D1');
  });

  it('encodes return_to', () => {
    expect(signInPath('/a?b=c&d')).toBe('/login?return_to=%2Fa%3Fb%3Dc%26d');
  });
});
