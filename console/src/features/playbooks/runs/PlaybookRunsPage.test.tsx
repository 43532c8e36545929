import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SWR_DEFAULTS } from '../../../app/swrDefaults';
import { mockApi, sessionRoutes } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { READER } from '../testData';
import type { RunListRow } from './api';
import { PlaybookRunsPage } from './PlaybookRunsPage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const pb = {
  id: 'pb-restart',
  name: 'restart-deployment',
  title: 'Restart deployment',
  icon: null,
};

const ROWS: RunListRow[] = [
  {
    id: 'run-1',
    status: 'failed',
    created_at: ago(30),
    start_time: ago(30),
    end_time: ago(28),
    scheduled_time: ago(30),
    error: 'exit 1',
    playbooks: pb,
    config: { id: 'cfg-1', name: 'payments-api', type: 'Kubernetes::Deployment' },
    component: null,
    check: null,
    created_by: { id: 'me-1', name: 'Ada Admin', avatar: null },
  },
  {
    id: 'run-2',
    status: 'pending_approval',
    created_at: ago(60),
    start_time: null,
    end_time: null,
    scheduled_time: ago(60),
    error: null,
    playbooks: { id: 'pb-scale', name: 'scale', title: '', icon: null },
    config: null,
    component: null,
    check: { id: 'chk-1', name: 'api-health', icon: 'http' },
    created_by: null,
  },
  {
    id: 'run-3',
    status: 'completed',
    created_at: ago(90),
    start_time: ago(90),
    end_time: ago(89.5),
    scheduled_time: ago(90),
    error: null,
    playbooks: pb,
    config: null,
    component: { id: 'comp-1', name: 'checkout', icon: null },
    check: null,
    created_by: { id: 'u-2', name: 'Bob', avatar: null },
  },
];

function routes() {
  return {
    ...sessionRoutes(READER, ['viewer']),
    'GET /api/db/playbook_runs': { body: ROWS, headers: { 'Content-Range': '0-2/3' } },
    'GET /api/db/playbook_names': {
      body: [
        { id: 'pb-restart', name: 'restart-deployment', title: 'Restart deployment' },
        { id: 'pb-scale', name: 'scale', title: null },
      ],
    },
  };
}

const open = (url = '/playbooks/runs') =>
  renderPage(<PlaybookRunsPage />, { path: '/playbooks/runs', url, session: true });

describe('PlaybookRunsPage', () => {
  it('lists the runs of the last 7 days with their resource, 150 a page, counted', async () => {
    const api = mockApi(routes());
    open();
    const table = within(await screen.findByRole('grid', { name: 'Playbook runs' }));
    await table.findByText('payments-api');
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Restart deploymentpayments-apifailed30m ago2mAda Admin',
      'scaleapi-healthpending approval',
      'Restart deploymentcheckoutcompleted1h ago30sBob',
    ]);
    expect(table.getByRole('link', { name: 'payments-api' })).toHaveAttribute(
      'href',
      '/catalog/cfg-1',
    );
    expect(table.getByRole('link', { name: 'api-health' })).toHaveAttribute(
      'href',
      '/health?checkId=chk-1',
    );
    expect(table.getByRole('link', { name: 'checkout' })).toHaveAttribute(
      'href',
      '/topology/comp-1',
    );

    const call = api.callsTo('GET /api/db/playbook_runs')[0];
    const query = call?.url.searchParams;
    expect(query?.get('order')).toBe('created_at.desc');
    expect(query?.get('limit')).toBe('150');
    expect(query?.get('offset')).toBe('0');
    expect(query?.get('select')).toContain('playbooks(id,name,title,icon)');
    expect(call?.headers.get('Prefer')).toContain('count=exact');
    const from = Date.parse(query?.get('created_at')?.replace(/^gte\./, '') ?? '');
    expect(Math.abs(Date.now() - 7 * 86_400_000 - from)).toBeLessThan(60_000);
    expect(query?.get('status')).toBeNull();
  });

  it('keeps the status and playbook filters in the URL and queries by them', async () => {
    const api = mockApi(routes());
    const { router } = open('/playbooks/runs?page=2');
    await screen.findByText('payments-api');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed'));
    await waitFor(() =>
      expect(api.callsTo('GET /api/db/playbook_runs').at(-1)?.url.searchParams.get('status')).toBe(
        'eq.failed',
      ),
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Playbook' }),
      'Restart deployment',
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=failed&playbook=pb-restart'),
    );
    await waitFor(() =>
      expect(
        api.callsTo('GET /api/db/playbook_runs').at(-1)?.url.searchParams.get('playbook_id'),
      ).toBe('eq.pb-restart'),
    );
  });

  it('reads the filters and range from the URL', async () => {
    const api = mockApi(routes());
    open(
      '/playbooks/runs?playbook=pb-scale&rangeType=absolute&from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z',
    );
    await screen.findByText('payments-api');
    expect(screen.getByRole('combobox', { name: 'Playbook' })).toHaveValue('pb-scale');
    const query = api.callsTo('GET /api/db/playbook_runs')[0]?.url.searchParams;
    expect(query?.get('playbook_id')).toBe('eq.pb-scale');
    expect(query?.getAll('created_at')).toEqual([
      'gte.2026-11-01T00:00:00.000Z',
      'lte.2026-11-02T00:00:00.000Z',
    ]);
  });

  it('opens a run from its row', async () => {
    mockApi(routes());
    const { router } = open();
    await userEvent.click(await screen.findByText('30m ago'));
    expect(router.state.location.pathname).toBe('/playbooks/runs/run-1');
  });

  it('says so when there are no runs', async () => {
    mockApi({
      ...routes(),
      'GET /api/db/playbook_runs': { body: [], headers: { 'Content-Range': '*/0' } },
    });
    open();
    expect(await screen.findByText('No playbook runs')).toBeInTheDocument();
  });

  it("asks for the runs again on each visit, under the app's deduping", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let rows = ROWS.slice(1);
    const api = mockApi({
      ...routes(),
      'GET /api/db/playbook_runs': () => ({
        body: rows,
        headers: { 'Content-Range': `0-${rows.length - 1}/${rows.length}` },
      }),
    });
    const { router } = renderPage(
      <SWRConfig value={SWR_DEFAULTS}>
        <PlaybookRunsPage />
      </SWRConfig>,
      { path: '/playbooks/runs', session: true },
    );
    await screen.findByText('api-health');
    rows = ROWS;
    await act(() => router.navigate('/playbooks/runs/run-2'));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await act(() => router.navigate('/playbooks/runs'));
    expect(await screen.findByText('payments-api')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/db/playbook_runs')).toHaveLength(2));
  });
});
