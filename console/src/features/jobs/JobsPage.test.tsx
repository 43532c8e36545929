import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAILED_JOB, PLAIN_JOB, SUMMARY_JOB } from '../../components/JobHistory/testData';
import { mockApi, sessionRoutes } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { DURATION_ERROR } from '../health/historyFilters';
import { JobsPage } from './JobsPage';

vi.mock('../../components/CodeView/CodeView', () => ({
  CodeView: (props: { value: string }) => <pre data-testid="code">{props.value}</pre>,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const READ = [{ object: 'database', action: 'read' as const }];

function routes(rows = [FAILED_JOB, SUMMARY_JOB, PLAIN_JOB]) {
  return mockApi({
    ...sessionRoutes(READ, ['editor']),
    'GET /api/db/job_histories': { body: rows, headers: { 'Content-Range': `0-2/${rows.length}` } },
    'GET /api/db/job_history_names': {
      body: [{ name: 'CanaryRun' }, { name: 'ConfigScraper' }, { name: 'TopologyBuild' }],
    },
  });
}

const open = (url = '/settings/jobs') =>
  renderPage(<JobsPage />, { path: '/settings/jobs', url, session: true });

const grid = () => screen.findByRole('grid', { name: 'Job History' });
const lastQuery = (api: ReturnType<typeof routes>) => {
  const calls = api.callsTo('GET /api/db/job_histories');
  return calls[calls.length - 1] as (typeof calls)[number];
};

describe('/settings/jobs', () => {
  it('asks for the last two days without SUCCESS, newest first, 50 a page, counted', async () => {
    const now = Date.now();
    const api = routes();
    open();
    await grid();
    const req = lastQuery(api);
    const q = req.url.searchParams;
    expect(q.get('select')).toBe('*');
    expect(q.get('limit')).toBe('50');
    expect(q.get('offset')).toBe('0');
    expect(q.get('order')).toBe('created_at.desc');
    expect(q.get('or')).toBe('(status.is.null,status.not.in.("SUCCESS"))');
    const [gt, lt] = q.getAll('created_at');
    const from = Date.parse((gt ?? '').replace(/^gt\./, ''));
    const to = Date.parse((lt ?? '').replace(/^lt\./, ''));
    expect(Math.abs(from - (now - 2 * 86_400_000))).toBeLessThan(60_000);
    expect(Math.abs(to - now)).toBeLessThan(60_000);
    expect(req.headers.get('Prefer')).toContain('count=exact');
  });

  it('shows each run with its resource, status colour, duration and counts', async () => {
    routes();
    open();
    const table = await grid();
    const row = within(table).getByRole('row', { name: /ConfigScraper/ });
    const cell = (label: string) => row.querySelector(`td[data-label="${label}"]`);
    expect(cell('Status')).toHaveTextContent('FAILED');
    // FAILED is red, WARNING orange, RUNNING yellow (spec 001 §4).
    expect(cell('Status')?.querySelector('.pf-m-red')).not.toBeNull();
    const colour = (name: RegExp, c: string) =>
      within(table).getByRole('row', { name }).querySelector(`td[data-label="Status"] .pf-m-${c}`);
    expect(colour(/TopologyBuild/, 'orange')).not.toBeNull();
    expect(colour(/CanaryRun/, 'yellow')).not.toBeNull();
    expect(cell('Resource')?.querySelector('a')).toHaveAttribute(
      'href',
      '/catalog/scrapers/scraper-1',
    );
    expect(cell('Resource Type')).toHaveTextContent('config_scraper');
    expect(cell('Duration')).toHaveTextContent('1.5s');
    expect(cell('Error Count')).toHaveTextContent('2');
    // The local agent is no agent.
    expect(cell('Agent')).toHaveTextContent('');
  });

  it('filters by job name and run duration, each kept in the URL', async () => {
    const api = routes();
    const { router } = open();
    await grid();
    await userEvent.click(screen.getByRole('button', { name: 'Job Name', expanded: false }));
    await userEvent.click(await screen.findByRole('option', { name: /TopologyBuild/ }));
    await waitFor(() => expect(router.state.location.search).toContain('name=TopologyBuild%3A1'));
    await waitFor(() =>
      expect(lastQuery(api).url.searchParams.get('name')).toBe('eq.TopologyBuild'),
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Duration' }), '1s');
    await waitFor(() =>
      expect(lastQuery(api).url.searchParams.get('duration_millis')).toBe('gte.1000'),
    );
    expect(router.state.location.search).toContain('duration=1s');
  });

  it('rejects a custom duration that is not in milliseconds or seconds', async () => {
    routes();
    open();
    await grid();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Duration' }), 'custom');
    await userEvent.type(screen.getByRole('textbox', { name: 'Custom duration' }), '2m');
    expect(await screen.findByText(DURATION_ERROR)).toBeInTheDocument();
  });

  it('opens "Details for job {name}" on Errors, with a row per error', async () => {
    routes();
    open();
    const table = await grid();
    await userEvent.click(within(table).getByRole('row', { name: /ConfigScraper/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Details for job ConfigScraper' });
    expect(within(dialog).getByRole('tab', { name: 'Errors' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('tab', { name: 'Scrape Summary' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'Reconcile Summary' })).toBeNull();
    const errors = within(dialog).getByRole('grid', { name: 'Errors' });
    expect(within(errors).getByRole('columnheader', { name: 'Error' })).toBeInTheDocument();
    expect(within(errors).getAllByRole('row')).toHaveLength(3);
  });

  it('opens on the first tab with data, and no dialog for a run without details', async () => {
    routes();
    open();
    const table = await grid();
    await userEvent.click(within(table).getByRole('row', { name: /TopologyBuild/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Details for job TopologyBuild' });
    expect(within(dialog).getByRole('tab', { name: 'Reconcile Summary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByTestId('code')).toHaveTextContent('components: 4');
    await userEvent.click(within(dialog).getByRole('button', { name: /Close/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(table).getByRole('row', { name: /CanaryRun/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows an error panel when the list cannot load', async () => {
    mockApi({
      ...sessionRoutes(READ, ['editor']),
      'GET /api/db/job_histories': { status: 500, body: { message: 'database is down' } },
      'GET /api/db/job_history_names': { body: [] },
    });
    open();
    expect(await screen.findByText('database is down')).toBeInTheDocument();
  });
});
