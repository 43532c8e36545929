import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { HealthPage } from './HealthPage';
import { CHECKS, healthRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const open = (url = '/health') =>
  renderPage(<HealthPage />, { path: '/health', url, session: true });

const table = () => screen.getByRole('grid', { name: 'Checks' });
const search = (router: ReturnType<typeof open>['router']) =>
  new URLSearchParams(router.state.location.search);

/** The Checks column of each body row. */
function checkNames(): string[] {
  return within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[1]?.textContent ?? '');
}

async function loaded() {
  await screen.findByRole('button', { name: 'login' });
}

describe('HealthPage', () => {
  it('lists failing checks with the spec columns, counts and uptime colours', async () => {
    const api = mockApi(healthRoutes());
    open();
    await loaded();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Expand group', 'Checks', 'Health', 'Uptime', 'Latency', 'Transition']);
    // Hide Passing is on by default; sorted by name.
    expect(checkNames()).toEqual(['db-pingpostgres', 'loginhttp']);
    const counts = screen.getByRole('group', { name: 'Check counts' });
    expect(counts).toHaveTextContent('Passing 2');
    expect(counts).toHaveTextContent('Failing 2');

    const login = screen.getByTestId('check-c2');
    expect(within(login).getByText('5.0%')).toHaveAttribute('data-color', 'red');
    expect(within(login).getByRole('img', { name: 'unhealthy' })).toHaveAttribute(
      'data-color',
      'red',
    );
    expect(login).toHaveTextContent('14ms');
    expect(login).toHaveTextContent('30m ago');
    const db = screen.getByTestId('check-c3');
    expect(within(db).getByText('20.0%')).toHaveAttribute('data-color', 'orange');

    const call = api.callsTo('GET /api/canary/api/summary')[0];
    expect(call?.url.searchParams.get('start')).toBe('now-1h');
    expect(screen.getByPlaceholderText('Search by name, description, or endpoint')).toBeVisible();
  });

  it('shows passing checks and groups with passing/total once Hide Passing is off', async () => {
    const { router } = (mockApi(healthRoutes()), open());
    await loaded();
    await userEvent.click(screen.getByRole('switch', { name: 'Hide Passing' }));
    expect(search(router).get('hidePassing')).toBe('false');
    expect(await screen.findByTestId('group-web')).toBeInTheDocument();
    const web = screen.getByTestId('group-web');
    expect(web).toHaveTextContent('1/2');
    expect(within(web).getByRole('img', { name: 'mixed' })).toHaveAttribute('data-color', 'orange');
    expect(checkNames()).toEqual(['cachehttp', 'db-pingpostgres', 'web 2']);
    await userEvent.click(within(web).getByRole('button', { name: 'Expand web' }));
    expect(checkNames()).toEqual([
      'cachehttp',
      'db-pingpostgres',
      'web 2',
      'homepagehttp',
      'loginhttp',
    ]);

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Group By' }),
      'no-grouping',
    );
    expect(checkNames()).toEqual(['cachehttp', 'db-pingpostgres', 'homepagehttp', 'loginhttp']);
  });

  it('tabs by namespace with All first, and by agent', async () => {
    const { router } = (mockApi(healthRoutes()), open('/health?hidePassing=false&pageIndex=1'));
    await screen.findByTestId('group-web');
    const tabs = () =>
      screen.getAllByRole('tab').map((t) => t.textContent?.replace(/\s*\d+$/, '') ?? '');
    expect(tabs()).toEqual(['All', 'data', 'default', 'none']);
    await userEvent.click(screen.getByRole('tab', { name: /^none/ }));
    expect(search(router).get('tab')).toBe('none');
    expect(search(router).get('pageIndex')).toBeNull();
    expect(checkNames()).toEqual(['cachehttp']);
    expect(screen.getByRole('group', { name: 'Check counts' })).toHaveTextContent('Passing 1');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tab By' }), 'agent');
    expect(tabs()).toEqual(['All', 'edge', 'local']);
    expect(search(router).get('tab')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: /^edge/ }));
    expect(checkNames()).toEqual(['db-pingpostgres']);
  });

  it('searches after 400 ms and resets paging', async () => {
    const { router } = (mockApi(healthRoutes()), open('/health?pageIndex=2&pageSize=100'));
    await loaded();
    const box = screen.getByRole('textbox', { name: 'Search checks' });
    await userEvent.type(box, 'db');
    // Not yet committed: the URL follows only after the pause.
    expect(search(router).get('query')).toBeNull();
    await waitFor(() => expect(search(router).get('query')).toBe('db'));
    expect(search(router).get('pageIndex')).toBeNull();
    expect(search(router).get('pageSize')).toBeNull();
    await waitFor(() => expect(checkNames()).toEqual(['db-pingpostgres']));
    expect(box).toHaveValue('db');
  });

  it('filters by label include and exclude, kept as JSON in the URL', async () => {
    const { router } =
      (mockApi(healthRoutes()), open('/health?hidePassing=false&groupBy=no-grouping'));
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'env' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Include prod' }));
    expect(JSON.parse(search(router).get('labels') ?? '')).toEqual({ 'env=prod': 1 });
    expect(checkNames()).toEqual(['homepagehttp', 'loginhttp']);
    await userEvent.click(screen.getByRole('button', { name: 'team' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Exclude b' }));
    expect(JSON.parse(search(router).get('labels') ?? '')).toEqual({ 'env=prod': 1, 'team=b': -1 });
    expect(checkNames()).toEqual(['homepagehttp']);
  });

  it('shows No data available when nothing matches', async () => {
    mockApi(
      healthRoutes(undefined, undefined, {
        'GET /api/canary/api/summary': { body: { checks_summary: [CHECKS[3]] } },
      }),
    );
    open();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('shows the server message when the summary fails', async () => {
    mockApi(
      healthRoutes(undefined, undefined, {
        'GET /api/canary/api/summary': {
          status: 400,
          body: { error: 'start: cannot read "now-x"' },
        },
      }),
    );
    open();
    expect(await screen.findByText('start: cannot read "now-x"')).toBeInTheDocument();
  });

  it('opens the drawer from a row and switches to cards', async () => {
    mockApi(
      healthRoutes(undefined, undefined, {
        'GET /api/canary/api/checks/c2': { body: { ...CHECKS[1], relationships: {} } },
        'GET /api/canary/api/checks/c2/statuses': { body: { total: 0, statuses: [] } },
      }),
    );
    const { router } = open();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(search(router).get('checkId')).toBe('c2');
    expect(await screen.findByRole('heading', { name: 'login', level: 2 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /close drawer/i }));
    expect(search(router).get('checkId')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Card' }));
    expect(search(router).get('layout')).toBe('card');
    const cards = screen
      .getAllByRole('listitem')
      .filter((i) => i.dataset.testid?.startsWith('card-'));
    expect(cards.map((c) => c.dataset.testid)).toEqual(['card-c3', 'card-c2']);
  });

  it('sorts by a column, kept in the URL', async () => {
    const { router } =
      (mockApi(healthRoutes()), open('/health?hidePassing=false&groupBy=no-grouping'));
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Uptime' }));
    expect(search(router).get('sortBy')).toBe('uptime');
    expect(checkNames()).toEqual(['loginhttp', 'db-pingpostgres', 'homepagehttp', 'cachehttp']);
    await userEvent.click(screen.getByRole('button', { name: 'Uptime' }));
    expect(search(router).get('sortDesc')).toBe('true');
    expect(checkNames()[0]).toBe('cachehttp');
  });

  it('pages top-level rows', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      ...CHECKS[1],
      id: `m${i}`,
      name: `check-${String(i).padStart(2, '0')}`,
      canary_name: `canary-${i}`,
    }));
    mockApi(
      healthRoutes(undefined, undefined, {
        'GET /api/canary/api/summary': { body: { checks_summary: many } },
      }),
    );
    const { router } = open();
    await screen.findByRole('button', { name: 'check-00' });
    expect(checkNames()).toHaveLength(50);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(search(router).get('pageIndex')).toBe('1');
    expect(checkNames()).toHaveLength(10);
    expect(checkNames()[0]).toBe('check-50http');
  });

  it('loads under StrictMode, whose trial unmount must not cancel the first load', async () => {
    const api = mockApi(healthRoutes());
    // Like the browser's fetch: answers a little later, unless aborted first.
    vi.stubGlobal(
      'fetch',
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const abort = () => reject(new DOMException('Aborted', 'AbortError'));
          if (init?.signal?.aborted) return abort();
          init?.signal?.addEventListener('abort', abort);
          setTimeout(() => void api.fetch(input, init).then(resolve, reject), 20);
        }),
    );
    // The whole tree in StrictMode, as main.tsx renders it; the app's default deduping, under
    // which a remount joins the request already in flight.
    configure({ reactStrictMode: true });
    try {
      renderPage(
        <SWRConfig value={{ dedupingInterval: 2000 }}>
          <HealthPage />
        </SWRConfig>,
        { path: '/health', session: true },
      );
    } finally {
      configure({ reactStrictMode: false });
    }
    await loaded();
  });

  it('aborts an in-flight summary request when a new one supersedes it', async () => {
    const api = mockApi(healthRoutes());
    let release: (() => void) | undefined;
    api.on('GET /api/canary/api/summary', (req) =>
      req.url.searchParams.get('start') === 'now-1h'
        ? new Promise((resolve) => {
            release = () => resolve({ body: { checks_summary: [] } });
          })
        : { body: { checks_summary: CHECKS } },
    );
    const { router } = open();
    await waitFor(() => expect(api.callsTo('GET /api/canary/api/summary')).toHaveLength(1));
    const firstSignal = api.fetch.mock.calls.find(([url]) => String(url).includes('/summary'))?.[1]
      ?.signal;
    expect(firstSignal?.aborted).toBe(false);
    await act(() => router.navigate('/health?timeRange=2d'));
    await loaded();
    expect(firstSignal?.aborted).toBe(true);
    expect(api.callsTo('GET /api/canary/api/summary')[1]?.url.searchParams.get('start')).toBe(
      'now-2d',
    );
    release?.();
  });
});
