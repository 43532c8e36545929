import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { ChangesPage } from './ChangesPage';
import { HIDE_DELETED_CHANGES_KEY } from './preferences';
import { changesRoutes } from './testData';

// Monaco does not run in jsdom: code shows in a plain textarea here.
vi.mock('../../components/CodeView/CodeView', () => ({
  CodeView: (props: { value: string }) => (
    <textarea aria-label="JSON" value={props.value} readOnly />
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const open = (url = '/catalog/changes') =>
  renderPage(<ChangesPage />, { path: '/catalog/changes', url, session: true });

type Router = ReturnType<typeof open>['router'];
const query = (router: Router) => new URLSearchParams(router.state.location.search);
const lastBody = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('POST /api/catalog/changes').at(-1)?.body as Record<string, unknown>;

describe('ChangesPage', () => {
  it('asks for the last 2 days, newest first, 200 a page, without deleted configs', async () => {
    const api = mockApi(changesRoutes());
    open();
    expect(await screen.findByText('payments-6c9f')).toBeInTheDocument();
    expect(lastBody(api)).toEqual({
      from: 'now-2d',
      include_deleted_configs: false,
      sort_by: '-created_at',
      page: 1,
      page_size: 200,
    });
    expect(screen.getByRole('button', { name: 'Last 2 days' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    // A person by name, anyone else as the server names them.
    const node = screen.getByText('node-a').closest('tr') as HTMLElement;
    expect(await within(node).findByText('Bob Builder')).toBeInTheDocument();
    expect(screen.getByText('system:serviceaccount:ci')).toBeInTheDocument();
  });

  it('remembers Hide Deleted as yes or no', async () => {
    const api = mockApi(changesRoutes());
    open();
    const toggle = await screen.findByRole('switch', { name: 'Hide Deleted' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(localStorage.getItem(HIDE_DELETED_CHANGES_KEY)).toBe('no');
    await waitFor(() => expect(lastBody(api).include_deleted_configs).toBe(true));
  });

  it('reads a stored Hide Deleted of no', async () => {
    localStorage.setItem(HIDE_DELETED_CHANGES_KEY, 'no');
    const api = mockApi(changesRoutes());
    open();
    expect(await screen.findByRole('switch', { name: 'Hide Deleted' })).not.toBeChecked();
    expect(lastBody(api).include_deleted_configs).toBe(true);
  });

  it('sends the filters of the URL and writes new ones to it', async () => {
    const api = mockApi(changesRoutes());
    const { router } = open(
      '/catalog/changes?configType=Kubernetes::Pod&changeType=diff:1,NodeNotReady:-1&severity=high&tags=cluster____eu-1:1&source=kubernetes&rangeType=relative&range=now-7d&display=Last%207%20days',
    );
    await screen.findByText('payments-6c9f');
    expect(lastBody(api)).toMatchObject({
      from: 'now-7d',
      config_type: 'Kubernetes::Pod',
      type: 'diff,!NodeNotReady',
      severity: 'high',
      tags: 'cluster=eu-1',
      source: 'kubernetes',
    });
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('high');
    expect(screen.getByText('Source: kubernetes')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'critical');
    expect(query(router).get('severity')).toBe('critical');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the Source filter' }));
    expect(query(router).has('source')).toBe(false);
    await userEvent.click(
      screen.getByRole('button', { name: 'Filter by summary Kubelet stopped posting node status' }),
    );
    expect(query(router).get('summary')).toBe('Kubelet stopped posting node status');
    await userEvent.click(screen.getByRole('button', { name: 'Filter by config node-a' }));
    expect(query(router).get('id')).toBe('node-1');
    await waitFor(() =>
      expect(lastBody(api)).toMatchObject({
        severity: 'critical',
        summary: 'Kubelet stopped posting node status',
        id: 'node-1',
        recursive: 'none',
      }),
    );
    expect(lastBody(api).source).toBeUndefined();
  });

  it('sorts on the server and pages through', async () => {
    const api = mockApi(changesRoutes());
    const { router } = open();
    await screen.findByText('payments-6c9f');
    const header = screen.getByRole('columnheader', { name: 'Count' });
    await userEvent.click(within(header).getByRole('button'));
    expect(query(router).get('sortBy')).toBe('count');
    await waitFor(() => expect(lastBody(api).sort_by).toBe('count'));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(query(router).get('page')).toBe('2');
    await waitFor(() => expect(lastBody(api).page).toBe(2));
  });

  it('opens a change with its diff, patches and details', async () => {
    const api = mockApi(changesRoutes());
    open();
    await userEvent.click(await screen.findByText('spec.containers[0].image'));
    const dialog = await screen.findByRole('dialog');
    const diff = await within(dialog).findByLabelText('Unified diff');
    const params = api.callsTo('GET /api/db/config_changes')[0]?.url.searchParams;
    expect(params?.get('id')).toBe('eq.ch-1');
    expect(params?.get('config_id')).toBe('eq.pod-1');
    expect(params?.get('select')).toContain('diff');
    expect(diff.querySelector('[data-diff="removed"]')).toHaveTextContent('- image: api:1.0');
    expect(diff.querySelector('[data-diff="added"]')).toHaveTextContent('+ image: api:1.1');
    const patches = within(within(dialog).getByRole('region', { name: 'Patches' })).getByRole(
      'textbox',
    );
    expect(JSON.parse((patches as HTMLTextAreaElement).value)).toEqual({
      spec: { containers: [{ image: 'api:1.1' }] },
    });
    expect(within(dialog).getByRole('region', { name: 'Details' })).toHaveTextContent('rollout');
    expect(within(dialog).getByRole('link', { name: 'payments-6c9f' })).toHaveAttribute(
      'href',
      '/catalog/pod-1',
    );
  });

  it('says No result for no changes and Something went wrong when the list fails', async () => {
    const api = mockApi({
      ...changesRoutes(),
      'POST /api/catalog/changes': { body: { total: 0, changes: [] } },
    });
    open();
    expect(await screen.findByText('No result')).toBeInTheDocument();
    api.on('POST /api/catalog/changes', {
      status: 400,
      body: { message: 'from must be before to' },
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'low');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('from must be before to')).toBeInTheDocument();
  });
});
