import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/render';
import { AgentsPage } from './AgentsPage';
import { TOKEN_ONCE } from './messages';
import { agentRoutes, EU_AGENT } from './testData';

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url: string) => renderPage(<AgentsPage />, { path: '/agents', url, session: true });
type Router = ReturnType<typeof open>['router'];
const query = (router: Router) => new URLSearchParams(router.state.location.search);

const TOKEN = 'vigil_tok_9f8e7d';
const GENERATED = {
  id: 'person-9',
  agent_id: 'agent-new',
  name: 'eu-2',
  username: 'agent-eu-2',
  access_token: TOKEN,
};

describe('AgentDrawer', () => {
  it('creates an agent, then shows its token once in the installation instructions', async () => {
    const api = mockApi({
      ...agentRoutes(),
      'POST /api/agent/generate': { status: 201, body: GENERATED },
    });
    const { router } = open('/agents?addAgent=true');
    const create = await screen.findByRole('button', { name: 'Create' });

    await userEvent.click(create);
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/agent/generate')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'eu-2');
    await userEvent.click(screen.getByRole('button', { name: 'Add Properties' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Properties key 1' }), 'region');
    await userEvent.type(screen.getByRole('textbox', { name: 'Properties value 1' }), 'eu');
    const interval = screen.getByRole('combobox', { name: 'Interval' });
    expect(interval).toHaveValue('30m');
    await userEvent.click(screen.getByRole('switch', { name: "Scrape the agent's cluster" }));
    await userEvent.selectOptions(interval, '1h');
    await userEvent.click(create);

    expect(await screen.findByText('Agent created')).toBeInTheDocument();
    expect(api.callsTo('POST /api/agent/generate')[0]?.body).toEqual({
      name: 'eu-2',
      properties: { region: 'eu' },
      spec: {
        kubernetes: { enabled: true, interval: '1h' },
        pushTelemetry: { enabled: false, topologyName: '' },
      },
    });
    // The token is not in the drawer: only the instructions show it.
    expect(screen.queryByText(TOKEN)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    const dialog = await screen.findByRole('dialog', { name: 'Installation Instructions' });
    expect(query(router).has('addAgent')).toBe(false);
    expect(within(dialog).getByText(TOKEN_ONCE)).toBeInTheDocument();
    expect(within(dialog).getByText(TOKEN)).toBeInTheDocument();
    const flux = within(dialog).getByLabelText('Flux manifest');
    expect(flux).toHaveTextContent('kind: HelmRelease');
    expect(flux).toHaveTextContent(`token: "${TOKEN}"`);
    expect(flux).toHaveTextContent(`upstreamUrl: "${window.location.origin}"`);
    expect(flux).toHaveTextContent('name: "eu-2"');

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Helm CLI' }));
    expect(within(dialog).getByLabelText('Helm command')).toHaveTextContent(
      `--set agent.upstreamUrl=${window.location.origin} \\ --set agent.name=eu-2 \\ --set agent.token=${TOKEN}`,
    );

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy access token' }));
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    expect(await screen.findByText('Copied access token to clipboard')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(TOKEN)).not.toBeInTheDocument());
  });

  it("shows the server's message when the agent cannot be created", async () => {
    mockApi({
      ...agentRoutes(),
      'POST /api/agent/generate': {
        status: 409,
        body: { message: 'an agent named eu-cluster already exists' },
      },
    });
    open('/agents?addAgent=true');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'eu-cluster');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('an agent named eu-cluster already exists')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('edits an agent: the name is read-only and is not sent, the type property is hidden', async () => {
    const api = mockApi({
      ...agentRoutes(),
      [`PATCH /api/agent/${EU_AGENT.id}`]: { body: EU_AGENT },
    });
    const { router } = open(`/agents?id=${EU_AGENT.id}`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('eu-cluster');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Properties key 1' })).toHaveValue('region');
    expect(screen.queryByRole('textbox', { name: 'Properties key 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Interval' })).toHaveValue('5m');

    const value = screen.getByRole('textbox', { name: 'Properties value 1' });
    await userEvent.clear(value);
    await userEvent.type(value, 'eu-west');
    await userEvent.click(screen.getByRole('switch', { name: 'Push telemetry' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Topology name' }), 'eu');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Agent updated')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/agent/${EU_AGENT.id}`)[0]?.body).toEqual({
      properties: { region: 'eu-west' },
      spec: {
        kubernetes: { enabled: true, interval: '5m' },
        pushTelemetry: { enabled: true, topologyName: 'eu' },
      },
    });
    expect(query(router).has('id')).toBe(false);
  });

  it("shows the server's message when a save fails", async () => {
    mockApi({
      ...agentRoutes(),
      [`PATCH /api/agent/${EU_AGENT.id}`]: {
        status: 400,
        body: { message: 'properties: keys must be strings' },
      },
    });
    open(`/agents?id=${EU_AGENT.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('properties: keys must be strings')).toBeInTheDocument();
    expect(screen.queryByText('Agent updated')).not.toBeInTheDocument();
  });

  it('reads an agent that is not on the page shown', async () => {
    const api = mockApi({
      ...agentRoutes({ rows: [] }),
      'GET /api/db/agents_summary': (req) => ({
        body:
          req.url.searchParams.get('id') === 'eq.agent-far'
            ? [{ ...EU_AGENT, id: 'agent-far' }]
            : [],
        headers: { 'Content-Range': '*/0' },
      }),
    });
    open('/agents?id=agent-far');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('eu-cluster');
    expect(
      api
        .callsTo('GET /api/db/agents_summary')
        .some((c) => c.url.searchParams.get('id') === 'eq.agent-far'),
    ).toBe(true);
  });

  it.each([
    ['Yes', 'true', 'and everything it pushed'],
    ['No', 'false', 'what it pushed is kept'],
  ])(
    'deletes an agent after asking about its resources (%s) and confirming',
    async (answer, cleanup, question) => {
      const api = mockApi({
        ...agentRoutes(),
        [`DELETE /api/agent/${EU_AGENT.id}`]: { status: 204 },
      });
      const { router } = open(`/agents?id=${EU_AGENT.id}`);
      await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
      const ask = await screen.findByRole('dialog', {
        name: 'Delete the resources of this agent?',
      });
      await userEvent.click(within(ask).getByRole('button', { name: answer }));
      expect(api.callsTo(`DELETE /api/agent/${EU_AGENT.id}`)).toHaveLength(0);

      const confirm = await screen.findByRole('dialog', { name: 'Delete Agent' });
      expect(confirm).toHaveTextContent(question);
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('Agent deleted')).toBeInTheDocument();
      const [call] = api.callsTo(`DELETE /api/agent/${EU_AGENT.id}`);
      expect(call?.url.searchParams.get('cleanup')).toBe(cleanup);
      expect(query(router).has('id')).toBe(false);
    },
  );

  it("toasts the server's message when a delete fails", async () => {
    mockApi({
      ...agentRoutes(),
      [`DELETE /api/agent/${EU_AGENT.id}`]: { status: 404, body: { message: 'agent not found' } },
    });
    open(`/agents?id=${EU_AGENT.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'No' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Agent' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('agent not found')).toBeInTheDocument();
  });
});
