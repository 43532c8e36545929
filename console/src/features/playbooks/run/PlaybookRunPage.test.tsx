import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SWR_DEFAULTS } from '../../../app/swrDefaults';
import { mockApi, sessionRoutes, type MockRoutes } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { READER, RESTART_ACTION, RUN_REFS, WRITER, runDetail } from '../testData';
import type { RunDetail } from '../types';
import { PlaybookRunPage } from './PlaybookRunPage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function runRoutes(run: RunDetail | (() => RunDetail), grants = WRITER, extra: MockRoutes = {}) {
  return {
    ...sessionRoutes(grants, ['editor']),
    'GET /api/playbook/run/run-1': () => ({ body: typeof run === 'function' ? run() : run }),
    'GET /api/db/playbook_runs': { body: [RUN_REFS] },
    ...extra,
  };
}

const open = (id = 'run-1') =>
  renderPage(<PlaybookRunPage />, {
    path: '/playbooks/runs/:id',
    url: `/playbooks/runs/${id}`,
    session: true,
  });

const heading = () => screen.findByRole('heading', { level: 1, name: /Restart deployment/ });
const actionButton = (name: RegExp) =>
  within(screen.getByRole('list', { name: 'Actions' })).getByRole('button', { name });

describe('PlaybookRunPage', () => {
  it('shows the run: playbook, resource, status, times, who started it', async () => {
    mockApi(runRoutes(runDetail()));
    open();
    expect(await heading()).toHaveTextContent('Restart deployment');
    expect(screen.getByRole('link', { name: 'Restart deployment' })).toHaveAttribute(
      'href',
      '/playbooks/pb-restart',
    );
    const details = screen.getByLabelText('Run details');
    expect(within(details).getByRole('link', { name: 'payments-api' })).toHaveAttribute(
      'href',
      '/catalog/cfg-1',
    );
    expect(details).toHaveTextContent('Started ByAda Admin');
    expect(details).toHaveTextContent('Duration30s');
    expect(screen.getAllByText('completed').length).toBeGreaterThan(0);
  });

  it("shows each action, and the chosen one's output", async () => {
    mockApi(runRoutes(runDetail()));
    open();
    await heading();
    const actions = screen.getByRole('list', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      expect.stringMatching(/^restartcompleted.* · 2s$/),
      expect.stringMatching(/^notifycompleted.* · 27s$/),
    ]);
    // The last action to start is shown first: an HTTP answer, as JSON.
    const notify = screen.getByRole('region', { name: 'Output of notify' });
    expect(within(notify).getByRole('region', { name: 'Result' })).toHaveTextContent(
      '"status": 200',
    );
    await userEvent.click(actionButton(/^restart/));
    expect(actionButton(/^restart/)).toHaveAttribute('aria-pressed', 'true');
    const restart = screen.getByRole('region', { name: 'Output of restart' });
    expect(within(restart).getByRole('region', { name: 'stdout' })).toHaveTextContent(
      'deployment restarted',
    );
    expect(within(restart).getByRole('region', { name: 'stderr' })).toHaveTextContent(
      'warning: slow',
    );
  });

  it('shows a failed action with its error', async () => {
    const run = runDetail({ status: 'failed', error: 'action restart failed' });
    run.actions = [{ ...RESTART_ACTION, status: 'failed', result: null, error: 'exit status 1' }];
    mockApi(runRoutes(run));
    open();
    await heading();
    expect(screen.getByText('action restart failed')).toBeInTheDocument();
    const output = screen.getByRole('region', { name: 'Output of restart' });
    expect(within(output).getByText('exit status 1')).toBeInTheDocument();
  });

  it('offers the artifacts for download and lists the parameters, secrets hidden', async () => {
    mockApi(runRoutes(runDetail()));
    open();
    await heading();
    const artifacts = screen.getByRole('list', { name: 'Artifacts' });
    const link = within(artifacts).getByRole('link', { name: 'rollout.log' });
    expect(link).toHaveAttribute('href', '/api/playbook/artifacts/art-1');
    expect(link).toHaveAttribute('download', 'rollout.log');
    expect(artifacts).toHaveTextContent('restart · 2 KiB');
    const params = screen.getByLabelText('Parameters');
    expect(params).toHaveTextContent('Replicas3');
    expect(params).toHaveTextContent('Token••••••');
    expect(params).not.toHaveTextContent('s3cret');
  });

  it('polls the run every 2 s and its running action every 1 s until the run completes', async () => {
    const running = runDetail({ status: 'running', end_time: null });
    running.actions = [{ ...RESTART_ACTION, status: 'running', end_time: null, result: null }];
    const done = runDetail();
    done.actions = [RESTART_ACTION];
    let answer = running;
    let output: unknown = { stdout: 'step 1' };
    const api = mockApi(
      runRoutes(() => answer, WRITER, {
        'GET /api/db/playbook_run_actions': () => ({
          body: [{ ...RESTART_ACTION, status: 'running', end_time: null, result: output }],
        }),
      }),
    );
    open();
    await heading();
    const output1 = await screen.findByText('step 1');
    expect(output1).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const runCalls = () => api.callsTo('GET /api/playbook/run/run-1').length;
    const actionCalls = () => api.callsTo('GET /api/db/playbook_run_actions').length;
    const [runs0, actions0] = [runCalls(), actionCalls()];

    output = { stdout: 'step 1\nstep 2' };
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(actionCalls()).toBeGreaterThan(actions0));
    expect(await screen.findByText(/step 2/)).toBeInTheDocument();

    answer = done;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(runCalls()).toBeGreaterThan(runs0));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rerun' })).toBeInTheDocument());
    expect(screen.getByText('deployment restarted')).toBeInTheDocument();

    // Ended: nothing is asked any more.
    const [runs1, actions1] = [runCalls(), actionCalls()];
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(runCalls()).toBe(runs1);
    expect(actionCalls()).toBe(actions1);
  });

  it("polls under the app's five-minute deduping too, until the run completes", async () => {
    const running = runDetail({ status: 'running', end_time: null });
    running.actions = [{ ...RESTART_ACTION, status: 'running', end_time: null, result: null }];
    let answer = running;
    let output: unknown = { stdout: 'step 1' };
    const api = mockApi(
      runRoutes(() => answer, WRITER, {
        'GET /api/db/playbook_run_actions': () => ({
          body: [{ ...RESTART_ACTION, status: 'running', end_time: null, result: output }],
        }),
      }),
    );
    renderPage(
      <SWRConfig value={SWR_DEFAULTS}>
        <PlaybookRunPage />
      </SWRConfig>,
      { path: '/playbooks/runs/:id', url: '/playbooks/runs/run-1', session: true },
    );
    await heading();
    await screen.findByText('step 1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const runCalls = () => api.callsTo('GET /api/playbook/run/run-1').length;
    const runs0 = runCalls();

    output = { stdout: 'step 1\nstep 2' };
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(/step 2/)).toBeInTheDocument();

    answer = runDetail();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(runCalls()).toBeGreaterThan(runs0));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rerun' })).toBeInTheDocument());
  });

  it('approves a run waiting for approval', async () => {
    let run = runDetail({
      status: 'pending_approval',
      start_time: null,
      end_time: null,
      actions: [],
    });
    const api = mockApi(
      runRoutes(() => run, WRITER, {
        'POST /api/playbook/run/approve/run-1': () => {
          run = { ...run, status: 'scheduled' };
          return { body: { status: 'scheduled' } };
        },
      }),
    );
    open();
    await heading();
    expect(screen.getByText('No action has started yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Run approved')).toBeInTheDocument();
    expect(api.callsTo('POST /api/playbook/run/approve/run-1')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's reason when approving is refused", async () => {
    mockApi(
      runRoutes(runDetail({ status: 'pending_approval', actions: [] }), WRITER, {
        'POST /api/playbook/run/approve/run-1': {
          status: 403,
          body: { error: 'forbidden', message: 'you are not an approver of this playbook' },
        },
      }),
    );
    open();
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('you are not an approver of this playbook')).toBeInTheDocument();
  });

  it('cancels a running run after confirmation', async () => {
    let run = runDetail({ status: 'running', end_time: null });
    const api = mockApi(
      runRoutes(() => run, WRITER, {
        'POST /api/playbook/run/cancel/run-1': () => {
          run = { ...run, status: 'cancelled' };
          return { body: {} };
        },
        'GET /api/db/playbook_run_actions': { body: [] },
      }),
    );
    open();
    await heading();
    expect(screen.queryByRole('button', { name: 'Rerun' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Run' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Run' }));
    expect(await screen.findByText('Run cancelled')).toBeInTheDocument();
    expect(api.callsTo('POST /api/playbook/run/cancel/run-1')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Rerun' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('reruns an ended run and opens the new one', async () => {
    const api = mockApi(
      runRoutes(runDetail(), WRITER, {
        'POST /api/playbook/run/run-1/rerun': { status: 201, body: { run_id: 'run-2' } },
      }),
    );
    const { router } = open();
    await heading();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rerun' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks/runs/run-2'));
    expect(api.callsTo('POST /api/playbook/run/run-1/rerun')).toHaveLength(1);
  });

  it('offers no controls without write on playbook runs', async () => {
    mockApi(runRoutes(runDetail({ status: 'pending_approval', actions: [] }), READER));
    open();
    await heading();
    for (const name of ['Approve', 'Cancel', 'Rerun']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it("shows the server's message for a run it cannot show", async () => {
    mockApi({
      ...sessionRoutes(WRITER),
      'GET /api/playbook/run/nope': {
        status: 404,
        body: { error: 'not_found', message: 'playbook run nope not found' },
      },
      'GET /api/db/playbook_runs': { body: [] },
    });
    open('nope');
    expect(await screen.findByText('playbook run nope not found')).toBeInTheDocument();
  });
});
