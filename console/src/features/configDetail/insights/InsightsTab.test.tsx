import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { CONFIG_ID } from '../testData';
import type { ConfigInsight } from './api';
import { InsightsTab } from './InsightsTab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const insight = (n: number): ConfigInsight => ({
  id: `a-${String(n).padStart(3, '0')}`,
  analyzer: `analyzer ${n}`,
  analysis_type: 'security',
  severity: n === 0 ? 'critical' : 'low',
  status: 'open',
  message: n === 0 ? 'x'.repeat(600) : `finding ${n}`,
  summary: null,
  first_observed: new Date(Date.now() - n * 60_000).toISOString(),
  last_observed: null,
});

const ALL = Array.from({ length: 120 }, (_, n) => insight(n));

function open(total = ALL.length) {
  const api = mockApi({
    'GET /api/db/config_analysis': ({ url }) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit'));
      const rows = ALL.slice(0, total).slice(offset, offset + limit);
      return {
        body: rows,
        headers: { 'Content-Range': `${offset}-${offset + rows.length - 1}/${total}` },
      };
    },
  });
  renderPage(<InsightsTab configId={CONFIG_ID} />, {
    path: '/catalog/:id/insights',
    url: `/catalog/${CONFIG_ID}/insights`,
  });
  return api;
}

/** Gives the list a size and scrolls it, as jsdom lays nothing out. */
function scrollList(scrollTop: number) {
  const area = screen.getByRole('region', { name: 'Insights list' });
  Object.defineProperty(area, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(area, 'clientHeight', { configurable: true, value: 500 });
  area.scrollTop = scrollTop;
  fireEvent.scroll(area);
}

const rows = () =>
  within(screen.getByRole('grid', { name: 'Insights' }))
    .getAllByRole('row')
    .slice(1);

describe('InsightsTab', () => {
  it("lists the config's insights newest first, 50 at a time", async () => {
    const api = open();
    await screen.findByText('finding 1');
    expect(rows()).toHaveLength(50);
    const [call] = api.callsTo('GET /api/db/config_analysis');
    expect(call?.url.searchParams.get('config_id')).toBe(`eq.${CONFIG_ID}`);
    expect(call?.url.searchParams.get('order')).toBe('first_observed.desc,id.asc');
    expect(call?.url.searchParams.get('limit')).toBe('50');
    expect(call?.headers.get('Prefer')).toContain('count=exact');
    expect(screen.getByText(/50 of 120/)).toBeInTheDocument();
    // Messages are cut at 500 characters.
    expect(screen.getByText(`${'x'.repeat(500)}…`)).toBeInTheDocument();
  });

  it('loads the next 50 only once scrolled within 300 px of the end', async () => {
    const api = open();
    await screen.findByText('finding 1');
    scrollList(1100); // 400 px from the end
    expect(api.callsTo('GET /api/db/config_analysis')).toHaveLength(1);

    scrollList(1250); // 250 px from the end
    await waitFor(() => expect(rows()).toHaveLength(100));
    const second = api.callsTo('GET /api/db/config_analysis')[1];
    expect(second?.url.searchParams.get('offset')).toBe('50');

    scrollList(1300);
    await waitFor(() => expect(rows()).toHaveLength(120));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    scrollList(1500);
    expect(api.callsTo('GET /api/db/config_analysis')).toHaveLength(3);
  });

  it('offers Load more for those who do not scroll', async () => {
    open();
    await screen.findByText('finding 1');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(100));
  });

  it('says so when the config has no insights', async () => {
    open(0);
    expect(await screen.findByText('No insights')).toBeInTheDocument();
  });
});
