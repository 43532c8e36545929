import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { MULTIPLE_COMPONENTS_TEXT } from './cards';
import { UNHEALTHY_BORDER, WARNING_BORDER } from './health';
import { component, topologyRoutes } from './testData';
import { LOAD_ERROR_TITLE, NO_COMPONENTS_TEXT, TopologyPage } from './TopologyPage';
import { CARD_WIDTH_KEY } from './useCardWidth';
import { SORT_KEY } from './useTopologySort';

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
  const topologyCalls = () =>
    api.callsTo('GET /api/canary/api/topology').map((c) => c.url.searchParams);
  const lastQuery = () => topologyCalls().at(-1);
  return { api, topologyCalls, lastQuery, ...page };
}

const card = (name: string) => screen.findByRole('article', { name });
const cardNames = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
const childNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

/** The card's menu: the first of its name (the sidebar repeats the zoomed-in one's). */
async function openMenu(name: string) {
  const [menu] = await screen.findAllByRole('button', { name: `Actions for ${name}` });
  if (!menu) throw new Error(`no menu for ${name}`);
  await userEvent.click(menu);
}
const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('TopologyPage', () => {
  it('reads the roots from the topology call and shows them as cards, unhealthy first', async () => {
    const { lastQuery } = open();
    const cluster = await card('Production');
    const billing = screen.getByRole('article', { name: 'billing' });

    const query = lastQuery();
    expect(query?.has('id')).toBe(false);
    expect(query?.get('sortBy')).toBe('status');
    expect(query?.get('sortOrder')).toBe('desc');
    // Health descending: the warning card before the healthy one, whatever the server's order.
    expect(cardNames()).toEqual(['billing', 'Production']);

    expect(within(cluster).getByText('healthy')).toBeInTheDocument();
    expect(within(cluster).getByText('KubernetesCluster')).toBeInTheDocument();
    expect(within(cluster).getByLabelText('Properties of Production')).toHaveTextContent(
      'version1.30',
    );
    expect(cluster).not.toHaveTextContent('eu-west-1');
    // Children sorted unhealthy first, then warning, then healthy; links carry the parent.
    const children = within(cluster).getByRole('list', { name: 'Children of Production' });
    expect(childNames(children)).toEqual(['payments-api', 'orders-db', 'web']);
    expect(within(children).getByRole('link', { name: 'payments-api' })).toHaveAttribute(
      'href',
      '/topology/c-api?refererId=c-cluster',
    );

    // A warning card (status used when health is unset) has an orange border; the healthy none.
    expect(billing).toHaveAttribute('data-health', 'warning');
    expect(billing.getAttribute('style')).toContain(`border: 2px solid ${WARNING_BORDER}`);
    expect(cluster.getAttribute('style')).not.toContain('border');
    // The cluster asks to be large (356 px); billing gets the medium default (258 px).
    expect(cluster).toHaveStyle({ width: '356px' });
    expect(billing).toHaveStyle({ width: '258px' });
    // No sidebar without an id.
    expect(screen.queryByRole('complementary', { name: 'Component details' })).toBeNull();
  });

  it('says so when no component matches', async () => {
    const { lastQuery } = open('/topology?status=info');
    expect(await screen.findByText(NO_COMPONENTS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(lastQuery()?.get('status')).toBe('info');
  });

  it('says so for an unknown id', async () => {
    open('/topology/nope');
    expect(await screen.findByText(NO_COMPONENTS_TEXT)).toBeInTheDocument();
  });

  it('shows the error when the topology cannot be read', async () => {
    open(
      '/topology',
      topologyRoutes({
        extra: {
          'GET /api/canary/api/topology': {
            status: 400,
            body: { error: 'bad_request', message: 'unknown sortOrder "up"' },
          },
        },
      }),
    );
    expect(await screen.findByText(LOAD_ERROR_TITLE)).toBeInTheDocument();
    expect(screen.getByText('unknown sortOrder "up"')).toBeInTheDocument();
  });

  it('zooms into a component: breadcrumb, its children as cards and the sidebar', async () => {
    const { api, lastQuery, router } = open('/topology/c-api?refererId=c-cluster');
    const pod = await card('payments-api-7d9');
    expect(lastQuery()?.get('id')).toBe('c-api');
    expect(pod.getAttribute('style')).toContain(`border: 2px solid ${UNHEALTHY_BORDER}`);
    expect(screen.getAllByRole('article')).toHaveLength(1);

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(breadcrumb).findByRole('link', { name: 'Production' })).toHaveAttribute(
      'href',
      '/topology/c-cluster',
    );
    expect(breadcrumb).toHaveTextContent(/Topology.*Production.*payments-api/);
    expect(api.callsTo('GET /api/db/components')[0]?.url.searchParams.get('id')).toBe(
      'in.(c-cluster)',
    );
    expect(screen.getByRole('complementary', { name: 'Component details' })).toBeInTheDocument();

    await userEvent.click(within(breadcrumb).getByRole('link', { name: 'Topology' }));
    expect(where(router)).toBe('/topology');
  });

  it('shows a leaf component as its own card, without Zoom In', async () => {
    open('/topology/c-web');
    const web = await card('web');
    expect(within(web).queryByRole('link', { name: 'web' })).not.toBeInTheDocument();
    await openMenu('web');
    expect(menuItems()).toEqual(['View Logs', 'Link to Incident', 'Download Snapshot']);
  });

  it('warns when the answer holds several components for the id', async () => {
    const twins = [component({ id: 'c-x', name: 'x' }), component({ id: 'c-x2', name: 'x2' })];
    open(
      '/topology/c-x',
      topologyRoutes({
        extra: { 'GET /api/canary/api/topology': { body: { components: twins } } },
      }),
    );
    expect(await screen.findByText(MULTIPLE_COMPONENTS_TEXT)).toBeInTheDocument();
    expect(await card('x')).toBeInTheDocument();
  });

  it('leads from the type icon to every component of that type', async () => {
    const { router } = open('/topology/c-cluster?status=warning&team=a&refererId=r');
    const db = await card('orders-db');
    await userEvent.click(within(db).getByRole('link', { name: 'Show all Database components' }));
    expect(where(router)).toBe('/topology?team=a&type=Database');
  });

  describe('filters', () => {
    it('keeps the health filter in the URL and sends it to the topology call', async () => {
      const { router, lastQuery } = open();
      await card('Production');
      await userEvent.click(screen.getByRole('button', { name: 'Health' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Include warning' }));
      expect(where(router)).toBe('/topology?status=warning');
      await waitFor(() => expect(lastQuery()?.get('status')).toBe('warning'));
      await waitFor(() => expect(cardNames()).toEqual(['billing']));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Exclude healthy' }));
      expect(router.state.location.search).toBe('?status=warning%2C%21healthy');
    });

    it('reads include and exclude lists of types from the URL', async () => {
      const { lastQuery } = open('/topology?type=Service,!KubernetesCluster');
      await card('billing');
      expect(lastQuery()?.get('type')).toBe('Service,!KubernetesCluster');
      await userEvent.click(screen.getByRole('button', { name: /Type/ }));
      const cluster = screen.getByRole('option', { name: /KubernetesCluster/ });
      expect(within(cluster).getByRole('img', { name: 'Excluded' })).toBeInTheDocument();
      const service = screen.getByRole('option', { name: /Service/ });
      expect(within(service).getByRole('img', { name: 'Included' })).toBeInTheDocument();
    });

    it('keeps the team and labels in the URL', async () => {
      const { router, lastQuery } = open();
      await card('Production');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'payments');
      expect(where(router)).toBe('/topology?team=payments');
      await waitFor(() => expect(lastQuery()?.get('team')).toBe('payments'));

      await userEvent.click(screen.getByRole('button', { name: 'Labels' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'team=pay' }));
      expect(new URLSearchParams(router.state.location.search).get('labels')).toBe('team=pay');
      await userEvent.click(screen.getByRole('checkbox', { name: 'namespace=platform' }));
      expect(new URLSearchParams(router.state.location.search).get('labels')).toBe(
        'team=pay,namespace=platform',
      );
      await waitFor(() => expect(lastQuery()?.get('labels')).toBe('team=pay,namespace=platform'));
    });
  });

  describe('sort', () => {
    it('keeps the sort in the URL and in local storage', async () => {
      const { router, lastQuery } = open();
      await card('Production');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
      expect(where(router)).toBe('/topology?sortBy=name&sortOrder=desc');
      await waitFor(() => expect(lastQuery()?.get('sortBy')).toBe('name'));
      await waitFor(() => expect(cardNames()).toEqual(['Production', 'billing']));
      await userEvent.click(screen.getByRole('button', { name: 'Sorted descending' }));
      expect(where(router)).toBe('/topology?sortBy=name&sortOrder=asc');
      expect(JSON.parse(localStorage.getItem(SORT_KEY) ?? '{}')).toEqual({
        sortBy: 'name',
        sortOrder: 'asc',
      });
      // Back to the default, which the URL leaves out.
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'status');
      await userEvent.click(screen.getByRole('button', { name: 'Sorted ascending' }));
      expect(where(router)).toBe('/topology');
    });

    it('offers the headline properties as sorts', async () => {
      open('/topology/c-cluster');
      await card('payments-api');
      const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
      expect(within(sortBy).getByRole('option', { name: 'Sort by cpu' })).toHaveValue('field:cpu');
    });

    it('uses the remembered sort when the URL has none', async () => {
      localStorage.setItem(SORT_KEY, JSON.stringify({ sortBy: 'name', sortOrder: 'asc' }));
      const { lastQuery } = open();
      await card('Production');
      expect(lastQuery()?.get('sortBy')).toBe('name');
      expect(lastQuery()?.get('sortOrder')).toBe('asc');
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    });

    it('orders health ascending with info and healthy first', async () => {
      open('/topology?sortBy=status&sortOrder=asc');
      await card('Production');
      expect(cardNames()).toEqual(['Production', 'billing']);
    });
  });

  describe('card width', () => {
    it('uses the remembered width for every card and resets to the named sizes', async () => {
      localStorage.setItem(CARD_WIDTH_KEY, '400');
      open();
      expect(await card('Production')).toHaveStyle({ width: '400px' });
      expect(screen.getByRole('article', { name: 'billing' })).toHaveStyle({ width: '400px' });
      await userEvent.click(screen.getByRole('button', { name: 'Reset card width' }));
      expect(localStorage.getItem(CARD_WIDTH_KEY)).toBeNull();
      expect(screen.getByRole('article', { name: 'Production' })).toHaveStyle({ width: '356px' });
    });

    it('remembers the width chosen with the slider, in steps of 2', async () => {
      open();
      await card('Production');
      const thumb = screen.getByRole('slider', { name: 'Card width' });
      expect(thumb).toHaveAttribute('aria-valuemin', '250');
      expect(thumb).toHaveAttribute('aria-valuemax', '768');
      thumb.focus();
      await userEvent.keyboard('{ArrowRight}');
      expect(localStorage.getItem(CARD_WIDTH_KEY)).toBe('260');
      expect(screen.getByRole('article', { name: 'Production' })).toHaveStyle({ width: '260px' });
    });
  });

  describe('card actions', () => {
    it('offers View Logs, Link to Incident, Zoom In and Download Snapshot', async () => {
      const { router } = open('/topology?team=a&refererId=old&status=healthy');
      await openMenu('Production');
      expect(menuItems()).toEqual([
        'View Logs',
        'Link to Incident',
        'Zoom In',
        'Download Snapshot',
      ]);
      expect(screen.getByRole('menuitem', { name: 'View Logs' })).toHaveAttribute(
        'href',
        '/logs?topologyId=c-cluster',
      );
      // Links keep the query except refererId and status.
      const zoom = screen.getByRole('menuitem', { name: 'Zoom In' });
      expect(zoom).toHaveAttribute('href', '/topology/c-cluster?team=a');
      await userEvent.click(zoom);
      expect(where(router)).toBe('/topology/c-cluster?team=a');
    });

    it('leaves View Logs out without an external_id, or with the logs feature off', async () => {
      open('/topology', topologyRoutes({ properties: [{ name: 'logs.disable', value: 'true' }] }));
      await openMenu('Production');
      expect(menuItems()).toEqual(['Link to Incident', 'Zoom In', 'Download Snapshot']);
      await userEvent.keyboard('{Escape}');
      await openMenu('billing');
      expect(menuItems()).not.toContain('View Logs');
    });

    it('hides Link to Incident when the incidents feature is off', async () => {
      open(
        '/topology',
        topologyRoutes({ properties: [{ name: 'incidents.disable', value: 'true' }] }),
      );
      await openMenu('Production');
      expect(menuItems()).toEqual(['View Logs', 'Zoom In', 'Download Snapshot']);
    });

    it('hides Link to Incident without incident write', async () => {
      open('/topology', topologyRoutes({ grants: [{ object: 'incident', action: 'read' }] }));
      await openMenu('Production');
      expect(menuItems()).not.toContain('Link to Incident');
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
});
