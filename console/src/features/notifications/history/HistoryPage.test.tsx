import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mockApi';
import { renderPage } from '../../../test/render';
import { HISTORY, READER, notificationRoutes } from '../testData';
import { HistoryPage } from './HistoryPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url = '/notifications') =>
  renderPage(<HistoryPage />, { path: '/notifications', url, session: true });

const lastQuery = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('GET /api/db/notification_send_history_summary').at(-1)?.url.searchParams;

describe('HistoryPage', () => {
  it('lists sends newest first with the person and rule embedded, paged and counted', async () => {
    const api = mockApi(notificationRoutes(READER));
    open();
    const table = within(await screen.findByRole('grid', { name: 'Notification history' }));
    await table.findByText('api-health');
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Age',
      'Resource',
      'Status',
      'Event',
    ]);
    const rows = table.getAllByRole('row').slice(1);
    // A repeated send says how often and since when; Repeated for repeat-interval.
    expect(rows.map((r) => r.textContent)).toEqual([
      '5m ago (3 times, first 2h ago)api-healthhttpErrorcheck.failed',
      '1h agopayments-dbAWS::RDS::DBInstanceRepeatedconfig.unhealthy',
      '1h agocheckoutComponentSilencedcomponent.unhealthy',
      '2h agoCheckout is downIncidentSentincident.created',
    ]);
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
    expect(table.getByRole('link', { name: 'Checkout is down' })).toHaveAttribute(
      'href',
      '/incidents/inc-1',
    );

    const call = api.callsTo('GET /api/db/notification_send_history_summary')[0];
    const query = call?.url.searchParams;
    expect(query?.get('select')).toBe(
      '*,person:person_id(id,name,avatar,email),notification:notification_id(id,name,title)',
    );
    expect(query?.get('order')).toBe('created_at.desc');
    expect(query?.get('limit')).toBe('50');
    expect(query?.get('offset')).toBe('0');
    expect(query?.get('status')).toBeNull();
    expect(call?.headers.get('Prefer')).toContain('count=exact');
  });

  it('filters by status and resource type, kept in the URL', async () => {
    const api = mockApi(notificationRoutes(READER));
    const { router } = open('/notifications?page=2');
    await screen.findByText('api-health');
    await userEvent.click(screen.getByRole('button', { name: 'Status' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Include Repeated' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=repeat-interval%3A1'));
    await waitFor(() => expect(lastQuery(api)?.get('status')).toBe('eq.repeat-interval'));
    expect(lastQuery(api)?.get('offset')).toBe('0');

    await userEvent.click(screen.getByRole('button', { name: 'Resource Type' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Exclude Health check' }));
    await waitFor(() =>
      expect(lastQuery(api)?.get('or')).toBe(
        '(resource_type.is.null,resource_type.not.in.("check"))',
      ),
    );
    expect(lastQuery(api)?.get('status')).toBe('eq.repeat-interval');
  });

  it('reads the filters and the page from the URL', async () => {
    const api = mockApi(notificationRoutes(READER));
    open('/notifications?status=sent:1,error:1&resource_type=config:1&page=3&pageSize=25');
    await screen.findByText('api-health');
    const query = lastQuery(api);
    expect(query?.get('status')).toBe('in.(sent,error)');
    expect(query?.get('resource_type')).toBe('eq.config');
    expect(query?.get('offset')).toBe('50');
    expect(query?.get('limit')).toBe('25');
  });

  it('pages with the shared pagination and keeps the page in the URL', async () => {
    const api = mockApi(
      notificationRoutes(READER, {
        'GET /api/db/notification_send_history_summary': {
          body: HISTORY,
          headers: { 'Content-Range': '0-49/120' },
        },
      }),
    );
    const { router } = open();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(lastQuery(api)?.get('offset')).toBe('50'));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('opens a send from its row, and closes it again', async () => {
    mockApi(notificationRoutes(READER));
    const { router } = open('/notifications?page=1');
    await userEvent.click(await screen.findByText('config.unhealthy'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1&id=h-2'));
    const dialog = await screen.findByRole('dialog', { name: 'Notification details' });
    expect(await within(dialog).findByText('Repeated')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the send named by ?id: recipient, duration, rule, body and the error as JSON', async () => {
    const api = mockApi(notificationRoutes(READER));
    open('/notifications?id=h-1');
    const dialog = await screen.findByRole('dialog', { name: 'Notification details' });
    const field = async (term: string) =>
      (await within(dialog).findByText(term, { selector: 'dt *, dt' })).closest(
        '.pf-v6-c-description-list__group',
      ) as HTMLElement;
    expect(await field('Recipient')).toHaveTextContent('slack://alerts');
    expect(await field('Status')).toHaveTextContent('Error');
    expect(await field('Event')).toHaveTextContent('check.failed');
    expect(await field('Duration')).toHaveTextContent('250ms');
    expect(await field('Age')).toHaveTextContent('5m ago (3 times, first 2h ago)');
    expect(within(dialog).getByRole('link', { name: 'Payments failures' })).toHaveAttribute(
      'href',
      '/notifications/rules?id=rule-1',
    );
    expect(within(dialog).getByLabelText('Body')).toHaveTextContent('**api-health** is failing');
    expect(within(dialog).getByLabelText('Error').textContent).toBe(
      '{\n  "ok": false,\n  "error": "channel_not_found"\n}',
    );
    const byId = api
      .callsTo('GET /api/db/notification_send_history_summary')
      .find((c) => c.url.searchParams.get('id'));
    expect(byId?.url.searchParams.get('id')).toBe('eq.h-1');
  });

  it('links a silenced send to its silence, and names the person it was for', async () => {
    mockApi(notificationRoutes(READER));
    open('/notifications?id=h-3');
    const dialog = await screen.findByRole('dialog', { name: 'Notification details' });
    expect(await within(dialog).findByRole('link', { name: 'View silence' })).toHaveAttribute(
      'href',
      '/notifications/silences?id=s-1',
    );
    expect(within(dialog).getByText('Grace Hopper')).toBeInTheDocument();
  });

  it('says so when nothing has been sent', async () => {
    mockApi(
      notificationRoutes(READER, {
        'GET /api/db/notification_send_history_summary': {
          body: [],
          headers: { 'Content-Range': '*/0' },
        },
      }),
    );
    open();
    expect(await screen.findByText('No notifications sent')).toBeInTheDocument();
  });

  it('shows the Unauthorized page without read on notifications', async () => {
    const api = mockApi(notificationRoutes([]));
    open();
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/db/notification_send_history_summary')).toHaveLength(0);
  });
});
