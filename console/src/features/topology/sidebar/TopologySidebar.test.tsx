import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { INCIDENT_WRITER, topologyRoutes } from '../testData';
import { TopologyPage } from '../TopologyPage';
import { PANEL_PAGE_SIZE } from './panelsApi';
import { panelRoutes, run } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(options: Parameters<typeof topologyRoutes>[0] = {}, panels = panelRoutes()) {
  const api = mockApi(topologyRoutes({ ...options, extra: { ...panels, ...options.extra } }));
  renderPage(<TopologyPage />, {
    path: '/topology/:id',
    url: '/topology/c-cluster',
    session: true,
  });
  return api;
}

const sidebar = () => screen.findByRole('complementary', { name: 'Component details' });
const toggle = (name: string) =>
  within(screen.getByRole('complementary')).getByRole('button', { name });
const panel = (name: string) => screen.getByRole('region', { name });
/** The panels' toggles (not the Details panel's kebab) that are open, or closed. */
const toggles = (isOpen: boolean) =>
  within(screen.getByRole('complementary'))
    .queryAllByRole('button', { expanded: isOpen })
    .filter((b) => !b.getAttribute('aria-label')?.startsWith('Actions for'))
    .map((b) => b.textContent);
const expanded = () => toggles(true);

async function openPanel(name: string) {
  await userEvent.click(toggle(name));
  return panel(name);
}

describe('TopologySidebar', () => {
  it('lists its panels, Details open, and opens one at a time', async () => {
    open();
    const aside = await sidebar();
    expect(aside).toBeInTheDocument();
    expect(toggles(false)).toEqual([
      'Catalog',
      'Incidents',
      'Changes',
      'Checks',
      'Playbooks',
      'Teams',
      'Insights',
    ]);
    expect(expanded()).toEqual(['Details']);

    await openPanel('Checks');
    expect(expanded()).toEqual(['Checks']);
    expect(screen.queryByRole('region', { name: 'Details' })).not.toBeInTheDocument();
    // Closing the open panel leaves none open.
    await userEvent.click(toggle('Checks'));
    expect(expanded()).toEqual([]);
  });

  it('shows the details of the component from the topology call', async () => {
    open();
    await sidebar();
    const details = within(panel('Details'));
    expect(details.getByText('Production')).toBeInTheDocument();
    expect(details.getByText('1 of 3 children unhealthy')).toBeInTheDocument();
    const list = details.getByLabelText('Details of Production');
    expect(list).toHaveTextContent('Namespaceplatform');
    expect(list).toHaveTextContent('Teamspayments');
    expect(list).toHaveTextContent('team: pay');
    expect(list).not.toHaveTextContent('namespace: platform');
    expect(list).toHaveTextContent('regioneu-west-1');
    expect(details.getByRole('link', { name: 'Edit topology spec' })).toHaveAttribute(
      'href',
      '/settings/topologies/topo-1',
    );
    // The card's actions, without Zoom In.
    await userEvent.click(details.getByRole('button', { name: 'Actions for Production' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'View Logs',
      'Link to Incident',
      'Download Snapshot',
    ]);
  });

  it('Catalog: the linked configs, deleted ones hidden until asked for', async () => {
    const api = open();
    await sidebar();
    const catalog = await openPanel('Catalog');
    const link = await within(catalog).findByRole('link', { name: 'checkout' });
    expect(link).toHaveAttribute('href', '/catalog/cfg-1');
    expect(within(catalog).queryByText('legacy-cron')).not.toBeInTheDocument();
    await userEvent.click(within(catalog).getByRole('switch', { name: 'Hide deleted' }));
    expect(within(catalog).getByRole('link', { name: 'legacy-cron' })).toBeInTheDocument();
    expect(within(catalog).getByText('Deleted')).toBeInTheDocument();

    const query = api.callsTo('GET /api/db/config_component_relationships')[0]?.url.searchParams;
    expect(query?.get('component_id')).toBe('eq.c-cluster');
    expect(query?.get('deleted_at')).toBe('is.null');
    expect(query?.get('select')).toBe(
      '*,configs!config_component_relationships_config_id_fkey(id,type,name,config_class,deleted_at)',
    );
  });

  it('Incidents: newest first, linked to the incident', async () => {
    const api = open();
    await sidebar();
    const incidents = await openPanel('Incidents');
    expect(
      await within(incidents).findByRole('link', { name: 'Checkout is slow' }),
    ).toHaveAttribute('href', '/incidents/inc-1');
    expect(within(incidents).getByText('open')).toBeInTheDocument();
    const query = api.callsTo('GET /api/db/incidents_by_component')[0]?.url.searchParams;
    expect(query?.get('component_id')).toBe('eq.c-cluster');
    expect(query?.get('order')).toBe('created_at.desc');
  });

  it('hides the Incidents panel when the incidents feature is off', async () => {
    const api = open({ properties: [{ name: 'incidents.disable', value: 'true' }] });
    const aside = await sidebar();
    expect(within(aside).queryByRole('button', { name: 'Incidents' })).not.toBeInTheDocument();
    expect(within(aside).getByRole('button', { name: 'Changes' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/incidents_by_component')).toHaveLength(0);
  });

  it('Changes: the newest 50 of the linked configs, linked to the config', async () => {
    const api = open();
    await sidebar();
    const changes = await openPanel('Changes');
    expect(await within(changes).findByRole('link', { name: 'checkout' })).toHaveAttribute(
      'href',
      '/catalog/cfg-1',
    );
    expect(within(changes).getByText('diff')).toBeInTheDocument();
    const query = api.callsTo('GET /api/db/changes_by_component')[0]?.url.searchParams;
    expect(query?.get('component_id')).toBe('eq.c-cluster');
    expect(query?.get('order')).toBe('created_at.desc');
    expect(query?.get('limit')).toBe('50');
  });

  it('Checks: each check linked to its drawer on the Health page', async () => {
    const api = open();
    await sidebar();
    const checks = await openPanel('Checks');
    expect(await within(checks).findByRole('link', { name: 'checkout-http' })).toHaveAttribute(
      'href',
      '/health?checkId=chk-1',
    );
    expect(within(checks).getByRole('img', { name: 'unhealthy' })).toBeInTheDocument();
    expect(
      api.callsTo('GET /api/db/checks_by_component')[0]?.url.searchParams.get('component_id'),
    ).toBe('eq.c-cluster');
  });

  it('Playbooks: runs 50 at a time with the total counted, linked to the run', async () => {
    const runs = Array.from({ length: PANEL_PAGE_SIZE + 5 }, (_, n) => run(n));
    const api = open({}, panelRoutes(runs));
    await sidebar();
    const playbooks = await openPanel('Playbooks');
    expect(await within(playbooks).findByRole('link', { name: 'Restart 0' })).toHaveAttribute(
      'href',
      '/playbooks/runs/run-0',
    );
    expect(within(playbooks).getByText('failed')).toBeInTheDocument();
    expect(within(playbooks).getAllByRole('listitem')).toHaveLength(PANEL_PAGE_SIZE);
    const first = api.callsTo('GET /api/db/playbook_runs')[0];
    expect(first?.url.searchParams.get('component_id')).toBe('eq.c-cluster');
    expect(first?.url.searchParams.get('order')).toBe('created_at.desc');
    expect(first?.url.searchParams.get('limit')).toBe('50');
    expect(first?.url.searchParams.get('offset')).toBe('0');
    expect(first?.headers.get('Prefer')).toContain('count=exact');

    await userEvent.click(within(playbooks).getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(within(playbooks).getAllByRole('listitem')).toHaveLength(PANEL_PAGE_SIZE + 5),
    );
    expect(api.callsTo('GET /api/db/playbook_runs').at(-1)?.url.searchParams.get('offset')).toBe(
      '50',
    );
    expect(within(playbooks).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('Playbooks: runs a playbook against the component for writers of playbook runs', async () => {
    const api = open(
      {
        grants: [...INCIDENT_WRITER, { object: 'playbook_runs', action: 'write' }],
        extra: {
          'GET /api/playbook/list': { body: [{ id: 'p1', name: 'restart', title: 'Restart' }] },
          'POST /api/playbook/p1/params': { body: { params: [] } },
        },
      },
      panelRoutes([]),
    );
    await sidebar();
    const playbooks = await openPanel('Playbooks');
    await userEvent.click(within(playbooks).getByRole('button', { name: 'Run Playbook' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Restart' }));
    expect(await screen.findByRole('dialog', { name: 'Run Playbook' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/playbook/list')[0]?.url.searchParams.get('component_id')).toBe(
      'c-cluster',
    );
    expect(api.callsTo('POST /api/playbook/p1/params')[0]?.body).toEqual({
      component_id: 'c-cluster',
    });
  });

  it('Playbooks: no Run Playbook menu without write on playbook runs', async () => {
    open();
    await sidebar();
    const playbooks = await openPanel('Playbooks');
    await within(playbooks).findByRole('link', { name: 'Restart 0' });
    expect(
      within(playbooks).queryByRole('button', { name: 'Run Playbook' }),
    ).not.toBeInTheDocument();
  });

  it('Teams: the owning teams, linked to their settings', async () => {
    const api = open();
    await sidebar();
    const teams = await openPanel('Teams');
    expect(await within(teams).findByRole('link', { name: 'payments' })).toHaveAttribute(
      'href',
      '/settings/teams/team-1',
    );
    expect(api.callsTo('GET /api/db/team_components')[0]?.url.searchParams.get('select')).toBe(
      '*,team:team_id(id,name,icon)',
    );
  });

  it('Insights: the open findings of the linked configs, counted', async () => {
    const api = open();
    await sidebar();
    const insights = await openPanel('Insights');
    expect(await within(insights).findByRole('link', { name: 'checkout' })).toHaveAttribute(
      'href',
      '/catalog/cfg-1',
    );
    expect(within(insights).getByText('critical')).toBeInTheDocument();
    const call = api.callsTo('GET /api/db/analysis_by_component')[0];
    expect(call?.url.searchParams.get('component_id')).toBe('eq.c-cluster');
    expect(call?.url.searchParams.get('limit')).toBe('50');
    expect(call?.headers.get('Prefer')).toContain('count=exact');
  });

  it('says "No result" for a panel with nothing in it', async () => {
    open({}, { ...panelRoutes(), 'GET /api/db/team_components': { body: [] } });
    await sidebar();
    const teams = await openPanel('Teams');
    expect(await within(teams).findByText('No result')).toBeInTheDocument();
  });
});
