import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRequest, type MockRoutes } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { param } from '../testData';
import { useConfigDetail } from '../../configDetail/api';
import { RUNS_PAGE_SIZE, useConfigRuns } from '../../configDetail/playbooks/api';
import type { Parameter, RunResource } from '../types';
import { RunPlaybookModal, type ChosenPlaybook } from './RunPlaybookModal';

// Monaco does not run in jsdom: the code editor is a plain textarea here.
vi.mock('../../../components/CodeView/CodeView', () => ({
  CodeView: (props: { value: string; language?: string; onChange?: (v: string) => void }) => (
    <textarea
      aria-label={`Code (${props.language ?? ''})`}
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value)}
    />
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CONFIG: RunResource = { kind: 'config', id: 'cfg-1' };

const PARAMS: Parameter[] = [
  param({ name: 'name', label: 'Name', required: true, properties: { format: 'dns1123' } }),
  param({ name: 'replicas', label: 'Replicas', default: '3', properties: { min: 1, max: 10 } }),
  param({ name: 'notes', label: 'Notes', properties: { multiline: true } }),
  param({ name: 'force', label: 'Force', type: 'checkbox', default: 'true' }),
  param({ name: 'manifest', label: 'Manifest', type: 'code', properties: { language: 'json' } }),
  param({
    name: 'env',
    label: 'Environment',
    type: 'list',
    properties: {
      options: [
        { label: 'Production', value: 'prod' },
        { label: 'Staging', value: 'stage' },
      ],
    },
  }),
  param({ name: 'target', label: 'Target', type: 'config', default: 'cfg-1' }),
  param({ name: 'others', label: 'Others', type: 'configs' }),
  param({ name: 'check', label: 'Check', type: 'check' }),
  param({ name: 'component', label: 'Component', type: 'component' }),
  param({ name: 'owner', label: 'Owner', type: 'people' }),
  param({ name: 'team', label: 'Team', type: 'team' }),
  param({ name: 'wait', label: 'Wait', type: 'duration' }),
  param({ name: 'memory', label: 'Memory', type: 'bytes' }),
  param({ name: 'cpu', label: 'CPU', type: 'millicores' }),
  param({ name: 'token', label: 'Token', type: 'secret' }),
];

const CONFIG_ROWS = [
  { id: 'cfg-1', name: 'payments-api', type: 'Kubernetes::Deployment' },
  { id: 'cfg-2', name: 'payments-db', type: 'Kubernetes::StatefulSet' },
  { id: 'cfg-3', name: 'checkout', type: 'Kubernetes::Deployment' },
];

/** /api/db/config_items: by ids (`id=in.(…)`), or by a name search (`name=ilike.%…%`). */
function configItems(req: MockRequest) {
  const ids = req.url.searchParams
    .get('id')
    ?.replace(/^in\.\(|\)$/g, '')
    .split(',');
  const like = req.url.searchParams
    .get('name')
    ?.replace(/^ilike\.%|%$/g, '')
    .toLowerCase();
  const rows = CONFIG_ROWS.filter((r) =>
    ids ? ids.includes(r.id) : like !== undefined && r.name.includes(like),
  );
  return { body: rows };
}

function routes(extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/playbook/list': {
      body: [
        { id: 'pb-1', name: 'deploy', title: 'Deploy' },
        { id: 'pb-2', name: 'restart', title: 'Restart' },
      ],
    },
    'POST /api/playbook/pb-1/params': { body: { params: PARAMS } },
    'POST /api/playbook/pb-2/params': { body: { params: [] } },
    'GET /api/db/config_items': configItems,
    'GET /api/db/people': { body: [{ id: 'u-1', name: 'Ada Admin', email: 'ada@example.com' }] },
    ...extra,
  };
}

function open(props: { resource?: RunResource; playbook?: ChosenPlaybook } = {}) {
  const onClose = vi.fn();
  const result = renderPage(
    <RunPlaybookModal
      isOpen
      onClose={onClose}
      resource={'resource' in props ? props.resource : CONFIG}
      playbook={'playbook' in props ? props.playbook : { id: 'pb-1', name: 'deploy' }}
    />,
    { path: '/catalog/:id', url: '/catalog/cfg-1' },
  );
  return { ...result, onClose };
}

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Run Playbook' }));
// While busy the button also holds a spinner ('Loading...').
const runButton = () =>
  screen.getByRole('button', { name: /^(Loading\.\.\.)?(Run|Running\.\.\.)$/ });

/** Fills the one required field so the form can run. */
async function fillName(text = 'web-1') {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), text);
}

describe('RunPlaybookModal', () => {
  it('lists the playbooks that can run against the resource and asks for its parameters', async () => {
    const api = mockApi(routes());
    open();
    const d = await dialog();
    const chooser = await d.findByRole('combobox', { name: 'Playbook' });
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a playbook', 'Deploy', 'Restart']);
    expect(chooser).toHaveValue('pb-1');
    expect(api.callsTo('GET /api/playbook/list')[0]?.url.searchParams.get('config_id')).toBe(
      'cfg-1',
    );
    await d.findByRole('textbox', { name: 'Name' });
    expect(api.callsTo('POST /api/playbook/pb-1/params')[0]?.body).toEqual({ config_id: 'cfg-1' });

    await userEvent.selectOptions(chooser, 'Restart');
    expect(await d.findByText('No parameters for this playbook.')).toBeInTheDocument();
    expect(runButton()).toBeEnabled();
  });

  it('gives each parameter type its control, starting from the templated defaults', async () => {
    mockApi(routes());
    open();
    const d = await dialog();
    expect(await d.findByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(d.getByRole('textbox', { name: 'Replicas' })).toHaveValue('3');
    expect(d.getByRole('textbox', { name: 'Notes' }).tagName).toBe('TEXTAREA');
    expect(d.getByRole('checkbox', { name: 'Force' })).toBeChecked();
    expect(d.getByRole('textbox', { name: 'Code (json)' })).toBeInTheDocument();
    const env = d.getByRole('combobox', { name: 'Environment' });
    expect(
      within(env)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select an option', 'Production', 'Staging']);
    for (const name of ['Others', 'Check', 'Component', 'Owner', 'Team']) {
      expect(d.getByRole('combobox', { name })).toBeInTheDocument();
    }
    // A default id shows as the name it stands for.
    await waitFor(() =>
      expect(d.getByRole('combobox', { name: 'Target' })).toHaveValue('payments-api'),
    );
    expect(d.getByRole('textbox', { name: 'Wait' })).toHaveAttribute(
      'placeholder',
      'e.g. 5m, 1h30m',
    );
    expect(d.getByRole('textbox', { name: 'Memory' })).toHaveAttribute(
      'placeholder',
      'e.g. 512Mi, 1G',
    );
    expect(d.getByRole('textbox', { name: 'CPU' })).toBeInTheDocument();
    expect(d.getByLabelText('Token')).toHaveAttribute('type', 'password');
  });

  it('checks the values as the server would, and keeps Run disabled until they are valid', async () => {
    mockApi(routes());
    open();
    const d = await dialog();
    const name = await d.findByRole('textbox', { name: 'Name' });
    expect(runButton()).toBeDisabled();
    await userEvent.click(name);
    await userEvent.tab();
    expect(d.getByText('This field is required')).toBeInTheDocument();
    await userEvent.type(name, 'Web_1');
    expect(d.getByText(/must be a lowercase DNS name/)).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'web-1');
    expect(d.queryByText(/must be a lowercase DNS name/)).not.toBeInTheDocument();
    expect(runButton()).toBeEnabled();

    const replicas = d.getByRole('textbox', { name: 'Replicas' });
    await userEvent.clear(replicas);
    await userEvent.type(replicas, 'ten');
    await userEvent.tab();
    expect(d.getByText('This field must be a number')).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
    await userEvent.clear(replicas);
    await userEvent.type(replicas, '11');
    expect(d.getByText('This field must be at most 10')).toBeInTheDocument();
    await userEvent.clear(replicas);
    await userEvent.type(replicas, '0');
    expect(d.getByText('This field must be at least 1')).toBeInTheDocument();
    await userEvent.clear(replicas);
    await userEvent.type(replicas, '4');

    await userEvent.type(d.getByRole('textbox', { name: 'Wait' }), '90');
    await userEvent.tab();
    expect(d.getByText('This field must be a duration, such as 30s, 5m or 1h')).toBeInTheDocument();
    await userEvent.type(d.getByRole('textbox', { name: 'Wait' }), 's');
    expect(runButton()).toBeEnabled();
  });

  it('searches resources 300 ms after typing, saying when to type and when nothing matched', async () => {
    const api = mockApi(routes());
    open();
    const d = await dialog();
    const others = await d.findByRole('combobox', { name: 'Others' });
    await userEvent.click(others);
    expect(await screen.findByText('Start typing to search')).toBeInTheDocument();
    const searches = () =>
      api.callsTo('GET /api/db/config_items').filter((c) => c.url.searchParams.has('name'));
    expect(searches()).toHaveLength(0);

    await userEvent.type(others, 'zzz');
    expect(await screen.findByText('No options found')).toBeInTheDocument();
    // One search for the whole word, not one per keystroke.
    expect(searches()).toHaveLength(1);
    const query = searches()[0]?.url.searchParams;
    expect(query?.get('name')).toBe('ilike.%zzz%');
    expect(query?.get('deleted_at')).toBe('is.null');

    await userEvent.clear(others);
    await userEvent.type(others, 'payments');
    await userEvent.click(await screen.findByRole('option', { name: /payments-db/ }));
    await userEvent.type(others, 'check');
    await userEvent.click(await screen.findByRole('option', { name: /checkout/ }));
    const chosen = d.getByRole('list', { name: 'Chosen Others' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['payments-db', 'checkout']);
  });

  it('runs with the values, reads "Running..." while it starts, then opens the run', async () => {
    let release: (value: { status: number; body: unknown }) => void = () => undefined;
    const api = mockApi(
      routes({
        'POST /api/playbook/run': () =>
          new Promise((resolve) => {
            release = resolve;
          }),
      }),
    );
    const { router, onClose } = open();
    const d = await dialog();
    await fillName();
    await userEvent.click(d.getByRole('checkbox', { name: 'Force' }));
    await userEvent.selectOptions(d.getByRole('combobox', { name: 'Environment' }), 'Staging');
    await userEvent.type(d.getByRole('textbox', { name: 'Code (json)' }), '{{"a":1}');
    await userEvent.type(d.getByLabelText('Token'), 'hunter2');
    const owner = d.getByRole('combobox', { name: 'Owner' });
    await userEvent.type(owner, 'ada');
    await userEvent.click(await screen.findByRole('option', { name: /Ada Admin/ }));
    expect(owner).toHaveValue('Ada Admin');

    await userEvent.click(runButton());
    expect(runButton()).toHaveTextContent('Running...');
    expect(runButton()).toBeDisabled();
    release({ status: 201, body: { run_id: 'run-42', status: 'scheduled' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks/runs/run-42'));
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo('POST /api/playbook/run')[0]?.body).toEqual({
      id: 'pb-1',
      config_id: 'cfg-1',
      params: {
        name: 'web-1',
        replicas: '3',
        force: 'false',
        manifest: '{"a":1}',
        env: 'stage',
        target: 'cfg-1',
        owner: 'u-1',
        token: 'hunter2',
      },
    });
  });

  it("has the config's detail and run list read again after a run against it", async () => {
    const api = mockApi(
      routes({
        'GET /api/db/config_detail': { body: [{ id: 'cfg-1', name: 'payments-api' }] },
        'GET /api/db/playbook_runs': { body: [] },
        'POST /api/playbook/run': { status: 201, body: { run_id: 'run-43' } },
      }),
    );
    // The config page under the dialog: its Playbooks badge counts the config's runs and its
    // Playbooks tab lists them. Both were read moments ago, within their dedupe interval.
    function ConfigPage() {
      useConfigDetail('cfg-1');
      useConfigRuns('cfg-1', 1, RUNS_PAGE_SIZE);
      return null;
    }
    const { router } = renderPage(
      <>
        <ConfigPage />
        <RunPlaybookModal
          isOpen
          onClose={vi.fn()}
          resource={CONFIG}
          playbook={{ id: 'pb-2', name: 'restart' }}
        />
      </>,
      { path: '/catalog/:id', url: '/catalog/cfg-1' },
    );
    const d = await dialog();
    await d.findByText('No parameters for this playbook.');
    expect(api.callsTo('GET /api/db/config_detail')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/db/playbook_runs')).toHaveLength(1));
    await userEvent.click(runButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks/runs/run-43'));
    expect(api.callsTo('GET /api/db/config_detail')).toHaveLength(2);
    expect(api.callsTo('GET /api/db/playbook_runs')).toHaveLength(2);
  });

  it("shows the server's 400 message and lets the user try again", async () => {
    const message = "name: must be a lowercase DNS name (letters, digits, '-' and '.')";
    mockApi(
      routes({
        'POST /api/playbook/run': { status: 400, body: { error: 'invalid', message } },
      }),
    );
    open();
    const d = await dialog();
    await fillName();
    await userEvent.click(runButton());
    expect(await d.findByText(message)).toBeInTheDocument();
    expect(runButton()).toHaveTextContent('Run');
    expect(runButton()).toBeEnabled();
    expect(d.getByRole('textbox', { name: 'Name' })).toHaveValue('web-1');
  });

  it('asks for a resource for a playbook with selectors opened without one', async () => {
    const api = mockApi(routes());
    open({
      resource: undefined,
      playbook: { id: 'pb-1', name: 'deploy', spec: { configs: [{ types: ['Kubernetes::Pod'] }] } },
    });
    const d = await dialog();
    expect(d.getByText('Please select a resource to see the parameters.')).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
    expect(api.callsTo('POST /api/playbook/pb-1/params')).toHaveLength(0);
    expect(api.callsTo('GET /api/playbook/list')).toHaveLength(0);
  });

  it('says so when nothing can run against the resource', async () => {
    mockApi(routes({ 'GET /api/playbook/list': { body: [] } }));
    open({ playbook: undefined });
    const d = await dialog();
    expect(await d.findByText('No playbooks can run against this resource.')).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
  });

  it("shows the server's message when the parameters cannot be read", async () => {
    mockApi(
      routes({
        'POST /api/playbook/pb-1/params': {
          status: 403,
          body: { error: 'forbidden', message: 'playbook:run is not granted on this config' },
        },
      }),
    );
    open();
    const d = await dialog();
    expect(await d.findByText('playbook:run is not granted on this config')).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
  });
});
