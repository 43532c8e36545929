import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { ProfileSettingsPage } from './ProfileSettingsPage';
import { profile, RECOVERY_CODES } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

describe('two-factor sections', () => {
  it('sets up an authenticator app and shows the recovery codes once', async () => {
    let enabled = false;
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    const api = mockApi({
      'GET /api/auth/profile': () => ({
        body: profile({ totp: { enabled }, recoveryCodesRemaining: enabled ? 10 : 0 }),
      }),
      'GET /api/auth/tokens': { body: [] },
      'POST /api/auth/totp/setup': {
        body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Vigil:ada?secret=JBSW' },
      },
      'POST /api/auth/totp/enable': () => {
        enabled = true;
        return { body: { recoveryCodes: RECOVERY_CODES } };
      },
    });
    renderPage(<ProfileSettingsPage />, { path: '/profile-settings' });
    const totp = await screen.findByRole('region', { name: '2FA TOTP app' });
    await user.click(within(totp).getByRole('button', { name: 'Set up authenticator app' }));
    expect(await within(totp).findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(within(totp).getByText('otpauth://totp/Vigil:ada?secret=JBSW')).toBeInTheDocument();
    await user.click(within(totp).getByRole('button', { name: 'Copy the secret key' }));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');

    await user.type(within(totp).getByLabelText(/Verification code/), '123456');
    await user.click(within(totp).getByRole('button', { name: 'Enable' }));
    const list = await within(totp).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(api.callsTo('POST /api/auth/totp/enable')[0]?.body).toEqual({ code: '123456' });
    await user.click(within(totp).getByRole('button', { name: 'Copy recovery codes' }));
    expect(writeText).toHaveBeenLastCalledWith(RECOVERY_CODES.join('\n'));

    // The profile reloads as enabled, and the codes stay until dismissed.
    expect(
      await within(totp).findByRole('button', { name: 'Disable authenticator app' }),
    ).toBeInTheDocument();
    await user.click(within(totp).getByRole('button', { name: 'I have saved them' }));
    expect(within(totp).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: '2FA backup recovery codes' })).toHaveTextContent(
      '10 unused recovery codes left.',
    );
    setClipboard(undefined);
  });

  it('shows a wrong confirmation code', async () => {
    mockApi({
      'GET /api/auth/profile': { body: profile() },
      'GET /api/auth/tokens': { body: [] },
      'POST /api/auth/totp/setup': { body: { secret: 'S', otpauthUrl: 'otpauth://x' } },
      'POST /api/auth/totp/enable': {
        status: 400,
        body: { error: 'invalid_code', message: 'The code is not valid' },
      },
    });
    renderPage(<ProfileSettingsPage />, { path: '/profile-settings' });
    const totp = await screen.findByRole('region', { name: '2FA TOTP app' });
    await userEvent.click(within(totp).getByRole('button', { name: 'Set up authenticator app' }));
    await userEvent.type(await within(totp).findByLabelText(/Verification code/), '000000');
    await userEvent.click(within(totp).getByRole('button', { name: 'Enable' }));
    expect(await within(totp).findByText('The code is not valid')).toBeInTheDocument();
    expect(within(totp).getByLabelText(/Verification code/)).toBeInTheDocument();
  });

  it('disables the app with the password', async () => {
    let enabled = true;
    const api = mockApi({
      'GET /api/auth/profile': () => ({ body: profile({ totp: { enabled } }) }),
      'GET /api/auth/tokens': { body: [] },
      'POST /api/auth/totp/disable': () => {
        enabled = false;
        return { body: {} };
      },
    });
    renderPage(<ProfileSettingsPage />, { path: '/profile-settings' });
    const totp = await screen.findByRole('region', { name: '2FA TOTP app' });
    await userEvent.type(within(totp).getByLabelText(/Password/), 'secret pw');
    await userEvent.click(within(totp).getByRole('button', { name: 'Disable authenticator app' }));
    expect(
      await within(totp).findByRole('button', { name: 'Set up authenticator app' }),
    ).toBeInTheDocument();
    expect(within(totp).getByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/totp/disable')[0]?.body).toEqual({ password: 'secret pw' });
  });

  it('regenerates recovery codes', async () => {
    const api = mockApi({
      'GET /api/auth/profile': {
        body: profile({ totp: { enabled: true }, recoveryCodesRemaining: 3 }),
      },
      'GET /api/auth/tokens': { body: [] },
      'POST /api/auth/recovery_codes': { body: { recoveryCodes: RECOVERY_CODES } },
    });
    renderPage(<ProfileSettingsPage />, { path: '/profile-settings' });
    const codes = await screen.findByRole('region', { name: '2FA backup recovery codes' });
    expect(codes).toHaveTextContent('3 unused recovery codes left.');
    await userEvent.type(within(codes).getByLabelText(/Password/), 'secret pw');
    await userEvent.click(
      within(codes).getByRole('button', { name: 'Generate new recovery codes' }),
    );
    const list = await within(codes).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await waitFor(() =>
      expect(api.callsTo('POST /api/auth/recovery_codes')[0]?.body).toEqual({
        password: 'secret pw',
      }),
    );
  });

  it('offers recovery codes only once the app is set up', async () => {
    mockApi({ 'GET /api/auth/profile': { body: profile() }, 'GET /api/auth/tokens': { body: [] } });
    renderPage(<ProfileSettingsPage />, { path: '/profile-settings' });
    const codes = await screen.findByRole('region', { name: '2FA backup recovery codes' });
    expect(codes).toHaveTextContent('Set up an authenticator app first to use recovery codes.');
    expect(within(codes).queryByRole('button')).not.toBeInTheDocument();
  });
});
