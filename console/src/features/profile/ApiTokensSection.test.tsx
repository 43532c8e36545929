import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRoutes } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import type { ApiToken } from './api';
import { ProfileSettingsPage } from './ProfileSettingsPage';
import { profile } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ci: ApiToken = {
  id: 't1',
  name: 'ci',
  created_at: '2025-01-02T03:04:00Z',
  expires_at: null,
  last_used_at: null,
};

function open(tokens: ApiToken[], routes: MockRoutes = {}) {
  let list = tokens;
  const api = mockApi({
    'GET /api/auth/profile': { body: profile() },
    'GET /api/auth/tokens': () => ({ body: list }),
    ...routes,
  });
  renderPage(<ProfileSettingsPage />, { path: '/profile-settings' });
  return {
    api,
    setList: (next: ApiToken[]) => {
      list = next;
    },
  };
}

describe('API tokens', () => {
  it('lists the tokens', async () => {
    open([ci]);
    const table = await screen.findByRole('grid', { name: 'Your API tokens' });
    const row = (await within(table).findByText('ci')).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('Never')).toHaveLength(2);
  });

  it('creates a token and shows it once', async () => {
    const { api, setList } = open([], {
      'POST /api/auth/tokens': () => {
        setList([{ ...ci, id: 't2', name: 'deploy' }]);
        return {
          status: 201,
          body: { id: 't2', name: 'deploy', token: 'vgl_secret', expires_at: null },
        };
      },
    });
    await screen.findByText('No API tokens');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API token' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'deploy');
    await userEvent.type(within(dialog).getByLabelText(/Expires in/), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('vgl_secret')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Copy this token now. It will not be shown again.');
    expect(within(dialog).getByRole('button', { name: 'Copy the token' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/tokens')[0]?.body).toEqual({
      name: 'deploy',
      expiresInDays: 30,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('deploy')).toBeInTheDocument();
    expect(screen.queryByText('vgl_secret')).not.toBeInTheDocument();
  });

  it('revokes a token after confirmation', async () => {
    const { api, setList } = open([ci], {
      'DELETE /api/auth/tokens/t1': () => {
        setList([]);
        return { status: 204 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke ci' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke API token' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No API tokens')).toBeInTheDocument();
    expect(screen.getByText('Token ci revoked.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('DELETE /api/auth/tokens/t1')).toHaveLength(1));
  });
});
