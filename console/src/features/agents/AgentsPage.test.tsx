import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { AgentsPage } from './AgentsPage';
import { agentRoutes, EU_AGENT, READ_AGENTS, US_AGENT } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url = '/agents') =>
  renderPage(<AgentsPage />, { path: '/agents', url, session: true });

type Router = ReturnType<typeof open>['router'];
const query = (router: Router) => new URLSearchParams(router.state.location.search);
const lastList = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('GET /api/db/agents_summary').at(-1)?.url.searchParams;
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((c) => c.textContent);
const headerButton = (name: string) =>
  screen.getByRole('columnheader', { name }).querySelector('button') as HTMLElement;

describe('AgentsPage', () => {
  it('lists the agents with their counts, status and times, newest first, 50 a page', async () => {
    const api = mockApi(agentRoutes());
    open();
    const table = within(await screen.findByRole('grid', { name: 'Agents' }));
    const eu = (await table.findByText('eu-cluster')).closest('tr') as HTMLElement;
    expect(cells(eu).slice(0, 9)).toEqual([
      'eu-cluster',
      '1200',
      '14',
      '2',
      '7',
      'Online',
      '5m ago',
      '3h ago',
      '2h ago',
    ]);
    expect(within(eu).getByText('Ada Admin')).toBeInTheDocument();
    const us = table.getByText('us-cluster').closest('tr') as HTMLElement;
    // Last seen two minutes ago: more than 61 seconds, so offline.
    expect(within(us).getByText('Offline')).toBeInTheDocument();
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Configs',
      'Checks',
      'Scrapers',
      'Playbook Runs',
      'Status',
      'Last Pushed',
      'Created At',
      'Updated At',
      'Created By',
    ]);

    const params = lastList(api);
    expect(params?.get('select')).toBe('*,created_by(id,name,avatar)');
    expect(params?.get('order')).toBe('created_at.desc');
    expect(params?.get('limit')).toBe('50');
    expect(params?.get('offset')).toBe('0');
    expect(api.callsTo('GET /api/db/agents_summary')[0]?.headers.get('Prefer')).toContain(
      'count=exact',
    );
  });

  it('keeps the sort in the URL and asks the server for it', async () => {
    const api = mockApi(agentRoutes());
    const { router } = open();
    await screen.findByText('eu-cluster');
    await userEvent.click(headerButton('Configs'));
    expect(query(router).get('sortBy')).toBe('config_count');
    expect(query(router).get('sortOrder')).toBe('asc');
    await waitFor(() =>
      expect(lastList(api)?.get('order')).toBe('config_count.asc,created_at.desc'),
    );
  });

  it('reads the sort and page from the URL and pages through the agents', async () => {
    const api = mockApi(agentRoutes({ total: 120 }));
    const { router } = open('/agents?sortBy=last_seen&sortOrder=desc&page=2');
    await screen.findByText('eu-cluster');
    expect(lastList(api)?.get('order')).toBe('last_seen.desc,created_at.desc');
    expect(lastList(api)?.get('offset')).toBe('50');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(query(router).get('page')).toBe('3');
    await waitFor(() => expect(lastList(api)?.get('offset')).toBe('100'));
  });

  it('says when there are no agents, and offers to add one', async () => {
    mockApi(agentRoutes({ rows: [] }));
    const { router } = open();
    expect(await screen.findByRole('heading', { name: 'No agents yet' })).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Agents' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add agent' }));
    expect(query(router).get('addAgent')).toBe('true');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });

  it('opens the edit drawer on a row click, with the id in the URL', async () => {
    mockApi(agentRoutes());
    const { router } = open();
    await userEvent.click(await screen.findByText('us-cluster'));
    expect(query(router).get('id')).toBe(US_AGENT.id);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('us-cluster');
  });

  it('lets a reader look, but not add, save or delete', async () => {
    mockApi(agentRoutes({ grants: READ_AGENTS, roles: ['viewer'] }));
    open(`/agents?id=${EU_AGENT.id}&addAgent=true`);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('eu-cluster');
    expect(screen.queryByRole('button', { name: 'Add agent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('is unauthorized without read on agents', async () => {
    mockApi(agentRoutes({ grants: [] }));
    open();
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
  });

  it('shows the server message when the list fails', async () => {
    mockApi({
      ...agentRoutes(),
      'GET /api/db/agents_summary': { status: 500, body: { message: 'database down' } },
    });
    open();
    expect(await screen.findByText('database down')).toBeInTheDocument();
  });
});
