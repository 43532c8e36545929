/**
 * The console's one fetcher. Every call goes through here so errors look the same everywhere
 * and a lost session sends the user to sign in, coming back to where they were.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export function signInPath(returnTo: string): string {
  return `/login?return_to=${encodeURIComponent(returnTo)}`;
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

const NETWORK_ERROR = 'Network Error. Please try again.';
const OFFLINE_ERROR = 'No internet connection. Please try again.';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave a 401 to the caller (the sign-in page itself) instead of redirecting. */
  noAuthRedirect?: boolean;
  signal?: AbortSignal;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, navigator.onLine === false ? OFFLINE_ERROR : NETWORK_ERROR);
  }
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    if (
      response.status === 401 &&
      !options.noAuthRedirect &&
      window.location.pathname !== '/login'
    ) {
      window.location.assign(signInPath(currentPath()));
    }
    const message =
      (body as { message?: string } | undefined)?.message ??
      (typeof body === 'string' && body ? body : 'An error occurred');
    throw new ApiError(response.status, message, body);
  }
  return body as T;
}

/** SWR's fetcher: the key is the path. */
export const swrFetcher = <T>(path: string): Promise<T> => request<T>(path);
