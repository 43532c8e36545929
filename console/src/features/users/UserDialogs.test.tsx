import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { WRITE, usersRoutes } from './testData';
import { UsersPage } from './UsersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

const open = () => renderPage(<UsersPage />, { path: '/settings/users', session: true });

describe('Invite User', () => {
  it('validates with the spec messages before sending', async () => {
    const api = mockApi(usersRoutes(WRITE));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite User' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    for (const text of [
      'Please provide valid first name',
      'Please provide valid last name',
      'Please provide valid email',
      'Please select any role',
    ])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'not-an-address');
    expect(
      within(dialog).getByText('Entered value does not match email format'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/invite_user')).toHaveLength(0);
  });

  it('offers every role: admin, editor, commander, responder, viewer', async () => {
    mockApi(usersRoutes(WRITE));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const role = screen.getByLabelText(/Role/);
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a role', 'admin', 'editor', 'commander', 'responder', 'viewer']);
  });

  it('invites, then shows the link, which copies with "Link copied to clipboard"', async () => {
    const link = 'https://vigil.test/registration?invite=abc';
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    const api = mockApi(usersRoutes(WRITE, { 'POST /api/auth/invite_user': { body: { link } } }));
    open();
    await user.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite User' });
    await user.type(within(dialog).getByLabelText(/First name/), 'Katherine');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Johnson');
    await user.type(within(dialog).getByLabelText(/Email/), 'kj@example.com');
    await user.selectOptions(within(dialog).getByLabelText(/Role/), 'editor');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    const linkDialog = await screen.findByRole('dialog', { name: 'Invite Link' });
    expect(within(linkDialog).getByRole('textbox', { name: 'Link' })).toHaveValue(link);
    expect(api.callsTo('POST /api/auth/invite_user')[0]?.body).toEqual({
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'kj@example.com',
      role: 'editor',
    });
    await user.click(within(linkDialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    setClipboard(undefined);
  });

  it('toasts a refused invitation and keeps the form', async () => {
    mockApi(
      usersRoutes(WRITE, {
        'POST /api/auth/invite_user': {
          status: 409,
          body: { error: 'conflict', message: 'User already exists' },
        },
      }),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite User' });
    await userEvent.type(within(dialog).getByLabelText(/First name/), 'Grace');
    await userEvent.type(within(dialog).getByLabelText(/Last name/), 'Hopper');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'grace@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), 'viewer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('User already exists')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/First name/)).toHaveValue('Grace');
  });
});

describe('Edit User', () => {
  it('prefills the user, their highest role first, and saves', async () => {
    const api = mockApi(
      usersRoutes(WRITE, {
        'POST /api/people/update': {
          body: { email: 'grace@navy.mil', name: { first: 'Grace', last: 'Hopper' } },
        },
      }),
    );
    open();
    await screen.findByText('Grace Hopper');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit User' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText(/First name/)).toHaveValue('Grace');
    const role = within(dialog).getByLabelText(/Role/);
    expect(role).toHaveValue('editor');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a role', 'editor', 'admin', 'commander', 'responder', 'viewer']);
    const active = within(dialog).getByRole('switch', { name: 'Active' });
    expect(active).toBeChecked();

    await userEvent.clear(within(dialog).getByLabelText(/Email/));
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'grace@navy.mil');
    await userEvent.click(active);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Grace Hopper updated successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/people/update')[0]?.body).toEqual({
      id: 'u1',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.mil',
      role: 'editor',
      active: false,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit User' })).not.toBeInTheDocument(),
    );
  });

  it('shows an inactive user as not active', async () => {
    mockApi(usersRoutes(WRITE));
    open();
    await screen.findByText('Alan Turing');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Alan Turing' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit User' }));
    expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  });
});
