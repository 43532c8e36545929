import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { CatalogListPage } from './CatalogListPage';
import { CatalogPreferencesPage } from './CatalogPreferencesPage';
import { OVERSCAN, ROW_HEIGHT, FALLBACK_VIEWPORT } from './CatalogTable';
import { HIDE_DELETED_CATALOG_KEY } from './preferences';
import { READ, SUMMARY, catalogRoutes, configItem, range } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url = '/catalog') =>
  renderPage(<CatalogListPage />, { path: '/catalog', url, session: true });

type Router = ReturnType<typeof open>['router'];
const query = (router: Router) => new URLSearchParams(router.state.location.search);
const table = () => screen.getByRole('grid', { name: 'Catalog' });
const bodyRows = () =>
  within(table())
    .getAllByRole('row')
    .filter(
      (r) =>
        !r.hasAttribute('aria-hidden') && within(r).queryAllByRole('columnheader').length === 0,
    );
const group = (name: string) => screen.findByRole('button', { name: new RegExp(`^${name} `) });
const lastCall = (api: ReturnType<typeof mockApi>, key: string) => api.callsTo(key).at(-1);

describe('CatalogListPage', () => {
  it('groups by config class, then type, and opens a group onto its items', async () => {
    const api = mockApi(catalogRoutes());
    const { router } = open();
    const pod = await group('Pod');
    expect(pod).toHaveTextContent('Pod 1k+');
    expect(pod).toHaveAttribute('aria-expanded', 'false');
    expect(await group('Node')).toBeInTheDocument();
    expect(lastCall(api, 'POST /api/catalog/summary')?.body).toEqual({
      groupBy: ['config_class', 'type'],
      deleted: false,
      changes: { since: '7d' },
      analysis: { since: '7d' },
      cost: '30d',
    });
    // Group rows add up their figures: 2400 changes in red as 2k+, $812 for 30 days.
    const podRow = pod.closest('tr') as HTMLElement;
    expect(within(podRow).getByText('2k+')).toHaveAttribute('data-hot', 'true');
    expect(podRow).toHaveTextContent('$812');
    expect(api.callsTo('GET /api/db/configs')).toHaveLength(0);

    await userEvent.click(pod);
    await userEvent.click(await group('Kubernetes::Pod'));
    const item = await screen.findByText('payments-6c9f');
    const params = lastCall(api, 'GET /api/db/configs')?.url.searchParams;
    expect(params?.get('config_class')).toBe('eq.Pod');
    expect(params?.get('type')).toBe('eq.Kubernetes::Pod');
    expect(params?.get('deleted_at')).toBe('is.null');
    expect(params?.get('order')).toBe('type.asc,name.asc');
    expect(params?.get('offset')).toBe('0');

    await userEvent.click(item);
    expect(router.state.location.pathname).toBe('/catalog/pod-1');
  });

  it('closes a group again', async () => {
    mockApi(catalogRoutes());
    open('/catalog?groupBy=type');
    const pods = await group('Kubernetes::Pod');
    await userEvent.click(pods);
    expect(await screen.findByText('orders-77aa')).toBeInTheDocument();
    await userEvent.click(pods);
    expect(screen.queryByText('orders-77aa')).not.toBeInTheDocument();
    expect(pods).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows counts above 999 as Nk+, highlights 500 changes or more, and formats cost', async () => {
    mockApi(catalogRoutes());
    open('/catalog?groupBy=none');
    const hot = (await screen.findByText('payments-6c9f')).closest('tr') as HTMLElement;
    const calm = screen.getByText('orders-77aa').closest('tr') as HTMLElement;
    expect(within(hot).getByText('1k+')).toHaveAttribute('data-hot', 'true');
    expect(within(calm).getByText('499')).not.toHaveAttribute('data-hot');
    // $300 over 30 days is $10 a day; $20 today is twice that.
    expect(hot).toHaveTextContent('$300');
    expect(
      within(hot).getByLabelText('Daily cost above the 30-day average by 100%'),
    ).toBeInTheDocument();
    // $4.50 over 30 days is $0.15 a day, as today: no trend.
    expect(calm).toHaveTextContent('$4.50');
    expect(within(calm).queryByLabelText(/Daily cost/)).not.toBeInTheDocument();
    expect(hot).toHaveTextContent('cluster: eu-1');
    expect(within(hot).getByText('security 2')).toBeInTheDocument();
  });

  it('reads the filters from the URL and asks for them', async () => {
    const api = mockApi(catalogRoutes());
    open(
      '/catalog?groupBy=none&configType=Kubernetes::Pod&health=unhealthy:1&status=Running:-1&labels=app____payments:1&tags=cluster____us-1:-1&search=pay&sortBy=changes&sortOrder=desc',
    );
    await screen.findByText('payments-6c9f');
    const params = lastCall(api, 'GET /api/db/configs')?.url.searchParams;
    expect(params?.get('type')).toBe('eq.Kubernetes::Pod');
    expect(params?.get('health')).toBe('eq.unhealthy');
    expect(params?.get('labels->>app')).toBe('eq.payments');
    expect(params?.getAll('or')).toEqual([
      '(name.ilike."*pay*",type.ilike."*pay*",description.ilike."*pay*",namespace.ilike."*pay*")',
      '(tags->>cluster.is.null,tags->>cluster.not.in.("us-1"))',
      '(status.is.null,status.not.in.("Running"))',
    ]);
    expect(params?.get('order')).toBe('changes.desc,name.asc');
    expect(screen.getByRole('combobox', { name: 'Config Type' })).toHaveValue('Kubernetes::Pod');
    expect(screen.getByRole('textbox', { name: 'Search catalog' })).toHaveValue('pay');
  });

  it('writes filters, sort and grouping to the URL', async () => {
    const api = mockApi(catalogRoutes());
    const { router } = open('/catalog?groupBy=none');
    await screen.findByText('payments-6c9f');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Config Type' }),
      'Kubernetes::Node',
    );
    expect(query(router).get('configType')).toBe('Kubernetes::Node');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search catalog' }), 'orders');
    await waitFor(() => expect(query(router).get('search')).toBe('orders'));

    await userEvent.click(screen.getByRole('button', { name: 'Labels', expanded: false }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Exclude app: payments' }));
    expect(query(router).get('labels')).toBe('app____payments:-1');
    await waitFor(() =>
      expect(lastCall(api, 'GET /api/db/configs')?.url.searchParams.getAll('or')).toContain(
        '(labels->>app.is.null,labels->>app.not.in.("payments"))',
      ),
    );

    await userEvent.click(
      screen.getByRole('columnheader', { name: 'Changes' }).querySelector('button') as HTMLElement,
    );
    expect(query(router).get('sortBy')).toBe('changes');
    expect(query(router).get('sortOrder')).toBe('asc');

    await userEvent.click(screen.getByRole('button', { name: 'Group By' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Tag: cluster' }));
    expect(query(router).get('groupBy')).toBe('cluster__tag');
    await waitFor(() =>
      expect(lastCall(api, 'POST /api/catalog/summary')?.body).toMatchObject({
        groupBy: ['cluster__tag', 'type'],
        search: 'orders',
        filter: { app: '!payments' },
      }),
    );
  });

  it('filters by agent, local included, once an agent other than local exists', async () => {
    const api = mockApi({
      ...catalogRoutes(),
      'GET /api/db/agents': { body: [{ id: 'agent-eu', name: 'eu-cluster' }] },
    });
    const { router } = open('/catalog?groupBy=none');
    await screen.findByText('payments-6c9f');
    const select = await screen.findByRole('combobox', { name: 'Agent' });
    const agentsCall = api.callsTo('GET /api/db/agents')[0]?.url.searchParams;
    expect(agentsCall?.get('select')).toBe('id,name');
    expect(agentsCall?.get('deleted_at')).toBe('is.null');
    expect(agentsCall?.get('order')).toBe('name.asc');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All agents', 'local', 'eu-cluster']);

    await userEvent.selectOptions(select, 'eu-cluster');
    expect(query(router).get('agent')).toBe('agent-eu');
    await waitFor(() =>
      expect(lastCall(api, 'GET /api/db/configs')?.url.searchParams.get('agent_id')).toBe(
        'eq.agent-eu',
      ),
    );
    await userEvent.selectOptions(select, 'local');
    await waitFor(() =>
      expect(lastCall(api, 'GET /api/db/configs')?.url.searchParams.get('agent_id')).toBe(
        'eq.00000000-0000-0000-0000-000000000000',
      ),
    );
    await userEvent.selectOptions(select, 'All agents');
    expect(query(router).has('agent')).toBe(false);
  });

  it('counts only the chosen agent’s items in the groups', async () => {
    const api = mockApi({
      ...catalogRoutes({
        // The pods were pushed by the agent, the nodes scraped here.
        summary: SUMMARY.map((row) => ({
          ...row,
          agent: row.config_class === 'Pod' ? 'agent-eu' : '00000000-0000-0000-0000-000000000000',
        })),
      }),
      'GET /api/db/agents': { body: [{ id: 'agent-eu', name: 'eu-cluster' }] },
    });
    open('/catalog?agent=agent-eu');
    expect(await group('Pod')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Node / })).not.toBeInTheDocument();
    expect(lastCall(api, 'POST /api/catalog/summary')?.body).toMatchObject({
      groupBy: ['config_class', 'type', 'agent'],
    });
    expect(await screen.findByRole('combobox', { name: 'Agent' })).toHaveValue('agent-eu');
  });

  it('offers no agent filter when this Vigil is the only source', async () => {
    const api = mockApi({ ...catalogRoutes(), 'GET /api/db/agents': { body: [] } });
    open('/catalog?groupBy=none');
    await screen.findByText('payments-6c9f');
    await waitFor(() => expect(api.callsTo('GET /api/db/agents')).toHaveLength(1));
    expect(screen.queryByRole('combobox', { name: 'Agent' })).not.toBeInTheDocument();
    expect(lastCall(api, 'GET /api/db/configs')?.url.searchParams.has('agent_id')).toBe(false);
  });

  it('carries the config type to the Changes and Insights tabs', async () => {
    mockApi(catalogRoutes());
    const { router } = open('/catalog?configType=Kubernetes::Pod');
    await userEvent.click(await screen.findByRole('tab', { name: 'Insights' }));
    expect(router.state.location.pathname).toBe('/catalog/insights');
    expect(query(router).get('configType')).toBe('Kubernetes::Pod');
  });

  it('groups the items by changed in the browser, inside the server groups', async () => {
    const api = mockApi(catalogRoutes());
    open('/catalog?groupBy=changed,type');
    await userEvent.click(await group('Kubernetes::Pod'));
    expect(lastCall(api, 'POST /api/catalog/summary')?.body).toMatchObject({ groupBy: ['type'] });
    const changed = await group('Changed');
    expect(changed).toHaveTextContent('Changed 2');
    await userEvent.click(changed);
    expect(await screen.findByText('payments-6c9f')).toBeInTheDocument();
  });

  it('keeps at most a window of rows in the page for 1,000 items', async () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      configItem(`c-${i}`, { name: `config-${String(i).padStart(4, '0')}` }),
    );
    mockApi({
      ...catalogRoutes({ configs: many }),
      'GET /api/db/configs': { body: many, headers: { 'Content-Range': range(1000) } },
    });
    open('/catalog?groupBy=none');
    await screen.findByText('config-0000');
    const visible = Math.ceil(FALLBACK_VIEWPORT / ROW_HEIGHT);
    expect(bodyRows().length).toBeLessThanOrEqual(visible + OVERSCAN + 1);
    expect(screen.queryByText('config-0500')).not.toBeInTheDocument();

    const region = screen.getByRole('region', { name: 'Catalog' });
    region.scrollTop = 500 * ROW_HEIGHT;
    fireEvent.scroll(region);
    expect(await screen.findByText('config-0500')).toBeInTheDocument();
    expect(screen.queryByText('config-0000')).not.toBeInTheDocument();
    expect(bodyRows().length).toBeLessThanOrEqual(visible + 2 * OVERSCAN + 1);
  });

  it('says No result when nothing matches, and Something went wrong when the list fails', async () => {
    const api = mockApi(catalogRoutes({ summary: [] }));
    open();
    expect(await screen.findByText('No result')).toBeInTheDocument();
    api.on('POST /api/catalog/summary', { status: 500, body: { message: 'database down' } });
    await userEvent.click(screen.getByRole('button', { name: 'Status', expanded: false }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Include Running' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('database down')).toBeInTheDocument();
  });

  it('lists deleted items once Hide Deleted Catalog is turned off', async () => {
    const api = mockApi(catalogRoutes());
    renderPage(<CatalogPreferencesPage />, { path: '/catalog/preferences', session: true });
    const toggle = await screen.findByRole('switch', { name: 'Hide Deleted Catalog' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(localStorage.getItem(HIDE_DELETED_CATALOG_KEY)).toBe('no');
    expect(toggle).not.toBeChecked();

    open('/catalog?groupBy=none');
    await screen.findAllByText('payments-6c9f');
    expect(lastCall(api, 'GET /api/db/configs')?.url.searchParams.has('deleted_at')).toBe(false);
  });

  it('asks the summary for deleted items when they are shown', async () => {
    localStorage.setItem(HIDE_DELETED_CATALOG_KEY, 'no');
    const api = mockApi(catalogRoutes({ grants: READ }));
    open();
    await group('Pod');
    expect(lastCall(api, 'POST /api/catalog/summary')?.body).toMatchObject({ deleted: true });
  });

  it('is unauthorized without read on the catalog', async () => {
    mockApi(catalogRoutes({ grants: [] }));
    open();
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
  });
});
