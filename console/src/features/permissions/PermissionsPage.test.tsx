import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { PermissionsPage } from './PermissionsPage';
import { READ, ROWS, WRITE, permissionRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () =>
  renderPage(<PermissionsPage />, { path: '/settings/permissions', session: true });

async function rowOf(text: string) {
  return (await screen.findByText(text, { exact: false })).closest('tr') as HTMLElement;
}

describe('PermissionsPage', () => {
  it('lists permissions with their embeds, paged with an exact count', async () => {
    const api = mockApi(permissionRoutes(READ));
    open();
    const p1 = await rowOf('prod-db');
    expect(p1).toHaveTextContent('Catalog');
    expect(p1).toHaveTextContent('Grace Hopper (Person)');
    expect(within(p1).getByText('Deny')).toBeInTheDocument();
    expect(p1).toHaveTextContent('Keep out of prod');
    const p2 = (await screen.findByText('playbooks')).closest('tr') as HTMLElement;
    expect(p2).toHaveTextContent('Global object');
    expect(p2).toHaveTextContent('SRE (Team)');
    expect(within(p2).getByText('Allow')).toBeInTheDocument();
    expect(await rowOf('Restart pod')).toHaveTextContent('kubernetes/default/allow-restart');

    const call = api.callsTo('GET /api/db/permissions')[0];
    expect(call?.url.searchParams.get('select')).toBe(
      '*,catalog:config_id(id,name,type,config_class),component:component_id(id,name,icon),' +
        'canary:canary_id(id,name),playbook:playbook_id(id,title,name,icon),' +
        'team:team_id(id,name,icon),person:person_id(id,name,avatar),' +
        'createdBy:created_by(id,name,avatar),connection:connection_id(id,name,type)',
    );
    expect(call?.headers.get('Prefer')).toContain('count=exact');
    expect(call?.url.searchParams.get('offset')).toBe('0');
    expect(call?.url.searchParams.get('limit')).toBe('50');
  });

  it('pages with the shared pagination', async () => {
    const api = mockApi(
      permissionRoutes(READ, {
        'GET /api/db/permissions': { body: ROWS, headers: { 'Content-Range': '0-49/120' } },
      }),
    );
    open();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/db/permissions').at(-1)?.url.searchParams.get('offset')).toBe(
        '50',
      ),
    );
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('hides the write controls without write on permissions', async () => {
    mockApi(permissionRoutes(READ));
    open();
    await rowOf('prod-db');
    expect(screen.queryByRole('button', { name: 'Add Permission' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('shows the Unauthorized page without read on permissions', async () => {
    const api = mockApi(permissionRoutes([]));
    open();
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/permissions')).toHaveLength(0);
  });

  it('deletes a permission after confirmation', async () => {
    const api = mockApi(permissionRoutes(WRITE, { 'DELETE /api/db/permissions': { status: 204 } }));
    open();
    await rowOf('prod-db');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for permission p1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Permission' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the permission?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Permission deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/db/permissions')[0]?.url.searchParams.get('id')).toBe('eq.p1');
  });

  it('toasts a refused delete with the server message', async () => {
    mockApi(
      permissionRoutes(WRITE, {
        'DELETE /api/db/permissions': {
          status: 403,
          body: { error: 'forbidden', message: 'permission denied: write on permissions' },
        },
      }),
    );
    open();
    await rowOf('prod-db');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for permission p1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Permission' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('permission denied: write on permissions')).toBeInTheDocument();
  });

  it('does not edit permissions that come from configuration files', async () => {
    mockApi(permissionRoutes(WRITE));
    open();
    await rowOf('Restart pod');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for permission p3' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeDisabled();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeDisabled();
  });
});
