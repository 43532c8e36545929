import { ApiError } from '../../api/fetcher';

/** Texts of the identity flow errors (spec 002 §8), exact. */
export const IDENTITY_ERROR_TEXT: Readonly<Record<string, string>> = {
  self_service_flow_return_to_forbidden: 'The return_to address is not allowed.',
  self_service_flow_expired: 'Your interaction expired, please fill out the form again.',
  security_csrf_violation: 'A security violation was detected, please fill out the form again.',
};

export const FLOW_EXPIRED_TEXT = 'Your interaction expired, please fill out the form again.';
const FALLBACK_TEXT = 'An error occurred';

/** What a page does with a failed identity call. */
export type IdentityOutcome =
  /** Show the text and keep the form. */
  | { kind: 'message'; text: string }
  /** Start the flow again (a fresh form, or the page without its token) and show the text. */
  | { kind: 'restart'; text: string }
  /** Leave the console page for this same-origin path (a full load). */
  | { kind: 'redirect'; to: string };

export interface OutcomeOptions {
  /** Statuses that restart the flow: 410 everywhere; verification adds 403 (spec 002 §4). */
  restartOn?: readonly number[];
  /** Where the user was headed, kept when sending them to sign in again. */
  returnTo?: string;
}

interface ErrorBody {
  error?: unknown;
  message?: unknown;
  redirect_browser_to?: unknown;
}

/** A same-origin path, or undefined: a crafted answer must not send the user to another site. */
function sameOriginPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//'))
    return undefined;
  if (value.includes('\\')) return undefined;
  try {
    const url = new URL(value, 'http://vigil.invalid');
    return url.origin === 'http://vigil.invalid'
      ? `${url.pathname}${url.search}${url.hash}`
      : undefined;
  } catch {
    return undefined;
  }
}

function loginPath(params: Record<string, string>): string {
  return `/login?${new URLSearchParams(params).toString()}`;
}

/** Maps a failed identity call to what the page shows or does (spec 002 §4, §8). */
export function identityOutcome(error: unknown, options: OutcomeOptions = {}): IdentityOutcome {
  const { restartOn = [410], returnTo = '/' } = options;
  const status = error instanceof ApiError ? error.status : undefined;
  const body = (error instanceof ApiError ? error.body : undefined) as ErrorBody | undefined;
  const code = typeof body?.error === 'string' ? body.error : undefined;
  const target = sameOriginPath(body?.redirect_browser_to);

  switch (code) {
    case 'session_aal2_required':
      return { kind: 'redirect', to: target ?? loginPath({ aal: 'aal2', return_to: returnTo }) };
    case 'session_already_available':
      return { kind: 'redirect', to: '/' };
    case 'session_refresh_required':
      return { kind: 'redirect', to: loginPath({ refresh: 'true', return_to: returnTo }) };
    case 'browser_location_change_required':
      if (target) return { kind: 'redirect', to: target };
      break;
  }
  if (code === 'self_service_flow_expired' || (status !== undefined && restartOn.includes(status)))
    return { kind: 'restart', text: FLOW_EXPIRED_TEXT };
  const known = code ? IDENTITY_ERROR_TEXT[code] : undefined;
  if (known) return { kind: 'message', text: known };
  const message = error instanceof Error ? error.message : undefined;
  return { kind: 'message', text: message || FALLBACK_TEXT };
}
