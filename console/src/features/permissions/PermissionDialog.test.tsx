import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRequest } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { PermissionsPage } from './PermissionsPage';
import { WRITE, permissionRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () =>
  renderPage(<PermissionsPage />, { path: '/settings/permissions', session: true });

const teams = ({ url }: MockRequest) => {
  const all = [
    { id: 't1', name: 'SRE' },
    { id: 't2', name: 'Platform' },
  ];
  const term =
    url.searchParams
      .get('name')
      ?.replace(/^ilike\.%|%$/g, '')
      .toLowerCase() ?? '';
  return { body: all.filter((t) => t.name.toLowerCase().includes(term)) };
};

async function openAdd() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Permission' }));
  return screen.getByRole('dialog', { name: 'Add Permission' });
}

describe('Add Permission', () => {
  it('requires a resource, a subject and an action', async () => {
    const api = mockApi(permissionRoutes(WRITE));
    open();
    const dialog = await openAdd();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please select a resource')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a team or a person')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select an action')).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/permissions')).toHaveLength(0);
  });

  it('offers the global objects and the actions of the spec', async () => {
    mockApi(permissionRoutes(WRITE));
    open();
    const dialog = await openAdd();
    const objects = within(within(dialog).getByLabelText('Global object')).getAllByRole('option');
    expect(objects.map((o) => o.textContent).slice(0, 4)).toEqual([
      'Select an object',
      'canaries',
      'catalog',
      'incident',
    ]);
    expect(objects).toHaveLength(19);
    const actions = within(within(dialog).getByLabelText(/Action/)).getAllByRole('option');
    expect(actions.map((o) => o.getAttribute('value'))).toEqual([
      '',
      'read',
      'update',
      'create',
      'delete',
      '*',
      'create,read,update,delete',
      'run',
      'approve',
    ]);
  });

  it('adds a permission for a team found by searching', async () => {
    const api = mockApi(
      permissionRoutes(WRITE, {
        'GET /api/db/teams': teams,
        'POST /api/db/permissions': { status: 201 },
      }),
    );
    open();
    const dialog = await openAdd();
    await userEvent.selectOptions(within(dialog).getByLabelText('Global object'), 'catalog');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Team' }), 'sr');
    await userEvent.click(await screen.findByRole('option', { name: 'SRE' }));
    await userEvent.selectOptions(within(dialog).getByLabelText(/Action/), 'read');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Deny' }));
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Read-only catalog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Permission added')).toBeInTheDocument();
    const search = api.callsTo('GET /api/db/teams').at(-1)?.url.searchParams;
    expect(search?.get('name')).toBe('ilike.%sr%');
    expect(search?.get('deleted_at')).toBe('is.null');
    expect(api.callsTo('POST /api/db/permissions')[0]?.body).toEqual({
      object: 'catalog',
      config_id: null,
      component_id: null,
      canary_id: null,
      playbook_id: null,
      connection_id: null,
      team_id: 't1',
      person_id: null,
      action: 'read',
      deny: true,
      description: 'Read-only catalog',
      until: null,
      source: 'UI',
      created_by: 'me-1',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Permission' })).not.toBeInTheDocument(),
    );
  });

  it('toasts a refused save and keeps the dialog', async () => {
    mockApi(
      permissionRoutes(WRITE, {
        'GET /api/db/teams': teams,
        'POST /api/db/permissions': {
          status: 409,
          body: { code: '23505', message: 'duplicate key value violates unique constraint' },
        },
      }),
    );
    open();
    const dialog = await openAdd();
    await userEvent.selectOptions(within(dialog).getByLabelText('Global object'), 'logs');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Platform' }));
    await userEvent.selectOptions(within(dialog).getByLabelText(/Action/), 'read');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('duplicate key value violates unique constraint'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Permission' })).toBeInTheDocument();
  });
});

describe('Edit Permission', () => {
  it('prefills, clears the resource when its kind changes, and patches with updated_by', async () => {
    const api = mockApi(
      permissionRoutes(WRITE, {
        'GET /api/db/playbooks': {
          body: [{ id: 'pb9', name: 'scale', title: 'Scale deployment' }],
        },
        'PATCH /api/db/permissions': { status: 204 },
      }),
    );
    open();
    await screen.findByText('prod-db', { exact: false });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for permission p1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Permission' });
    expect(within(dialog).getByLabelText('Resource type')).toHaveValue('config');
    expect(within(dialog).getByRole('combobox', { name: 'Catalog' })).toHaveValue('prod-db');
    expect(within(dialog).getByRole('combobox', { name: 'Person' })).toHaveValue('Grace Hopper');
    expect(within(dialog).getByRole('switch', { name: 'Deny' })).toBeChecked();

    await userEvent.selectOptions(within(dialog).getByLabelText('Resource type'), 'playbook');
    const playbook = within(dialog).getByRole('combobox', { name: 'Playbook' });
    expect(playbook).toHaveValue('');
    await userEvent.click(playbook);
    await userEvent.click(await screen.findByRole('option', { name: 'Scale deployment' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Permission updated')).toBeInTheDocument();
    const patch = api.callsTo('PATCH /api/db/permissions')[0];
    expect(patch?.url.searchParams.get('id')).toBe('eq.p1');
    expect(patch?.body).toMatchObject({
      config_id: null,
      playbook_id: 'pb9',
      person_id: 'u1',
      action: 'read',
      deny: true,
      updated_by: 'me-1',
    });
    expect(patch?.body).not.toHaveProperty('created_by');
  });

  it('clears the subject when switching between team and person', async () => {
    mockApi(permissionRoutes(WRITE));
    open();
    await screen.findByText('prod-db', { exact: false });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for permission p1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Permission' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Team' }));
    expect(within(dialog).getByRole('combobox', { name: 'Team' })).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please select a team or a person')).toBeInTheDocument();
  });
});
