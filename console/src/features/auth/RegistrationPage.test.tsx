import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, spyOnAssign } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { RegistrationPage } from './RegistrationPage';

let assign: ReturnType<typeof spyOnAssign>;
beforeEach(() => {
  assign = spyOnAssign();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url = '/registration') =>
  renderPage(<RegistrationPage />, { path: '/registration', url });

describe('RegistrationPage', () => {
  it('prefills an invitation, locks its e-mail and registers with the token', async () => {
    const api = mockApi({
      'GET /api/auth/invitations/tok%2F1': {
        body: { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' },
      },
      'POST /api/auth/registration': { body: { message: 'success' } },
    });
    open('/registration?invite=tok%2F1');
    expect(screen.getByRole('heading', { name: 'Create account' })).toBeInTheDocument();
    const email = await screen.findByLabelText(/Email/);
    expect(email).toHaveValue('grace@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/First name/)).toHaveValue('Grace');
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Hopper');

    await userEvent.type(screen.getByLabelText(/Password/), 'long enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.callsTo('POST /api/auth/registration')[0]?.body).toEqual({
      invite: 'tok/1',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      password: 'long enough',
    });
  });

  it('registers without an invitation when the server allows it', async () => {
    const api = mockApi({ 'POST /api/auth/registration': { body: { message: 'success' } } });
    open();
    await userEvent.type(screen.getByLabelText(/First name/), 'Alan');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Turing');
    await userEvent.type(screen.getByLabelText(/Email/), 'alan@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'enigma-1912');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    const body = api.callsTo('POST /api/auth/registration')[0]?.body;
    expect(body).toMatchObject({ email: 'alan@example.com' });
    expect(body).not.toHaveProperty('invite');
  });

  it('refuses a short password before sending', async () => {
    const api = mockApi();
    open();
    await userEvent.type(screen.getByLabelText(/First name/), 'A');
    await userEvent.type(screen.getByLabelText(/Last name/), 'B');
    await userEvent.type(screen.getByLabelText(/Email/), 'a@b.c');
    await userEvent.type(screen.getByLabelText(/Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Passwords need at least 8 characters.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/registration')).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'POST /api/auth/registration': {
        status: 403,
        body: { error: 'forbidden', message: 'Registration is by invitation only' },
      },
    });
    open();
    await userEvent.type(screen.getByLabelText(/First name/), 'A');
    await userEvent.type(screen.getByLabelText(/Last name/), 'B');
    await userEvent.type(screen.getByLabelText(/Email/), 'a@b.c');
    await userEvent.type(screen.getByLabelText(/Password/), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration is by invitation only')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says when an invitation has expired', async () => {
    mockApi({
      'GET /api/auth/invitations/old': {
        status: 410,
        body: { error: 'gone', message: 'This invitation has expired or was already used' },
      },
    });
    open('/registration?invite=old');
    expect(
      await screen.findByText('This invitation has expired or was already used'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).not.toHaveAttribute('readonly');
  });
});
