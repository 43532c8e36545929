import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { IDENTITIES, READ, WRITE, usersRoutes } from './testData';
import { UsersPage } from './UsersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () => renderPage(<UsersPage />, { path: '/settings/users', session: true });

async function rowOf(text: string) {
  const cell = await screen.findByText(text);
  return cell.closest('tr') as HTMLElement;
}

describe('UsersPage', () => {
  it('lists users with their roles from people_roles', async () => {
    const api = mockApi(usersRoutes(READ));
    open();
    const grace = await rowOf('Grace Hopper');
    expect(grace).toHaveTextContent('grace@example.com');
    expect(within(grace).getByText('editor')).toBeInTheDocument();
    expect(within(grace).getByText('viewer')).toBeInTheDocument();
    expect(within(grace).getByText('active')).toBeInTheDocument();
    expect(await rowOf('Alan Turing')).toHaveTextContent('inactive');

    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Roles', 'State', 'Created At']);
    const roles = api.callsTo('GET /api/db/people_roles')[0]?.url.searchParams;
    expect(roles?.get('id')).toBe('in.(u1,u2)');
    expect(roles?.get('select')).toBe('id,roles');
  });

  it('hides Invite User and the Actions column without write on identities', async () => {
    mockApi(usersRoutes(READ));
    open();
    await rowOf('Grace Hopper');
    expect(screen.queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('shows the Unauthorized page without read on identities', async () => {
    const api = mockApi(usersRoutes([]));
    open();
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/identities')).toHaveLength(0);
  });

  it('shows the Actions column to writers', async () => {
    mockApi(usersRoutes(WRITE));
    open();
    await rowOf('Grace Hopper');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Edit User', 'Recovery link', 'Delete']);
  });

  it('deletes a user after confirmation', async () => {
    let identities = IDENTITIES;
    const api = mockApi(
      usersRoutes(WRITE, {
        'GET /api/db/identities': () => ({ body: identities }),
        'DELETE /api/people/u2': () => {
          identities = identities.filter((i) => i.id !== 'u2');
          return { status: 204 };
        },
      }),
    );
    open();
    await rowOf('Alan Turing');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Alan Turing' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Alan Turing?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('user deleted successfully')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/people/u2')).toHaveLength(1);
    expect(screen.queryByText('Alan Turing')).not.toBeInTheDocument();
  });

  it('toasts a failed delete with the server message', async () => {
    mockApi(
      usersRoutes(WRITE, {
        'DELETE /api/people/u2': {
          status: 403,
          body: { error: 'forbidden', message: 'You cannot delete yourself' },
        },
      }),
    );
    open();
    await rowOf('Alan Turing');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Alan Turing' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete user' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('You cannot delete yourself')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete user' })).toBeInTheDocument();
  });

  it('creates a recovery link and shows it', async () => {
    const link = 'https://vigil.test/recovery?token=r1';
    const api = mockApi(
      usersRoutes(WRITE, { 'POST /api/auth/u1/recovery_link': { body: { link } } }),
    );
    open();
    await rowOf('Grace Hopper');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Recovery link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recovery Link' });
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue(link);
    expect(dialog).toHaveTextContent('Send this link to Grace Hopper');
    expect(api.callsTo('POST /api/auth/u1/recovery_link')).toHaveLength(1);
  });
});
