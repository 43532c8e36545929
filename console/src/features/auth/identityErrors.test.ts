import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/fetcher';
import { FLOW_EXPIRED_TEXT, IDENTITY_ERROR_TEXT, identityOutcome } from './identityErrors';

const apiError = (status: number, error: string, message = 'server says', extra = {}) =>
  new ApiError(status, message, { error, message, ...extra });

describe('identity error texts', () => {
  it('are the spec texts, exactly', () => {
    expect(IDENTITY_ERROR_TEXT).toEqual({
      self_service_flow_return_to_forbidden: 'The return_to address is not allowed.',
      self_service_flow_expired: 'Your interaction expired, please fill out the form again.',
      security_csrf_violation: 'A security violation was detected, please fill out the form again.',
    });
    expect(FLOW_EXPIRED_TEXT).toBe(IDENTITY_ERROR_TEXT.self_service_flow_expired);
  });
});

describe('identityOutcome', () => {
  it.each([
    [
      'security_csrf_violation',
      'A security violation was detected, please fill out the form again.',
    ],
    ['self_service_flow_return_to_forbidden', 'The return_to address is not allowed.'],
  ])('shows the text of %s instead of the server wording', (code, text) => {
    expect(identityOutcome(apiError(403, code))).toEqual({ kind: 'message', text });
  });

  it('restarts on 410 and on the expired code', () => {
    const restart = { kind: 'restart', text: FLOW_EXPIRED_TEXT };
    expect(identityOutcome(apiError(410, 'gone'))).toEqual(restart);
    expect(identityOutcome(apiError(400, 'self_service_flow_expired'))).toEqual(restart);
  });

  it('restarts on the statuses the page names (verification: 410 and 403)', () => {
    const restartOn = [410, 403];
    expect(identityOutcome(apiError(403, 'forbidden'), { restartOn }).kind).toBe('restart');
    expect(identityOutcome(apiError(403, 'forbidden')).kind).toBe('message');
  });

  it('shows server messages for everything else', () => {
    expect(
      identityOutcome(apiError(401, 'invalid_credentials', 'Wrong e-mail or password')),
    ).toEqual({ kind: 'message', text: 'Wrong e-mail or password' });
    expect(identityOutcome(new Error(''))).toEqual({ kind: 'message', text: 'An error occurred' });
    expect(identityOutcome('weird')).toEqual({ kind: 'message', text: 'An error occurred' });
  });

  it('follows session errors', () => {
    expect(identityOutcome(apiError(400, 'session_already_available'))).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(
      identityOutcome(apiError(403, 'session_refresh_required'), { returnTo: '/settings/users' }),
    ).toEqual({ kind: 'redirect', to: '/login?refresh=true&return_to=%2Fsettings%2Fusers' });
    expect(identityOutcome(apiError(403, 'session_aal2_required'))).toEqual({
      kind: 'redirect',
      to: '/login?aal=aal2&return_to=%2F',
    });
    expect(
      identityOutcome(
        apiError(403, 'session_aal2_required', 'x', {
          redirect_browser_to: '/login?aal=aal2&flow=f1',
        }),
      ),
    ).toEqual({ kind: 'redirect', to: '/login?aal=aal2&flow=f1' });
  });

  it('never follows a redirect to another site', () => {
    const outcome = identityOutcome(
      apiError(422, 'browser_location_change_required', 'Go elsewhere', {
        redirect_browser_to: 'https://evil.example/',
      }),
    );
    expect(outcome).toEqual({ kind: 'message', text: 'Go elsewhere' });
  });
});
