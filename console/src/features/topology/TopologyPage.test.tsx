import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { CARD_WIDTH_KEY } from './useCardWidth';
import { component, topologyRoute, topologyRoutes } from './testData';
import { LOAD_ERROR_TITLE, NO_COMPONENTS_TEXT, TopologyPage } from './TopologyPage';
import { PAGE_SIZE } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(url = '/topology', routes = topologyRoutes()) {
  const api = mockApi(routes);
  const page = renderPage(<TopologyPage />, {
    path: url.startsWith('/topology/') ? '/topology/:id' : '/topology',
    url,
    session: true,
  });
  return { api, ...page };
}

const card = (name: string) => screen.findByRole('article', { name });
const childNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
}
const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('TopologyPage', () => {
  it('shows the root components as cards with health, type, headlines and children', async () => {
    const { api } = open();
    const cluster = await card('Production');
    const billing = screen.getByRole('article', { name: 'billing' });

    const list = api.callsTo('GET /api/db/topology').find((c) => c.url.searchParams.has('offset'));
    expect(list?.url.searchParams.get('parent_id')).toBe('is.null');
    expect(list?.url.searchParams.get('hidden')).toBe('eq.false');
    expect(list?.url.searchParams.get('deleted_at')).toBe('is.null');
    expect(list?.headers.get('Prefer')).toContain('count=exact');

    expect(within(cluster).getByText('healthy')).toBeInTheDocument();
    expect(within(cluster).getByText('KubernetesCluster')).toBeInTheDocument();
    expect(within(cluster).getByLabelText('Properties of Production')).toHaveTextContent(
      'version1.30',
    );
    expect(cluster).not.toHaveTextContent('eu-west-1');
    // Children sorted unhealthy first, then warning, then healthy.
    const children = await within(cluster).findByRole('list', { name: 'Children of Production' });
    expect(childNames(children)).toEqual(['payments-api', 'orders-db', 'web']);
    expect(within(children).getByRole('link', { name: 'payments-api' })).toHaveAttribute(
      'href',
      '/topology/c-api?refererId=c-cluster',
    );

    // A warning card (status used when health is unset) has an orange border; the healthy none.
    expect(within(billing).getByText('warning')).toBeInTheDocument();
    expect(billing).toHaveAttribute('data-health', 'warning');
    expect(billing.getAttribute('style')).toContain(
      'border: 2px solid var(--pf-t--global--color--status--warning--default)',
    );
    expect(cluster.getAttribute('style')).not.toContain('border');
    // The cluster asks to be large (356 px); billing gets the medium default.
    expect(cluster).toHaveStyle({ width: '356px' });
    expect(billing).toHaveStyle({ width: '258px' });
  });

  it('says so when no component matches', async () => {
    const { api } = open('/topology?status=unhealthy');
    expect(await screen.findByText(NO_COMPONENTS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    // The health filter falls back to status where health is unset, as the cards do.
    expect(api.callsTo('GET /api/db/topology')[0]?.url.searchParams.get('or')).toBe(
      '(health.in.(unhealthy),and(health.is.null,status.in.(unhealthy)))',
    );
  });

  it('shows the error when the components cannot be read', async () => {
    open(
      '/topology',
      topologyRoutes({
        extra: {
          'GET /api/db/topology': {
            status: 500,
            body: { code: 'XX000', message: 'permission denied for view topology' },
          },
        },
      }),
    );
    expect(await screen.findByText(LOAD_ERROR_TITLE)).toBeInTheDocument();
    expect(screen.getByText('permission denied for view topology')).toBeInTheDocument();
  });

  it('zooms into a component: breadcrumb, the component and its children by health', async () => {
    const { api, router } = open('/topology/c-api?refererId=c-cluster');
    const api_ = await card('payments-api');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(breadcrumb).findByRole('link', { name: 'Production' })).toHaveAttribute(
      'href',
      '/topology/c-cluster',
    );
    expect(breadcrumb).toHaveTextContent(/Topology.*Production.*payments-api/);
    expect(api.callsTo('GET /api/db/components')[0]?.url.searchParams.get('id')).toBe(
      'in.(c-cluster)',
    );
    expect(within(api_).getByText('250 m')).toBeInTheDocument();
    // The page's own card has no Zoom In.
    await openMenu('payments-api');
    expect(menuItems()).toEqual(['View Logs', 'Link to Incident']);
    await userEvent.keyboard('{Escape}');

    const pod = await card('payments-api-7d9');
    expect(pod.getAttribute('style')).toContain(
      'border: 2px solid var(--pf-t--global--color--status--danger--default)',
    );
    const children = api
      .callsTo('GET /api/db/topology')
      .find((c) => c.url.searchParams.get('parent_id') === 'eq.c-api');
    expect(children).toBeDefined();

    await userEvent.click(within(breadcrumb).getByRole('link', { name: 'Topology' }));
    expect(router.state.location.pathname).toBe('/topology');
    expect(router.state.location.search).toBe('');
  });

  it('leads from the type icon to every component of that type', async () => {
    const { router } = open('/topology/c-cluster?status=warning&team=a');
    const db = await card('orders-db');
    await userEvent.click(within(db).getByRole('link', { name: 'Show all Database components' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/topology?team=a&type=Database',
    );
  });

  it('filters by type at any depth, and by status from the toolbar', async () => {
    const { api, router } = open('/topology?type=Database');
    await card('orders-db');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const query = api.callsTo('GET /api/db/topology')[0]?.url.searchParams;
    expect(query?.get('type')).toBe('eq.Database');
    expect(query?.has('parent_id')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove the Database filter' }));
    expect(router.state.location.search).toBe('');
    expect(await card('Production')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'warning');
    expect(router.state.location.search).toBe('?status=warning');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Production' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'billing' })).toBeInTheDocument();
  });

  describe('card actions', () => {
    it('offers View Logs, Link to Incident and Zoom In with links keeping the query', async () => {
      const { router } = open('/topology?team=a&refererId=old');
      await openMenu('Production');
      expect(menuItems()).toEqual(['View Logs', 'Link to Incident', 'Zoom In']);
      expect(screen.getByRole('menuitem', { name: 'View Logs' })).toHaveAttribute(
        'href',
        '/logs?topologyId=c-cluster',
      );
      const zoom = screen.getByRole('menuitem', { name: 'Zoom In' });
      expect(zoom).toHaveAttribute('href', '/topology/c-cluster?team=a');
      await userEvent.click(zoom);
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/topology/c-cluster?team=a',
      );
    });

    it('leaves View Logs out when the component has no external_id', async () => {
      open();
      await openMenu('billing');
      expect(menuItems()).toEqual(['Link to Incident', 'Zoom In']);
    });

    it('leaves View Logs out when the logs feature is off', async () => {
      open('/topology', topologyRoutes({ properties: [{ name: 'logs.disable', value: 'true' }] }));
      await openMenu('Production');
      expect(menuItems()).toEqual(['Link to Incident', 'Zoom In']);
    });

    it('hides Link to Incident without incident write', async () => {
      open('/topology', topologyRoutes({ grants: [{ object: 'incident', action: 'read' }] }));
      await openMenu('Production');
      expect(menuItems()).toEqual(['View Logs', 'Zoom In']);
    });

    it('hides Link to Incident when the incidents feature is off', async () => {
      open(
        '/topology',
        topologyRoutes({ properties: [{ name: 'incidents.disable', value: 'true' }] }),
      );
      await openMenu('Production');
      expect(menuItems()).toEqual(['View Logs', 'Zoom In']);
    });

    it('opens the Link to Incident dialog for the component', async () => {
      open('/topology', topologyRoutes({ extra: { 'GET /api/db/incidents': { body: [] } } }));
      await openMenu('Production');
      await userEvent.click(screen.getByRole('menuitem', { name: 'Link to Incident' }));
      const dialog = await screen.findByRole('dialog', { name: 'Link to Incident' });
      expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue(
        'Production',
      );
    });
  });

  it('loads more cards a page at a time', async () => {
    const many = Array.from({ length: PAGE_SIZE + 3 }, (_, n) =>
      component({
        id: `c-${String(n).padStart(2, '0')}`,
        name: `svc-${String(n).padStart(2, '0')}`,
      }),
    );
    const { api } = open(
      '/topology',
      topologyRoutes({ extra: { 'GET /api/db/topology': topologyRoute(many) } }),
    );
    await card('svc-00');
    expect(screen.getAllByRole('article')).toHaveLength(PAGE_SIZE);
    expect(screen.getByText(`Showing ${PAGE_SIZE} of ${PAGE_SIZE + 3}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await card(`svc-${PAGE_SIZE + 2}`)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(PAGE_SIZE + 3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const limits = api
      .callsTo('GET /api/db/topology')
      .filter((c) => c.url.searchParams.get('parent_id') === 'is.null')
      .map((c) => c.url.searchParams.get('limit'));
    expect(limits).toEqual([String(PAGE_SIZE), String(PAGE_SIZE * 2)]);
  });

  it('uses the remembered card width for every card', async () => {
    localStorage.setItem(CARD_WIDTH_KEY, '400');
    open();
    expect(await card('Production')).toHaveStyle({ width: '400px' });
    expect(screen.getByRole('article', { name: 'billing' })).toHaveStyle({ width: '400px' });
    await userEvent.click(screen.getByRole('button', { name: 'Reset card width' }));
    expect(localStorage.getItem(CARD_WIDTH_KEY)).toBeNull();
    expect(screen.getByRole('article', { name: 'Production' })).toHaveStyle({ width: '356px' });
  });
});
