import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sessionRoutes } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { CONFIG_ID } from '../testData';
import type { ConfigCheck } from './api';
import { ChecksTab } from './ChecksTab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const check = (id: string, name: string, status: string): ConfigCheck => ({
  id,
  config_id: CONFIG_ID,
  canary_id: 'canary-1',
  name,
  type: 'http',
  status,
  uptime: { passed: status === 'healthy' ? 10 : 1, failed: status === 'healthy' ? 0 : 9 },
  latency: { rolling1h: 120 },
  last_runtime: new Date(Date.now() - 60_000).toISOString(),
});

const CHECKS = [check('k1', 'payments-http', 'healthy'), check('k2', 'payments-db', 'unhealthy')];

function open() {
  const api = mockApi({
    ...sessionRoutes(),
    'GET /api/db/check_summary_for_config': { body: CHECKS },
    'GET /api/canary/api/summary': { body: { checks_summary: [CHECKS[1]] } },
    'GET /api/canary/api/graph': { body: { status: [], latency: {}, uptime: {} } },
    'GET /api/db/check_statuses': { body: [], headers: { 'Content-Range': '*/0' } },
  });
  const page = renderPage(<ChecksTab configId={CONFIG_ID} />, {
    path: '/catalog/:id/checks',
    url: `/catalog/${CONFIG_ID}/checks`,
    session: true,
  });
  return { api, ...page };
}

describe('ChecksTab', () => {
  it("lists the config's checks with their status dots", async () => {
    const { api } = open();
    const table = within(await screen.findByRole('grid', { name: 'Checks' }));
    await table.findByText('payments-http');
    expect(table.getByRole('img', { name: 'healthy' })).toHaveAttribute('data-color', 'green');
    expect(table.getByRole('img', { name: 'unhealthy' })).toHaveAttribute('data-color', 'red');
    expect(table.getByText('10.0%')).toBeInTheDocument();
    const [call] = api.callsTo('GET /api/db/check_summary_for_config');
    expect(call?.url.searchParams.get('config_id')).toBe(`eq.${CONFIG_ID}`);
  });

  it('opens the health check drawer on a row, kept in ?checkId=', async () => {
    const { router } = open();
    await userEvent.click(await screen.findByText('payments-db'));
    const drawer = within(await screen.findByLabelText('Check details'));
    expect(drawer.getByRole('heading', { name: 'payments-db' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?checkId=k2');
    await userEvent.click(drawer.getByRole('button', { name: /close/i }));
    expect(router.state.location.search).toBe('');
  });

  it('says so when no check watches the config', async () => {
    mockApi({ ...sessionRoutes(), 'GET /api/db/check_summary_for_config': { body: [] } });
    renderPage(<ChecksTab configId={CONFIG_ID} />, { path: '/x', session: true });
    expect(await screen.findByText('No checks')).toBeInTheDocument();
  });
});
