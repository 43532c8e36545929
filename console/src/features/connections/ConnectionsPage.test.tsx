import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { ConnectionsPage } from './ConnectionsPage';
import { READ, WRITE, connectionRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () =>
  renderPage(<ConnectionsPage />, { path: '/settings/connections', session: true });

async function rowOf(text: string) {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

async function openEdit(name: string) {
  await userEvent.click(await screen.findByText(name));
  return screen.findByRole('dialog');
}

describe('ConnectionsPage', () => {
  it('lists connections with their type, namespace and source', async () => {
    const api = mockApi(connectionRoutes(READ));
    open();
    expect(await rowOf('orders-db')).toHaveTextContent('Postgres');
    expect(await rowOf('alerts')).toHaveTextContent('ops');
    expect(await rowOf('vault-http')).toHaveTextContent('Linked to local file');
    expect(api.callsTo('GET /api/db/connection_details')[0]?.url.searchParams.get('select')).toBe(
      '*,createdBy:created_by(id,name,avatar)',
    );
    expect(screen.queryByRole('button', { name: 'Add Connection' })).not.toBeInTheDocument();
  });

  it('shows the Unauthorized page without read on connections', async () => {
    const api = mockApi(connectionRoutes([]));
    open();
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/connection_details')).toHaveLength(0);
  });

  it('adds a connection: type chooser, form with defaults, required secrets, toast', async () => {
    const api = mockApi(connectionRoutes(WRITE));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Connection' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Search connection types'), 'sla');
    expect(within(dialog).queryByRole('button', { name: 'Postgres' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Slack' }));
    expect(await within(dialog).findByText('Add Slack Connection')).toBeInTheDocument();
    // A required secret left empty says so once touched.
    await userEvent.click(within(dialog).getByLabelText('Bot Token'));
    await userEvent.tab();
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Email' }));
    expect(within(dialog).getByLabelText('Port')).toHaveValue(587);
    await userEvent.type(within(dialog).getByLabelText('Name *', { exact: false }), 'mailer');
    await userEvent.type(within(dialog).getByLabelText('Host', { exact: false }), 'smtp.test');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'pw-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Connection added successfully')).toBeInTheDocument();
    const post = api.callsTo('POST /api/db/connections')[0];
    expect(post?.body).toEqual({
      name: 'mailer',
      namespace: 'default',
      type: 'email',
      password: 'pw-1',
      insecure_tls: false,
      properties: { host: 'smtp.test', port: '587', encryption: 'Auto', auth: 'Unknown' },
      source: 'UI',
      created_by: 'me-1',
    });
  });

  it('edits without sending the secret back, and saves a reference', async () => {
    const api = mockApi(connectionRoutes(WRITE));
    open();
    const dialog = await openEdit('orders-db');
    expect(await within(dialog).findByText('Edit Postgres Connection')).toBeInTheDocument();
    expect(within(dialog).getByText('connection://default/orders-db')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveValue('orders_app');
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', expect.stringContaining('set'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Connection updated successfully')).toBeInTheDocument();
    const patch = api.callsTo('PATCH /api/db/connections')[0];
    expect(patch?.url.searchParams.get('id')).toBe('eq.c1');
    expect(patch?.body).not.toHaveProperty('password');
    expect(patch?.body).toMatchObject({ name: 'orders-db', username: 'orders_app' });

    const again = await openEdit('orders-db');
    await userEvent.selectOptions(within(again).getByLabelText('Password source'), 'secret');
    await userEvent.type(within(again).getByLabelText('Password Secret name'), 'orders');
    await userEvent.type(within(again).getByLabelText('Password key'), 'password');
    await userEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/connections')).toHaveLength(2));
    expect(api.callsTo('PATCH /api/db/connections')[1]?.body).toMatchObject({
      password: { secretKeyRef: { name: 'orders', key: 'password' } },
    });
  });

  it('lists the Permissions of the connection in its own tab', async () => {
    const api = mockApi(
      connectionRoutes(WRITE, {
        'GET /api/db/permissions': {
          body: [
            {
              id: 'p1',
              action: 'read',
              deny: false,
              description: 'SRE reads it',
              object: null,
              connection_id: 'c1',
              connection: { id: 'c1', name: 'orders-db', type: 'postgres' },
              team_id: 't1',
              team: { id: 't1', name: 'SRE', icon: null },
              source: 'UI',
              created_at: '2025-01-02T03:04:00Z',
            },
          ],
        },
      }),
    );
    open();
    const dialog = await openEdit('orders-db');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Permissions' }));
    expect(await within(dialog).findByText('SRE (Team)')).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/permissions')[0]?.url.searchParams.get('connection_id')).toBe(
      'eq.c1',
    );
  });

  it.each([
    [{ status: 200, body: { message: 'ok' } }, 'Connection successful'],
    [
      { status: 400, body: { error: 'test_failed', message: '{"code":"28P01","reason":"bad"}' } },
      '"reason": "bad"',
    ],
    [
      { status: 400, body: { error: 'test_failed', message: 'password authentication failed' } },
      'password authentication failed',
    ],
    [{ status: 400, body: '' }, 'Testing connection failed!'],
    [
      { status: 501, body: { error: 'not_implemented', message: 'x' } },
      'We currently do not support testing this connection type',
    ],
  ])('tests a connection: %j shows %s', async (answer, text) => {
    mockApi(connectionRoutes(WRITE, { 'POST /api/connection/test/c1': answer }));
    open();
    const dialog = await openEdit('orders-db');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test' }));
    expect(await screen.findByText(text, { exact: false })).toBeInTheDocument();
  });

  it('deletes a connection after confirmation', async () => {
    const api = mockApi(connectionRoutes(WRITE));
    open();
    const dialog = await openEdit('orders-db');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Are you sure you want to delete this connection?'),
    ).toBeInTheDocument();
    const confirm = screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement;
    await userEvent.click(confirm);
    expect(await screen.findByText('Connection deleted successfully')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/db/connections')[0]?.body).toEqual({ deleted_at: 'now()' });
  });

  it('shows where a connection made outside the console comes from, without Save', async () => {
    mockApi(connectionRoutes(WRITE));
    open();
    const dialog = await openEdit('vault-http');
    expect(await within(dialog).findByText('Linked to local file')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers no Save, Delete or Test without write', async () => {
    mockApi(connectionRoutes(READ));
    open();
    const dialog = await openEdit('orders-db');
    await within(dialog).findByText('Edit Postgres Connection');
    for (const name of ['Save', 'Delete', 'Test'])
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
