import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Grant } from '../api/session';
import { mockApi, sessionRoutes, type MockRoutes } from '../test/mockApi';
import { PageHeaderProvider } from './pageHeader';
import { routes } from './routes';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ADMIN: Grant[] = ['identities', 'permissions'].flatMap((object) => [
  { object, action: 'read' as const },
  { object, action: 'write' as const },
]);

function open(url: string, extra: MockRoutes = {}, roles = ['admin'], grants = ADMIN) {
  mockApi({
    ...sessionRoutes(grants, roles),
    'GET /api/db/identities': { body: [] },
    'GET /api/db/permissions': { body: [], headers: { 'Content-Range': '*/0' } },
    'GET /api/auth/profile': {
      body: {
        firstName: 'Ada',
        lastName: 'Admin',
        email: 'ada@example.com',
        emailVerified: true,
        totp: { enabled: false },
        recoveryCodesRemaining: 0,
      },
    },
    'GET /api/auth/tokens': { body: [] },
    ...extra,
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PageHeaderProvider>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />
      </PageHeaderProvider>
    </SWRConfig>,
  );
}

describe('routes', () => {
  it.each([
    ['/registration', 'Create account'],
    ['/recovery', 'Recover account'],
    ['/verification', 'Verify your account'],
  ])('serves %s outside the signed-in shell', async (url, heading) => {
    open(url);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
  });

  it('serves the profile inside the shell', async () => {
    open('/profile-settings');
    expect(await screen.findByRole('region', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
  });

  it('serves the Users page', async () => {
    open('/settings/users');
    expect(await screen.findByRole('button', { name: 'Invite User' })).toBeInTheDocument();
  });

  it('serves the Permissions page', async () => {
    open('/settings/permissions');
    expect(await screen.findByRole('button', { name: 'Add Permission' })).toBeInTheDocument();
  });

  it('keeps Settings from viewers', async () => {
    open('/settings/users', {}, ['viewer'], [{ object: 'identities', action: 'read' }]);
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });

  it('answers a switched-off settings page like an unknown one', async () => {
    open('/settings/permissions', {
      'GET /api/properties': { body: [{ name: 'settings.permissions.disable', value: 'true' }] },
    });
    expect(
      await screen.findByText('There is no page at /settings/permissions.'),
    ).toBeInTheDocument();
  });

  it('serves the playbooks area: the list, the runs, and a playbook by id', async () => {
    const readPlaybooks: Grant[] = [
      { object: 'playbooks', action: 'read' },
      { object: 'playbook_runs', action: 'read' },
    ];
    const extra = {
      'GET /api/db/playbooks': { body: [] },
      'GET /api/db/playbook_names': { body: [] },
      'GET /api/db/playbook_runs': { body: [], headers: { 'Content-Range': '*/0' } },
    };
    open('/playbooks/runs', extra, ['viewer'], readPlaybooks);
    expect(await screen.findByRole('grid', { name: 'Playbook runs' })).toBeInTheDocument();
    cleanup();
    open('/playbooks/pb-unknown', extra, ['viewer'], readPlaybooks);
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('still says other settings areas are not built yet', async () => {
    open('/settings/connections');
    expect(
      await screen.findByRole('heading', { name: 'Settings is not available in this version' }),
    ).toBeInTheDocument();
  });
});
