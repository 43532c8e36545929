import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { mockApi } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { TopologiesPage } from './TopologiesPage';
import { TopologySpecPage } from './TopologySpecPage';
import { READER, topologySpecRoutes } from './testData';

// Monaco does not run in jsdom: the Code tab's editor is a plain textarea here.
vi.mock('../../../components/CodeView/CodeView', () => ({
  CodeView: (props: { value: string; readOnly?: boolean; onChange?: (v: string) => void }) => (
    <textarea
      aria-label="YAML"
      value={props.value}
      readOnly={props.readOnly}
      onChange={(e) => props.onChange?.(e.target.value)}
    />
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const openList = () =>
  renderPage(<TopologiesPage />, { path: '/settings/topologies', session: true });
const openTopology = (id: string) =>
  renderPage(<TopologySpecPage />, {
    path: '/settings/topologies/:id',
    url: `/settings/topologies/${id}`,
    session: true,
  });
const yamlBox = () => screen.getByRole('textbox', { name: 'YAML' }) as HTMLTextAreaElement;

describe('TopologiesPage', () => {
  it('lists topologies with their source and last job, and opens one', async () => {
    const api = mockApi(topologySpecRoutes());
    const { router } = openList();
    const row = (await screen.findByText('shop')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('@every 5m');
    expect(row).toHaveTextContent('SUCCESS');
    const kube = screen.getByText('cluster').closest('tr') as HTMLElement;
    expect(within(kube).getByRole('link', { name: 'kubernetes/platform/cluster' })).toHaveAttribute(
      'href',
      '/k8s/apis/canaries.flanksource.com/v1/namespaces/platform/topologies/cluster',
    );
    expect(
      api.callsTo('GET /api/db/topologies_with_status')[0]?.url.searchParams.get('deleted_at'),
    ).toBe('is.null');
    expect(screen.getByRole('button', { name: 'Add Topology' })).toBeInTheDocument();
    await userEvent.click(row);
    expect(router.state.location.pathname).toBe('/settings/topologies/t-1');
  });

  it('hides Add Topology without write on topologies', async () => {
    mockApi(topologySpecRoutes(READER));
    openList();
    await screen.findByText('shop');
    expect(screen.queryByRole('button', { name: 'Add Topology' })).not.toBeInTheDocument();
  });
});

describe('TopologySpecPage', () => {
  it('keeps the Form and Code tabs in step and saves the result', async () => {
    const api = mockApi(topologySpecRoutes());
    const { router } = openTopology('t-1');
    // Fields come from the Topology schema of @vigil/crds.
    const icon = await screen.findByLabelText(/^Icon/);
    expect(icon).toHaveValue('shop');
    expect(screen.getByLabelText(/^Type/)).toHaveValue('Application');
    expect(screen.getByLabelText(/^Name(?!space)/)).toHaveAttribute('readonly');
    await userEvent.clear(icon);
    await userEvent.type(icon, 'store');

    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    expect(parse(yamlBox().value)).toEqual({
      name: 'shop',
      namespace: 'default',
      labels: { team: 'pay' },
      spec: { schedule: '@every 5m', type: 'Application', icon: 'store' },
    });
    // Typing YAML changes the document; the name stays what it was (fixed once saved).
    const edited = { ...parse(yamlBox().value), name: 'renamed' };
    edited.spec.owner = 'payments-team';
    await userEvent.clear(yamlBox());
    await userEvent.click(yamlBox());
    await userEvent.paste(JSON.stringify(edited));
    // Text that does not parse is ignored.
    await userEvent.type(yamlBox(), '{{');
    expect(
      screen.getByText('This is not valid YAML; the last valid version is kept.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByLabelText(/^Owner/)).toHaveValue('payments-team');
    expect(screen.getByLabelText(/^Name(?!space)/)).toHaveValue('shop');

    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/topologies')).toHaveLength(1));
    const patch = api.callsTo('PATCH /api/db/topologies')[0];
    expect(patch?.url.searchParams.get('id')).toBe('eq.t-1');
    expect(patch?.body).toEqual({
      name: 'shop',
      namespace: 'default',
      labels: { team: 'pay' },
      spec: { schedule: '@every 5m', type: 'Application', icon: 'store', owner: 'payments-team' },
      schedule: '@every 5m',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/topologies'));
    expect(await screen.findByText('shop updated successfully')).toBeInTheDocument();
  });

  it('creates a topology made in the console, with the schema default schedule', async () => {
    const api = mockApi(topologySpecRoutes());
    openTopology('new');
    await userEvent.type(await screen.findByLabelText(/^Name(?!space)/), 'checkout');
    expect(screen.getByLabelText(/^Schedule/)).toHaveValue('@every 10m');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/db/topologies')).toHaveLength(1));
    expect(api.callsTo('POST /api/db/topologies')[0]?.body).toEqual({
      name: 'checkout',
      namespace: 'default',
      labels: {},
      spec: { schedule: '@every 10m' },
      schedule: '@every 10m',
      source: 'UI',
      created_by: 'me-1',
    });
  });

  it('refuses to save without a name or with a spec the schema rejects', async () => {
    const api = mockApi(topologySpecRoutes());
    openTopology('new');
    await screen.findByLabelText(/^Name(?!space)/);
    await userEvent.click(screen.getByRole('tab', { name: 'Code' }));
    await userEvent.clear(yamlBox());
    await userEvent.click(yamlBox());
    await userEvent.paste('name: ""\nspec:\n  components: nope\n');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The topology has errors')).toBeInTheDocument();
    expect(screen.getByText('name: This field is required')).toBeInTheDocument();
    expect(screen.getByText(/^spec\.components:/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/db/topologies')).toHaveLength(0);
  });

  it('shows a topology from kubectl read-only with its source link', async () => {
    mockApi(topologySpecRoutes());
    openTopology('t-2');
    expect(
      await screen.findByText(
        'This topology is managed outside the console and is read-only here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'kubernetes/platform/cluster' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('hides Update and Delete without write on topologies', async () => {
    mockApi(topologySpecRoutes(READER));
    openTopology('t-1');
    expect(await screen.findByLabelText(/^Icon/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('refuses the new page without write on topologies', async () => {
    mockApi(topologySpecRoutes(READER));
    openTopology('new');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });

  it('lists its runs in the Job History tab', async () => {
    const api = mockApi(topologySpecRoutes());
    openTopology('t-1');
    await screen.findByLabelText(/^Icon/);
    await userEvent.click(screen.getByRole('tab', { name: 'Job History' }));
    await waitFor(() => expect(api.callsTo('GET /api/db/job_histories')).toHaveLength(1));
    const query = api.callsTo('GET /api/db/job_histories')[0]?.url.searchParams;
    expect(query?.get('resource_type')).toBe('eq.topology');
    expect(query?.get('resource_id')).toBe('eq.t-1');
  });

  it('deletes a topology made in the console, after asking', async () => {
    const api = mockApi(topologySpecRoutes());
    const { router } = openTopology('t-1');
    await screen.findByLabelText(/^Icon/);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Topology' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete shop?');
    await userEvent.click(within(dialog).getByRole('button', { name: /Delete|Confirm/ }));
    await waitFor(() => expect(api.callsTo('PATCH /api/db/topologies')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/db/topologies')[0]?.body).toEqual({ deleted_at: 'now()' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/topologies'));
  });
});
