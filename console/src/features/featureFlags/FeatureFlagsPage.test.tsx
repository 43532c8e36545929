import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Grant } from '../../api/session';
import { mockApi, sessionRoutes, type MockRoutes } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import type { FeatureFlag } from './api';
import { FeatureFlagsPage } from './FeatureFlagsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const READ: Grant[] = [{ object: 'properties', action: 'read' }];
const WRITE: Grant[] = [...READ, { object: 'properties', action: 'write' }];

const FLAGS: FeatureFlag[] = [
  {
    name: 'logs.disable',
    value: 'true',
    source: 'local',
    description: 'Logs live elsewhere',
    created_by: null,
    created_at: null,
    updated_at: null,
  },
  {
    name: 'incidents.disable',
    value: 'false',
    source: 'db',
    description: '',
    created_by: { id: 'me-1', name: 'Ada Admin', avatar: null },
    created_at: '2025-01-02T03:04:00Z',
    updated_at: '2025-01-03T03:04:00Z',
  },
];

function routes(grants: Grant[], extra: MockRoutes = {}): MockRoutes {
  return { ...sessionRoutes(grants), 'GET /api/properties': { body: FLAGS }, ...extra };
}

const open = () =>
  renderPage(<FeatureFlagsPage />, { path: '/settings/feature-flags', session: true });

async function rowOf(text: string) {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

describe('FeatureFlagsPage', () => {
  it('lists local and database flags, without controls for readers', async () => {
    mockApi(routes(READ));
    open();
    const local = await rowOf('logs.disable');
    expect(within(local).getByText('local')).toBeInTheDocument();
    expect(local).toHaveTextContent('Logs live elsewhere');
    const db = await rowOf('incidents.disable');
    expect(db).toHaveTextContent('Ada Admin');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Value',
      'Description',
      'Source',
      'Created By',
      'Created At',
      'Updated At',
    ]);
    expect(screen.queryByRole('button', { name: 'Add Feature Flag' })).not.toBeInTheDocument();
  });

  it('shows the Unauthorized page without read on properties', async () => {
    mockApi(routes([]));
    open();
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });

  it('asks for all details, then adds a flag', async () => {
    const api = mockApi(
      routes(WRITE, { 'POST /api/properties': { status: 201, body: { name: 'x', value: 'y' } } }),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Feature Flag' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Feature Flag' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'topology.disable');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('please provide all details')).toBeInTheDocument();
    expect(api.callsTo('POST /api/properties')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Value/), 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Feature flag added successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/properties')[0]?.body).toEqual({
      name: 'topology.disable',
      value: 'true',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 15_000);

  it('updates a database flag by row click', async () => {
    const api = mockApi(routes(WRITE, { 'PUT /api/properties/incidents.disable': { body: {} } }));
    open();
    await userEvent.click(await rowOf('incidents.disable'));
    const dialog = screen.getByRole('dialog', { name: 'Edit Feature Flag' });
    expect(within(dialog).getByLabelText(/Name/)).toBeDisabled();
    const value = within(dialog).getByLabelText(/Value/);
    await userEvent.clear(value);
    await userEvent.type(value, 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Feature flag updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/properties/incidents.disable')[0]?.body).toEqual({
      value: 'true',
    });
  });

  it('refuses to edit or delete a local flag', async () => {
    const api = mockApi(routes(WRITE));
    open();
    await userEvent.click(await rowOf('logs.disable'));
    expect(await screen.findByText('Cannot edit local feature flags')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Actions for feature flag logs.disable' }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('removes a flag after confirmation, and shows the server message on failure', async () => {
    let fail = true;
    const api = mockApi(
      routes(WRITE, {
        'DELETE /api/properties/incidents.disable': () =>
          fail ? { status: 500, body: { message: 'database is away' } } : { status: 204 },
      }),
    );
    open();
    const remove = async () => {
      await userEvent.click(
        await screen.findByRole('button', { name: 'Actions for feature flag incidents.disable' }),
      );
      await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete Feature Flag' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    };
    await remove();
    expect(await screen.findByText('database is away')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await remove();
    expect(await screen.findByText('Feature flag removed successfully')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/properties/incidents.disable')).toHaveLength(2);
  }, 15_000);
});
