import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SWR_DEFAULTS } from '../../../app/swrDefaults';
import type { Grant } from '../../../api/session';
import { mockApi, sessionRoutes } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { CONFIG_ID } from '../testData';
import type { ConfigPlaybookRun } from './api';
import { PlaybooksTab } from './PlaybooksTab';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const RUNS: ConfigPlaybookRun[] = [
  {
    id: 'run-1',
    status: 'failed',
    created_at: ago(30),
    start_time: ago(30),
    end_time: ago(28),
    scheduled_time: ago(30),
    playbooks: { id: 'p1', name: 'restart-pod', title: 'Restart pod', icon: null },
  },
  {
    id: 'run-2',
    status: 'completed',
    created_at: ago(120),
    start_time: ago(120),
    end_time: ago(119.5),
    scheduled_time: ago(120),
    playbooks: { id: 'p2', name: 'scale-up', title: '', icon: null },
  },
];

const RUNNER: Grant[] = [{ object: 'playbook_runs', action: 'write' }];
const open = () =>
  renderPage(<PlaybooksTab configId={CONFIG_ID} />, {
    path: '/catalog/:id/playbooks',
    url: `/catalog/${CONFIG_ID}/playbooks`,
    session: true,
  });

describe('PlaybooksTab', () => {
  it("lists the config's runs with status, playbook and times, 200 a page", async () => {
    const api = mockApi({
      ...sessionRoutes(),
      'GET /api/db/playbook_runs': { body: RUNS, headers: { 'Content-Range': '0-1/2' } },
    });
    open();
    const table = within(await screen.findByRole('grid', { name: 'Playbook runs' }));
    expect(await table.findByRole('link', { name: 'Restart pod' })).toHaveAttribute(
      'href',
      '/playbooks/runs/run-1',
    );
    // Without a title the playbook's name is shown.
    expect(table.getByRole('link', { name: 'scale-up' })).toHaveAttribute(
      'href',
      '/playbooks/runs/run-2',
    );
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Restart podfailed30m ago2m30m ago',
      'scale-upcompleted2h ago30s2h ago',
    ]);
    const [call] = api.callsTo('GET /api/db/playbook_runs');
    expect(call?.url.searchParams.get('config_id')).toBe(`eq.${CONFIG_ID}`);
    expect(call?.url.searchParams.get('order')).toBe('created_at.desc');
    expect(call?.url.searchParams.get('limit')).toBe('200');
    expect(call?.url.searchParams.get('select')).toContain('playbooks(id,name,title,icon)');
  });

  it('says so when the config has no runs', async () => {
    mockApi({
      ...sessionRoutes(),
      'GET /api/db/playbook_runs': { body: [], headers: { 'Content-Range': '*/0' } },
    });
    open();
    expect(await screen.findByText('No playbook runs')).toBeInTheDocument();
    // Without write on playbook runs there is nothing to run.
    expect(screen.queryByRole('button', { name: 'Run Playbook' })).not.toBeInTheDocument();
  });

  it('runs a playbook against the config from its Run Playbook menu', async () => {
    const api = mockApi({
      ...sessionRoutes(RUNNER),
      'GET /api/db/playbook_runs': { body: [], headers: { 'Content-Range': '*/0' } },
      'GET /api/playbook/list': { body: [{ id: 'p1', name: 'restart-pod', title: 'Restart pod' }] },
      'POST /api/playbook/p1/params': { body: { params: [] } },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Run Playbook' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Restart pod' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run Playbook' });
    expect(await within(dialog).findByText('No parameters for this playbook.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/playbook/list')[0]?.url.searchParams.get('config_id')).toBe(
      CONFIG_ID,
    );
    expect(api.callsTo('POST /api/playbook/p1/params')[0]?.body).toEqual({ config_id: CONFIG_ID });
  });

  it("asks for the runs again when the tab is shown again, under the app's deduping", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let rows: ConfigPlaybookRun[] = [];
    const api = mockApi({
      ...sessionRoutes(),
      'GET /api/db/playbook_runs': () => ({
        body: rows,
        headers: { 'Content-Range': rows.length ? `0-${rows.length - 1}/${rows.length}` : '*/0' },
      }),
    });
    const { router } = renderPage(
      <SWRConfig value={SWR_DEFAULTS}>
        <PlaybooksTab configId={CONFIG_ID} />
      </SWRConfig>,
      { path: '/catalog/:id/playbooks', url: `/catalog/${CONFIG_ID}/playbooks`, session: true },
    );
    expect(await screen.findByText('No playbook runs')).toBeInTheDocument();
    // A run started from the tab; the user comes back from its page.
    rows = RUNS.slice(0, 1);
    await act(() => router.navigate('/playbooks/runs/run-1'));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await act(() => router.navigate(`/catalog/${CONFIG_ID}/playbooks`));
    expect(await screen.findByRole('link', { name: 'Restart pod' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/db/playbook_runs')).toHaveLength(2));
  });

  it('reads the runs again every 2 s while one of them goes on, and stops once all have ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running: ConfigPlaybookRun = {
      id: 'run-9',
      status: 'running',
      created_at: ago(1),
      start_time: ago(1),
      end_time: null,
      scheduled_time: ago(1),
      playbooks: { id: 'p1', name: 'restart-pod', title: 'Restart pod', icon: null },
    };
    let rows = [running];
    const api = mockApi({
      ...sessionRoutes(),
      'GET /api/db/playbook_runs': () => ({
        body: rows,
        headers: { 'Content-Range': `0-0/1` },
      }),
    });
    renderPage(
      <SWRConfig value={SWR_DEFAULTS}>
        <PlaybooksTab configId={CONFIG_ID} />
      </SWRConfig>,
      { path: '/catalog/:id/playbooks', url: `/catalog/${CONFIG_ID}/playbooks`, session: true },
    );
    const table = within(await screen.findByRole('grid', { name: 'Playbook runs' }));
    await table.findByText('running');
    rows = [{ ...running, status: 'completed', end_time: ago(0) }];
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(await table.findByText('completed')).toBeInTheDocument();
    const calls = api.callsTo('GET /api/db/playbook_runs').length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.callsTo('GET /api/db/playbook_runs')).toHaveLength(calls);
  });
});
