import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRequest, type MockRoutes } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { CONFIG_ID, makeConfig } from '../testData';
import type { CatalogChange } from './api';
import { ChangesTab } from './ChangesTab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const change = (id: string, overrides: Partial<CatalogChange> = {}): CatalogChange => ({
  id,
  config_id: CONFIG_ID,
  name: 'payments-api',
  type: 'Kubernetes::Deployment',
  change_type: 'diff',
  severity: 'info',
  source: 'kubernetes',
  summary: `change ${id}`,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  count: 1,
  ...overrides,
});

const OWN = [change('c1', { summary: 'spec.replicas' }), change('c2', { severity: 'high' })];
const RELATED = change('c3', { config_id: 'pod-1', name: 'payments-api-pod', summary: 'restart' });

function open(extra: MockRoutes = {}) {
  const api = mockApi({
    'POST /api/catalog/changes': ({ body }) => {
      const { recursive } = body as { recursive: string };
      const changes = recursive === 'none' ? OWN : [...OWN, RELATED];
      return { body: { total: recursive === 'none' ? 402 : 403, changes } };
    },
    ...extra,
  });
  renderPage(<ChangesTab config={makeConfig()} />, {
    path: '/catalog/:id/changes',
    url: `/catalog/${CONFIG_ID}/changes`,
  });
  return api;
}

const table = () => within(screen.getByRole('grid', { name: 'Changes' }));
const bodies = (calls: MockRequest[]) => calls.map((c) => c.body);

describe('ChangesTab', () => {
  it("lists the config's own changes of the last 2 days, 200 a page", async () => {
    const api = open();
    expect(await screen.findByText('spec.replicas')).toBeInTheDocument();
    expect(bodies(api.callsTo('POST /api/catalog/changes'))).toEqual([
      {
        id: CONFIG_ID,
        recursive: 'none',
        from: 'now-2d',
        page: 1,
        page_size: 200,
        sort_by: '-created_at',
      },
    ]);
    expect(table().queryByRole('columnheader', { name: 'Config' })).not.toBeInTheDocument();
    expect(table().getByText('high')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/catalog/changes').at(-1)?.body).toMatchObject({ page: 2 }),
    );
  });

  it('adds the changes of related configs with the toggle, in the direction chosen', async () => {
    const api = open();
    await screen.findByText('spec.replicas');
    expect(screen.getByRole('combobox', { name: 'Related direction' })).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Include related configs' }));
    expect(await screen.findByText('restart')).toBeInTheDocument();
    expect(api.callsTo('POST /api/catalog/changes').at(-1)?.body).toMatchObject({
      id: CONFIG_ID,
      recursive: 'downstream',
    });
    expect(table().getByRole('columnheader', { name: 'Config' })).toBeInTheDocument();
    expect(table().getByRole('link', { name: 'payments-api-pod' })).toHaveAttribute(
      'href',
      '/catalog/pod-1/changes',
    );

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Related direction' }),
      'all',
    );
    await waitFor(() =>
      expect(api.callsTo('POST /api/catalog/changes').at(-1)?.body).toMatchObject({
        recursive: 'all',
      }),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), '1w');
    await waitFor(() =>
      expect(api.callsTo('POST /api/catalog/changes').at(-1)?.body).toMatchObject({
        from: 'now-1w',
        recursive: 'all',
      }),
    );
  });

  it('opens a change with its diff', async () => {
    const api = open({
      'GET /api/db/config_changes': {
        body: {
          id: 'c1',
          config_id: CONFIG_ID,
          change_type: 'diff',
          severity: 'info',
          source: 'kubernetes',
          summary: 'spec.replicas',
          created_at: new Date().toISOString(),
          created_by: null,
          external_created_by: 'kubectl',
          diff: '--- a\n+++ b\n@@ -1 +1 @@\n-replicas: 2\n+replicas: 3\n',
          details: null,
          patches: null,
        },
      },
    });
    await userEvent.click(await screen.findByText('spec.replicas'));
    const dialog = within(await screen.findByRole('dialog', { name: 'spec.replicas' }));
    const diff = await dialog.findByLabelText('Diff');
    const lines = [...diff.querySelectorAll('[data-kind]')].map((l) => [
      l.getAttribute('data-kind'),
      l.textContent,
    ]);
    expect(lines).toEqual([
      ['file', '--- a'],
      ['file', '+++ b'],
      ['hunk', '@@ -1 +1 @@'],
      ['removed', '-replicas: 2'],
      ['added', '+replicas: 3'],
    ]);
    expect(dialog.getByText('kubectl')).toBeInTheDocument();
    const [call] = api.callsTo('GET /api/db/config_changes');
    expect(call?.url.searchParams.get('id')).toBe('eq.c1');
    expect(call?.url.searchParams.get('config_id')).toBe(`eq.${CONFIG_ID}`);
  });

  it('shows why the changes could not be loaded', async () => {
    open({
      'POST /api/catalog/changes': {
        status: 400,
        body: { error: 'invalid', message: 'from must be before to' },
      },
    });
    expect(await screen.findByText('from must be before to')).toBeInTheDocument();
  });
});
