import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { InsightsPage } from './InsightsPage';
import { insightsRoutes } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const open = (url = '/catalog/insights') =>
  renderPage(<InsightsPage />, { path: '/catalog/insights', url, session: true });

const lastParams = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('GET /api/db/config_analysis_items').at(-1)?.url.searchParams;

describe('InsightsPage', () => {
  it('lists insights with the spec columns, 50 a page, counted exactly', async () => {
    const api = mockApi(insightsRoutes());
    open();
    const row = (await screen.findByText('payments-6c9f')).closest('tr') as HTMLElement;
    expect(
      within(screen.getByRole('grid', { name: 'Catalog insights' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Catalog',
      'Type',
      'Analyzer',
      'Severity',
      'Status',
      'First Observed',
      'Last Observed',
    ]);
    expect(row).toHaveTextContent('image-latest-tag');
    expect(row).toHaveTextContent('5h ago');
    const call = api.callsTo('GET /api/db/config_analysis_items').at(-1);
    expect(call?.headers.get('Prefer')).toContain('count=exact');
    expect(call?.url.searchParams.get('limit')).toBe('50');
    expect(call?.url.searchParams.get('offset')).toBe('0');
    expect(call?.url.searchParams.get('order')).toBe('first_observed.desc');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('cuts a message at 500 characters', async () => {
    mockApi(insightsRoutes());
    open();
    await userEvent.click(await screen.findByText('payments-6c9f'));
    const dialog = await screen.findByRole('dialog');
    const message = within(dialog).getByText(/^x+/);
    expect(message.textContent).toBe(`${'x'.repeat(499)}y…`);
  });

  it('filters by config type, severity, analyzer and component', async () => {
    const api = mockApi(insightsRoutes());
    const { router } = open('/catalog/insights?configType=Kubernetes::Pod');
    await screen.findByText('payments-6c9f');
    expect(lastParams(api)?.get('config_type')).toBe('eq.Kubernetes::Pod');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'high');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Analyzer' }),
      'image-latest-tag',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Component' })).toHaveTextContent('payments'),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Component' }), 'comp-1');
    expect(router.state.location.search).toBe(
      '?configType=Kubernetes%3A%3APod&severity=high&analyzer=image-latest-tag&component=comp-1',
    );
    await waitFor(() => {
      const params = lastParams(api);
      expect(params?.get('severity')).toBe('eq.high');
      expect(params?.get('analyzer')).toBe('eq.image-latest-tag');
      expect(params?.get('config_id')).toBe('in.(pod-1,pod-2)');
    });
    expect(
      api
        .callsTo('GET /api/db/rpc/lookup_analysis_by_component')
        .at(-1)
        ?.url.searchParams.get('id'),
    ).toBe('comp-1');
  });

  it('carries the config type to the Changes tab', async () => {
    mockApi(insightsRoutes());
    const { router } = open('/catalog/insights?configType=Kubernetes::Pod');
    await userEvent.click(await screen.findByRole('tab', { name: 'Changes' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/catalog/changes?configType=Kubernetes%3A%3APod',
    );
  });

  it('says No result when there are none', async () => {
    mockApi({
      ...insightsRoutes(),
      'GET /api/db/config_analysis_items': { body: [], headers: { 'Content-Range': '*/0' } },
    });
    open();
    expect(await screen.findByText('No result')).toBeInTheDocument();
  });
});
