import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MockRoutes } from '../../test/mockApi';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { HealthPage } from './HealthPage';
import { CHECKS, PLAYBOOK_WRITER, READ, detail, healthRoutes, statuses } from './testData';
import type { CheckDetail } from './types';

// Monaco does not run in jsdom; the Spec tab's text is what matters here.
vi.mock('../../components/CodeView/CodeView', () => ({
  CodeView: ({ value }: { value: string }) => <pre data-testid="code-view">{value}</pre>,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LOGIN = CHECKS[1] as (typeof CHECKS)[number];

function drawerRoutes(
  extra: MockRoutes = {},
  roles = ['admin'],
  grants = READ,
  check: CheckDetail = detail(LOGIN),
): MockRoutes {
  return healthRoutes(grants, roles, {
    'GET /api/canary/api/checks/c2': { body: check },
    'GET /api/canary/api/checks/c2/statuses': (req) => {
      const page = Number(req.url.searchParams.get('page') ?? 0);
      const size = Number(req.url.searchParams.get('pageSize') ?? 50);
      const total = 120;
      const count = Math.max(0, Math.min(size, total - page * size));
      return { body: { total, statuses: statuses(count, page * size) } };
    },
    'GET /api/canary/api/checks/c2/graph': {
      body: {
        window: '5m',
        points: [
          { time: '2025-01-01T10:00:00Z', status: true, passed: 5, failed: 0, duration: 12 },
          { time: '2025-01-01T10:05:00Z', status: false, passed: 4, failed: 1, duration: 40 },
        ],
      },
    },
    ...extra,
  });
}

const open = (url = '/health?checkId=c2') =>
  renderPage(<HealthPage />, { path: '/health', url, session: true });

const drawer = async () => {
  await screen.findByRole('heading', { name: 'login', level: 2 });
  return screen.getByLabelText('Check details');
};

const historyRows = () =>
  within(screen.getByRole('grid', { name: 'Check history' }))
    .getAllByRole('row')
    .slice(1);

describe('CheckDrawer', () => {
  it('shows the header, uptime, latency and run fields', async () => {
    mockApi(drawerRoutes());
    open();
    const panel = await drawer();
    expect(within(panel).getByText('http')).toBeInTheDocument();
    expect(within(panel).getByText('env: prod')).toBeInTheDocument();
    expect(within(panel).getByText('team: b')).toBeInTheDocument();
    const fields = within(panel)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(fields).toEqual([
      'Uptime',
      'Latency',
      'Severity',
      'Last Run',
      'Transitioned',
      'Next Run',
    ]);
    expect(panel).toHaveTextContent('5.0%');
    expect(panel).toHaveTextContent('1 passed · 19 failed');
    expect(panel).toHaveTextContent('P95 14ms · P97 15ms · P99 22ms');
    expect(panel).toHaveTextContent('medium');
    expect(panel).toHaveTextContent('1m ago');
    expect(panel).toHaveTextContent('30m ago');
    expect(
      within(panel)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['History', 'Graph', 'Spec', 'Relationships']);
  });

  it('chooses the time range from the age of the last run', async () => {
    const stale = {
      ...LOGIN,
      last_runtime: new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString(),
    };
    const api = mockApi(
      drawerRoutes(
        { 'GET /api/canary/api/summary': { body: { checks_summary: [stale] } } },
        undefined,
        undefined,
        detail(stale),
      ),
    );
    open();
    await drawer();
    const select = screen.getByRole('combobox', { name: 'Time Range' });
    expect(select).toHaveValue('1w');
    await waitFor(() =>
      expect(
        api.callsTo('GET /api/canary/api/checks/c2').at(-1)?.url.searchParams.get('start'),
      ).toBe('now-1w'),
    );
    expect(
      api.callsTo('GET /api/canary/api/checks/c2/statuses').at(-1)?.url.searchParams.get('start'),
    ).toBe('now-1w');
    await userEvent.selectOptions(select, '1d');
    await waitFor(() =>
      expect(
        api.callsTo('GET /api/canary/api/checks/c2/statuses').at(-1)?.url.searchParams.get('start'),
      ).toBe('now-1d'),
    );
  });

  it('pages the history with sizes 50, 100 and 200', async () => {
    const api = mockApi(drawerRoutes());
    open();
    await drawer();
    await waitFor(() => expect(historyRows()).toHaveLength(50));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const size = screen.getByRole('combobox', { name: 'History page size' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['50', '100', '200']);
    await userEvent.click(
      within(screen.getByLabelText('Check details')).getByRole('button', { name: 'Next page' }),
    );
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
    expect(historyRows()[0]).toHaveTextContent('run 50');
    let last = api.callsTo('GET /api/canary/api/checks/c2/statuses').at(-1)?.url.searchParams;
    expect(last?.get('page')).toBe('1');
    expect(last?.get('pageSize')).toBe('50');

    await userEvent.selectOptions(size, '100');
    await waitFor(() => expect(screen.getByText('Page 1 of 2')).toBeInTheDocument());
    await waitFor(() => expect(historyRows()).toHaveLength(100));
    last = api.callsTo('GET /api/canary/api/checks/c2/statuses').at(-1)?.url.searchParams;
    expect(last?.get('page')).toBe('0');
    expect(last?.get('pageSize')).toBe('100');
  });

  it('filters history by status and duration, rejecting other units', async () => {
    const api = mockApi(drawerRoutes());
    open();
    await drawer();
    const lastQuery = () =>
      api.callsTo('GET /api/canary/api/checks/c2/statuses').at(-1)?.url.searchParams;
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Healthy', 'Unhealthy', 'All']);
    expect(status).toHaveValue('all');
    await userEvent.selectOptions(status, 'unhealthy');
    await waitFor(() => expect(lastQuery()?.get('status')).toBe('0'));

    const duration = screen.getByRole('combobox', { name: 'Duration' });
    expect(
      within(duration)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', '100ms', '500ms', '1s', '5s', '10s', '30s', 'Custom']);
    await userEvent.selectOptions(duration, '500ms');
    await waitFor(() => expect(lastQuery()?.get('duration')).toBe('500ms'));

    await userEvent.selectOptions(duration, 'custom');
    const custom = screen.getByRole('textbox', { name: 'Custom duration' });
    await userEvent.type(custom, '2m');
    expect(
      screen.getByText('duration is allowed only in milli seconds & seconds'),
    ).toBeInTheDocument();
    await userEvent.clear(custom);
    await userEvent.type(custom, '2s');
    expect(
      screen.queryByText('duration is allowed only in milli seconds & seconds'),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(lastQuery()?.get('duration')).toBe('2s'));
  });

  it('toasts a status-history error with the server message', async () => {
    mockApi(
      drawerRoutes({
        'GET /api/canary/api/checks/c2/statuses': {
          status: 400,
          body: { error: 'duration is allowed only in milli seconds & seconds' },
        },
      }),
    );
    open();
    await drawer();
    const toast = await screen.findByText('duration is allowed only in milli seconds & seconds');
    expect(toast.closest('.pf-v6-c-alert-group')).not.toBeNull();
  });

  it('shows the load failure of a check with the server message', async () => {
    mockApi(
      drawerRoutes({
        'GET /api/canary/api/checks/c2': { status: 404, body: { error: 'check c2 not found' } },
      }),
    );
    open();
    expect(await screen.findByText('check c2 not found')).toBeInTheDocument();
  });

  it('draws the graph with a bar per point in green or red', async () => {
    mockApi(drawerRoutes());
    open();
    const panel = await drawer();
    await userEvent.click(within(panel).getByRole('tab', { name: 'Graph' }));
    const svg = await screen.findByRole('img', { name: 'Results graph, 5m buckets' });
    const bars = [...svg.querySelectorAll('rect')].map((r) => r.getAttribute('data-status'));
    expect(bars).toEqual(['passed', 'failed']);
  });

  it('shows the spec as YAML', async () => {
    mockApi(drawerRoutes());
    open();
    const panel = await drawer();
    await userEvent.click(within(panel).getByRole('tab', { name: 'Spec' }));
    expect(await screen.findByTestId('code-view')).toHaveTextContent(
      'name: login url: "https://example.com" responseCodes: - 200',
    );
  });

  it('lists relationships with links, or No resources found', async () => {
    mockApi(
      drawerRoutes({}, undefined, undefined, {
        ...detail(LOGIN),
        relationships: {
          components: [{ id: 'comp-1', name: 'frontend', type: 'service', health: 'healthy' }],
          configs: [{ id: 'cfg-1', name: 'login-deploy', type: 'Kubernetes::Deployment' }],
        },
      }),
    );
    const { unmount } = open();
    let panel = await drawer();
    await userEvent.click(within(panel).getByRole('tab', { name: 'Relationships' }));
    expect(await screen.findByRole('link', { name: 'frontend' })).toHaveAttribute(
      'href',
      '/topology/comp-1',
    );
    expect(screen.getByRole('link', { name: 'login-deploy' })).toHaveAttribute(
      'href',
      '/catalog/cfg-1',
    );
    await userEvent.click(screen.getByRole('link', { name: 'frontend' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/topology/comp-1');
    unmount();

    mockApi(drawerRoutes());
    open();
    panel = await drawer();
    await userEvent.click(within(panel).getByRole('tab', { name: 'Relationships' }));
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it.each([
    ['admin', true],
    ['editor', true],
    ['responder', true],
    ['commander', true],
    ['viewer', false],
  ])('shows Run Now to %s: %s', async (role, visible) => {
    mockApi(drawerRoutes({}, [role]));
    open();
    const panel = await drawer();
    expect(Boolean(within(panel).queryByRole('button', { name: 'Run Now' }))).toBe(visible);
  });

  it('runs the check, toasts the outcome and refreshes history and summary', async () => {
    const api = mockApi(
      drawerRoutes({
        'POST /api/canary/run/check/c2': {
          body: { status: false, duration: 30, message: '', error: 'connection refused' },
        },
      }),
    );
    open();
    const panel = await drawer();
    await waitFor(() => expect(historyRows()).toHaveLength(50));
    const summaries = api.callsTo('GET /api/canary/api/summary').length;
    const histories = api.callsTo('GET /api/canary/api/checks/c2/statuses').length;
    await userEvent.click(within(panel).getByRole('button', { name: 'Run Now' }));
    expect(await screen.findByText('Check failed')).toBeInTheDocument();
    expect(screen.getByText('connection refused')).toBeInTheDocument();
    expect(api.callsTo('POST /api/canary/run/check/c2')).toHaveLength(1);
    await waitFor(() =>
      expect(api.callsTo('GET /api/canary/api/summary').length).toBeGreaterThan(summaries),
    );
    await waitFor(() =>
      expect(api.callsTo('GET /api/canary/api/checks/c2/statuses').length).toBeGreaterThan(
        histories,
      ),
    );
  });

  it('toasts the server message when Run Now is refused', async () => {
    mockApi(
      drawerRoutes({
        'POST /api/canary/run/check/c2': {
          status: 403,
          body: { error: 'not allowed to run checks' },
        },
      }),
    );
    open();
    const panel = await drawer();
    await userEvent.click(within(panel).getByRole('button', { name: 'Run Now' }));
    expect(await screen.findByText('not allowed to run checks')).toBeInTheDocument();
  });

  it('links to the canary: Edit for UI checks, the source otherwise', async () => {
    mockApi(drawerRoutes());
    const { unmount } = open();
    let panel = await drawer();
    expect(await within(panel).findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/settings/canaries/canary-c2',
    );
    unmount();

    const fromGit = detail(LOGIN);
    fromGit.canary = { id: 'canary-c2', name: 'web', source: 'kubernetes/default/web' };
    mockApi(drawerRoutes({}, undefined, undefined, fromGit));
    open();
    panel = await drawer();
    expect(
      await within(panel).findByRole('link', { name: 'Source: kubernetes/default/web' }),
    ).toHaveAttribute('href', '/settings/canaries/canary-c2');
  });

  it('offers the playbooks that run on the check to writers of playbook_runs', async () => {
    const api = mockApi(
      drawerRoutes(
        {
          'GET /api/playbook/list': {
            body: [
              { id: 'p1', name: 'restart', title: 'Restart deployment' },
              { id: 'p2', name: 'scale', title: null },
            ],
          },
          'POST /api/playbook/p1/params': { body: { params: [] } },
        },
        ['editor'],
        PLAYBOOK_WRITER,
      ),
    );
    open();
    const panel = await drawer();
    await userEvent.click(within(panel).getByRole('button', { name: 'Playbooks' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Restart deployment', 'scale']);
    expect(api.callsTo('GET /api/playbook/list')[0]?.url.searchParams.get('check_id')).toBe('c2');
    // The chosen playbook opens the launch form for this check.
    await userEvent.click(screen.getByRole('menuitem', { name: 'Restart deployment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run Playbook' });
    expect(await within(dialog).findByText('No parameters for this playbook.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/playbook/p1/params')[0]?.body).toEqual({ check_id: 'c2' });
  });

  it('hides the Playbooks menu without write on playbook_runs', async () => {
    const api = mockApi(drawerRoutes({}, ['editor'], READ));
    open();
    const panel = await drawer();
    expect(within(panel).queryByRole('button', { name: 'Playbooks' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/playbook/list')).toHaveLength(0);
  });

  it('offers Link to Incident to an admin who may write incidents, and opens the dialog', async () => {
    const linker = [...READ, { object: 'incident', action: 'write' as const }];
    mockApi(drawerRoutes({}, ['admin'], linker));
    const { unmount } = open();
    let panel = await drawer();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Link to Incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link to Incident' });
    // The check is the evidence: its name prefills the description.
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('login');
    unmount();

    // Without write on incidents there is nothing to offer.
    mockApi(drawerRoutes({}, ['admin'], READ));
    open();
    panel = await drawer();
    expect(within(panel).getByRole('button', { name: 'Run Now' })).toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Link to Incident' }),
    ).not.toBeInTheDocument();
  });
});
