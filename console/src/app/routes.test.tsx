import { cleanup, render, screen, within } from '@testing-library/react';
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

  it('says a switched-off settings page is turned off, and where to turn it on', async () => {
    open('/settings/permissions', {
      'GET /api/properties': { body: [{ name: 'settings.permissions.disable', value: 'true' }] },
    });
    expect(
      await screen.findByRole('heading', { name: 'Permissions is turned off' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Settings → Feature Flags/)).toHaveTextContent(
      'set the property settings.permissions.disable to false',
    );
    expect(screen.queryByText(/There is no page/)).toBeNull();
  });

  it('names the switch of the area a settings page follows', async () => {
    open('/settings/jobs', {
      'GET /api/properties': { body: [{ name: 'health.disable', value: 'true' }] },
    });
    expect(
      await screen.findByRole('heading', { name: 'Job History is turned off' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('health.disable')).not.toHaveLength(0);
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

  it('serves the Agents page both as an area and under Settings', async () => {
    const readAgents: Grant[] = [{ object: 'agents', action: 'read' }];
    const extra = {
      'GET /api/db/agents_summary': { body: [], headers: { 'Content-Range': '*/0' } },
    };
    open('/agents', extra, ['editor'], readAgents);
    expect(await screen.findByRole('heading', { name: 'No agents yet' })).toBeInTheDocument();
    cleanup();
    open('/settings/agents', extra, ['editor'], readAgents);
    expect(await screen.findByRole('heading', { name: 'No agents yet' })).toBeInTheDocument();
    expect(screen.queryByText(/not available in this version/)).toBeNull();
  });

  it('says there is no page at an unknown settings path', async () => {
    open('/settings/no-such-page');
    expect(
      await screen.findByText('There is no page at /settings/no-such-page.'),
    ).toBeInTheDocument();
  });

  it('lists the settings pages the user may see at /settings', async () => {
    open(
      '/settings',
      {},
      ['editor'],
      [
        { object: 'identities', action: 'read' },
        { object: 'database', action: 'read' },
      ],
    );
    const pages = await screen.findByRole('list', { name: 'Settings' });
    const links = within(pages)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(expect.arrayContaining(['Users', 'Teams', 'Jobs History']));
    // No read on connections, permissions or canaries: not listed.
    expect(links).not.toContain('Connections');
    expect(links).not.toContain('Permissions');
    expect(links).not.toContain('Health Checks');
  });

  it('sends a table whose screens live elsewhere there', async () => {
    open(
      '/settings/config_scrapers',
      {
        'GET /api/db/config_scrapers_with_status': {
          body: [],
          headers: { 'Content-Range': '*/0' },
        },
      },
      ['admin'],
      [{ object: 'config_scrapers', action: 'read' }],
    );
    expect(await screen.findByRole('grid', { name: 'Catalog scrapers' })).toBeInTheDocument();
  });
});
