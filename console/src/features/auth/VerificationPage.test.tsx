import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { VerificationPage } from './VerificationPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url: string) => renderPage(<VerificationPage />, { path: '/verification', url });

describe('VerificationPage', () => {
  it('verifies the token once and shows the answer', async () => {
    const api = mockApi({
      'POST /api/auth/verification': {
        body: { message: 'Your email address has been verified' },
      },
    });
    open('/verification?token=v-ok');
    expect(screen.getByRole('heading', { name: 'Verify your account' })).toBeInTheDocument();
    expect(await screen.findByText('Your email address has been verified')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/verification').map((c) => c.body)).toEqual([
      { token: 'v-ok' },
    ]);
  });

  it.each([410, 403])('restarts on %s', async (status) => {
    mockApi({
      'POST /api/auth/verification': { status, body: { error: 'x', message: 'no' } },
    });
    open(`/verification?token=v-${status}`);
    expect(
      await screen.findByText('Your interaction expired, please fill out the form again.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Open the verification link/)).toBeInTheDocument();
  });

  it('explains where links come from when there is no token', () => {
    const api = mockApi();
    open('/verification');
    expect(screen.getByText(/Open the verification link/)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
