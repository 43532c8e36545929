/**
 * Errors from Express's body parsers (body-parser / raw-body): a client problem with a status
 * (400 malformed, 413 too large, 415 unknown charset, …) and a `type` such as
 * 'entity.too.large'. Each API answers them in its own error shape; none of them is a server
 * failure to log with a stack trace.
 */
export interface BodyError {
  type: string;
  status: number;
  message: string;
  /** The parser's limit in bytes (too-large errors). */
  limit?: number;
}

export function bodyError(error: unknown): BodyError | undefined {
  const e = error as Partial<BodyError> | null | undefined;
  if (!e || typeof e.type !== 'string' || typeof e.status !== 'number') return undefined;
  if (e.status < 400 || e.status >= 500) return undefined;
  return e as BodyError;
}

export function isTooLarge(error: BodyError): boolean {
  return error.type === 'entity.too.large' || error.status === 413;
}

/** Body-parser limits are powers of 1024 ('5mb' = 5 MiB); say so in the unit people read. */
function formatBytes(n: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (n >= size && n % size === 0) return `${n / size} ${unit}`;
  }
  return `${n} bytes`;
}

/** "5 MiB (5242880 bytes)" */
export function describeLimit(limit: number): string {
  return `${formatBytes(limit)} (${limit} bytes)`;
}

/** "the request body is larger than the limit of 5 MiB (5242880 bytes)" */
export function tooLargeMessage(error: BodyError): string {
  return typeof error.limit === 'number'
    ? `the request body is larger than the limit of ${describeLimit(error.limit)}`
    : 'the request body is larger than this endpoint accepts';
}
