import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, spyOnAssign } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { RecoveryPage } from './RecoveryPage';

let assign: ReturnType<typeof spyOnAssign>;
beforeEach(() => {
  assign = spyOnAssign();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url = '/recovery') => renderPage(<RecoveryPage />, { path: '/recovery', url });

describe('RecoveryPage', () => {
  it('explains how to get a recovery link when there is none', () => {
    mockApi();
    open();
    expect(screen.getByRole('heading', { name: 'Recover account' })).toBeInTheDocument();
    expect(screen.getByText(/ask an administrator to create a recovery link/)).toBeInTheDocument();
    expect(screen.getByText(/Users page/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument();
  });

  it('asks for the authenticator code when the person has two-factor authentication', async () => {
    mockApi({
      'POST /api/auth/recovery': { body: { message: 'second_factor_required', flow: 'f-3' } },
    });
    open('/recovery?token=rt-2');
    await userEvent.type(screen.getByLabelText(/New password/), 'brand new pw');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?aal=aal2&flow=f-3'));
  });

  it('sets a new password with the token and signs in', async () => {
    const api = mockApi({ 'POST /api/auth/recovery': { body: { message: 'success' } } });
    open('/recovery?token=rt-1');
    await userEvent.type(screen.getByLabelText(/New password/), 'brand new pw');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.callsTo('POST /api/auth/recovery')[0]?.body).toEqual({
      token: 'rt-1',
      password: 'brand new pw',
    });
  });

  it('starts over when the link has expired', async () => {
    mockApi({
      'POST /api/auth/recovery': { status: 410, body: { error: 'gone', message: 'expired' } },
    });
    open('/recovery?token=spent');
    await userEvent.type(screen.getByLabelText(/New password/), 'brand new pw');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByText('Your interaction expired, please fill out the form again.'),
    ).toBeInTheDocument();
    // Dropping the token is a navigation, which the router finishes a moment later.
    await waitFor(() => expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument());
    expect(screen.getByText(/ask an administrator to create a recovery link/)).toBeInTheDocument();
  });
});
