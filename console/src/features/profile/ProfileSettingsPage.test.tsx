import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRoutes } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { ProfileSettingsPage } from './ProfileSettingsPage';
import { profile } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(routes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/auth/profile': { body: profile() },
    'GET /api/auth/tokens': { body: [] },
    ...routes,
  });
  const view = renderPage(<ProfileSettingsPage />, { path: '/profile-settings' });
  return { api, ...view };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('ProfileSettingsPage', () => {
  it('shows every section, the self-hosted ones as not available', async () => {
    open();
    await screen.findByRole('region', { name: 'Profile Settings' });
    for (const name of [
      'Change Password',
      '2FA backup recovery codes',
      '2FA TOTP app',
      'API tokens',
    ])
      expect(section(name)).toBeInTheDocument();
    expect(section('Manage Social Sign In')).toHaveTextContent(
      'Not available for self-hosted accounts.',
    );
    expect(section('Manage hardware tokens and biometrics')).toHaveTextContent(
      'Not available for self-hosted accounts.',
    );
  });

  it('goes back home when opened directly', async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByTestId('elsewhere')).toHaveTextContent('/');
  });

  it('saves names and e-mail and shows the verification link of a new e-mail', async () => {
    const link = 'https://vigil.test/verification?token=v1';
    const { api } = open({
      'PATCH /api/auth/profile': ({ body }) => ({
        body: { ...profile(), ...(body as object), emailVerified: false, verificationLink: link },
      }),
    });
    const form = await screen.findByRole('region', { name: 'Profile Settings' });
    expect(within(form).getByLabelText(/First name/)).toHaveValue('Ada');
    await userEvent.clear(within(form).getByLabelText(/Email/));
    await userEvent.type(within(form).getByLabelText(/Email/), 'ada@new.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Your profile has been updated.')).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: link })).toHaveAttribute('href', link);
    expect(api.callsTo('PATCH /api/auth/profile')[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@new.example',
    });
  });

  it('changes the password', async () => {
    const { api } = open({ 'POST /api/auth/password': { body: { message: 'success' } } });
    const form = await screen.findByRole('region', { name: 'Change Password' });
    await userEvent.type(within(form).getByLabelText(/Current password/), 'old password');
    await userEvent.type(within(form).getByLabelText(/New password/), 'new password');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your password has been changed.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password')[0]?.body).toEqual({
      currentPassword: 'old password',
      newPassword: 'new password',
    });
    expect(within(form).getByLabelText(/Current password/)).toHaveValue('');
  });

  it("shows the server's reason when the password is refused", async () => {
    open({
      'POST /api/auth/password': {
        status: 400,
        body: { error: 'invalid', message: 'The current password is wrong' },
      },
    });
    const form = await screen.findByRole('region', { name: 'Change Password' });
    await userEvent.type(within(form).getByLabelText(/Current password/), 'nope');
    await userEvent.type(within(form).getByLabelText(/New password/), 'new password');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The current password is wrong')).toBeInTheDocument();
  });

  it('clears a message after 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      open({ 'POST /api/auth/password': { body: {} } });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const form = await screen.findByRole('region', { name: 'Change Password' });
      await user.type(within(form).getByLabelText(/Current password/), 'old password');
      await user.type(within(form).getByLabelText(/New password/), 'new password');
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      expect(await within(form).findByText('Your password has been changed.')).toBeInTheDocument();
      vi.advanceTimersByTime(10_000);
      await waitFor(() =>
        expect(within(form).queryByText('Your password has been changed.')).not.toBeInTheDocument(),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
