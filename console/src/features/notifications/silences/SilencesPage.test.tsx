import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRoutes } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { ADMIN, READER, SILENCES, WRITER, notificationRoutes } from '../testData';
import { SilencesPage } from './SilencesPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url = '/notifications/silences') =>
  renderPage(<SilencesPage />, { path: '/notifications/silences', url, session: true });

function routes(grants = ADMIN, extra: MockRoutes = {}): MockRoutes {
  return notificationRoutes(grants, {
    'PATCH /api/db/notification_silences': { body: [{ id: 's-1' }] },
    'GET /api/db/checks': { body: [{ id: 'chk-1', name: 'api-health', type: 'http' }] },
    ...extra,
  });
}

/** The edit dialog once its silence has loaded (a spinner shows first). */
async function editForm() {
  await screen.findByLabelText('Reason');
  return screen.getByRole('dialog', { name: 'Edit Notification Silence' });
}

describe('SilencesPage', () => {
  it('lists live silences with resource, duration, source, reason and creator, counted', async () => {
    const api = mockApi(routes());
    open();
    const table = within(await screen.findByRole('grid', { name: 'Notification silences' }));
    await table.findByText('api-health');
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Resource',
      'Duration',
      'Source',
      'Reason',
      'Created By',
      'Delete',
    ]);
    const [first, second, third] = table.getAllByRole('row').slice(1) as HTMLElement[];
    expect(first).toHaveTextContent('api-health');
    expect(first).toHaveTextContent('Active');
    expect(first).toHaveTextContent('UI');
    expect(first).toHaveTextContent('deploying the API');
    expect(first).toHaveTextContent('Ada Admin');
    expect(second).toHaveTextContent('payments-db');
    expect(second).toHaveTextContent('Recursive');
    expect(second).toHaveTextContent('Expired');
    expect(second).toHaveTextContent('Grace Hopper');
    expect(third).toHaveTextContent('Scheduled');
    expect(third).toHaveTextContent('KubernetesCRD');
    expect(table.getByRole('link', { name: 'api-health' })).toHaveAttribute(
      'href',
      '/health?checkId=chk-1',
    );
    expect(table.getByRole('link', { name: 'payments-db' })).toHaveAttribute(
      'href',
      '/catalog/cfg-1',
    );
    expect(table.getByRole('link', { name: 'checkout' })).toHaveAttribute(
      'href',
      '/topology/comp-1',
    );

    const call = api.callsTo('GET /api/db/notification_silences')[0];
    const query = call?.url.searchParams;
    expect(query?.get('select')).toBe(
      '*,checks:check_id(id,name,type,status),catalog:config_id(id,name,type,config_class),' +
        'component:component_id(id,name,icon),createdBy:created_by(id,name,avatar)',
    );
    expect(query?.get('order')).toBe('created_at.desc');
    expect(query?.get('deleted_at')).toBe('is.null');
    expect(query?.get('limit')).toBe('50');
    expect(query?.get('offset')).toBe('0');
    expect(call?.headers.get('Prefer')).toContain('count=exact');
    expect(screen.getByRole('link', { name: 'Add Silence' })).toHaveAttribute(
      'href',
      '/notifications/silences/add',
    );
  });

  it('pages with the shared pagination, the page kept in the URL', async () => {
    const api = mockApi(
      routes(READER, {
        'GET /api/db/notification_silences': {
          body: SILENCES,
          headers: { 'Content-Range': '0-49/51' },
        },
      }),
    );
    const { router } = open();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(
        api.callsTo('GET /api/db/notification_silences').at(-1)?.url.searchParams.get('offset'),
      ).toBe('50'),
    );
  });

  it('hides Add and Delete from readers', async () => {
    mockApi(routes(READER));
    open();
    await screen.findByText('api-health');
    expect(screen.queryByRole('link', { name: 'Add Silence' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('keeps the delete control for those who may also write identities (spec 002 §6)', async () => {
    mockApi(routes(WRITER));
    open();
    await screen.findByText('api-health');
    expect(screen.getByRole('link', { name: 'Add Silence' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete silence/ })).not.toBeInTheDocument();
  });

  it('deletes a silence softly after asking', async () => {
    const api = mockApi(routes());
    const { router } = open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete silence for api-health' }),
    );
    // The delete control is not a row click.
    expect(router.state.location.search).toBe('');
    const confirm = screen.getByRole('dialog', { name: 'Delete Notification Silence' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this notification silence?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Notification silence deleted successfully'),
    ).toBeInTheDocument();
    const patch = api.callsTo('PATCH /api/db/notification_silences')[0];
    expect(patch?.url.searchParams.get('id')).toBe('eq.s-1');
    expect(patch?.body).toEqual({ deleted_at: 'now()' });
  });

  it('does not delete a silence applied with kubectl', async () => {
    mockApi(routes());
    open();
    expect(
      await screen.findByRole('button', { name: 'Delete silence for checkout' }),
    ).toBeDisabled();
  });

  it('opens a silence from its row and saves the edit with PATCH', async () => {
    const api = mockApi(routes());
    const { router } = open();
    await userEvent.click(await screen.findByText('deploying the API'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=s-1'));
    const dialog = await editForm();
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('deploying the API');
    expect(within(dialog).getByLabelText('Resource type')).toHaveValue('check');
    expect(await within(dialog).findByDisplayValue('api-health')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '3h' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Recursive' }));
    await userEvent.clear(within(dialog).getByLabelText('Reason'));
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'longer deploy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Notification silence updated successfully'),
    ).toBeInTheDocument();
    const patch = api.callsTo('PATCH /api/db/notification_silences')[0];
    expect(patch?.url.searchParams.get('id')).toBe('eq.s-1');
    const body = patch?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      check_id: 'chk-1',
      config_id: null,
      component_id: null,
      canary_id: null,
      description: 'longer deploy',
      recursive: true,
    });
    const lasts = Date.parse(body.until as string) - Date.parse(body.from as string);
    expect(lasts).toBe(3 * 3_600_000);
    expect(Math.abs(Date.parse(body.from as string) - Date.now())).toBeLessThan(60_000);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the silence named by ?id read-only without write', async () => {
    mockApi(routes(READER));
    open('/notifications/silences?id=s-2');
    const dialog = await editForm();
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('maintenance window');
    expect(within(dialog).getByLabelText('Reason')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
