import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Grant } from '../../api/session';
import { mockApi, sessionRoutes, type MockRequest } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { LogsPage } from './LogsPage';
import { formatLogTimestamp, type LogLine, type LogsPage as Page } from './model';
import { WIDTHS_STORAGE_KEY } from './LogsTable';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
});

const GRANTS: Grant[] = [
  { object: 'incident', action: 'read' },
  { object: 'incident', action: 'write' },
];
const T = Date.parse('2026-01-02T03:04:05.006Z');
const line = (i: number, extra: Partial<LogLine> = {}): LogLine => ({
  timestamp: new Date(T - i * 1000).toISOString(),
  message: `payment ${i} declined`,
  labels: { app: 'payments', level: 'error' },
  ...extra,
});

function routes(logs: (req: MockRequest) => Page, extra = {}) {
  return {
    ...sessionRoutes(GRANTS, ['responder']),
    'GET /api/db/components_with_logs': {
      body: [
        { id: 'c1', name: 'payments', icon: null, type: 'Service' },
        { id: 'c2', name: 'edge', icon: null, type: 'Service' },
      ],
    },
    'GET /api/db/components': (req: MockRequest) => ({
      body:
        req.url.searchParams.get('id') === 'eq.c1'
          ? [{ id: 'c1', name: 'payments', log_selectors: [{ name: 'app' }, { name: 'vigil' }] }]
          : [{ id: 'c2', name: 'edge', log_selectors: [] }],
    }),
    'POST /api/logs': (req: MockRequest) => ({ body: logs(req) }),
    ...extra,
  };
}

const open = (url = '/logs') => renderPage(<LogsPage />, { path: '/logs', url, session: true });
const bodyOf = (req: MockRequest | undefined) => req?.body as Record<string, unknown>;

describe('LogsPage', () => {
  it('asks for a component first, offering None and the components with logs', async () => {
    const api = mockApi(routes(() => ({ total: 0, results: [] })));
    open();
    expect(await screen.findByText('Please select a component to view the logs')).toBeVisible();
    const picker = screen.getByRole('combobox', { name: 'Component' });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['None', 'payments', 'edge']),
    );
    expect(api.callsTo('POST /api/logs')).toHaveLength(0);
    expect(api.callsTo('GET /api/db/components_with_logs')[0]?.url.searchParams.get('order')).toBe(
      'name.asc',
    );
  });

  it("searches the component's first log, newest first, and switches logs", async () => {
    const api = mockApi(routes(() => ({ total: 2, results: [line(0), line(1)] })));
    const { router } = open('/logs?topologyId=c1');
    expect(await screen.findByText('payment 0 declined')).toBeVisible();
    expect(screen.getByText(formatLogTimestamp(line(0).timestamp))).toBeVisible();
    expect(bodyOf(api.callsTo('POST /api/logs')[0])).toEqual({
      id: 'c1',
      name: 'app',
      query: '',
      start: 'now-1h',
      end: 'now',
      limit: 100,
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Log' }), 'vigil');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?topologyId=c1&logsSelector=vigil'),
    );
    await waitFor(() => expect(bodyOf(api.callsTo('POST /api/logs').at(-1))?.name).toBe('vigil'));
    // Choosing None goes back to asking.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Component' }), 'None');
    expect(await screen.findByText('Please select a component to view the logs')).toBeVisible();
  });

  it('puts the query in the URL 500 ms after typing stops, and searches with it', async () => {
    const api = mockApi(routes(() => ({ total: 0, results: [] })));
    const { router } = open('/logs?topologyId=c1');
    expect(await screen.findByText('There are no logs matching the search query')).toBeVisible();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search logs' }), {
      target: { value: 'declined' },
    });
    expect(router.state.location.search).not.toContain('query');
    await waitFor(() => expect(router.state.location.search).toContain('query=declined'), {
      timeout: 2000,
    });
    await waitFor(() =>
      expect(bodyOf(api.callsTo('POST /api/logs').at(-1))?.query).toBe('declined'),
    );
  });

  it('says so when the components cannot be loaded', async () => {
    mockApi(
      routes(() => ({ total: 0, results: [] }), {
        'GET /api/db/components_with_logs': { status: 500, body: { message: 'down' } },
      }),
    );
    open();
    expect(await screen.findByText('Unable to load components!')).toBeVisible();
  });

  it('shows the backends that failed, and the next page when the end is reached', async () => {
    const api = mockApi(
      routes((req) =>
        (req.body as { cursor?: string }).cursor === 'older'
          ? { total: 1, results: [line(5, { message: 'an older line' })] }
          : {
              total: 2,
              results: [line(0), line(1)],
              next: 'older',
              errors: [{ backend: 'loki', message: 'cannot reach http://loki:3100' }],
            },
      ),
    );
    open('/logs?topologyId=c1');
    expect(await screen.findByText('loki: cannot reach http://loki:3100')).toBeVisible();
    expect(await screen.findByText('an older line')).toBeVisible();
    expect(bodyOf(api.callsTo('POST /api/logs')[1])?.cursor).toBe('older');
  });

  it('selects lines (shift for a run) and attaches them to an incident', async () => {
    mockApi(routes(() => ({ total: 4, results: [0, 1, 2, 3].map((i) => line(i)) })));
    open('/logs?topologyId=c1');
    await screen.findByText('payment 0 declined');
    const attach = screen.getByRole('button', { name: 'Attach as Evidence' });
    expect(attach).toBeDisabled();
    await userEvent.click(screen.getByText('payment 1 declined'));
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(screen.getByText('payment 3 declined'));
    await user.keyboard('{/Shift}');
    expect(screen.getByText('3 lines selected')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(screen.getByText('2 lines selected')).toBeVisible();
    await userEvent.click(attach);
    expect(await screen.findByRole('dialog', { name: 'Link to Incident' })).toBeVisible();
  });

  it('remembers column widths in this browser, 500 ms after resizing', async () => {
    mockApi(routes(() => ({ total: 1, results: [line(0)] })));
    open('/logs?topologyId=c1');
    await screen.findByText('payment 0 declined');
    const handle = screen.getByRole('separator', { name: 'Resize Message column' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(localStorage.getItem(WIDTHS_STORAGE_KEY)).toBeNull();
    await waitFor(
      () =>
        expect(JSON.parse(localStorage.getItem(WIDTHS_STORAGE_KEY) ?? '{}')).toMatchObject({
          message: 672,
        }),
      { timeout: 2000 },
    );
  });
});
