import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRoutes } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { ConfigDetailPage } from './ConfigDetailPage';
import { CONFIG_ID, configRoutes, makeConfig, minutesAgo } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(path = '', routes: MockRoutes = configRoutes()) {
  const api = mockApi({
    'POST /api/catalog/changes': { body: { total: 0, changes: [] } },
    'GET /api/db/config_analysis': { body: [], headers: { 'Content-Range': '*/0' } },
    'GET /api/db/playbook_runs': { body: [], headers: { 'Content-Range': '*/0' } },
    'GET /api/db/check_summary_for_config': { body: [] },
    ...routes,
  });
  const page = renderPage(<ConfigDetailPage />, {
    path: '/catalog/:id/:tab?',
    url: `/catalog/${CONFIG_ID}${path}`,
    session: true,
  });
  return { api, ...page };
}

const loaded = () => screen.findByRole('heading', { level: 1, name: 'payments-api' });
const tabs = () => within(screen.getByRole('tablist', { name: 'Config views' }));

describe('config detail tabs', () => {
  it('shows every tab with its count from the config summary', async () => {
    open();
    await loaded();
    expect(
      tabs()
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Config', 'Changes 3', 'Insights 1', 'Relationships 4', 'Playbooks 1', 'Checks 1']);
    expect(tabs().getByRole('tab', { name: 'Config' })).toHaveAttribute('aria-selected', 'true');
    expect(tabs().getByRole('tab', { name: /^Checks/ })).toHaveAttribute(
      'href',
      `/catalog/${CONFIG_ID}/checks`,
    );
  });

  it('shows counts above 999 as thousands and no badges without a summary', async () => {
    const { unmount } = open(
      '',
      configRoutes(
        makeConfig({
          summary: { relationships: 0, analysis: 2500, changes: 1000, playbook_runs: 5, checks: 0 },
        }),
      ),
    );
    await loaded();
    expect(tabs().getByRole('tab', { name: /^Insights/ })).toHaveTextContent('Insights 2k+');
    expect(tabs().getByRole('tab', { name: /^Changes/ })).toHaveTextContent('Changes 1k+');
    expect(tabs().getByRole('tab', { name: /^Relationships/ })).toHaveTextContent(
      'Relationships 0',
    );
    unmount();

    open('', configRoutes(makeConfig({ summary: null })));
    await loaded();
    expect(tabs().getByRole('tab', { name: 'Changes' })).toHaveTextContent(/^Changes$/);
  });

  it('moves between tabs by route, keeping the header and the details', async () => {
    const { router, api } = open();
    await loaded();
    await userEvent.click(tabs().getByRole('tab', { name: /^Changes/ }));
    expect(router.state.location.pathname).toBe(`/catalog/${CONFIG_ID}/changes`);
    expect(await screen.findByText('No changes')).toBeInTheDocument();
    expect(tabs().getByRole('tab', { name: /^Changes/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('listbox', { name: /^Lines of / })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Config details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'payments-api' })).toBeInTheDocument();
    // The config is not fetched again for another tab.
    expect(api.callsTo('GET /api/db/config_detail')).toHaveLength(1);

    await userEvent.click(tabs().getByRole('tab', { name: 'Config' }));
    expect(router.state.location.pathname).toBe(`/catalog/${CONFIG_ID}`);
    expect(await screen.findByRole('listbox', { name: /^Lines of / })).toBeInTheDocument();
  });

  it('opens a tab straight from its link', async () => {
    open('/checks');
    await loaded();
    expect(tabs().getByRole('tab', { name: /^Checks/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No checks')).toBeInTheDocument();
  });

  it('answers an unknown tab as an unknown page', async () => {
    open('/nonsense');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('keeps the Deleted marker, Last status and no stale warning on every tab', async () => {
    open(
      '/playbooks',
      configRoutes(makeConfig({ deleted_at: minutesAgo(180), last_scraped_time: minutesAgo(200) })),
    );
    await loaded();
    expect(screen.getByText('Deleted', { exact: false })).toHaveTextContent('Deleted 3h ago');
    const details = within(screen.getByRole('region', { name: 'Config details' }));
    expect(details.getByText('Last status')).toBeInTheDocument();
    expect(details.queryByText('Health')).not.toBeInTheDocument();
    expect(details.queryByText(/Last scraped/)).not.toBeInTheDocument();
  });

  it('warns of a scrape an hour old on the other tabs too, but not at 59 minutes', async () => {
    const { unmount } = open(
      '/insights',
      configRoutes(makeConfig({ last_scraped_time: minutesAgo(60) })),
    );
    await loaded();
    expect(screen.getByText(/Last scraped/)).toHaveTextContent('Last scraped 1h ago');
    unmount();

    open('/insights', configRoutes(makeConfig({ last_scraped_time: minutesAgo(59) })));
    await loaded();
    expect(screen.queryByText(/Last scraped/)).not.toBeInTheDocument();
  });

  it('says Details not found on a tab of a missing config', async () => {
    open('/relationships', configRoutes(null));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Details not found' }),
    ).toBeInTheDocument();
  });
});
