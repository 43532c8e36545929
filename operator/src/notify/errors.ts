/**
 * Why a notification was not sent. `permanent` means retrying the same send cannot help (a bad
 * URL, a refused token, a 4xx answer other than 408 and 429, an untrusted certificate);
 * otherwise the failure is transient (the network, a timeout, 5xx, 408, 429) and the caller may
 * try again, after `retryAfterMs` when the service said how long to wait.
 *
 * Messages are for people and never hold secrets: services are named by their origin, never by
 * the full URL (webhook paths and bot-token paths are the secret).
 */
export class NotifyError extends Error {
  readonly permanent: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    permanent: boolean,
    opts: { retryAfterMs?: number | undefined; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'NotifyError';
    this.permanent = permanent;
    this.retryAfterMs = opts.retryAfterMs;
  }
}

/** A configuration problem: retrying will not help. */
export const permanent = (message: string, cause?: unknown) =>
  new NotifyError(message, true, { cause });

/** A passing problem: the same send may work later. */
export const transient = (message: string, retryAfterMs?: number, cause?: unknown) =>
  new NotifyError(message, false, { retryAfterMs, cause });

/** Whether an HTTP status means "do not retry" (4xx except 408 Request Timeout and 429). */
export const permanentStatus = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

/** Retry-After as milliseconds: seconds, or an HTTP date. */
export function retryAfter(value: string | string[] | undefined, now = Date.now()) {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function errorText(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0)
    return err.errors.map(errorText).join('; ');
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
