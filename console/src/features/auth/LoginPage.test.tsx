import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, spyOnAssign } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { LoginPage } from './LoginPage';

let assign: ReturnType<typeof spyOnAssign>;
beforeEach(() => {
  assign = spyOnAssign();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url = '/login') => renderPage(<LoginPage />, { path: '/login', url });

async function signIn(email = 'ada@example.com', password = 'correct horse') {
  await userEvent.type(screen.getByLabelText(/Email/), email);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('sends someone already signed in on to return_to, without the form', async () => {
    mockApi({ 'GET /api/auth/whoami': { body: { id: 'p1' } } });
    open('/login?return_to=%2Fhealth');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/health'));
  });

  it('stays to confirm an action even when signed in', async () => {
    const api = mockApi({ 'GET /api/auth/whoami': { body: { id: 'p1' } } });
    open('/login?refresh=true');
    expect(await screen.findByRole('button', { name: /Confirm|Sign in/ })).toBeInTheDocument();
    expect(api.callsTo('GET /api/auth/whoami')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('signs in and goes to return_to', async () => {
    const api = mockApi({ 'POST /api/auth/login': { body: { message: 'success' } } });
    open('/login?return_to=%2Fhealth%3Fx%3D1');
    expect(screen.getByRole('heading', { name: 'Sign In to your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute(
      'href',
      '/recovery',
    );
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/health?x=1'));
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      username: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it.each([
    [401, 'invalid_credentials', 'Invalid e-mail or password'],
    [429, 'too_many_attempts', 'Too many failed sign-ins. Try again in 15 minutes.'],
  ])('shows a %s answer as an inline danger alert', async (status, error, message) => {
    mockApi({ 'POST /api/auth/login': { status, body: { error, message } } });
    open();
    await signIn();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Danger alert:')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks for the second factor and signs in with it', async () => {
    const api = mockApi({
      'POST /api/auth/login': { body: { message: 'second_factor_required', flow: 'flow-7' } },
      'POST /api/auth/login/second-factor': { body: { message: 'success' } },
    });
    open('/login?return_to=/incidents');
    await signIn();
    expect(
      await screen.findByRole('heading', { name: 'Two-Factor Authentication' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/incidents'));
    expect(api.callsTo('POST /api/auth/login/second-factor')[0]?.body).toEqual({
      flow: 'flow-7',
      code: '123456',
    });
  });

  it('accepts a recovery code instead', async () => {
    const api = mockApi({
      'POST /api/auth/login': { body: { message: 'second_factor_required', flow: 'f' } },
      'POST /api/auth/login/second-factor': { body: { message: 'success' } },
    });
    open();
    await signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText(/Recovery code/), 'abcd-efgh');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.callsTo('POST /api/auth/login/second-factor')[0]?.body).toEqual({
      flow: 'f',
      code: 'abcd-efgh',
    });
  });

  it('shows a wrong code and stays on the code step', async () => {
    const message = 'The provided authentication code is invalid, please try again.';
    const api = mockApi({
      'POST /api/auth/login': { body: { message: 'second_factor_required', flow: 'f' } },
      'POST /api/auth/login/second-factor': {
        status: 401,
        body: { error: 'invalid_code', message, flow: 'f2' },
      },
    });
    open();
    await signIn();
    await userEvent.type(await screen.findByLabelText(/Authentication code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    // The next try uses the replacement flow the server handed over.
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.callsTo('POST /api/auth/login/second-factor')).toHaveLength(2));
    expect(api.callsTo('POST /api/auth/login/second-factor')[1]?.body).toMatchObject({
      flow: 'f2',
    });
  });

  it('starts over when the flow expired (410)', async () => {
    mockApi({
      'POST /api/auth/login': { body: { message: 'second_factor_required', flow: 'f' } },
      'POST /api/auth/login/second-factor': {
        status: 410,
        body: { error: 'self_service_flow_expired', message: 'gone' },
      },
    });
    open();
    await signIn();
    await userEvent.type(await screen.findByLabelText(/Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Your interaction expired, please fill out the form again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign In to your account' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
  });

  it('maps identity error codes to their texts', async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 403,
        body: { error: 'security_csrf_violation', message: 'csrf' },
      },
    });
    open();
    await signIn();
    expect(
      await screen.findByText('A security violation was detected, please fill out the form again.'),
    ).toBeInTheDocument();
  });

  it('says "Confirm Action" when refreshing and prefills the user', () => {
    mockApi();
    open('/login?refresh=true&username=ada%40example.com');
    expect(screen.getByRole('heading', { name: 'Confirm Action' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('ada@example.com');
  });

  it('goes straight to the code step for aal=aal2 with a flow', async () => {
    const api = mockApi({ 'POST /api/auth/login/second-factor': { body: { message: 'success' } } });
    open('/login?aal=aal2&flow=f9');
    expect(screen.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Authentication code/), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.callsTo('POST /api/auth/login/second-factor')[0]?.body).toEqual({
      flow: 'f9',
      code: '654321',
    });
  });

  it('uses a password from the URL but removes it from the address', async () => {
    mockApi();
    const { router } = open('/login?username=a%40b.c&password=pw123456&return_to=/x');
    expect(screen.getByLabelText(/Password/)).toHaveValue('pw123456');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?username=a%40b.c&return_to=%2Fx'),
    );
  });

  it('never leaves the console for another site', async () => {
    mockApi({ 'POST /api/auth/login': { body: { message: 'success' } } });
    open('/login?return_to=https%3A%2F%2Fevil.example%2F');
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });
});
