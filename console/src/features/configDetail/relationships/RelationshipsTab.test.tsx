import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Grant } from '../../../api/session';
import { mockApi, sessionRoutes, type MockRoutes } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { ConfigDetailPage } from '../ConfigDetailPage';
import { makeConfig } from '../testData';
import type { ManualLink, RelatedConfig } from './api';
import { RelationshipsTab } from './RelationshipsTab';
import { CURRENT_ID, giveElementsASize, related } from './testData';

const DB_WRITE: Grant[] = [
  { object: 'database', action: 'read' },
  { object: 'database', action: 'write' },
];

const CONFIGS: RelatedConfig[] = [
  related(CURRENT_ID, {
    name: 'payments-api',
    type: 'Kubernetes::Deployment',
    related_ids: ['rs-1', 'cm-1'],
    depth: 0,
  }),
  related('rs-1', { name: 'payments-rs', type: 'Kubernetes::ReplicaSet', changes: 4 }),
  related('cm-1', {
    name: 'payments-config',
    type: 'Kubernetes::ConfigMap',
    deleted_at: '2026-11-01T00:00:00Z',
  }),
  related('ns-1', {
    name: 'prod',
    type: 'Kubernetes::Namespace',
    related_ids: [CURRENT_ID],
    health: 'warning',
  }),
];

const MANUAL: ManualLink[] = [{ config_id: 'ns-1', related_id: CURRENT_ID, relation: 'soft' }];

let undoSize: () => void;
beforeEach(() => {
  undoSize = giveElementsASize();
});
afterEach(() => {
  undoSize();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The tab alone, or (wholePage) inside the config page with its badges. */
function open(query = '', grants: Grant[] = DB_WRITE, extra: MockRoutes = {}, wholePage = false) {
  const api = mockApi({
    ...sessionRoutes(grants),
    'GET /api/db/rpc/related_configs_recursive': { body: CONFIGS },
    'GET /api/db/config_relationships': ({ url }) => ({
      body: url.searchParams.get('related_id') === `eq.${CURRENT_ID}` ? MANUAL : [],
    }),
    'GET /api/db/config_detail': { body: [makeConfig()] },
    ...extra,
  });
  const element = wholePage ? <ConfigDetailPage /> : <RelationshipsTab config={makeConfig()} />;
  const page = renderPage(element, {
    path: wholePage ? '/catalog/:id/:tab?' : '/catalog/:id/relationships',
    url: `/catalog/${CURRENT_ID}/relationships${query}`,
    session: true,
  });
  return { api, ...page };
}

const table = () => within(screen.getByRole('grid', { name: 'Related configs' }));
const lastRpc = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('GET /api/db/rpc/related_configs_recursive').at(-1)?.url.searchParams;

describe('RelationshipsTab', () => {
  it('asks for every relationship both ways, soft ones too, 10 deep', async () => {
    const { api } = open('?view=table');
    await screen.findByText('payments-rs');
    expect(Object.fromEntries(lastRpc(api) ?? [])).toEqual({
      config_id: CURRENT_ID,
      type_filter: 'all',
      include_deleted_configs: 'false',
      max_depth: '10',
      incoming_relation: 'both',
      outgoing_relation: 'both',
    });
    // Manual links are read without writing the id into an or=() filter.
    const links = api.callsTo('GET /api/db/config_relationships').map((c) => c.url.searchParams);
    expect(links.map((p) => [p.get('config_id'), p.get('related_id'), p.get('or')])).toEqual([
      [`eq.${CURRENT_ID}`, null, null],
      [null, `eq.${CURRENT_ID}`, null],
    ]);
  });

  it('lists the related configs, deleted last, with their relation to this one', async () => {
    open('?view=table');
    await screen.findByText('payments-rs');
    const rows = table()
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['payments-rs', 'Kubernetes::ReplicaSet', 'healthy', 'Running', 'Outgoing'],
      ['prodManual link', 'Kubernetes::Namespace', 'warning', 'Running', 'Incoming'],
      [
        expect.stringMatching(/^payments-configDeleted \d+\w+ ago$/),
        'Kubernetes::ConfigMap',
        'healthy',
        'Running',
        'Outgoing',
      ],
    ]);
    expect(table().getByRole('link', { name: 'prod' })).toHaveAttribute('href', '/catalog/ns-1');
  });

  it('follows the toggles: soft off asks for hard links, one direction, no direction', async () => {
    const { api, router } = open('?view=table');
    await screen.findByText('payments-rs');
    await userEvent.click(screen.getByRole('switch', { name: 'Soft' }));
    await waitFor(() => expect(lastRpc(api)?.get('incoming_relation')).toBe('hard'));
    expect(lastRpc(api)?.get('outgoing_relation')).toBe('hard');
    expect(router.state.location.search).toBe('?view=table&soft=false');

    await userEvent.click(screen.getByRole('switch', { name: 'Outgoing' }));
    await waitFor(() => expect(lastRpc(api)?.get('type_filter')).toBe('incoming'));
    await userEvent.click(screen.getByRole('switch', { name: 'Deleted' }));
    await waitFor(() => expect(lastRpc(api)?.get('include_deleted_configs')).toBe('true'));

    const asked = api.callsTo('GET /api/db/rpc/related_configs_recursive').length;
    await userEvent.click(screen.getByRole('switch', { name: 'Incoming' }));
    expect(await table().findByText('No related configs')).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/rpc/related_configs_recursive')).toHaveLength(asked);
  });

  it('removes a manual link after confirmation, then says so', async () => {
    const { api } = open(
      '?view=table',
      DB_WRITE,
      { 'DELETE /api/db/config_relationships': { status: 204 } },
      true,
    );
    await screen.findByText('prod');
    // Only the manually linked config offers it.
    expect(table().queryByRole('button', { name: 'Actions for payments-rs' })).toBeNull();
    await userEvent.click(table().getByRole('button', { name: 'Actions for prod' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove link to prod' }));
    expect(
      dialog.getByText('Are you sure you want to delete this config link'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/db/config_relationships')).toHaveLength(0);
    const rpcCalls = api.callsTo('GET /api/db/rpc/related_configs_recursive').length;
    const detailCalls = api.callsTo('GET /api/db/config_detail').length;

    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted config link successfully')).toBeInTheDocument();
    const [call] = api.callsTo('DELETE /api/db/config_relationships');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      config_id: 'eq.ns-1',
      related_id: `eq.${CURRENT_ID}`,
      selector_id: 'eq.manual',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list and the tab counts load again.
    await waitFor(() =>
      expect(api.callsTo('GET /api/db/rpc/related_configs_recursive').length).toBeGreaterThan(
        rpcCalls,
      ),
    );
    expect(api.callsTo('GET /api/db/config_detail').length).toBeGreaterThan(detailCalls);
  });

  it("shows the server's message when the link cannot be removed", async () => {
    open('?view=table', DB_WRITE, {
      'DELETE /api/db/config_relationships': {
        status: 403,
        body: { code: '42501', message: 'permission denied for config_relationships' },
      },
    });
    await screen.findByText('prod');
    await userEvent.click(table().getByRole('button', { name: 'Actions for prod' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove link' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('permission denied for config_relationships'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Deleted config link successfully')).not.toBeInTheDocument();
  });

  it('offers no removal to those who may not write', async () => {
    open('?view=table', [{ object: 'database', action: 'read' }]);
    await screen.findByText('prod');
    expect(table().queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(table().getByText('Manual link')).toBeInTheDocument();
  });

  it('draws the graph by default and opens a related config in its own relationships', async () => {
    const { router } = open('?direction=TB');
    const graph = within(await screen.findByRole('region', { name: 'Relationship graph' }));
    const prod = await graph.findByRole('link', { name: 'prod (Kubernetes::Namespace)' });
    expect(prod).toHaveAttribute('data-border', 'orange');
    expect(graph.getByRole('link', { name: /^payments-api \(/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Deleted configs are left out unless asked for, but the answer decides: here it had one.
    expect(graph.getByRole('link', { name: /^payments-config/ })).toHaveAttribute(
      'data-deleted',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Top to bottom' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    fireEvent.click(prod);
    expect(router.state.location.pathname).toBe('/catalog/ns-1/relationships');
    expect(router.state.location.search).toBe('?direction=TB');
  });

  it('switches the edge style without asking the server again', async () => {
    const { api } = open();
    await screen.findByRole('link', { name: 'prod (Kubernetes::Namespace)' });
    const before = [...document.querySelectorAll('path[data-edge]')].map((p) =>
      p.getAttribute('d'),
    );
    expect(before.every((d) => d?.includes(' C'))).toBe(true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Edge style' }), 'step');
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('path[data-edge]')].every((p) =>
          p.getAttribute('d')?.includes(' H'),
        ),
      ).toBe(true),
    );
    expect(api.callsTo('GET /api/db/rpc/related_configs_recursive')).toHaveLength(1);
  });
});
