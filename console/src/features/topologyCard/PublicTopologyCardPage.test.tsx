import { render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageHeaderProvider } from '../../app/pageHeader';
import { routes } from '../../app/routes';
import { mockApi, spyOnAssign, type MockRoutes } from '../../test/mockApi';
import { topologyRoutes } from '../topology/testData';
import { COMPONENT_NOT_FOUND } from './PublicTopologyCardPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The whole app's routes, as the browser (or an iframe) opens the URL. */
function open(url: string, apiRoutes: MockRoutes = topologyRoutes()) {
  const api = mockApi(apiRoutes);
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PageHeaderProvider>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />
      </PageHeaderProvider>
    </SWRConfig>,
  );
  return api;
}

describe('/view/topology/{id}', () => {
  it('shows the card alone, read-only, outside the application shell', async () => {
    const api = open('/view/topology/c-cluster');
    const card = await screen.findByRole('article', { name: 'Production' });
    expect(within(card).getByText('KubernetesCluster')).toBeInTheDocument();
    expect(within(card).getByLabelText('Properties of Production')).toHaveTextContent(
      'version1.30',
    );
    // Its children, unhealthy first, as text: nothing in an embedded card navigates.
    const children = within(card).getByRole('list', { name: 'Children of Production' });
    expect(
      within(children)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['payments-api', 'orders-db', 'web']);
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    // No top bar, no sidebar navigation.
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);

    const query = api.callsTo('GET /api/canary/api/topology')[0]?.url.searchParams;
    expect(query?.get('id')).toBe('c-cluster');
    expect(query?.get('depth')).toBe('1');
  });

  it('says "Component not found" when the component is absent', async () => {
    open('/view/topology/nope');
    expect(await screen.findByText(COMPONENT_NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('sends a visitor without a session to sign in, coming back to the card', async () => {
    const assign = spyOnAssign();
    open('/view/topology/c-cluster', {
      ...topologyRoutes(),
      'GET /api/auth/whoami': { status: 401, body: { message: 'not signed in' } },
    });
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/^\/login\?return_to=/);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('answers like an unknown page when the topology feature is off', async () => {
    open(
      '/view/topology/c-cluster',
      topologyRoutes({ properties: [{ name: 'topology.disable', value: 'true' }] }),
    );
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
